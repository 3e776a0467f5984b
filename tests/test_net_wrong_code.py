"""A wrong internet code typed against a seat's code (the lead's stop, defect 1): magic-wormhole's
PAKE fails on both ends, the host's wormhole for that seat is spent, and the seat needs a new code.
The host's screen says so plainly (someone tried a wrong code; here is the new one; give it again),
the seats already taken stay taken, and the friend who still has the old code is told it no longer
leads to a table. The tests' own mailbox server and relay on 127.0.0.1."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from helpers import frames_until, net_app  # noqa: E402
from wormholes import local_servers, loopback_only  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.net.client import RemoteGame  # noqa: E402
from wizard.net.host import SeatStatus  # noqa: E402
from wizard.net.internet import InternetJoin, Phase, Servers  # noqa: E402
from wizard.net.joincode import decode  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory):
    with local_servers(tmp_path_factory.mktemp("wormhole")) as s, loopback_only():
        yield s


def drawn(app: Any, monkeypatch: pytest.MonkeyPatch, module: str) -> list[str]:
    """The lines ``module``'s screen draws (one line each, or wrapped as one)."""
    lines: list[str] = []
    pygame = __import__("pygame")
    with monkeypatch.context() as m:
        m.setattr(f"{module}.text.draw",
                  lambda _s, line, *a, **k: (lines.append(line), pygame.Rect(0, 0, 1, 1))[1])
        m.setattr(f"{module}.text.draw_wrapped",
                  lambda _s, line, *a, **k: (lines.append(line), 20)[1])
        app.dirty = True
        app.draw()
    return lines


def wrong_for(code: str) -> str:
    """Another code with the same number (the nameplate a stranger guessed), other words."""
    nameplate, *words = code.split("-")
    return "-".join([nameplate, *(["tiger", "indigo"] if words != ["tiger", "indigo"]
                                  else ["indigo", "tiger"])])


def test_a_wrong_code_is_said_to_the_host_with_the_new_code_and_the_taken_seat_kept(
        servers: Servers, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from wizard.ui.scenes.net_host import NetHostScene
    app = net_app(tmp_path / "host", servers)
    seats = [Seat.human("Anna"), Seat.human("Seat 2"), Seat.human("Seat 3"),
             Seat.ai("Merlin", "easy")]
    session = Session.new(GameConfig(4, seed=41), seats, on_save=app.prefs.save_game)
    scene = app.go("net_host_waiting", session=session, seats=[1, 2])
    assert isinstance(scene, NetHostScene) and scene.host is not None
    joiner: RemoteGame | None = None
    tries: list[InternetJoin] = []
    try:
        frames_until(lambda: scene.internet_code(1) is not None
                     and scene.internet_code(2) is not None, app, limit=30)
        old = scene.internet_code(2)
        assert old is not None
        # Núria takes seat 1 (by the local code)
        c = decode(scene.code())
        joiner = RemoteGame(c.address, c.port, c.secret, "Núria", seat=1)
        joiner.connect()
        frames_until(lambda: scene.host.status(1) is SeatStatus.PLAYING, app, limit=10)  # type: ignore[union-attr]
        lines = drawn(app, monkeypatch, "wizard.ui.scenes.net_host")
        assert not any("wrong code" in line for line in lines)
        # a stranger guesses seat 3's number with other words: that wormhole is spent
        bad = InternetJoin(wrong_for(old), servers)
        bad.open()
        tries.append(bad)
        frames_until(lambda: bad.phase is Phase.WRONG_CODE, app, limit=30)
        frames_until(lambda: scene.internet_code(2) not in (None, old), app, limit=30)
        new = scene.internet_code(2)
        # the host is told, with the new code, and Núria keeps seat 2
        lines = drawn(app, monkeypatch, "wizard.ui.scenes.net_host")
        said = [line for line in lines if "wrong code" in line]
        assert said == ["Someone typed a wrong code for seat 3 (a mistyped word, or a stranger "
                        "guessing), so that code no longer works. Seat 3 has a new code: give "
                        "it again to the friend you invited."], lines
        assert f"New internet code: {new}" in lines
        assert scene.host.status(1) is SeatStatus.PLAYING  # type: ignore[union-attr]
        assert "Seat 2 — Núria has joined" in lines
        # in French too
        set_language("fr")
        try:
            fr = drawn(app, monkeypatch, "wizard.ui.scenes.net_host")
        finally:
            set_language("en")
        assert any(new in line and line != f"New internet code: {new}" for line in fr), fr
        assert not set(fr) & set(said)
        # the friend who still has the old code: no table behind it, and told to ask again
        friend = InternetJoin(old, servers, no_table_after=2.0)
        friend.open()
        tries.append(friend)
        frames_until(lambda: friend.phase not in (Phase.CONNECTING, Phase.WAITING), app, limit=30)
        assert friend.phase is Phase.NO_TABLE, (friend.phase, friend.why)
        assert scene.internet_code(2) == new            # not spoiled in turn
        # the new code takes the seat
        ok = InternetJoin(new, servers)  # type: ignore[arg-type]
        ok.open()
        tries.append(ok)
        frames_until(lambda: ok.phase is Phase.READY, app, limit=30)
        assert ok.seat == 2
    finally:
        for w in tries:
            w.close()
        if joiner is not None:
            joiner.close()
        app.close_scenes()


def test_a_spoiled_codes_number_is_not_given_again_and_the_host_clears_the_note() -> None:
    """The new code after a wrong one never has the spoiled code's number (the friend who has the
    old code would type it against the new one, and spoil it in turn); a code the host asks for
    itself clears the note. No server: the invitations are stand-ins."""
    from types import SimpleNamespace

    from wizard.net.internet import InternetTable

    net = InternetTable(SimpleNamespace(open_seats={1}), Servers("ws://127.0.0.1:9/v1", ""))
    given = iter(["7-tiger-indigo", "7-crossword-orbit", "4-crossword-orbit"])
    made: list[str] = []

    def invite(seat: int, **_k: Any) -> Any:
        code = next(given)
        made.append(code)
        net.invitations[seat] = SimpleNamespace(phase=Phase.WAITING, code=code, dead=None,
                                                who=lambda: "seat")
        return net.invitations[seat]

    net._invite = invite  # type: ignore[method-assign]
    net.renew(1)
    assert net.code(1) == "7-tiger-indigo" and net.spoiled == {}
    net.invitations[1].phase = Phase.WRONG_CODE     # someone typed 7-other-words
    net.pump()
    assert net.spoiled == {1: 1} and net.spoiled_numbers == ["7"]
    assert net.code(1) is None                      # 7-crossword-orbit: the same number, unsaid
    net.pump()
    assert made[-1] == "4-crossword-orbit" and net.code(1) == "4-crossword-orbit"
    assert net.spoiled == {1: 1}                    # still said beside the new code
    given = iter(["5-tiger-indigo"])
    net.renew(1)                                    # the host gives a new code itself
    assert net.spoiled == {} and net.code(1) == "5-tiger-indigo"
