"""Seat tokens kept by earlier versions (the lead's stop, defect 3). From the first "Back to the
table" until the internet seats were marked (``"internet"``), a seat joined over the internet was
kept under the joiner's own bridge on 127.0.0.1 and an ephemeral port, gone with the program:
"Back to the table" then knocked on that dead port ("No answer from the host…"). Such a seat now
asks for the host's new code (and explains why), and the token kept with it still gives the seat
back; a seat kept under a network address was a local one and goes back by its code as before.
The menu offers the newest table kept, as it was kept (never another table's code with its flag).
A damaged or foreign token file is set aside and said on the menu. All on 127.0.0.1."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from helpers import frames_until, net_app  # noqa: E402
from wormholes import local_servers, loopback_only  # noqa: E402

from wizard.engine import GameConfig  # noqa: E402
from wizard.net.host import SeatStatus  # noqa: E402
from wizard.net.internet import Servers  # noqa: E402
from wizard.net.joincode import JoinCode, encode  # noqa: E402
from wizard.net.keep import TOKENS_FILE  # noqa: E402
from wizard.session import Seat, Session  # noqa: E402

LOOPBACK = "127.0.0.1"
TOKEN = "kept-token-of-nuria"
SECRET = 0x5A3C9E17B2


def write_old(folder: Path, entries: dict[str, dict[str, Any]]) -> None:
    """A token file as the version before the internet mark wrote it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / TOKENS_FILE).write_text(json.dumps(entries, ensure_ascii=False), "utf-8")


def old_entry(**more: Any) -> dict[str, Any]:
    return {"token": TOKEN, "name": "Núria", "at": time.time() - 60, "playing": True, **more}


def drawn_wrapped(scene: Any, monkeypatch: pytest.MonkeyPatch, module: str) -> list[str]:
    lines: list[str] = []
    with monkeypatch.context() as m:
        m.setattr(f"{module}.text.draw_wrapped", lambda _s, line, *a, **k: (lines.append(line),
                                                                           20)[1])
        m.setattr(f"{module}.text.draw", lambda _s, line, *a, **k: (
            lines.append(line), __import__("pygame").Rect(0, 0, 1, 1))[1])
        scene.app.dirty = True
        scene.app.draw()
    return lines


OLD_SEAT = ("Your seat was kept by an earlier version of Wizard, which did not note how you "
            "joined. If you joined over the internet, ask the host for a new code for your seat "
            "(on their screen: “New code” beside your name) and type it here: you get your seat "
            "and hand back. A table on this computer: type its join code.")


def test_an_old_internet_seat_asks_for_the_new_code_not_a_dead_port(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from wizard.ui.scenes import net_join
    from wizard.ui.scenes.menu import MenuScene
    from wizard.ui.scenes.net_join import JoinScene
    write_old(tmp_path / "joiner", {f"{LOOPBACK}:45873:{SECRET}": old_entry()})
    knocked: list[Any] = []
    monkeypatch.setattr(net_join, "connect", lambda app, code, name: (knocked.append(code),
                                                                      (None, "knocked"))[1])
    app = net_app(tmp_path / "joiner")
    menu = app.go("menu")
    assert isinstance(menu, MenuScene) and menu.rejoin is not None
    menu.back_to_table()
    join = app.top
    assert isinstance(join, JoinScene)
    assert knocked == [] and join.error == ""            # no knock on the dead bridge
    assert join.rejoin and join.code == "" and join.name == "Núria"
    assert OLD_SEAT in drawn_wrapped(join, monkeypatch, "wizard.ui.scenes.net_join")


def test_an_old_local_seat_goes_back_by_its_code(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat kept under a network address (never an internet one's bridge): "Back to the table"
    joins with its code, as before (the connection is a stand-in: only 127.0.0.1 is reached)."""
    from wizard.ui.scenes import net_join
    from wizard.ui.scenes.net_join import JoinScene
    write_old(tmp_path / "joiner", {f"192.168.1.20:36523:{SECRET}": old_entry()})
    knocked: list[Any] = []
    monkeypatch.setattr(net_join, "connect", lambda app, code, name: (knocked.append(code),
                                                                      (None, "knocked"))[1])
    app = net_app(tmp_path / "joiner")
    menu = app.go("menu")
    menu.back_to_table()
    join = app.top
    assert isinstance(join, JoinScene) and not join.rejoin
    assert join.code == encode(JoinCode("192.168.1.20", 36523, SECRET))
    assert [(c.address, c.port, c.secret) for c in knocked] == [("192.168.1.20", 36523, SECRET)]


def test_back_to_the_table_takes_the_newest_table_as_it_was_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The newest entry is not a table's (a foreign key, marked internet), an older one is a local
    table: the menu offers that table, as a local one (it used to take the older table's code and
    the newest entry's internet mark, and asked for a new internet code for a local table)."""
    from wizard.ui.scenes import net_join
    from wizard.ui.scenes.net_join import JoinScene
    write_old(tmp_path / "joiner", {
        f"192.168.1.20:36523:{SECRET}": old_entry(internet=False),
        "not a table": old_entry(internet=True)})
    knocked: list[Any] = []
    monkeypatch.setattr(net_join, "connect", lambda app, code, name: (knocked.append(code),
                                                                      (None, "knocked"))[1])
    app = net_app(tmp_path / "joiner")
    app.go("menu").back_to_table()
    join = app.top
    assert isinstance(join, JoinScene) and not join.rejoin
    assert [(c.address, c.port) for c in knocked] == [("192.168.1.20", 36523)]
    kept = json.loads((tmp_path / "joiner" / TOKENS_FILE).read_text("utf-8"))
    assert "not a table" in kept                          # not a table's, but not dropped


@pytest.mark.parametrize("kind", ["damaged", "foreign"])
def test_a_damaged_or_foreign_token_file_is_set_aside_and_said_on_the_menu(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    folder = tmp_path / "joiner"
    folder.mkdir()
    if kind == "damaged":
        (folder / TOKENS_FILE).write_bytes(b'{"127.0.0.1:1:2": {"token": "x"')
    else:
        (folder / TOKENS_FILE).mkdir()
    app = net_app(folder)
    menu = app.go("menu")
    assert menu.rejoin is None
    [aside] = [p for p in folder.iterdir() if p.name.startswith(f"{TOKENS_FILE}.{kind}-")]
    said = ("The file that lets this computer take its seats back at network tables could not be "
            f"read: it was set aside as {aside.name}. To go back to a table, type its code again.")
    # the menu draws a note's wrapped lines from the bottom up: read them back in order
    assert said in " ".join(drawn_wrapped(menu, monkeypatch, "wizard.ui.scenes.menu")[::-1])
    menu.layout(*menu.size)                               # said until the program closes
    assert said in " ".join(drawn_wrapped(menu, monkeypatch, "wizard.ui.scenes.menu")[::-1])
    assert (aside.read_bytes() if kind == "damaged" else b"") == (
        b'{"127.0.0.1:1:2": {"token": "x"' if kind == "damaged" else b"")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory):
    with local_servers(tmp_path_factory.mktemp("wormhole")) as s, loopback_only():
        yield s


def test_an_old_internet_seat_comes_back_by_the_new_code_with_its_kept_token(
        servers: Servers, tmp_path: Path) -> None:
    """The host resumed the game (the seat waits for its token); the joiner's token was kept the
    old way (under its dead bridge): "Back to the table", the new code, and the seat is back."""
    from wizard.ui.scenes.net_host import open_host
    from wizard.ui.scenes.net_join import JoinScene
    from wizard.ui.scenes.net_table import JoinerTableScene
    happ = net_app(tmp_path / "host", servers)
    seats = [Seat.human("Anna"), Seat.human("Núria"), Seat.ai("Merlin", "easy"),
             Seat.ai("Morgana", "easy")]
    session = Session.new(GameConfig(4, seed=43), seats, on_save=happ.prefs.save_game)
    host = open_host(happ, session, [1], tokens={1: TOKEN})
    scene = happ.go("net_host_waiting", session=session, host=host)
    app = net_app(tmp_path / "joiner", servers)
    try:
        assert host.status(1) is SeatStatus.AWAY
        frames_until(lambda: scene.internet_code(1) is not None, happ, limit=30)
        write_old(tmp_path / "joiner", {f"{LOOPBACK}:45873:{host.secret}": old_entry()})
        app.go("menu").back_to_table()
        join = app.top
        assert isinstance(join, JoinScene) and join.rejoin
        join.code = scene.internet_code(1)
        join.join()
        frames_until(lambda: isinstance(app.top, JoinerTableScene), happ, app, limit=30)
        table = app.top
        assert table.remote_game.seat == 1 and table.remote_game.token == TOKEN
        assert host.status(1) is SeatStatus.PLAYING
        kept = json.loads((tmp_path / "joiner" / TOKENS_FILE).read_text("utf-8"))
        assert list(kept) == [f"{LOOPBACK}:{host.port}:{host.secret}"]   # kept the new way
        assert kept[f"{LOOPBACK}:{host.port}:{host.secret}"]["internet"] is True
    finally:
        app.close_scenes()
        happ.close_scenes()
