"""The coach's benchmark of single positions with their truths (issue #37).

A *position* is a seat's bid in a real game (a seeded game of Normal and Hard seats, 3 to 6
players, every edition): the deal as that seat sees it, the trump, and the decisions made before
it in the round (the dealer's trump choice, the earlier bids). A *table* is who sits at the other
seats: all Normal, or all Hard.

The *truth* of a position at a table, for a bid ``b``: over deals of the unseen cards drawn
again and again until the earlier seats, played by the table's level from their own view, decide
as they did (rejection sampling: the deals are conditioned on the earlier bids), the seat bids
``b`` and is played by Expert (in round points), the later seats bid and every other seat plays as
the table's level does; the seat's round points, tricks and whether it made the bid are recorded.
The same deals serve every bid of a position and table (differences are paired by deal).

The run is long (thousands of played-out rounds), so every accepted deal and every played-out
bid is appended to a JSONL checkpoint as soon as it is done; a run started again (also in a later
session) reads what is there and goes on where it stopped. Seeds are fixed: deal ``i`` of
position ``p`` at table ``t`` is drawn from ``Random("truth-deal:p:t:i")`` whatever ran before.

    python -m wizard.ai.coach_truth positions --out pos.json      # pick the positions
    python -m wizard.ai.coach_truth run --positions pos.json --dir runs/ --deals 100
    python -m wizard.ai.coach_truth summary --positions pos.json --dir runs/ --out truth.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Action, Bid, Edition, GameConfig, GameState, Phase
from . import make_ai
from . import simulator as F
from .base import Player, decision_rng, play_through
from .knowledge import info_of, legal_codes

TABLES = ("normal", "hard")
EDITIONS = ("classic", "magic", "camelot")
PLAYERS = (3, 4, 5, 6)
#: The levels of the seats in the games the positions come from (rotating by game).
SOURCE_LEVELS = ("normal", "hard", "normal", "hard", "normal", "hard")
MAX_TRIES = 200_000      # draws per deal before a position is given up at a table


@dataclass(frozen=True)
class Position:
    """A seat's bid in a real game: enough to set the round up again with other unseen cards."""

    pid: str
    config: dict[str, Any]
    round: int
    dealer: int
    seat: int
    hands: list[list[int]]        # the real deal (card codes), seat by seat
    turned: int                   # -1: none
    totals: list[int]
    before: list[str]             # the round's decisions before the seat's bid (record form)
    bid_made: int                 # what the seat bid in the real game
    coach_best: int               # the coach's best bid when the positions were picked
    bids: list[int]               # the bids measured (legal ones within 2 of coach_best, and 0)

    def game_config(self) -> GameConfig:
        return GameConfig.from_dict(self.config)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Position:
        return Position(**{k: d[k] for k in Position.__dataclass_fields__})

    def state_with(self, hands: list[list[int]]) -> GameState:
        """The round right after a deal of ``hands`` (the seat's own as it was)."""
        cfg = self.game_config()
        turned = None if self.turned < 0 else F.decode(self.turned)
        return GameState.at_deal(cfg, self.round, self.dealer,
                                 [[F.decode(c) for c in h] for h in hands], turned, self.totals)

    def real_state(self) -> GameState:
        """The position itself: the real deal with the earlier decisions made."""
        s = self.state_with(self.hands)
        for rec in self.before:
            s.apply(Action.from_record(rec))
        return s


# ---- picking positions from real games ---------------------------------------------------------

def source_games(seed: int) -> Iterator[tuple[int, int, str]]:
    """(game number, players, edition): every table size and edition in turn."""
    g = 0
    while True:
        yield g, PLAYERS[g % len(PLAYERS)], EDITIONS[(g // len(PLAYERS)) % len(EDITIONS)]
        g += 1


def pick_positions(seed: int, count: int, max_round: int, coach_seed: int = 0,
                   progress: bool = True) -> list[Position]:
    """``count`` bid positions from seeded games of Normal and Hard seats: one game per table
    size and edition in turn, one bid position per game at a round drawn in 2..``max_round``, the
    seat drawn among the bidders (its place in the bidding order varies). The coach (as committed
    when picking) names its best bid; the bids measured are the legal ones within 2 of it and 0."""
    from .coach import Coach  # the coach of the tree the positions are picked with

    out: list[Position] = []
    for g, players, edition in source_games(seed):
        if len(out) >= count:
            break
        pick = random.Random(f"truth-pick:{seed}:{g}")
        rounds = 60 // players
        rnd = pick.randint(2, min(max_round, rounds))
        order = pick.randrange(players)          # the seat's place in the bidding order
        gseed = seed * 100_003 + g
        levels = [SOURCE_LEVELS[(s + g) % len(SOURCE_LEVELS)] for s in range(players)]
        ais = {lv: make_ai(lv) for lv in set(levels)}
        cfg = GameConfig(players, seed=gseed, edition=Edition(edition))
        state = GameState.new(cfg)
        found: dict[str, Any] = {}

        def decide(seat: int, view: Any, state: GameState = state, found: dict[str, Any] = found,
                   levels: list[str] = levels, ais: dict[str, Player] = ais,
                   gseed: int = gseed, rnd: int = rnd, order: int = order) -> Action:
            step = len(state.actions)
            if state.round == rnd and "start" not in found:
                found["start"] = step - 0       # first decision of the round
                found["deal"] = ([[F.encode(c) for c in h] for h in state.hands],
                                 -1 if state.turned is None else F.encode(state.turned),
                                 list(state.totals), state.dealer)
            if (state.round == rnd and state.phase is Phase.BID and "seat" not in found
                    and state.bid_count == order):
                found["seat"] = seat
                found["before"] = [a.record() for a in state.actions[found["start"]:]]
                found["view"] = view
            return ais[levels[seat]].decide(view, decision_rng(gseed, seat, step))

        play_through(state, random.Random(gseed), decide, rnd)
        if "seat" not in found or found["view"].hand is None:
            continue
        view = found["view"]
        if len(view.legal) < 2:
            continue
        seat = found["seat"]
        hands, turned, totals, dealer = found["deal"]
        row = {r.round: r for r in state.history}[rnd]
        _a, notes = Coach().suggest(view, random.Random(f"truth-coach:{coach_seed}:{g}"))
        ev = notes["ev"]
        best = max(ev, key=lambda b: (ev[b], -b))
        legal = sorted(legal_codes(view))
        bids = sorted({b for b in legal if abs(b - best) <= 2} | ({0} & set(legal)))
        pos = Position(f"s{seed}g{g}", cfg.to_dict(), rnd, dealer, seat, hands, turned, totals,
                       found["before"], row.bids[seat], best, bids)
        out.append(pos)
        if progress:
            print(f"  {pos.pid}: {players}p {edition} round {rnd}, seat {seat} bids "
                  f"{len(pos.before)}th, coach best {best}, bids {bids}", file=sys.stderr,
                  flush=True)
    return out


# ---- conditioned deals ---------------------------------------------------------------------------

def _agrees(level: str, ai: Player, state: GameState, rec: str, rng: random.Random) -> bool:
    """Whether the seat to act, played by ``level``, makes the recorded decision ``rec``."""
    seat = state.current_player
    assert seat is not None
    view = state.view_for(seat)
    want = Action.from_record(rec)
    if level == "hard" and isinstance(want, Bid) and len(view.legal) > 1:
        # Hard simulates only the bids near its rule estimate: outside them it never bids (cheap).
        info = info_of(view)
        cands = ai.candidate_bids(info, legal_codes(view), rng)  # type: ignore[attr-defined]
        if want.n not in cands:
            return False
    return ai.decide(view, rng) == want


def draw_deal(pos: Position, level: str, key: str,
              max_tries: int = MAX_TRIES) -> tuple[list[list[int]] | None, int]:
    """A deal of the unseen cards under which the earlier seats, played by ``level``, decide as
    they did; (hands, draws) or (None, draws) when ``max_tries`` draws found none."""
    rng = random.Random(key)
    ai = make_ai(level)
    mine = pos.hands[pos.seat]
    deck = list(F.DECKS[F.EDITIONS[pos.config["edition"]]])
    for c in [*mine, *([pos.turned] if pos.turned >= 0 else [])]:
        deck.remove(c)
    n = len(pos.hands)
    for tries in range(1, max_tries + 1):
        rng.shuffle(deck)
        hands: list[list[int]] = []
        k = 0
        for s in range(n):
            if s == pos.seat:
                hands.append(list(mine))
            else:
                hands.append(sorted(deck[k:k + pos.round]))
                k += pos.round
        state = pos.state_with(hands)
        ok = True
        for i, rec in enumerate(pos.before):
            if not _agrees(level, ai, state, rec, random.Random(f"{key}:{tries}:{i}")):
                ok = False
                break
            state.apply(Action.from_record(rec))
        if ok:
            return hands, tries
    return None, max_tries


def play_bid(pos: Position, level: str, hands: list[list[int]], bid: int,
             key: str) -> dict[str, Any] | None:
    """The round played out from the position with ``hands``: the seat bids ``bid`` and is
    played by Expert (round points), the others by ``level``. None if ``bid`` is not legal."""
    from .expert import ExpertPlayer

    state = pos.state_with(hands)
    for rec in pos.before:
        state.apply(Action.from_record(rec))
    if Bid(bid) not in state.legal_actions():
        return None
    state.apply(Bid(bid))
    expert = ExpertPlayer(points_only=True)
    other = make_ai(level)
    before = state.totals[pos.seat]
    while not state.is_chance and not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        step = len(state.actions)
        ai = expert if seat == pos.seat else other
        state.apply(ai.decide(state.view_for(seat), random.Random(f"{key}:{seat}:{step}")))
    row = state.history[-1]
    assert row.round == pos.round
    pts = state.totals[pos.seat] - before
    return {"points": pts, "tricks": row.tricks[pos.seat],
            "made": row.tricks[pos.seat] == bid and pts > 0}


# ---- the checkpointed run ------------------------------------------------------------------------

def load_positions(path: Path) -> list[Position]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Position.from_dict(d) for d in data["positions"]]


def read_runs(folder: Path) -> tuple[dict[tuple[str, str, int], dict[str, Any]],
                                     dict[tuple[str, str, int, int], dict[str, Any]]]:
    """Every deal and play-out recorded in ``folder``'s ``*.jsonl`` (a damaged last line, as a
    killed run can leave, is skipped and said)."""
    deals: dict[tuple[str, str, int], dict[str, Any]] = {}
    plays: dict[tuple[str, str, int, int], dict[str, Any]] = {}
    for path in sorted(folder.glob("*.jsonl")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                print(f"{path}:{no}: damaged line skipped", file=sys.stderr)
                continue
            if r.get("kind") == "deal":
                deals[(r["pos"], r["table"], r["deal"])] = r
            elif r.get("kind") == "play":
                plays[(r["pos"], r["table"], r["deal"], r["bid"])] = r
    return deals, plays


def run(positions: Sequence[Position], folder: Path, deals: int, shard: int = 0,
        shards: int = 1, tables: Sequence[str] = TABLES, progress: bool = True) -> None:
    """Play out every (position, table, deal, bid) not yet in ``folder``, appending each to
    ``folder/shard-K.jsonl``. Deals go in steps (10, 25, 50, then ``deals``) over every position,
    the bids within 1 of the coach's best first in each step, so a run stopped early has as many
    deals for every position."""
    folder.mkdir(parents=True, exist_ok=True)
    have_deals, have_plays = read_runs(folder)
    path = folder / f"shard-{shard}.jsonl"
    out = path.open("a", encoding="utf-8")
    if path.stat().st_size and not path.read_bytes().endswith(b"\n"):
        out.write("\n")           # a killed run's half line stays alone (and is skipped)
    started = time.perf_counter()
    given_up = {(d["pos"], d["table"]) for d in have_deals.values() if d.get("hands") is None}
    mine = [p for i, p in enumerate(positions) if i % shards == shard]

    def write(r: dict[str, Any]) -> None:
        out.write(json.dumps(r, separators=(",", ":")) + "\n")
        out.flush()

    steps = [s for s in (10, 25, 50) if s < deals] + [deals]
    done = 0
    for step in steps:
        for near in (True, False):
            for i in range(step):
                for pos in mine:
                    bids = [b for b in pos.bids if (abs(b - pos.coach_best) <= 1) == near]
                    for table in tables:
                        if (pos.pid, table) in given_up or not bids:
                            continue
                        dk = (pos.pid, table, i)
                        d = have_deals.get(dk)
                        if d is None:
                            t0 = time.process_time()
                            hands, tries = draw_deal(pos, table, f"truth-deal:{pos.pid}:{table}:{i}")
                            d = {"kind": "deal", "pos": pos.pid, "table": table, "deal": i,
                                 "hands": hands, "tries": tries,
                                 "cpu": round(time.process_time() - t0, 2)}
                            write(d)
                            have_deals[dk] = d
                            if hands is None:
                                given_up.add((pos.pid, table))
                                continue
                        for b in bids:
                            if (pos.pid, table, i, b) in have_plays:
                                continue
                            t0 = time.process_time()
                            res = play_bid(pos, table, d["hands"], b,
                                           f"truth-play:{pos.pid}:{table}:{i}:{b}")
                            r = {"kind": "play", "pos": pos.pid, "table": table, "deal": i,
                                 "bid": b, "cpu": round(time.process_time() - t0, 2)}
                            if res is None:
                                r["illegal"] = True
                            else:
                                r.update(res)
                            write(r)
                            have_plays[(pos.pid, table, i, b)] = r
                            done += 1
                            if progress and done % 20 == 0:
                                print(f"  {done} play-outs this run, {time.perf_counter() - started:.0f} s;"
                                      f" step {step} {'near' if near else 'far'} deal {i}",
                                      file=sys.stderr, flush=True)
    out.close()


# ---- the truths ------------------------------------------------------------------------------

def summarise(positions: Sequence[Position], folder: Path) -> dict[str, Any]:
    """Per position, table and bid: deals, mean points and its 95 % half-width, the share made;
    only deals where every bid of the position's near set was played (paired)."""
    deals, plays = read_runs(folder)
    out: dict[str, Any] = {}
    for pos in positions:
        per: dict[str, Any] = {}
        for table in TABLES:
            rows: dict[str, Any] = {}
            idx = sorted(i for (p, t, i), d in deals.items()
                         if p == pos.pid and t == table and d.get("hands") is not None)
            tries = [deals[(pos.pid, table, i)]["tries"] for i in idx]
            for b in pos.bids:
                got = [plays[(pos.pid, table, i, b)] for i in idx
                       if (pos.pid, table, i, b) in plays]
                got = [g for g in got if not g.get("illegal")]
                if not got:
                    continue
                pts = [g["points"] for g in got]
                n = len(pts)
                m = sum(pts) / n
                sd = math.sqrt(sum((x - m) ** 2 for x in pts) / (n - 1)) if n > 1 else 0.0
                rows[str(b)] = {"deals": n, "points": round(m, 2),
                                "half": round(1.96 * sd / math.sqrt(n), 2) if n > 1 else None,
                                "made": round(sum(g["made"] for g in got) / n, 3),
                                "values": pts}
            per[table] = {"deals": len(idx), "mean_tries": round(sum(tries) / len(tries), 1)
                          if tries else None, "bids": rows}
        out[pos.pid] = per
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m wizard.ai.coach_truth")
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("positions")
    a.add_argument("--seed", type=int, default=37)
    a.add_argument("--count", type=int, default=36)
    a.add_argument("--max-round", type=int, default=9)
    a.add_argument("--out", type=Path, required=True)
    b = sub.add_parser("run")
    b.add_argument("--positions", type=Path, required=True)
    b.add_argument("--dir", type=Path, required=True)
    b.add_argument("--deals", type=int, default=100)
    b.add_argument("--shard", type=int, default=0)
    b.add_argument("--shards", type=int, default=1)
    c = sub.add_parser("summary")
    c.add_argument("--positions", type=Path, required=True)
    c.add_argument("--dir", type=Path, required=True)
    c.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    if args.cmd == "positions":
        pos = pick_positions(args.seed, args.count, args.max_round)
        args.out.write_text(json.dumps({"seed": args.seed, "max_round": args.max_round,
                                        "positions": [x.to_dict() for x in pos]}, indent=1),
                            encoding="utf-8")
        print(f"{len(pos)} positions written to {args.out}")
    elif args.cmd == "run":
        run(load_positions(args.positions), args.dir, args.deals, args.shard, args.shards)
    else:
        positions = load_positions(args.positions)
        summary = summarise(positions, args.dir)
        if args.out:
            head = json.loads(args.positions.read_text(encoding="utf-8"))
            data = {"about": "issue #37: bid positions of real games and their truths at tables of "
                             "Normal and Hard seats (python -m wizard.ai.coach_truth; checked by "
                             "python -m wizard.bench coach-truth)",
                    "seed": head.get("seed"), "max_round": head.get("max_round"),
                    "positions": head["positions"], "truths": summary}
            args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        for pid, per in summary.items():
            print(pid, {t: (v["deals"], {b: (r["deals"], r["points"], r["made"])
                                         for b, r in v["bids"].items()}) for t, v in per.items()})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
