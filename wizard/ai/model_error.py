"""The coach's measured error at tables of each kind (issue #37), as the truth benchmark found it.

``python -m wizard.bench coach-truth --write-errors`` compares the coach with the truths of single
positions (``wizard.bench.coach_truth``) and writes ``coach_error.json`` beside this file: for each table
kind measured ("normal", "hard"), the mean |coach - truth| of the chance and of the expected
points, for the bids within 1 of the coach's best (``near``), per distance from it, and for the
far bids (more than ``FAR`` tricks from it). Nothing here is typed by hand:

- ``MODEL_ERROR``: (chance, points) of the near bids, which the hint's precision line states for
  a table of a kind measured (a kind not measured is not claimed);
- ``far_points_shown(kind)``: whether the points of a far bid are shown at such a table: only
  where the far bids measured meet the benchmark's targets (mean <= 5 points, none further than
  12 + the truth's half-width), over at least ``MIN_FAR_BIDS`` bids; elsewhere they are hidden,
  and ``far_error(kind)`` says how far off they were measured (None: not measured).

A missing or damaged file claims nothing and shows no far points (and says why in the log).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

ERROR_FILE = Path(__file__).with_name("coach_error.json")
FAR = 2                 # far bids: more than this many tricks from the coach's best
MIN_FAR_BIDS = 10       # far bids measured at a table kind before their points can be shown

log = logging.getLogger(__name__)


def read_errors(path: Path = ERROR_FILE) -> dict[str, Any]:
    """The per-table entries of ``path`` ({} if it is missing or not such a file, said in the
    log)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        tables = data["tables"]
        if not isinstance(tables, dict):
            raise TypeError("tables is not a mapping")
        for kind, entry in tables.items():
            float(entry["near"]["chance"])
            float(entry["near"]["points"])
            if not isinstance(kind, str):
                raise TypeError("a table kind is not a name")
    except FileNotFoundError:
        log.warning("%s: no measured model error (run python -m wizard.bench coach-truth "
                    "--write-errors); the hint claims none and shows no far bid's points", path)
        return {}
    except (OSError, ValueError, KeyError, TypeError) as e:
        log.warning("%s: not a model-error file (%s); the hint claims no model error and shows "
                    "no far bid's points", path, e)
        return {}
    return tables


TABLES: dict[str, Any] = read_errors()
#: (chance, points): the mean |coach - truth| of the bids within 1 of the coach's best, by kind.
MODEL_ERROR: dict[str, tuple[float, float]] = {
    kind: (float(e["near"]["chance"]), float(e["near"]["points"])) for kind, e in TABLES.items()}


def far_points_shown(kind: str | None, tables: dict[str, Any] | None = None) -> bool:
    """Whether a far bid's expected points are shown at a table of ``kind``."""
    entry = (TABLES if tables is None else tables).get(str(kind), {}).get("far")
    if not entry:
        return False
    return bool(entry.get("met")) and int(entry.get("bids", 0)) >= MIN_FAR_BIDS


def far_error(kind: str | None, tables: dict[str, Any] | None = None) -> float | None:
    """The far bids' mean |coach - truth| in points measured at tables of ``kind`` (None: not
    measured there)."""
    entry = (TABLES if tables is None else tables).get(str(kind), {}).get("far")
    if not entry or not entry.get("bids"):
        return None
    return float(entry["points"])
