"""The picture the painters draw (``wizard.table.picture``): one immutable snapshot, made by the
table as it stands and by a replay step, with the bid sum, the plates, the trick's marks and who
is next decided there (not by the painters)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from helpers import play_to_end

from wizard.engine import GameConfig, GameRecord, GameState, Phase
from wizard.session import Seat, Session
from wizard.table import Table
from wizard.table.picture import Picture, replay_picture
from wizard.table.trickwhy import TrickMarks

SEATS = [Seat.human("Ann"), Seat.ai("Bo", "random"), Seat.ai("Cy", "random")]


def _finished(seed: int) -> GameState:
    cfg = GameConfig(3, seed=seed)
    return play_to_end(GameState.new(cfg), random.Random(seed), random.Random(seed))


def test_the_tables_picture_is_immutable_and_says_what_the_table_shows() -> None:
    table = Table(Session.new(GameConfig(3, seed=8), SEATS), threaded=False, speed=0.0,
                  ai_pause=0.0)
    seen_marks = False
    for _ in range(300):
        table.tick(0.05)
        pic = table.picture()
        sh = table.shown
        assert [p.total for p in pic.plates] == [table.plate_total(s)[0] for s in range(3)]
        assert [p.bid_made for p in pic.plates] == sh.bids_made
        assert [p.dealer for p in pic.plates] == [sh.dealer == s for s in range(3)]
        assert pic.bids_sum == sh.bids_sum and pic.prompt == table.prompt()[0]
        assert pic.marks == table.marks()
        seen_marks |= pic.marks is not None
        if table.my_turn():
            break
    assert seen_marks or pic.phase in (Phase.BID, Phase.TRUMP)
    assert pic.hands[0] is not None and list(pic.hands[0]) == table.hand()
    assert pic.hands[1] is None                        # the others' hands are not shown
    with pytest.raises(dataclasses.FrozenInstanceError):
        pic.round = 5                                  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        pic.plates[0].total = 1                        # type: ignore[misc]
    table.close()


def test_a_replay_step_shows_every_hand_and_the_engines_marks() -> None:
    from wizard.ui.replaymodel import build_frames
    g = _finished(31)
    frames = build_frames(GameRecord.of(g))
    checked = 0
    for f in frames:
        pic = replay_picture(f.state, SEATS, acting=f.seat, won=f.won,
                             played=f.action is not None and f.won is None and bool(f.state.trick),
                             you=0)
        assert isinstance(pic, Picture)
        st = f.state
        assert [len(h or ()) for h in pic.hands] == [len(h) for h in st.hands]
        assert [p.tricks for p in pic.plates] == list(st.tricks)
        assert [p.acting for p in pic.plates] == [f.seat == s for s in range(3)]
        if st.phase in (Phase.PLAY, Phase.ROUND_END, Phase.GAME_OVER):
            assert pic.bids_sum == sum(b for b in st.bids if b is not None)
            made = [b is not None and b == t for b, t in zip(st.bids, st.tricks, strict=True)]
            assert [p.made for p in pic.plates] == made
        else:
            assert pic.bids_sum is None
        if f.won is not None:
            assert isinstance(pic.marks, TrickMarks) and pic.marks.finished
            assert pic.marks.winning == (None if f.won.void else f.won.winner)
            checked += 1
        elif st.trick:
            assert pic.marks is not None and not pic.marks.finished
            assert pic.prompt == ""
        elif st.phase is Phase.BID and st.current_player is not None:
            who = "you are" if st.current_player == 0 else f"{SEATS[st.current_player].name} is"
            assert pic.prompt == f"Bidding: {who} next."
    assert checked == sum(range(1, 21))          # every trick of the 20 rounds
