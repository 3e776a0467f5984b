"""Run rules conformance vectors: ``python -m wizard.conformance FILE.jsonl ...``.

Prints one line per failing vector and ends with ``N passed, M failed``.
Exit status: 0 all passed, 1 some failed, 2 a file could not be read or a vector is malformed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

from wizard.engine import (
    Card,
    CardError,
    ChooseTrump,
    ConfigError,
    Edition,
    GameConfig,
    IllegalBidError,
    IllegalPlayError,
    Options,
    Phase,
    bid,
    play,
)
from wizard.engine.bidding import legal_bids
from wizard.engine.scoring import round_points
from wizard.engine.state import GameState
from wizard.engine.trick import legal_cards, trick_winner


class Malformed(ValueError):
    """A vector that does not follow the format of the conformance README."""


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise Malformed(f"{what} must be a list of cards")
    try:
        return [Card.from_str(v) for v in value]
    except CardError as e:
        raise Malformed(f"{what}: {e}") from None


def _suit(value: Any, what: str) -> str | None:
    if value is None or value in ("B", "G", "R", "Y"):
        return value  # type: ignore[no-any-return]
    raise Malformed(f"{what} must be B, G, R, Y or null")


def _int(v: dict[str, Any], key: str) -> int:
    value = v.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed(f"{key} must be an integer")
    return value


def _config(v: dict[str, Any], players_required: bool) -> GameConfig:
    players = v.get("players", 4)
    if players_required and "players" not in v:
        raise Malformed("players is required for this kind")
    try:
        return GameConfig(players=players, edition=Edition(v.get("edition", "classic")),
                          options=Options.from_dict(v.get("options", {})))
    except (ConfigError, ValueError) as e:
        raise Malformed(str(e)) from None


def _trick(v: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(v, False)
    cards = _cards(v.get("cards"), "cards")
    if not cards:
        raise Malformed("cards must not be empty")
    winner, void = trick_winner(cards, _suit(v.get("trump"), "trump"), cfg.edition.value,
                                cfg.scroll_active)
    return {"winner": winner, "void": void}


def _legal_plays(v: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(v, False)
    legal = legal_cards(_cards(v.get("hand"), "hand"), _cards(v.get("trick", []), "trick"),
                        _suit(v.get("trump"), "trump"), cfg.scroll_active)
    return {"legal": [c.text for c in legal]}


def _legal_bids(v: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(v, True)
    before = v.get("bids_before", [])
    totals = v.get("totals")
    if not isinstance(before, list) or not all(isinstance(b, int) for b in before):
        raise Malformed("bids_before must be a list of integers")
    if totals is not None and (not isinstance(totals, list) or len(totals) != cfg.players):
        raise Malformed("totals must list one total per player")
    return {"legal": legal_bids(_int(v, "round"), before, cfg.game_rules, totals)}


def _score(v: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(v, True)
    return {"points": round_points(_int(v, "bid"), _int(v, "tricks"), edition=cfg.edition.value,
                                   round_=_int(v, "round"), rounds=cfg.rounds,
                                   grail_bonus=bool(v.get("grail_bonus", False)),
                                   voided_round=bool(v.get("voided_round", False)))}


def _round(v: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(v, True)
    n = cfg.players
    hands_raw = v.get("hands")
    if not isinstance(hands_raw, list):
        raise Malformed("hands must be a list")
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands_raw)]
    turned_raw = v.get("turned")
    turned = None if turned_raw is None else _cards([turned_raw], "turned")[0]
    totals = v.get("totals")
    try:
        state = GameState.at_deal(cfg, _int(v, "round"), _int(v, "dealer"), hands, turned, totals)
    except ValueError as e:
        raise Malformed(str(e)) from None
    if state.phase is Phase.TRUMP:
        if "trump_choice" not in v:
            raise Malformed("the dealer must choose a trump: trump_choice is missing")
        state.apply(ChooseTrump(_suit(v["trump_choice"], "trump_choice") or "?"))
    elif "trump_choice" in v:
        raise Malformed("trump_choice given but the dealer does not choose")
    bids = v.get("bids")
    if not isinstance(bids, list) or len(bids) != n:
        raise Malformed("bids must list one bid per seat")
    for seat in state.bidding_order():
        b = bids[seat]
        if not isinstance(b, int):
            raise Malformed("bids must be integers")
        try:
            state.apply(bid(b))
        except IllegalBidError:
            return {"error": "illegal_bid", "at": seat}
    plays = _cards(v.get("plays"), "plays")
    for k, c in enumerate(plays):
        if state.phase is not Phase.PLAY:
            raise Malformed(f"plays[{k}] comes after the round ended")
        try:
            state.apply(play(c))
        except IllegalPlayError:
            return {"error": "illegal_play", "at": k}
    if state.phase is Phase.PLAY:
        raise Malformed("plays end before the round does")
    last = state.history[-1]
    return {"tricks": list(last.tricks), "points": list(last.points)}


KINDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "trick": _trick, "legal_plays": _legal_plays, "legal_bids": _legal_bids, "score": _score,
    "round": _round,
}


def _same(kind: str, expect: dict[str, Any], got: dict[str, Any]) -> bool:
    if kind == "legal_plays":
        exp = expect.get("legal")
        return isinstance(exp, list) and Counter(exp) == Counter(got["legal"])
    return expect == got


def check_vector(v: dict[str, Any]) -> tuple[bool, dict[str, Any] | str]:
    """(passed, what the engine said) for one vector; raises ``Malformed``."""
    if not isinstance(v, dict) or not isinstance(v.get("id"), str) or "kind" not in v:
        raise Malformed("a vector needs an id and a kind")
    if not isinstance(v.get("expect"), dict):
        raise Malformed("expect must be an object")
    fn = KINDS.get(v["kind"])
    if fn is None:
        return False, f"unknown kind {v['kind']!r}"
    got = fn(v)
    return _same(v["kind"], v["expect"], got), got


def run(paths: list[str], out: Any = sys.stdout) -> int:
    """Run every vector of ``paths``; returns the exit status."""
    passed = failed = 0
    malformed = False
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.readlines()
        except OSError as e:
            print(f"{path}: cannot read: {e.strerror}", file=out)
            malformed = True
            continue
        for lineno, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                v = json.loads(line)
                ok, got = check_vector(v)
            except (json.JSONDecodeError, Malformed) as e:
                print(f"{path}:{lineno}: malformed vector: {e}", file=out)
                malformed = True
                continue
            if ok:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {v['id']}: expected {json.dumps(v['expect'])}, engine said "
                      f"{json.dumps(got)}", file=out)
    print(f"{passed} passed, {failed} failed", file=out)
    if malformed:
        return 2
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m wizard.conformance", description=__doc__)
    parser.add_argument("files", nargs="+", help="JSON-lines files of vectors")
    args = parser.parse_args(argv)
    return run(args.files)


if __name__ == "__main__":
    sys.exit(main())
