"""A minimal external Wizard bot (protocol: docs/bot-protocol.md), standard library only.

Run it as a seat of the arena:
    python -m wizard.arena --seats 'normal,cmd:python3 wizard/ai/example_bot.py,normal,normal'

It bids the number of Wizards and high trumps it holds, and plays its highest card while it
still wants tricks, its lowest otherwise. Copy it and make it better.
"""

from __future__ import annotations

import json
import sys
from typing import Any

ORDER = {"W": 100, "MERLIN": 100, "MERLIN:W": 100, "MORGAN": 150, "GRAIL": 40, "J": 0, "MERLIN:J": 0,
         "EXCALIBUR": -1}


def strength(card: str, trump: str | None) -> int:
    """A rough strength: Wizards high, then trumps, then rank; Jesters low."""
    if card in ORDER:
        return ORDER[card]
    suit, rank = card[0], int(card[1:])
    return rank + (20 if suit == trump else 0)


def decide(req: dict[str, Any]) -> str:
    """The answer to one decide request: one element of req['legal']."""
    legal: list[str] = req["legal"]
    trump = req["trump"]
    seat = req["seat"]
    if req["kind"] == "trump":
        hand = req["hand"] or []
        return max(legal, key=lambda s: sum(1 for c in hand if c[0] == s and c[1:].isdigit()))
    if req["kind"] == "bid":
        hand = req["hand"] or []
        want = sum(1 for c in hand if strength(c, trump) >= 30)
        return min(legal, key=lambda b: abs(int(b) - want))
    wanted = (req["bids"][seat] or 0) - req["tricks"][seat]
    if wanted > 0:
        return max(legal, key=lambda c: strength(c, trump))
    return min(legal, key=lambda c: strength(c, trump))


def main() -> None:
    """Answer requests line by line until end of input."""
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        if req.get("type") == "decide":
            sys.stdout.write(json.dumps(decide(req)) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
