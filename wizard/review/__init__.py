"""The post-game review (issue #19): what each person's bids and cards cost, by Expert's measure.

For each human seat of a finished game (a history ``HistoryEntry``), the game is replayed and each
real decision is appraised by Expert (in round points) from that seat's view only. The ``Review``
keeps every appraised decision; the findings are those at least a threshold (the
``review_threshold`` setting, 10 points by default) below Expert's best, most costly first.

    job = ReviewJob(entry, save=store.save_review)   # a child process; job.progress, job.cancel()
    review = job.review                               # once job.finished (None if cancelled)
    review = review_game(entry)                       # the same, here and now

For the statistics (no Expert needed, never raises on a damaged file)::

    from wizard.persistence import load_review, points_lost_by_round, review_id
    review = load_review(store, entry)          # the stored, current review, or None
    lost = points_lost_by_round(review, seat)   # points lost in each round (seat None: all people)

Stored as a JSON document keyed by ``review_id(entry)`` in the history database
(``wizard.persistence.review_store``).
"""

from wizard.persistence.review import DEFAULT_THRESHOLD, Decision, Review, points_lost_by_round
from wizard.persistence.review_store import load_review, review_id

from .engine import Moment, appraise, expert_appraiser, moments, people, review_game
from .job import ReviewJob

__all__ = ["DEFAULT_THRESHOLD", "Decision", "Moment", "Review", "ReviewJob", "appraise",
           "expert_appraiser", "load_review", "moments", "people", "points_lost_by_round",
           "review_game", "review_id"]
