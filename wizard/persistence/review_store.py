"""Stored reviews: ``reviews/<game id>.json`` beside the history, one file per reviewed game.

A finished game's id is ``review_id(entry)``: a digest of its record and its seats, so a game
written before reviews existed has one too. A review is derived data, but a player waits for it,
so it is kept: written atomically, versioned (``schema``), stamped with ``REVIEW_ENGINE``.

- Missing, from another engine or an older schema: ``load_review`` gives None (recompute; the
  new review replaces the stale file).
- From a newer schema: None too; saving then renames the newer file ``.newer-<stamp>`` first.
- Damaged (not JSON, wrong types, numbers out of range, over ``REVIEW_LIMIT`` bytes, a folder
  or a link in its place, another game's review): moved aside as ``.damaged-<stamp>`` and a
  ``Problem(DAMAGED, FileKind.REVIEW)`` is reported; the game stays in the history.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from . import checks
from .aside import DAMAGED, NEWER, move_aside
from .atomic import TooLarge, dump_json, parse_json, read_bytes, write_bytes_atomic
from .checks import Invalid
from .history import HistoryEntry
from .history_file import open_regular
from .paths import PathError, inside
from .problems import FileKind, Problem, ProblemKind
from .review import BID, GAME_ID_RE, REVIEW_ENGINE, REVIEW_SCHEMA, Review

REVIEWS_DIR = "reviews"
REVIEW_LIMIT = 1 << 20


def review_id(entry: HistoryEntry) -> str:
    """The id of a finished game for its review: 20 hex digits from its record and seats."""
    seats = [[s.name, s.kind, s.level] for s in entry.seats]
    text = json.dumps([entry.record.to_dict(), seats], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


class ReviewFiles:
    """The reviews part of the ``Store`` (mixed in; shares its folder and problems)."""

    data_dir: Path
    problems: list[Problem]

    def _report(self, problem: Problem) -> None:
        raise NotImplementedError

    def review_path(self, game_id: str) -> Path:
        """``reviews/<id>.json`` (``PathError`` for anything that is not a review id)."""
        if not GAME_ID_RE.fullmatch(game_id):
            raise PathError(f"not a review id: {game_id!r}")
        return self.data_dir / REVIEWS_DIR / f"{game_id}.json"

    def _aside(self, path: Path, detail: str, tag: str = DAMAGED) -> None:
        try:
            moved = move_aside(path, tag)
        except OSError as e:
            self._report(Problem(ProblemKind.UNREADABLE, FileKind.REVIEW, path,
                                 detail=f"{detail}; could not move it aside: {e}"))
            return
        kind = ProblemKind.DAMAGED if tag == DAMAGED else ProblemKind.NEWER_VERSION
        self._report(Problem(kind, FileKind.REVIEW, path, moved, detail=detail))

    def _folder_ok(self) -> bool:
        """The ``reviews`` folder is a real folder (a file or link there is set aside)."""
        folder = self.data_dir / REVIEWS_DIR
        try:
            st = os.lstat(folder)
        except FileNotFoundError:
            return False
        except OSError:
            return False
        if stat.S_ISDIR(st.st_mode):
            return True
        self._aside(folder, "not a folder")
        return False

    def load_review(self, game_id: str, players: int = 6,
                    game: HistoryEntry | None = None) -> Review | None:
        """The stored review of game ``game_id`` if it is current; None otherwise. Never raises.

        With ``game`` (the finished game itself), the review is also checked against it: the
        same number of rounds, and each decision an action the game really has (the bid or card
        at its step); a review that does not match is set aside and recomputed.
        """
        try:
            path = self.review_path(game_id)
        except PathError:
            return None
        if not self._folder_ok():
            return None
        try:
            st = os.lstat(path)
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):          # a folder or a link: never followed
            self._aside(path, "not a plain file")
            return None
        try:
            f = open_regular(path, REVIEW_LIMIT)
            if f is None:
                return None
            with f:
                raw = f.read(REVIEW_LIMIT + 1)
            if len(raw) > REVIEW_LIMIT:
                raise TooLarge(f"{path.name} is over {REVIEW_LIMIT} bytes")
        except TooLarge as e:
            self._aside(path, str(e))
            return None
        except OSError as e:
            self._report(Problem(ProblemKind.UNREADABLE, FileKind.REVIEW, path, detail=str(e)))
            return None
        try:
            data = checks.obj(parse_json(raw), "review")
            version = data.get("schema", 0)
            if isinstance(version, int) and not isinstance(version, bool) \
                    and 0 <= version < REVIEW_SCHEMA:
                return None                        # older: recomputed
            if isinstance(version, int) and not isinstance(version, bool) \
                    and REVIEW_SCHEMA < version < 10**6:
                return None                        # newer: recomputed, kept until we write
            if version != REVIEW_SCHEMA:
                raise Invalid(f"schema must be a version number, not {version!r}")
            review = Review.from_dict(data, players)
            if review.game_id != game_id:
                raise Invalid("the review of another game")
            if game is not None:
                check_against(review, game)
        except Invalid as e:
            self._aside(path, str(e))
            return None
        except Exception as e:                     # never a reason to fail: set it aside
            self._aside(path, f"{type(e).__name__}: {e}")
            return None
        if review.engine != REVIEW_ENGINE:
            return None                            # another Expert: recomputed, never trusted
        return review

    def save_review(self, review: Review) -> bool:
        """Write ``review`` atomically; a newer-version file there is renamed aside first."""
        try:
            folder = self.data_dir / REVIEWS_DIR
            if os.path.lexists(folder) and not folder.is_dir() or os.path.islink(folder):
                self._aside(folder, "not a folder")
            folder.mkdir(parents=True, exist_ok=True)
            path = inside(folder, f"{review.game_id}.json")
            if os.path.lexists(path):
                self._clear_for_write(path)
            write_bytes_atomic(path, dump_json(review.to_dict()))
        except (OSError, PathError) as e:
            self._report(Problem(ProblemKind.WRITE_FAILED, FileKind.REVIEW,
                                 self.data_dir / REVIEWS_DIR, detail=str(e),
                                 errno=getattr(e, "errno", None)))
            return False
        return True

    def _clear_for_write(self, path: Path) -> None:
        """Before replacing a review: a foreign object goes aside, a newer version is kept aside."""
        if path.is_symlink() or not path.is_file():
            self._aside(path, "not a plain file")
            return
        try:
            raw = read_bytes(path, REVIEW_LIMIT)
            data: Any = parse_json(raw) if raw is not None else None
        except (TooLarge, Invalid, OSError) as e:
            self._aside(path, str(e))              # damaged: kept aside, never overwritten
            return
        if isinstance(data, dict):
            version = data.get("schema")
            if isinstance(version, int) and not isinstance(version, bool) and version > REVIEW_SCHEMA:
                self._aside(path, f"schema {version} is newer than {REVIEW_SCHEMA}", NEWER)


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


def load_review(store: ReviewFiles, game: HistoryEntry | str) -> Review | None:
    """For the statistics: the stored, current review of ``game`` (a history entry or its
    ``review_id``), or None. Never raises; a damaged file is set aside and reported in
    ``store.problems`` like any other."""
    try:
        if isinstance(game, HistoryEntry):
            return store.load_review(review_id(game), game.config.players, game)
        return store.load_review(game)
    except Exception:          # the statistics never fail because of a review
        return None
