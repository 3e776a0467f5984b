"""A network game's deals come from a 128-bit secret through a cryptographic generator (issue #33,
N3); the seed is kept like any other (save, record, history), old 31-bit seeds deal as before."""

from __future__ import annotations

import json
import random
from pathlib import Path

from wizard.engine import GameConfig, GameRecord
from wizard.persistence.games import SavedGame
from wizard.persistence.history.db import HistoryDB
from wizard.persistence.history.entry import HistoryEntry
from wizard.session import Seat, Session
from wizard.session.deals import SECRET_SEED_MIN, SecretRandom, deal_rng, secret_seed

SEATS = [Seat.human("Ann"), Seat.ai("Cy", "random"), Seat.ai("Di", "random"),
         Seat.ai("Ed", "random")]


def _played(seed: int, until: int | None = None) -> Session:
    s = Session.new(GameConfig(4, seed=seed), SEATS)
    s.start()
    rng = random.Random(1)
    while not s.finished and (until is None or s.moves < until):
        seat = s.current
        assert seat is not None
        s.act(rng.choice(sorted(s.legal_actions(seat), key=str)), seat)
        if not s.finished and s.current is None:
            s.advance()                                   # the next round is dealt
    return s


def test_old_seeds_deal_through_mersenne_twister_as_before() -> None:
    for seed in (0, 7, 2 ** 31 - 1, 2 ** 64):
        a, b = deal_rng(seed), random.Random(seed)
        assert type(a) is random.Random and [a.getrandbits(32) for _ in range(5)] == \
            [b.getrandbits(32) for _ in range(5)]


def test_a_secret_seed_is_128_random_bits_dealt_by_a_cryptographic_generator() -> None:
    seeds = {secret_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(SECRET_SEED_MIN <= s < 2 * SECRET_SEED_MIN for s in seeds)
    s = min(seeds)
    rng = deal_rng(s)
    assert isinstance(rng, SecretRandom)
    first = [rng.getrandbits(k) for k in (1, 6, 32, 64, 100)]
    again = deal_rng(s)
    assert [again.getrandbits(k) for k in (1, 6, 32, 64, 100)] == first    # Same deals
    assert deal_rng(s + 1).getrandbits(64) != deal_rng(s).getrandbits(64)
    low = random.Random(s % 2 ** 31)                     # no relation to a 31-bit MT seed
    assert deal_rng(s).getrandbits(64) != low.getrandbits(64)
    x = [deal_rng(s).random() for _ in range(3)]
    assert all(0.0 <= v < 1.0 for v in x)


def test_a_secret_seeded_game_saves_resumes_replays_and_goes_into_the_history(
        tmp_path: Path) -> None:
    seed = secret_seed()
    s = _played(seed, until=40)
    saved = json.loads(json.dumps(SavedGame(s.record(), tuple(s.seats), s_created(),
                                            None).to_dict()))
    back = SavedGame.from_dict(saved, "g1")
    assert back.record.config.seed == seed
    again = Session.resume(back.record, list(back.seats))
    assert again.view(0) == s.view(0) and again.state.hands == s.state.hands
    assert GameRecord.from_dict(s.record().to_dict()).rebuild(deal_rng(seed)).hands \
        == s.state.hands
    done = _played(seed)
    assert done.finished
    entry = HistoryEntry.from_game(done.state, tuple(done.seats))
    line = json.loads(json.dumps(entry.to_dict()))
    assert HistoryEntry.from_dict(line).seed == seed
    db = HistoryDB(tmp_path / "history.db")
    db.open()
    try:
        assert db.add(entry)
    finally:
        db.close()
    same = _played(seed)                                  # "Same deals": the same cards
    assert same.record() == done.record()


def s_created():  # noqa: ANN201
    from wizard import checks
    return checks.now()
