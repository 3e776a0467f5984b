"""The table without a screen: whole games played by ticking its clock and feeding intents.

No pygame here: ``test_the_table_package_imports_and_plays_with_pygame_blocked`` runs a game in a
fresh interpreter where importing pygame fails.
"""

from __future__ import annotations

import copy
import logging
import random
import subprocess
import sys
from concurrent.futures import wait
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from wizard.engine import Action, Bid, ChooseTrump, Edition, GameConfig, Kind, Options, Phase, Play
from wizard.session import Seat, Session
from wizard.table import (
    Accepted,
    AskHint,
    BidIntent,
    ChoiceNeeded,
    CurtainUp,
    GameOver,
    HintReady,
    Ignored,
    Kept,
    MerlinIntent,
    NextRound,
    PlayIntent,
    Ready,
    Refused,
    RoundOver,
    Table,
    TrumpIntent,
)
from wizard.table.computer import ComputerSeats, default_ai_factory

ROOT = Path(__file__).resolve().parent.parent


def intent_for(action: Action) -> BidIntent | PlayIntent | TrumpIntent | MerlinIntent:
    """The intent a person gives for ``action``."""
    if isinstance(action, Bid):
        return BidIntent(action.n)
    if isinstance(action, ChooseTrump):
        return TrumpIntent(action.suit)
    assert isinstance(action, Play)
    if action.card.text in ("MERLIN:W", "MERLIN:J"):
        return MerlinIntent(action.card.text == "MERLIN:W")
    return PlayIntent(action.card)


@dataclass
class Referee:
    """Plays every person's seat at random and checks the table's promises at every tick."""

    table: Table
    rng: random.Random
    dt: float = 1 / 30
    ticks: int = 0
    curtains: int = 0
    kept: int = 0
    refused: int = 0
    double_clicks: int = 0
    rounds_told: list[int] = field(default_factory=list)
    game_over: GameOver | None = None
    waiting: Action | None = None        # the action of a kept intent, not applied yet

    @property
    def session(self) -> Session:
        return self.table.port  # type: ignore[return-value]

    def check_curtain(self) -> None:
        t, s = self.table, self.session
        cur = s.current
        if t.shown.hand is not None or t.shown.peeks:
            assert t.viewer is not None and s.seats[t.viewer].is_human
            if cur is not None and s.seats[cur].is_human and cur != t.viewer:
                assert t.curtain_for == cur, "a hand is on show to the wrong person"

    def act(self) -> None:
        """Whatever a person would do now."""
        t, s = self.table, self.session
        if t.curtain_for is not None and self.rng.random() < 0.5:
            assert isinstance(t.submit(Ready()), Accepted)
            return
        seat = s.current
        if seat is None or not s.seats[seat].is_human or seat != t.viewer or t.curtain_for is not None:
            return
        legal = s.legal_actions(seat)
        if not t.drained:                                  # an impatient person acts during the animation
            if self.waiting is None and self.rng.random() < 0.2:
                action = self.rng.choice(legal)
                out = t.submit(intent_for(action))
                if isinstance(out, Kept):
                    self.waiting = action
                    self.kept += 1
                else:
                    assert isinstance(out, Ignored), out
            return
        if self.waiting is not None:
            return          # the kept intent goes first
        self.try_refused(seat, legal)
        action = self.rng.choice(legal)
        before = len(s.record().actions)
        out = t.submit(intent_for(action))
        if isinstance(out, ChoiceNeeded):               # Merlin: Wizard or Jester?
            assert out.kind == "merlin" and t.choice == "merlin"
            out = t.submit(MerlinIntent(self.rng.random() < 0.5))
        assert isinstance(out, Accepted), out
        assert len(s.record().actions) == before + 1
        second = t.submit(intent_for(action))            # the second click of a double click
        self.double_clicks += 1
        assert isinstance(second, Ignored), second
        assert len(s.record().actions) == before + 1

    def try_refused(self, seat: int, legal: list[Action]) -> None:
        """Submit something the rules refuse: nothing may change, and the rule is named."""
        s, t = self.session, self.table
        wrong: Action | None = None
        if s.phase is Phase.BID:
            wrong = next((Bid(n) for n in range(s.round + 2) if Bid(n) not in legal), None)
        elif s.phase is Phase.PLAY:
            hand = s.view(seat).hand or ()
            wrong = next((Play(c) for c in hand if c.kind is not Kind.MERLIN
                          and Play(c) not in legal), None)
        if wrong is None:
            return
        record = s.record().to_dict()
        shown = copy.deepcopy(t.shown)
        out = t.submit(intent_for(wrong))
        assert isinstance(out, Refused) and out.rule is not None and out.text, out
        assert s.record().to_dict() == record and t.shown == shown
        self.refused += 1

    def tick(self) -> None:
        self.ticks += 1
        before = len(self.session.record().actions)
        self.table.tick(self.dt)
        if self.waiting is not None and len(self.session.record().actions) > before:
            acts = self.session.record().actions[before:]
            if self.waiting in acts:
                assert acts.count(self.waiting) == 1
                self.waiting = None
        for out in self.table.take_outcomes():
            if isinstance(out, CurtainUp):
                self.curtains += 1
                assert self.table.curtain_for == out.seat
            elif isinstance(out, RoundOver):
                assert out.result.round not in self.rounds_told
                self.rounds_told.append(out.result.round)
                assert isinstance(self.table.submit(NextRound()), Accepted)
            elif isinstance(out, GameOver):
                self.game_over = out
            elif isinstance(out, ChoiceNeeded):
                assert out.kind == "trump"
        self.check_curtain()

    def play(self, limit: int = 400_000) -> None:
        while self.game_over is None and self.ticks < limit:
            self.act()
            self.tick()
        assert self.game_over is not None and self.session.finished
        assert self.waiting is None, "a kept intent was lost"


def play(config: GameConfig, seats: list[Seat], speed: float, seed: int = 1) -> Referee:
    session = Session.new(config, seats)
    table = Table(session, threaded=False, speed=speed, ai_pause=0.3)
    ref = Referee(table, random.Random(seed))
    ref.play()
    assert ref.rounds_told == list(range(1, config.rounds + 1))   # the last round's result too
    assert ref.game_over is not None and list(ref.game_over.totals) == session.totals
    return ref


def test_a_solo_four_player_classic_game() -> None:
    seats = [Seat.human("Anna")] + [Seat.ai(n, "easy") for n in ("Bruno", "Carme", "Didier")]
    ref = play(GameConfig(4, seed=5), seats, speed=0.45)
    assert ref.curtains == 0 and ref.table.viewer == 0
    assert ref.refused > 5 and ref.kept > 3 and ref.double_clicks > 20


def test_a_three_person_hot_seat_camelot_game_with_clairvoyance() -> None:
    cfg = GameConfig(3, edition=Edition.CAMELOT, seed=8, options=Options(clairvoyance=True))
    seats = [Seat.human("Anna"), Seat.human("Bruno"), Seat.human("Carme")]
    ref = play(cfg, seats, speed=0.45, seed=2)
    assert ref.curtains > 100 and ref.refused > 5 and ref.double_clicks > 100


def test_a_magic_game_animations_off() -> None:
    cfg = GameConfig(5, edition=Edition.MAGIC, seed=11)
    seats = [Seat.human("Anna"), Seat.ai("B", "normal"), Seat.human("Carme"), Seat.ai("D", "easy"),
             Seat.ai("E", "random")]
    ref = play(cfg, seats, speed=0.0, seed=3)
    assert ref.curtains > 10 and ref.kept == 0       # nothing animates: nothing to keep


class Broken:
    """A computer player that always fails."""

    def decide(self, view: object, rng: random.Random) -> Action:
        raise RuntimeError("this computer player is broken")


def _factory(level: str) -> object:
    return Broken() if level == "broken" else default_ai_factory(level)


@pytest.mark.parametrize("threaded", [False, True])
def test_a_failing_computer_player_is_logged_and_replaced_by_a_legal_move(
        threaded: bool, caplog: pytest.LogCaptureFixture) -> None:
    seats = [Seat.ai("A", "broken"), Seat.ai("B", "random"), Seat.ai("C", "broken")]
    session = Session.new(GameConfig(3, seed=4), seats)
    table = Table(session, threaded=threaded, speed=0.0, ai_pause=0.0,
                  computer=ComputerSeats(_factory))  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR):
        for _ in range(200_000):
            job = table.move_job
            if job is not None and job.future is not None:
                wait([job.future])            # the worker thread answers (or fails) first
            table.tick(0.01)
            for out in table.take_outcomes():
                if isinstance(out, RoundOver):
                    table.submit(NextRound())
            if session.finished:
                break
    table.close()
    assert session.finished and len(session.results) == 20
    failures = [r for r in caplog.records if "broken" in str(r.exc_info[1] if r.exc_info else "")]
    assert len(failures) > 100 and all("legal move instead" in r.getMessage() for r in failures)


def test_the_hint_comes_through_the_runner_and_never_plays() -> None:
    seats = [Seat.human("Anna")] + [Seat.ai(n, "random") for n in "BCD"]
    table = Table(Session.new(GameConfig(4, seed=21), seats), threaded=True, speed=0.0,
                  ai_pause=0.0)
    for _ in range(1000):
        for job in (table.move_job, table.hint_job):
            if job is not None and job.future is not None:
                wait([job.future])
        table.tick(0.01)
        if table.my_turn():
            break
    assert table.my_turn() and table.port.phase is Phase.BID
    moves = table.port.moves
    assert isinstance(table.submit(AskHint()), Accepted)
    assert isinstance(table.submit(AskHint()), Ignored)        # one at a time
    hints: list[HintReady] = []
    for _ in range(3000):
        if table.hint_job is not None and table.hint_job.future is not None:
            wait([table.hint_job.future])
        table.tick(0.01)
        hints += [o for o in table.take_outcomes() if isinstance(o, HintReady)]
        if hints:
            break
    table.close()
    assert hints and isinstance(hints[0].action, Bid) and "Best bid at this table" in hints[0].text
    assert table.port.moves == moves


def test_the_table_package_imports_and_plays_with_pygame_blocked() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pygame' or name.startswith('pygame.'):\n"
        "            raise ImportError('pygame is blocked in this test')\n"
        "sys.meta_path.insert(0, Block())\n"
        "sys.path.insert(0, 'tests')\n"
        "import test_table\n"
        "test_table.test_a_solo_four_player_classic_game()\n"
        "assert not any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules)\n"
        "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:]


def test_hot_seat_a_forced_card_plays_itself_without_the_curtain() -> None:
    """The last card of a round (and any only legal card) needs nobody at the screen."""
    cfg = GameConfig(3, seed=8)
    seats = [Seat.human("Anna"), Seat.human("Bruno"), Seat.human("Carme")]
    table = Table(Session.new(cfg, seats), threaded=False, speed=0.0, ai_pause=0.2)
    rng = random.Random(5)
    s = table.port
    curtains_on_forced = forced_plays = 0
    while s.round <= 3 and not s.finished:
        table.tick(0.05)
        for out in table.take_outcomes():
            if isinstance(out, RoundOver):
                table.submit(NextRound())
            elif isinstance(out, CurtainUp):
                if s.phase is Phase.PLAY and len(s.legal_actions(out.seat)) == 1:
                    curtains_on_forced += 1
        if table.curtain_for is not None:
            table.submit(Ready())
        elif table.my_turn() and s.phase in (Phase.BID, Phase.PLAY):
            legal = s.legal_actions(table.viewer)
            if s.phase is Phase.PLAY and len(legal) == 1:
                continue                                    # it plays itself
            table.submit(intent_for(rng.choice(legal)))
        before = len(s.record().actions)
        if table.curtain_for is None and table.viewer is None and s.is_human_turn() \
                and s.phase is Phase.PLAY and len(s.legal_actions()) == 1:
            for _ in range(10):
                table.tick(0.05)
            forced_plays += len(s.record().actions) > before
    assert curtains_on_forced == 0 and forced_plays >= 3
