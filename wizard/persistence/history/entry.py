"""Finished games: one JSON object per line of ``history.jsonl``, so one bad line hides nothing else.

Each line holds the date, edition, options, seed, players, the full record (every bid and card can
be replayed, and the take-backs of a solo game) and, for quick listing, the score rows, final
totals and the number of take-backs (a line written before take-backs existed has none: 0). Loading checks every value
and, by default, replays the record and compares the stored rows with the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from wizard import checks
from wizard.checks import Invalid
from wizard.engine import (
    SUITS,
    GameConfig,
    GameRecord,
    GameState,
    Options,
    RoundResult,
    TakeBack,
)
from wizard.engine.record import MAX_TAKEBACKS
from wizard.engine.scoring import winners as winning_seats
from wizard.persistence.files.migrate import Migrations
from wizard.persistence.games import prove_legal, read_record
from wizard.session.deals import deal_rng
from wizard.session.seats import SeatSpec, seats_from_list

HISTORY_SCHEMA = 1
HISTORY_MIGRATIONS = Migrations(HISTORY_SCHEMA, {})
SCORE_LIMIT = 1_000_000
PLAYED_LIMIT = 7 * 24 * 3600      # seconds of active play a game may claim


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One finished game."""

    record: GameRecord
    seats: tuple[SeatSpec, ...]
    finished: datetime
    started: datetime | None
    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    played: float | None = None     # seconds of active play (#35), None where not measured

    @property
    def config(self) -> GameConfig:
        """The game's configuration."""
        return self.record.config

    @property
    def edition(self) -> str:
        """The edition's name ("classic", "magic", "camelot")."""
        return self.record.config.edition.value

    @property
    def options(self) -> Options:
        """The variant options."""
        return self.record.config.options

    @property
    def takebacks(self) -> int:
        """How many times the person took a decision back (0 for a game played straight)."""
        return len(self.record.takebacks)

    @property
    def seed(self) -> int:
        """The seed: the same deals can be played again."""
        return self.record.config.seed

    def replay(self) -> GameState:
        """The final state, rebuilt from the record."""
        return self.record.rebuild(deal_rng(self.seed))

    def state_after(self, n: int) -> GameState:
        """The game after its first ``n`` actions (0..len(actions)), for a step-by-step replay."""
        n = max(0, min(n, len(self.record.actions)))
        return GameRecord(self.config, self.record.actions[:n]).rebuild(deal_rng(self.seed))

    @staticmethod
    def from_game(state: GameState, seats: list[SeatSpec] | tuple[SeatSpec, ...],
                  started: datetime | None = None, finished: datetime | None = None,
                  takebacks: Sequence[TakeBack] = ()) -> HistoryEntry:
        """The entry for a finished game (``ValueError`` if it is not over)."""
        if not state.is_terminal:
            raise ValueError("only a finished game goes into the history")
        seats = tuple(seats)
        if len(seats) != state.config.players:
            raise ValueError(f"{len(seats)} seats for {state.config.players} players")
        totals = tuple(state.totals)
        return HistoryEntry(GameRecord.of(state, takebacks), seats, finished or checks.now(), started,
                            tuple(state.history), totals, winning_seats(totals))

    def to_dict(self) -> dict[str, Any]:
        """JSON form (one history line)."""
        cfg = self.record.config
        return {
            "schema": HISTORY_SCHEMA,
            "finished": checks.iso(self.finished),
            "started": None if self.started is None else checks.iso(self.started),
            "edition": cfg.edition.value,
            "options": cfg.options.to_dict(),
            "seed": cfg.seed,
            "players": [s.to_dict() for s in self.seats],
            "rounds": [_row_to_dict(r) for r in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "takebacks": self.takebacks,
            "record": self.record.to_dict(),
            # optional (#35): absent in lines written before it and for games not measured whole
            **({} if self.played is None else {"played": round(self.played, 1)}),
        }

    @staticmethod
    def from_dict(data: Any, verify: bool = True) -> HistoryEntry:
        """Read a schema-1 line's object; with ``verify`` the record is replayed and compared.

        Anything wrong raises ``Invalid`` (or ``NewerVersion`` for a record from a newer engine).
        """
        d = checks.obj(data, "history entry")
        record = read_record(d.get("record"))
        cfg = record.config
        n = cfg.players
        if d.get("edition") != cfg.edition.value or d.get("seed") != cfg.seed \
                or d.get("options") != cfg.options.to_dict():
            raise Invalid("edition, options or seed differ from the record's")
        seats = seats_from_list(d.get("players"), n)
        finished = checks.timestamp(d.get("finished"), "finished")
        started = None if d.get("started") is None else checks.timestamp(d["started"], "started")
        raw_rows = d.get("rounds")
        if not isinstance(raw_rows, list) or len(raw_rows) != cfg.rounds:
            raise Invalid(f"rounds must be a list of {cfg.rounds} score rows")
        rows = tuple(_row_from_dict(r, i + 1, n) for i, r in enumerate(raw_rows))
        totals = checks.int_list(d.get("totals"), "totals", n, -SCORE_LIMIT, SCORE_LIMIT)
        win = d.get("winners")
        if not isinstance(win, list) or not win:
            raise Invalid("winners must be a list of seats")
        winners = tuple(checks.integer(w, "winner", 0, n - 1) for w in win)
        _check_sums(rows, totals, winners)
        count = d.get("takebacks", 0)           # absent in lines written before take-backs
        if checks.integer(count, "takebacks", 0, MAX_TAKEBACKS) != len(record.takebacks):
            raise Invalid("the take-back count differs from the record's")
        played = None if d.get("played") is None else checks.number(d["played"], "played", 0,
                                                                     PLAYED_LIMIT)
        entry = HistoryEntry(record, seats, finished, started, rows, totals, winners, played)
        if verify:
            state = prove_legal(record)
            if not state.is_terminal:
                raise Invalid("the record does not reach the end of the game")
            if tuple(state.history) != rows or tuple(state.totals) != totals:
                raise Invalid("the stored scores differ from the replayed game")
        return entry


def _row_to_dict(r: RoundResult) -> dict[str, Any]:
    return {"round": r.round, "dealer": r.dealer, "trump": r.trump, "bids": list(r.bids),
            "tricks": list(r.tricks), "points": list(r.points), "totals": list(r.totals)}


def _row_from_dict(data: Any, number: int, n: int) -> RoundResult:
    d = checks.obj(data, "score row")
    if checks.integer(d.get("round"), "round", 1, 60) != number:
        raise Invalid(f"score row {number} is out of order")
    dealer = checks.integer(d.get("dealer"), "dealer", 0, n - 1)
    trump = d.get("trump")
    if trump is not None:
        checks.choice(trump, "trump", SUITS)
    bids = checks.int_list(d.get("bids"), "bids", n, 0, number)
    tricks = checks.int_list(d.get("tricks"), "tricks", n, 0, number)
    if sum(tricks) > number:
        raise Invalid(f"more tricks than cards in round {number}")
    points = checks.int_list(d.get("points"), "points", n, -SCORE_LIMIT, SCORE_LIMIT)
    totals = checks.int_list(d.get("totals"), "totals", n, -SCORE_LIMIT, SCORE_LIMIT)
    return RoundResult(round=number, dealer=dealer, trump=trump, bids=bids, tricks=tricks,
                       points=points, totals=totals)


def _check_sums(rows: tuple[RoundResult, ...], totals: tuple[int, ...],
                winners: tuple[int, ...]) -> None:
    running = [0] * len(totals)
    for r in rows:
        running = [t + p for t, p in zip(running, r.points, strict=True)]
        if tuple(running) != r.totals:
            raise Invalid(f"round {r.round} totals do not add up")
    if tuple(running) != totals:
        raise Invalid("final totals do not match the score rows")
    if winners != winning_seats(totals):
        raise Invalid("winners do not match the totals")
