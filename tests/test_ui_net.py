"""The network table's screens, headless, on 127.0.0.1 only: New game's "Network" seat, the host's
waiting screen, the join screen (its errors, the kept token, a damaged token file), the host's
table (a dropped joiner, lending the seat), the joiner's table and its reconnect overlay, and a
host that quits and resumes the game from Continue with the same code."""

from __future__ import annotations

import os
import time
from functools import partial
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers import frames_until, net_app  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.i18n import set_language  # noqa: E402
from wizard.net.client import RemoteGame  # noqa: E402
from wizard.net.host import SeatStatus  # noqa: E402
from wizard.net.joincode import decode  # noqa: E402
from wizard.net.keep import TOKENS_FILE, host_tables  # noqa: E402
from wizard.net.wire import Code  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402
from wizard.session.deals import SECRET_SEED_MIN  # noqa: E402
from wizard.table import GameOver  # noqa: E402
from wizard.ui.app import App  # noqa: E402
from wizard.ui.netui import refusal_text  # noqa: E402
from wizard.ui.scenes.game_end import GameEndScene  # noqa: E402
from wizard.ui.scenes.net_host import NetHostScene  # noqa: E402
from wizard.ui.scenes.net_join import JoinScene, ReconnectScene  # noqa: E402
from wizard.ui.scenes.net_table import HostTableScene, JoinerTableScene  # noqa: E402
from wizard.ui.scenes.setup import SetupScene, seats_of  # noqa: E402

LOOPBACK = "127.0.0.1"


until = partial(frames_until, limit=5.0, sleep=0.005)     # this file's waits: 5 s, 5 ms apart


def _session(app: App, seats: int = 1) -> Session:
    people = [Seat.human("Anna")] + [Seat.human(f"Seat {i + 2}") for i in range(seats)]
    cfg = GameConfig(4, seed=77)
    return Session.new(cfg, people + [Seat.ai("Merlin", "easy")] * (4 - len(people)),
                       on_save=app.prefs.save_game)


@pytest.fixture
def host(tmp_path: Path):
    app = net_app(tmp_path / "host")
    scene = app.go("net_host_waiting", session=_session(app), seats=[1])
    assert isinstance(scene, NetHostScene) and scene.host is not None
    yield app, scene
    for s in app.scenes:
        if isinstance(s, HostTableScene):
            s.close()
    scene.host.close()


def test_new_game_offers_a_network_seat_that_opens_the_waiting_screen(tmp_path: Path) -> None:
    app = net_app(tmp_path)
    setup = app.go("setup")
    assert isinstance(setup, SetupScene)
    setup.setup["seats"][2]["kind"] = "remote"
    assert [s.kind for s in seats_of(setup.setup)][:3] == ["human", "ai", "human"]
    setup._start()
    waiting = app.top
    assert isinstance(waiting, NetHostScene) and waiting.seats == [2]
    assert waiting.host is not None and waiting.host.bind == LOOPBACK
    assert decode(waiting.code()).address == LOOPBACK
    assert waiting.game.seats[0].name == "Host"          # not "You": the joiners read it too
    assert waiting.game.config.seed >= SECRET_SEED_MIN   # deals from a secret (#33 N3)
    assert waiting.table_name == "Host's table"
    waiting.back()                  # Cancel: the table stops listening
    assert isinstance(app.top, SetupScene)


def test_the_waiting_screen_starts_once_the_seat_is_taken(host, tmp_path: Path) -> None:
    app, scene = host
    app.frame(0.0)
    assert not scene.start_button.enabled and scene.host.status(1) is SeatStatus.OPEN
    c = decode(scene.code())
    joiner = RemoteGame(c.address, c.port, c.secret, "Núria")
    joiner.connect()
    until(lambda: scene.start_button.enabled, app)
    assert scene.game.seats[1].name == "Núria"
    scene.start()
    table = app.top
    assert isinstance(table, HostTableScene) and table.table.remote == {1}
    assert not table.can_take_back()
    entry = host_tables(app.prefs.data_dir).get(app.prefs.game_id(scene.game))
    assert entry is not None and entry["secret"] == c.secret and entry["port"] == c.port
    joiner.close()
    # the game's end: Play again opens a new network table for the same seats, not a hot seat
    g = scene.game
    table.show(GameOver(tuple(g.totals), (), tuple(g.names), g.config.seed))
    end = app.top
    assert isinstance(end, GameEndScene)
    end.again()
    again = app.top
    assert isinstance(again, NetHostScene) and again.seats == [1] and again.game is not g
    assert again.game.seats[1].is_human and again.host is not None
    again.host.close()


def test_join_errors_are_said_in_words(tmp_path: Path, host) -> None:
    happ, scene = host
    app = net_app(tmp_path / "joiner")
    join = app.go("net_join", name="Núria")
    assert isinstance(join, JoinScene)
    code = scene.code()
    typo = code[:-1] + ("A" if code[-1] != "A" else "B")
    join.code = typo
    join.join()
    assert "not a join code" in join.error
    c = decode(code)
    from wizard.net.joincode import JoinCode, encode
    join.code = encode(JoinCode(c.address, c.port, (c.secret + 1) % (1 << 25)))
    join.join()
    until(lambda: join.remote is None, app, happ)
    assert join.error == refusal_text(Code.SECRET)
    english = refusal_text(Code.SECRET)
    for lang in ("fr", "ca"):
        set_language(lang)
        try:
            assert refusal_text(Code.SECRET) != english
        finally:
            set_language("en")


def test_a_joiner_plays_keeps_its_token_and_survives_a_foreign_token_file(tmp_path: Path,
                                                                          host) -> None:
    happ, scene = host
    app = net_app(tmp_path / "joiner")
    (tmp_path / "joiner" / TOKENS_FILE).mkdir(parents=True)   # a folder where the file goes
    join = app.go("net_join", code=scene.code().lower(), name="Núria")
    join.join()
    until(lambda: isinstance(app.top, JoinerTableScene), app, happ)
    table = app.top
    assert isinstance(table, JoinerTableScene) and table.table.viewer == 1
    kept = (tmp_path / "joiner" / TOKENS_FILE).read_text()
    assert table.remote_game.token and table.remote_game.token in kept
    assert any(p.name.startswith(TOKENS_FILE + ".foreign-") for p in (tmp_path / "joiner").iterdir())
    assert not table.can_take_back()
    assert table.waiting_for_start()          # the host has not pressed Start yet
    again = JoinScene(app)                   # joining again offers the last table and name
    assert (again.code, again.name) == (scene.code(), "Núria")
    until(lambda: scene.start_button.enabled, happ)
    scene.start()
    htable = happ.top
    assert isinstance(htable, HostTableScene)
    until(lambda: not table.waiting_for_start(), app, happ)
    # the joiner drops: the host shows it away and can lend the seat
    table.remote_game.drop()
    until(lambda: htable.away() == [1], happ)
    happ.draw()
    assert htable.lend_buttons and htable.lend_buttons[0][1] == 1
    htable.lend(1)
    assert scene.host.status(1) is SeatStatus.LENT and 1 not in htable.table.remote
    # the joiner's table opens its reconnect overlay and comes back with its token
    until(lambda: table.reconnecting, app)
    assert any(isinstance(s, ReconnectScene) for s in app.scenes) or app.top is not table
    until(lambda: isinstance(app.top, JoinerTableScene) and app.top is not table, app, happ,
          limit=8.0)
    assert scene.host.status(1) is SeatStatus.PLAYING and 1 in htable.table.remote
    app.top.close()  # type: ignore[union-attr]


def test_a_host_that_quits_resumes_the_table_with_the_same_code(tmp_path: Path, host) -> None:
    happ, scene = host
    c = decode(scene.code())
    joiner = RemoteGame(c.address, c.port, c.secret, "Núria")
    joiner.connect()
    until(lambda: scene.start_button.enabled, happ)
    scene.start()
    table = happ.top
    assert isinstance(table, HostTableScene)
    until(lambda: joiner.pump() >= 0 and joiner.ready, happ)
    token, gid = joiner.token, happ.prefs.game_id(scene.game)
    table.leave()                      # the host leaves (or crashes): the table stops listening
    happ.prefs.flush()
    until(lambda: joiner.lost or (joiner.pump() and False), happ)
    again = net_app(tmp_path / "host")    # the host starts again on the same data folder
    listed = again.go("continue_list")        # the network game is listed like any other
    game = next(g for g in listed.games if g.game_id == gid)  # type: ignore[attr-defined]
    listed.resume(game)  # type: ignore[attr-defined]
    resumed = again.top
    assert isinstance(resumed, NetHostScene) and resumed.host is not None
    assert resumed.code() == scene.code()
    assert resumed.host.status(1) is SeatStatus.AWAY
    back = RemoteGame(c.address, c.port, c.secret, "Núria", token=token)
    back.connect()
    until(lambda: resumed.start_button.enabled, again)
    until(lambda: back.pump() >= 0 and back.ready, again)
    assert back.seat == 1 and back.view(1).hand == resumed.game.view(1).hand
    assert back.view(1).hand == scene.game.view(1).hand       # the same cards as before the quit
    assert resumed.game.moves == scene.game.moves and resumed.game.round == scene.game.round
    back.close()
    resumed.host.close()


def test_the_host_says_when_only_this_computer_can_join(tmp_path: Path, monkeypatch) -> None:
    from wizard.ui import netui
    app = net_app(tmp_path)
    app.net_bind = None                                  # type: ignore[attr-defined]
    monkeypatch.delenv(netui.BIND_ENV, raising=False)
    monkeypatch.setattr(netui, "lan_address", lambda: LOOPBACK)    # no private address found
    said: list[str] = []
    import wizard.ui.text as text_module
    real = text_module.draw
    monkeypatch.setattr(text_module, "draw", lambda surf, line, *a, **k: (said.append(line),
                                                                           real(surf, line, *a, **k))[1])
    scene = app.go("net_host_waiting", session=_session(app), seats=[1])
    assert isinstance(scene, NetHostScene) and scene.host is not None
    try:
        assert scene.host.bind == LOOPBACK
        app.frame(0.0)
        assert any("only this computer can join" in line for line in said)
    finally:
        scene.host.close()


def test_a_resumed_table_whose_code_was_under_attack_gets_a_new_one(tmp_path: Path, host) -> None:
    """Issue #33, N4: a code tried with ROTATE_AFTER wrong secrets is not kept by a resume; the
    joiner comes back with its seat token (and the old code), a stranger with the old code not."""
    from wizard.ui.scenes.net_host import ROTATE_AFTER
    happ, scene = host
    c = decode(scene.code())
    joiner = RemoteGame(c.address, c.port, c.secret, "Núria")
    joiner.connect()
    until(lambda: scene.start_button.enabled, happ)
    scene.start()
    table = happ.top
    until(lambda: joiner.pump() >= 0 and joiner.ready, happ)
    for _ in range(3):                       # wrong secrets, counted and kept beside the save
        eve = RemoteGame(c.address, c.port, (c.secret + 1) % 2 ** 40, "Eve")
        eve.connect()
        until(lambda e=eve: e.pump() >= 0 and e.lost, happ)
    token, gid = joiner.token, happ.prefs.game_id(scene.game)
    table.leave()  # type: ignore[attr-defined]
    happ.prefs.flush()
    kept = host_tables(happ.prefs.data_dir)
    assert kept.get(gid)["guessed"] == 3  # type: ignore[index]
    kept.put(gid, {**kept.get(gid), "guessed": ROTATE_AFTER})  # type: ignore[dict-item]
    again = net_app(tmp_path / "host")
    listed = again.go("continue_list")
    listed.resume(next(g for g in listed.games if g.game_id == gid))  # type: ignore[attr-defined]
    resumed = again.top
    assert isinstance(resumed, NetHostScene) and resumed.host is not None
    assert resumed.code() != scene.code() and resumed.host.secret != c.secret
    stranger = RemoteGame(c.address, c.port, c.secret, "Eve")       # the old code: refused
    stranger.connect()
    until(lambda: stranger.pump() >= 0 and stranger.lost, again)
    assert stranger.refused is not None and stranger.refused.code is Code.SECRET
    back = RemoteGame(c.address, c.port, c.secret, "Núria", token=token)
    back.connect()
    until(lambda: back.pump() >= 0 and back.ready, again)
    assert back.seat == 1
    back.close()
    resumed.host.close()


def _started(tmp_path: Path, host: Any) -> tuple[Any, Any, Any]:
    """The host's app and waiting scene, and a joiner's app (Núria) at the table once the host
    started the game."""
    happ, scene = host
    app = net_app(tmp_path / "joiner")
    join = app.go("net_join", code=scene.code(), name="Núria")
    join.join()
    until(lambda: isinstance(app.top, JoinerTableScene), app, happ)
    until(lambda: scene.start_button.enabled, happ)
    scene.start()
    return happ, scene, app


def test_the_joiner_says_when_the_host_closed_the_table_and_rejoins_later(
        tmp_path: Path, host, monkeypatch: pytest.MonkeyPatch) -> None:
    """#33: after the host's "Save and leave" the joiner says the host closed the table (not
    "Reconnecting… (try 2)" for ever); a restarted joiner is offered "Back to the table"."""
    from wizard.ui.scenes.menu import MenuScene
    from wizard.ui.scenes.net_join import table_to_rejoin
    happ, scene, app = _started(tmp_path, host)
    htable = happ.top
    until(lambda: not app.top.waiting_for_start(), app, happ)  # type: ignore[union-attr]
    htable.leave()  # type: ignore[union-attr]
    until(lambda: isinstance(app.top, ReconnectScene), app)
    over = app.top
    assert isinstance(over, ReconnectScene) and over.closed
    assert over.title() == "The host closed the table"  # type: ignore[operator]
    from wizard.ui.scenes import net_join
    said: list[str] = []                          # the body says it once, in the title only
    monkeypatch.setattr(net_join.text, "draw_wrapped", lambda _s, line, *a, **k: said.append(line))
    over.draw_body(app.screen)
    assert len(said) == 1 and "When the host resumes the game" in said[0], said
    assert "closed the table" not in said[0], said
    monkeypatch.undo()
    for _ in range(5):
        app.frame(0.0)
    assert over.closed and not over.gave_up
    again = net_app(tmp_path / "joiner")             # the joiner's program starts again
    assert table_to_rejoin(again) == (scene.code(), "Núria")
    menu = again.go("menu")
    assert isinstance(menu, MenuScene) and menu.rejoin is not None
    labels = [w.label() if callable(w.label) else w.label for w in menu.widgets
              if hasattr(w, "label")]
    assert "Back to the table" in labels
    from wizard.ui.scenes.net_join import game_over
    key = next(iter(__import__("json").loads((tmp_path / "joiner" / TOKENS_FILE).read_text())))
    game_over(again, key)                         # a finished game is not offered
    assert table_to_rejoin(again) is None


def test_the_host_takes_its_own_name_and_says_when_strangers_knock(tmp_path: Path) -> None:
    from wizard.net.keep import joiner_tokens
    from wizard.ui.scenes.continue_list import network_games
    from wizard.ui.scenes.net_host import strangers_line
    app = net_app(tmp_path)
    joiner_tokens(app.prefs.data_dir).put("10.0.0.2:36523:5", {"token": "t", "name": "Pau"})
    you = Session.new(GameConfig(4, seed=5), [Seat.human("You"), Seat.human("Seat 2"),
                                              Seat.ai("Merlin", "easy"), Seat.ai("Cy", "easy")],
                      on_save=app.prefs.save_game)
    scene = app.go("net_host_waiting", session=you, seats=[1])
    assert isinstance(scene, NetHostScene) and scene.host is not None
    try:
        assert you.seats[0].name == "Pau"         # not "Host" in the host's language
        assert strangers_line(scene.host) == ""
        c = decode(scene.code())
        eve = RemoteGame(c.address, c.port, (c.secret + 1) % 2 ** 40, "Eve")
        eve.connect()
        until(lambda: eve.pump() >= 0 and eve.lost, app)
        until(lambda: scene.strangers == 1, app)
        assert "1 connection without this table's code" in strangers_line(scene.host)
        joiner = RemoteGame(c.address, c.port, c.secret, "Núria")
        joiner.connect()
        until(lambda: scene.start_button.enabled, app)
        scene.start()
        until(lambda: joiner.pump() >= 0 and joiner.ready, app)
        app.prefs.flush()
        assert app.prefs.game_id(you) in network_games(app)   # the Continue list marks it
        listed = net_app(tmp_path).go("continue_list")
        assert app.prefs.game_id(you) in listed.network  # type: ignore[attr-defined]
        listed.app.draw()
        joiner.close()
    finally:
        for s in app.scenes:
            if isinstance(s, HostTableScene):
                s.close()
        scene.host.close()


def test_enter_in_the_name_field_joins_and_without_a_code_goes_to_the_code(tmp_path: Path,
                                                                            host) -> None:
    happ, scene = host
    app = net_app(tmp_path / "joiner")
    join = app.go("net_join", code="", name="Núria")
    assert isinstance(join, JoinScene)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    join.name_box.set_focus(True)
    join.handle(enter)                       # no code yet: the code's field, nothing sent
    assert join.code_box.focus and not join.name_box.focus and join.remote is None
    join = app.go("net_join", code=scene.code(), name="Núria")
    join.name_box.set_focus(True)
    join.handle(enter)                       # used to be swallowed by the field
    assert join.remote is not None and not join.name_box.focus
    until(lambda: isinstance(app.top, JoinerTableScene), app, happ)
    app.top.close()                          # type: ignore[attr-defined]


def test_internet_codes_off_agrees_with_its_plural_name() -> None:
    from wizard.ui.scenes.settings import _servers_name
    said = {}
    for lang in ("en", "fr", "ca", "de"):
        set_language(lang)
        try:
            said[lang] = _servers_name("off", None)
        finally:
            set_language("en")
    assert said == {"en": "Off", "fr": "Désactivés", "ca": "Desactivats", "de": "Aus"}


def test_a_joiners_forced_card_is_said_like_the_hosts(tmp_path: Path, host) -> None:
    """Play-test (#33): the host and hot-seat players read "Only … could be played." for a card
    played for them until it leaves the table; a joiner's line was cleared while its card was on
    its way to the host, so it was gone once the card lay in the trick. Round 1: every card is
    forced."""
    from wizard.engine.state import Phase
    happ, scene, app = _started(tmp_path, host)
    htable, jtable = happ.top, app.top
    assert isinstance(htable, HostTableScene) and isinstance(jtable, JoinerTableScene)
    said: set[str] = set()
    card = None
    shown_with_line: list[bool] = []      # each frame the joiner's card lies in the trick shown
    end = time.monotonic() + 15
    while jtable.table.port.view(1).round <= 1 and jtable.table.port.view(1).phase \
            is not Phase.ROUND_END:
        assert time.monotonic() < end, "timed out"
        for seat, t in ((0, htable.table), (1, jtable.table)):
            view = t.port.view(seat)
            if view.phase is Phase.BID and view.current_player == seat:
                legal = t.port.legal_actions(seat)
                if legal:
                    t.port.act(legal[0], seat)
        happ.frame(0.05)               # the clock moves: a forced card waits a computer's pause
        app.frame(0.05)
        card = card or jtable.table.forced_card
        line = jtable.table.forced_line()
        if line:
            said.add(line)
        if card is not None and any(c == card for _s, c in jtable.table.shown.trick):
            shown_with_line.append(bool(line))
        time.sleep(0.005)
    assert any(s.startswith("Only ") and s.endswith(" could be played.") for s in said), said
    # said until the card leaves the table (the host's rule, 96644a3), not only while it waits
    assert shown_with_line and all(shown_with_line), shown_with_line
