"""The internet table's screens (#33), headless, with the test's own mailbox server and relay on
127.0.0.1: the host's waiting screen shows each seat's internet code beside the local code, a
joiner types it in Join a table and plays at the host's table; a typo is said before anything is
sent; without a mailbox server both screens say so and name it."""

from __future__ import annotations

import os
import time
from functools import partial
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from helpers import frames_until, net_app  # noqa: E402
from wormholes import free_port, local_servers, loopback_only  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.net.host import SeatStatus  # noqa: E402
from wizard.net.internet import Phase, Servers  # noqa: E402
from wizard.net.keep import joiner_tokens, table_key  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.ui import text  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.net_host import NetHostScene  # noqa: E402
from wizard.ui.scenes.net_join import JoinScene  # noqa: E402
from wizard.ui.scenes.net_table import HostTableScene, JoinerTableScene  # noqa: E402

LOOPBACK = "127.0.0.1"


until = partial(frames_until, limit=30.0, sleep=0.005)    # this file's waits: 30 s, 5 ms apart


def _nobody() -> Servers:
    """A mailbox server and a relay on 127.0.0.1 where nothing listens."""
    return Servers(f"ws://{LOOPBACK}:{free_port()}/v1", f"tcp:{LOOPBACK}:{free_port()}")


def _session(app: App) -> Session:
    seats = [Seat.human("Anna"), Seat.human("Seat 2"), Seat.ai("Merlin", "easy"),
             Seat.ai("Morgana", "easy")]
    return Session.new(GameConfig(4, seed=77), seats, on_save=app.prefs.save_game)


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory):
    with local_servers(tmp_path_factory.mktemp("wormhole")) as s, loopback_only():
        yield s


def test_a_joiner_types_the_seats_internet_code_and_sits_at_the_table(servers, tmp_path: Path,
                                                                      monkeypatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr("wizard.ui.scenes.net_host.copy_to_clipboard", copied.append)
    host_app = net_app(tmp_path / "host", servers)
    scene = host_app.go("net_host_waiting", session=_session(host_app), seats=[1])
    assert isinstance(scene, NetHostScene) and scene.host is not None
    until(lambda: 1 in scene.copy_buttons, host_app)     # the code came: its Copy button
    code = scene.internet_code(1)
    assert code is not None and code.split("-")[0].isdigit()
    # drawn to be typed by a friend far away: bold and large, not a small line (play-test)
    drawn: list[tuple[str, int, str]] = []
    real = text.draw

    def spy(surf: Any, line: str, pos: Any, size: int, colour: Any = None,
            role: str = "text", **kw: Any) -> Any:
        drawn.append((line, size, role))
        return real(surf, line, pos, size, colour or (0, 0, 0), role, **kw)
    monkeypatch.setattr(text, "draw", spy)
    host_app.frame(0.0)
    monkeypatch.setattr(text, "draw", real)
    (line, size, role), = [d for d in drawn if code in d[0]]
    assert role == "bold" and size >= int(26 * scene.unit)
    scene.copy_buttons[1].on_click()                   # one click copies it
    assert copied == [code]
    join_app = net_app(tmp_path / "joiner", servers)
    join = join_app.go("net_join", code=code, name="Núria")
    assert isinstance(join, JoinScene)
    join.join()
    until(lambda: isinstance(join_app.top, JoinerTableScene), host_app, join_app)
    until(lambda: scene.host.status(1) is SeatStatus.PLAYING, host_app, join_app)  # type: ignore[union-attr]
    assert scene.internet_code(1) is None             # spent, and the seat is taken
    assert scene.game.seats[1].name == "Núria"
    # the seat's token is kept under the table's own key (its local code): back by either code
    h = scene.host
    assert h is not None
    kept = joiner_tokens(join_app.prefs.data_dir).get(table_key(h.bind, h.port, h.secret))
    assert kept is not None and kept["token"] == h.tokens[1]
    scene.start()
    table = host_app.top
    assert isinstance(table, HostTableScene)
    joiner = join_app.top
    assert isinstance(joiner, JoinerTableScene)
    until(lambda: joiner.remote_game.moves == scene.game.moves and
          joiner.remote_game.seats[0].name == "Anna", host_app, join_app)
    assert not joiner.remote_game.lost
    join_app.top.close()                                # type: ignore[attr-defined]
    table.close()                                       # type: ignore[attr-defined]


def test_a_typo_is_said_in_words_and_nothing_is_sent(tmp_path: Path) -> None:
    app = net_app(tmp_path, _nobody())
    join = app.go("net_join", code="7-indgo-tiger", name="Núria")
    assert isinstance(join, JoinScene)
    join.join()
    assert join.wormhole is None and "“indgo”" in join.error and "“indigo”" in join.error


def test_asked_for_a_new_code_the_code_field_takes_the_keys_at_once(tmp_path: Path) -> None:
    """Play-test (#33): after "Type the new code" the joiner typed the code and nothing appeared
    (no field had the focus), and Enter then said "Type the join code"."""
    import pygame
    app = net_app(tmp_path, _nobody())
    join = app.go("net_join", code="", name="Núria", offer_last=False)
    assert isinstance(join, JoinScene)
    app.frame(0.0)
    join.handle(pygame.event.Event(pygame.TEXTINPUT, text="7-indigo"))
    assert join.code == "7-indigo" and join.name == "Núria"
    filled = app.go("net_join", code="7-indigo-tiger", name="Núria")   # a code already there:
    app.frame(0.0)                                                      # no field is taken
    assert isinstance(filled, JoinScene) and not filled.code_box.focus


def test_without_a_mailbox_server_both_screens_say_so_and_name_it(tmp_path: Path) -> None:
    nobody = f"ws://{LOOPBACK}:{free_port()}/v1"
    host_app = net_app(tmp_path / "host", Servers(nobody, f"tcp:{LOOPBACK}:{free_port()}"))
    scene = host_app.go("net_host_waiting", session=_session(host_app), seats=[1])
    assert isinstance(scene, NetHostScene) and scene.internet is not None
    join_app = net_app(tmp_path / "joiner", Servers(nobody, f"tcp:{LOOPBACK}:{free_port()}"))
    join = join_app.go("net_join", code="7-indigo-tiger", name="Núria")
    join.join()  # type: ignore[attr-defined]
    start = time.monotonic()
    until(lambda: scene.internet.offline and join.error.startswith("No internet"), host_app, join_app)  # type: ignore[union-attr, attr-defined]
    assert time.monotonic() - start < 10
    assert scene.internet.phase(1) is Phase.OFFLINE and nobody in join.error  # type: ignore[attr-defined]
    assert join.wormhole is None                        # that attempt is over: Join again works  # type: ignore[attr-defined]
    scene.back()


def test_settings_choose_the_servers_and_a_bad_address_is_said(tmp_path: Path,
                                                                monkeypatch) -> None:
    from wizard.persistence.settings import Settings
    from wizard.ui.netui import servers
    from wizard.ui.scenes.net_servers import NetServersScene
    from wizard.ui.scenes.settings import SettingsScene
    monkeypatch.delenv("WIZARD_MAILBOX")          # (tests/conftest.py: off) the settings decide
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False,
                   speed="off", lang="en")
    assert servers(app) is not None and "magic-wormhole.io" in servers(app).mailbox  # type: ignore[union-attr]
    settings = app.go("settings")
    assert isinstance(settings, SettingsScene)
    row = settings.row_widgets[-1]
    assert settings.rows[-1][1] == "Internet codes" and row.current == "public"
    row.on_click()                                 # -> off
    assert app.settings.net_mailbox == "off" and servers(app) is None
    row.on_click()                                 # -> our own: a window to type them in
    over = app.top
    assert isinstance(over, NetServersScene)
    over._set_mailbox("http://club.example/v1")
    over._set_relay("tcp:club.example:4001")
    over.save()
    assert "ws://club.example:4000/v1" in over.error and app.settings.net_mailbox == "off"
    over._set_mailbox("ws://club.example:4000/v1")
    over.save()
    assert app.top is settings and app.settings.net_mailbox == "ws://club.example:4000/v1"
    assert servers(app) == Servers("ws://club.example:4000/v1", "tcp:club.example:4001")
    assert settings.row_widgets[-1].current == "own"
    assert "club.example" in settings.row_widgets[-1].show("own")
    kept, bad = Settings.from_dict(Settings.from_dict(app.settings.to_dict())[0].to_dict())
    assert bad == [] and kept.net_relay == "tcp:club.example:4001"
    assert Settings.from_dict({"schema": 1, "net_mailbox": "ftp://x", "net_relay": 7})[1] == [
        "net_mailbox", "net_relay"]
    app.net_mailbox = "off"                        # type: ignore[attr-defined]  (--mailbox wins)
    assert servers(app) is None


def test_a_wormhole_joiner_is_told_when_the_host_is_gone_and_asked_for_the_new_code(
        servers, tmp_path: Path, monkeypatch) -> None:
    from wizard.ui import netui
    from wizard.ui.scenes import net_join
    from wizard.ui.scenes.net_join import ReconnectScene
    monkeypatch.setattr(netui, "HOST_GONE_S", 2.0)

    def seated(path: Path) -> tuple[App, App, HostTableScene]:
        host_app = net_app(path / "host", servers)
        scene = host_app.go("net_host_waiting", session=_session(host_app), seats=[1])
        until(lambda: 1 in scene.copy_buttons, host_app)
        join_app = net_app(path / "joiner", servers)
        join = join_app.go("net_join", code=scene.internet_code(1), name="Núria")
        join.join()
        until(lambda: isinstance(join_app.top, JoinerTableScene), host_app, join_app)
        until(lambda: scene.host.status(1) is SeatStatus.PLAYING, host_app, join_app)  # type: ignore[union-attr]
        scene.start()
        return host_app, join_app, host_app.top  # type: ignore[return-value]

    def said(app: App) -> str:
        lines: list[str] = []
        monkeypatch.setattr(net_join.text, "draw_wrapped", lambda _s, line, *a, **k: lines.append(line))
        app.draw()
        monkeypatch.undo()
        monkeypatch.setattr(netui, "HOST_GONE_S", 2.0)
        return " ".join(lines)

    # the host quits ("Save and leave"): closed, and a new code is asked for (not "the same code")
    host_app, join_app, _table = seated(tmp_path / "a")
    host_app.go("menu")
    until(lambda: isinstance(join_app.top, ReconnectScene) and join_app.top.closed, join_app)
    overlay = join_app.top
    assert isinstance(overlay, ReconnectScene)
    assert "new internet code" in said(join_app)
    assert any(getattr(b, "label", "") == "Type the new code" for b in overlay.widgets)
    overlay.new_code()
    assert isinstance(join_app.top, JoinScene) and join_app.top.code == ""
    assert join_app.top.name == "Núria"


def _ink_columns(surf, colour: tuple[int, int, int], top: int, bottom: int) -> tuple[int, int]:
    """The first and last column with a pixel of exactly ``colour`` between two rows."""
    import pygame
    mask = pygame.mask.from_threshold(surf.subsurface((0, top, surf.get_width(), bottom - top)),
                                      (*colour, 255), (1, 1, 1, 255))
    rects = mask.get_bounding_rects()
    assert rects, "nothing drawn in that colour"
    return min(r.left for r in rects), max(r.right for r in rects)


def test_the_join_screens_error_is_centred_under_the_code_box(tmp_path: Path) -> None:
    """Play-test (#33): a wrong code's message began at the panel's left, not under the box."""
    from wizard.ui import theme
    app = net_app(tmp_path, _nobody())
    join = app.go("net_join", code="24Y7-4C3B-4Y", name="Núria")
    assert isinstance(join, JoinScene)
    join.join()
    assert join.error and join.remote is None
    app.frame(0.0)
    top = join.name_box.rect.bottom
    left, right = _ink_columns(app.screen, theme.BAD, top, app.screen.get_height())
    assert abs((left + right) / 2 - join.code_box.rect.centerx) <= 3 * join.unit, (left, right)


def test_the_join_screens_example_local_code_has_the_form_of_a_real_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test (#33): the hint's "24Y7-4C3B-4Z" was shorter than any code a host shows (the
    secret grew to 40 bits); the example is now a code ``decode`` reads, shaped like the host's."""
    import re

    from wizard.net.joincode import DEFAULT_PORT, JoinCode, decode, encode
    from wizard.ui.scenes import net_join
    app = net_app(tmp_path, _nobody())
    join = app.go("net_join", code="", name="Núria", offer_last=False)
    drawn: list[str] = []
    real = net_join.text.draw
    monkeypatch.setattr(net_join.text, "draw", lambda s, line, *a, **k: (drawn.append(line),
                                                                         real(s, line, *a, **k))[1])
    join.draw_body(app.screen)
    hint = next(line for line in drawn if "7-indigo-tiger" in line)
    example = re.search(r"[0-9A-Z]{4}(?:-[0-9A-Z]{1,4})+", hint)
    assert example, hint
    decode(example.group())                       # a code the join screen itself accepts
    host_code = encode(JoinCode("192.168.0.7", DEFAULT_PORT, 2 ** 39 + 12345))
    assert [len(g) for g in example.group().split("-")] == [len(g) for g in host_code.split("-")]
