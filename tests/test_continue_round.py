"""The Continue list says the round being played (#29: it showed "Round 1 / 20" while round 2
was being bid: the saved record ends at round 1's end, the deal of round 2 is no action)."""

from __future__ import annotations

from wizard.engine import GameConfig, Phase
from wizard.persistence import SavedGame
from wizard.session import Seat, Session
from wizard.session.seats import SeatSpec
from wizard.table.computer import step_ai


def saved_at(stop) -> tuple[Session, SavedGame]:  # type: ignore[no-untyped-def]
    saved: list[SavedGame] = []

    def save(s: Session) -> None:
        saved.append(SavedGame(s.record(), [SeatSpec(x.name, x.kind, x.level) for x in s.seats]))
    s = Session.new(GameConfig(3, seed=5),
                    [Seat.human("Ann")] + [Seat.ai(f"B{i}", "easy") for i in range(2)], on_save=save)
    s.start()
    while not stop(s):
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            s.act(s.legal_actions()[0])
    return s, saved[-1]


def test_the_round_being_bid_after_the_deal() -> None:
    for rnd in (2, 5):
        s, saved = saved_at(lambda s, r=rnd: s.round == r and s.phase is Phase.BID)
        assert saved.summary().round == rnd
        again = SavedGame.from_dict(saved.to_dict())
        assert again.summary().round == rnd


def test_the_round_being_played_and_the_last_round() -> None:
    s, saved = saved_at(lambda s: s.round == 3 and s.phase is Phase.PLAY and s.state.trick)
    assert saved.summary().round == 3
    s, saved = saved_at(lambda s: s.finished)
    assert saved.summary().round == s.config.rounds == 20
