"""The post-game review (issue #19): what each person's bids and cards cost, by Expert's measure,
and the figures a person's history adds up to (issue #36: the review's domain lives here).

- ``decisions``: a ``Review`` and its ``Decision``\\ s (the data a review keeps, checked on load),
  ``points_lost_by_round``.
- ``stats``: ``StatLine``/``PlayerStats`` (the Statistics screen's figures); ``progress``:
  ``Progress`` (the Progress screen's). The program works them out in SQL, in
  ``wizard.persistence.history.stats``; ``compute_stats`` and ``progress`` here are the same
  figures worked out in Python over a list of games, kept as the test oracle.
- ``engine``: the game replayed, each real decision appraised by Expert from that seat's view;
  ``job``: that in a child process; ``words``: the findings in plain words.

For each human seat of a finished game (a history ``HistoryEntry``), the game is replayed and each
real decision is appraised by Expert (in round points) from that seat's view only. The ``Review``
keeps every appraised decision; the findings are those at least a threshold (the
``review_threshold`` setting, 10 points by default) below Expert's best, most costly first.

    job = ReviewJob(entry, save=store.save_review)   # a child process; job.progress, job.cancel()
    review = job.review                               # once job.finished (None if cancelled)
    review = review_game(entry)                       # the same, here and now

For the statistics (no Expert needed, never raises on a damaged file)::

    from wizard.persistence import load_review, review_id
    from wizard.review.decisions import points_lost_by_round
    review = load_review(store, entry)          # the stored, current review, or None
    lost = points_lost_by_round(review, seat)   # points lost in each round (seat None: all people)

Stored as a JSON document keyed by ``review_id(entry)`` in the history database
(``wizard.persistence.history.reviews``).

The names below are loaded when first asked for: the history imports this package's data modules
(``decisions``, ``stats``, ``progress``) without loading Expert or the history itself again.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOME = {
    "DEFAULT_THRESHOLD": "decisions", "Decision": "decisions", "Review": "decisions",
    "points_lost_by_round": "decisions",
    "Moment": "engine", "appraise": "engine", "expert_appraiser": "engine", "moments": "engine",
    "people": "engine", "review_game": "engine",
    "ReviewJob": "job",
}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'wizard.review' has no attribute {name!r}")
    return getattr(importlib.import_module(f"wizard.review.{home}"), name)
