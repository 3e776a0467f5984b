"""Stored reviews: one JSON document per reviewed game in the history database, keyed by game.

A finished game's id is ``review_id(entry)``: a digest of its record and its seats, so a game
written before reviews existed has one too (it is also the history's UNIQUE game key). A review
is derived data, but a player waits for it, so it is kept: versioned (``schema``), stamped with
``REVIEW_ENGINE``, stored as its JSON document so that what a review holds can change without a
change of the database's tables.

- Missing, from another engine or an older schema: ``load_review`` gives None (recompute; the
  new review replaces the stale one).
- From a newer schema: None too; saving then writes the newer document aside first
  (``review-<id>.json.newer-<stamp>`` in the data folder).
- Damaged (not JSON, wrong types, numbers out of range, over ``REVIEW_LIMIT`` bytes, another
  game's review): written aside as ``review-<id>.json.damaged-<stamp>`` and removed from the
  database; a ``Problem(DAMAGED, FileKind.REVIEW)`` is reported; the game stays in the history.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wizard import checks
from wizard.checks import Invalid
from wizard.persistence.files.aside import DAMAGED, NEWER, write_aside
from wizard.persistence.files.atomic import dump_json, parse_json
from wizard.persistence.files.problems import FileKind, Problem, ProblemKind
from wizard.persistence.history.entry import HistoryEntry
from wizard.review.decisions import BID, GAME_ID_RE, REVIEW_ENGINE, REVIEW_SCHEMA, Review

REVIEWS_DIR = "reviews"          # where earlier versions kept one file per review (migrated)
REVIEW_LIMIT = 1 << 20


def review_id(entry: HistoryEntry) -> str:
    """The id of a finished game for its review: 20 hex digits from its record and seats."""
    seats = [[s.name, s.kind, s.level] for s in entry.seats]
    text = json.dumps([entry.record.to_dict(), seats], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def doc_version(raw: bytes) -> int | None:
    """The schema of a review document if it is a plain version number, else None."""
    try:
        data = parse_json(raw)
    except Invalid:
        return None
    version = data.get("schema", 0) if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and 0 <= version < 10**6:
        return version
    return None


def read_review(raw: bytes, game_id: str, players: int = 6) -> Review | None:
    """The review in a document if it is current and of game ``game_id``; None if it is older,
    newer or of another engine (to recompute); ``Invalid`` if it is damaged."""
    if len(raw) > REVIEW_LIMIT:
        raise Invalid(f"review is over {REVIEW_LIMIT} bytes")
    try:
        data = checks.obj(parse_json(raw), "review")
        version = data.get("schema", 0)
        if isinstance(version, int) and not isinstance(version, bool) \
                and 0 <= version < 10**6 and version != REVIEW_SCHEMA:
            return None                        # older: recomputed; newer: kept until we write
        if version != REVIEW_SCHEMA:
            raise Invalid(f"schema must be a version number, not {version!r}")
        review = Review.from_dict(data, players)
    except Invalid:
        raise
    except Exception as e:                     # never a reason to fail: it is damaged
        raise Invalid(f"{type(e).__name__}: {e}") from None
    if review.game_id != game_id:
        raise Invalid("the review of another game")
    if review.engine != REVIEW_ENGINE:
        return None                            # another Expert: recomputed, never trusted
    return review


class Reviews:
    """The stored reviews of one history (what a ``Store`` holds as ``store.reviews``): ``db`` is
    the history's database when asked (``History.db``: a ``HistoryDB`` or None), ``report`` tells the player of a review
    set aside."""

    def __init__(self, data_dir: Path, db: Callable[..., Any],
                 report: Callable[[Problem], None]) -> None:
        self.data_dir = data_dir
        self._db = db
        self._report = report

    def _review_aside(self, game_id: str, doc: str, detail: str, tag: str = DAMAGED) -> None:
        """Write a stored review document aside as a file (it is kept, never just dropped)."""
        where = self.data_dir / f"review-{game_id}.json"
        try:
            moved: Path | None = write_aside(where, doc.encode("utf-8"), tag)
        except OSError as e:
            moved = None
            detail = f"{detail}; could not write it aside: {e}"
        kind = ProblemKind.DAMAGED if tag == DAMAGED else ProblemKind.NEWER_VERSION
        self._report(Problem(kind, FileKind.REVIEW, where, moved, detail=detail))

    def load(self, game_id: str, players: int = 6,
                    game: HistoryEntry | None = None) -> Review | None:
        """The stored review of game ``game_id`` if it is current; None otherwise. Never raises.

        With ``game`` (the finished game itself), the review is also checked against it: the
        same number of rounds and seats, and each decision an action the game really has (the
        bid or card at its step); a review that does not match is written aside, dropped from
        the database and recomputed.
        """
        if not GAME_ID_RE.fullmatch(game_id):
            return None
        db = self._db(create=False)
        if db is None:
            return None
        try:
            doc = db.review_doc(game_id)
        except Exception as e:
            self._report(Problem(ProblemKind.UNREADABLE, FileKind.REVIEW, db.path, detail=str(e)))
            return None
        if doc is None:
            return None
        try:
            review = read_review(doc.encode("utf-8"), game_id, players)
            if review is not None and game is not None:
                check_against(review, game)
            return review
        except Invalid as e:
            self._review_aside(game_id, doc, str(e))
            try:
                db.drop_review(game_id)
            except Exception:
                pass
            return None

    def save(self, review: Review) -> bool:
        """Store ``review`` (one statement); a newer-version document there is written aside first."""
        db = self._db()
        if db is None:
            return False
        try:
            old = db.review_doc(review.game_id)
            if old is not None:
                version = doc_version(old.encode("utf-8"))
                if version is not None and version > REVIEW_SCHEMA:
                    self._review_aside(review.game_id, old,
                                       f"schema {version} is newer than {REVIEW_SCHEMA}", NEWER)
            doc = dump_json(review.to_dict()).decode("utf-8").rstrip("\n")
            db.put_review(review.game_id, REVIEW_SCHEMA, review.engine, doc)
        except Exception as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.REVIEW, db.path, detail=str(e),
                                 errno=getattr(e, "errno", None)))
            return False
        return True


def check_against(review: Review, game: HistoryEntry) -> None:
    """``Invalid`` unless ``review`` fits ``game``: its rounds, its seats, and each decision the
    bid or card the game's record holds at that step."""
    if review.rounds != game.config.rounds:
        raise Invalid(f"the review has {review.rounds} rounds, the game {game.config.rounds}")
    if any(s >= game.config.players for s in review.seats):
        raise Invalid("the review names a seat the game does not have")
    actions = game.record.actions
    for d in review.decisions:
        done = actions[d.step].record() if d.step < len(actions) else None
        wanted = f"bid {d.chosen}" if d.kind == BID else f"play {d.chosen}"
        if done != wanted:
            raise Invalid(f"decision at step {d.step} is not the game's ({done!r})")


def load_review(store: Any, game: HistoryEntry | str) -> Review | None:
    """For the statistics: the stored, current review of ``game`` (a history entry or its
    ``review_id``), or None. Never raises; a damaged review is set aside and reported in
    ``store.problems`` like any other."""
    try:
        if isinstance(game, HistoryEntry):
            return store.load_review(review_id(game), game.config.players, game)
        return store.load_review(game)
    except Exception:          # the statistics never fail because of a review
        return None
