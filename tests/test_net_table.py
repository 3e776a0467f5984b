"""A whole game at a network table, in one process on 127.0.0.1: the host with a person and a
computer seat, two joiners driven through their own ``Table`` over ``RemoteGame``; checked against
the same game played in one process, and every byte the joiners received scanned for leaks."""

from __future__ import annotations

import json

import pytest
from netplay import JOINERS, NetGame, reference

from wizard.engine import GameConfig
from wizard.net import wire
from wizard.net.host import SeatStatus

SEED = 8_675_309_417


@pytest.fixture(scope="module")
def played() -> NetGame:
    config = GameConfig(4, seed=SEED)
    game = NetGame.open(config)
    hands = game.snapshots

    def snapshot(session: object, events: object) -> None:
        s = game.session
        hands[(s.moves, s.round, s.phase.value)] = [list(h) for h in s.state.hands]  # type: ignore[assignment]

    game.session.subscribe(snapshot)
    for seat, name in JOINERS.items():
        game.join(seat, name)
    assert [game.host.status(s) for s in JOINERS] == [SeatStatus.PLAYING] * 2
    game.start()
    game.until(lambda: game.over and all(j.over for j in game.joiners.values()))
    game.close()
    return game


def test_the_whole_game_is_the_one_played_in_one_process(played: NetGame) -> None:
    ref = reference(played.config)
    assert played.session.finished and ref.finished
    assert played.session.record().actions == ref.record().actions
    assert played.session.totals == ref.totals and played.session.names == ref.names
    for seat, j in played.joiners.items():
        assert j.remote.view(seat) == ref.view(seat)
        assert j.table is not None and j.table.finished
        assert j.table.shown.totals == ref.totals


def test_every_view_a_joiner_got_is_its_seats_view_at_that_step(played: NetGame) -> None:
    ref = reference(played.config)
    checked = 0
    for seat, j in played.joiners.items():
        for line in j.lines:
            m = wire.decode(line, wire.HOST_TYPES)
            if m["type"] != "state":
                continue
            state = wire.state_of(m)
            assert state.view.seat == seat
            assert len(state.view.hand or ()) == state.view.hand_size[seat]
            checked += 1
        assert j.remote.view(seat).history == ref.view(seat).history
    assert checked > 2 * 200


def test_no_byte_a_joiner_received_holds_another_hand_or_the_seed(played: NetGame) -> None:
    scanned = found = 0
    for seat, j in played.joiners.items():
        assert j.lines and sum(map(len, j.lines)) == j.remote.received
        for line in j.lines:
            assert str(SEED).encode() not in line
            m = json.loads(line)
            if m["type"] != "state":
                continue
            view = m["view"]
            hands = played.snapshots.get((m["moves"], view["round"], view["phase"]))
            if hands is None:
                continue                  # the first view, sent at the join
            own = {c.text for c in hands[seat]}   # type: ignore[index]
            drawn = {e["card"] for e in m["events"] if e["e"] == "drawn"}
            for other, hand in enumerate(hands):  # type: ignore[arg-type]
                if other == seat:
                    continue
                for c in hand:
                    if c.text in ("W", "J") or c.text in own:
                        continue              # cards that come more than once in the deck
                    scanned += 1
                    if c.text in drawn:
                        continue              # drawn face up for the first dealer, then dealt
                    found += f'"{c.text}"'.encode() in line or f' {c.text}"'.encode() in line
    assert scanned > 5000 and found == 0
