"""``python -m wizard.bot LEVEL``: one of our computer players speaking BOT_PROTOCOL.md.

Reads one JSON request per line on stdin, answers each ``decide`` with one JSON string line.
The rng of each decision is derived from the request itself, so answers are reproducible.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import TextIO

from .ai import BASELINES, LEVELS, make_ai
from .protocol import encode_answer, view_of


def serve(level: str, inp: TextIO, out: TextIO) -> int:
    """Answer requests from ``inp`` on ``out`` until end of input; returns decisions made."""
    ai = make_ai(level)
    count = 0
    for line in inp:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        if req.get("type") != "decide":
            continue
        view = view_of(req)
        rng = random.Random(hashlib.sha256(line.encode("utf-8")).hexdigest())
        out.write(encode_answer(ai.decide(view, rng)) + "\n")
        out.flush()
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    args = sys.argv[1:] if argv is None else argv
    names = LEVELS + BASELINES
    if len(args) != 1 or args[0] not in names:
        print(f"usage: python -m wizard.bot {{{','.join(names)}}}", file=sys.stderr)
        return 2
    serve(args[0], sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
