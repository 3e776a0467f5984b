"""The bot protocol of BOT_PROTOCOL.md: a seat's view as a JSON request, and back.

``request_of(view)`` builds the ``decide`` request sent to an external bot;
``view_of(request)`` rebuilds a ``PlayerView`` from it (used by ``python -m wizard.bot``,
which proves the request carries everything our own players need);
``answer_action(view, text)`` maps a bot's answer to a legal action or says why it is not one.
"""

from __future__ import annotations

import json
from typing import Any

from .engine import (
    Action,
    Card,
    Edition,
    Options,
    Phase,
    PlayerView,
    PublicConfig,
    TrickRecord,
)

# The phases a seat decides in, by the "kind" a request names them with (their lower-case values).
KINDS = {p.value: p for p in (Phase.BID, Phase.PLAY, Phase.TRUMP)}
_KIND_OF = {p: kind for kind, p in KINDS.items()}


def _cards(cs: Any) -> list[str]:
    return [c.text for c in cs]


def request_of(view: PlayerView) -> dict[str, Any]:
    """The ``decide`` request for the seat to act (its whole view)."""
    return {
        "type": "decide",
        "kind": _KIND_OF[view.phase],
        "seat": view.seat,
        "players": view.players,
        "edition": view.edition,
        "options": view.config.options.to_dict(),
        "round": view.round,
        "rounds": view.rounds,
        "dealer": view.dealer,
        "leader": view.leader,
        "hand": None if view.hand is None else _cards(view.hand),
        "visible_hands": {str(s): _cards(h) for s, h in sorted(view.visible_hands.items())},
        "turned": None if view.turned is None else view.turned.text,
        "trump": view.trump,
        "bids": list(view.bids),
        "tricks": list(view.tricks),
        "totals": list(view.totals),
        "trick": [{"seat": s, "card": c.text} for s, c in view.trick],
        "tricks_played": [{"cards": [{"seat": s, "card": c.text} for s, c in t.cards],
                           "winner": t.winner, "void": t.void} for t in view.tricks_played],
        "legal": [str(a) for a in view.legal],
    }


def end_message(totals: list[int] | tuple[int, ...]) -> dict[str, Any]:
    """The ``end`` request closing a game."""
    return {"type": "end", "totals": list(totals)}


def _trick(items: list[dict[str, Any]]) -> tuple[tuple[int, Card], ...]:
    return tuple((int(x["seat"]), Card.from_str(x["card"])) for x in items)


def _action_of(kind: str, text: str) -> Action:
    from .engine import ChooseTrump, bid, play
    if kind == "bid":
        return bid(int(text))
    if kind == "trump":
        return ChooseTrump(text)
    return play(Card.from_str(text))


def view_of(req: dict[str, Any]) -> PlayerView:
    """A ``PlayerView`` rebuilt from a ``decide`` request (history is not carried: empty)."""
    n = int(req["players"])
    opts = Options.from_dict(req["options"])
    cfg = PublicConfig(players=n, edition=Edition(req["edition"]), options=opts)
    r = int(req["round"])
    trick = _trick(req["trick"])
    played = [0] * n
    records = []
    for t in req["tricks_played"]:
        cards = _trick(t["cards"])
        records.append(TrickRecord(cards, int(t["winner"]), bool(t["void"])))
        for s, _ in cards:
            played[s] += 1
    for s, _ in trick:
        played[s] += 1
    kind = req["kind"]
    phase = KINDS[kind]
    dealer = int(req["dealer"])
    bids = tuple(None if b is None else int(b) for b in req["bids"])
    if phase is Phase.PLAY:
        made = tuple(True for _ in range(n))
    elif phase is Phase.TRUMP:
        made = tuple(False for _ in range(n))
    else:
        seat = int(req["seat"])
        order = [(dealer + 1 + i) % n for i in range(n)]
        before = set(order[:order.index(seat)])
        made = tuple(s in before for s in range(n))
    hand = req["hand"]
    return PlayerView(
        seat=int(req["seat"]), config=cfg, phase=phase, current_player=int(req["seat"]),
        round=r, rounds=int(req["rounds"]), dealer=dealer, leader=int(req["leader"]),
        hand=None if hand is None else tuple(Card.from_str(c) for c in hand),
        hand_size=tuple(r - played[s] for s in range(n)),
        visible_hands={int(s): tuple(Card.from_str(c) for c in h)
                       for s, h in req.get("visible_hands", {}).items()},
        turned=None if req["turned"] is None else Card.from_str(req["turned"]),
        trump=req["trump"], bids=bids, bids_made=made, tricks=tuple(req["tricks"]),
        totals=tuple(req["totals"]), trick=trick, tricks_played=tuple(records), history=(),
        legal=tuple(_action_of(kind, x) for x in req["legal"]))


def encode_answer(action: Action) -> str:
    """A bot's answer line for ``action``: a bare JSON string."""
    return json.dumps(str(action))


def answer_action(view: PlayerView, line: str) -> tuple[Action | None, str]:
    """The legal action a bot's answer line names, or (None, why it is refused)."""
    try:
        text = json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: nested too deep for the parser
        return None, f"not JSON: {line.strip()[:80]!r}"
    if not isinstance(text, str):
        return None, f"not a JSON string: {line.strip()[:80]!r}"
    for a in view.legal:
        if str(a) == text:
            return a, ""
    return None, f"not a legal answer: {text!r}"


__all__ = ["request_of", "view_of", "end_message", "encode_answer", "answer_action"]
