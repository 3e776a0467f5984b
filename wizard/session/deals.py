"""Where a game's deals come from: ``deal_rng(config.seed)``, the one ``random.Random`` every path
that deals a game (play, resume, replay, review, history) passes to the engine (which takes its
randomness as a parameter and builds none: STYLE.md habit 2). Here, beside the saves, because a
seed is kept data: how one is read decides the deals of every saved and recorded game.

A seed below ``SECRET_SEED_MIN`` (every seed before issue #33: 31 bits, typed or drawn) deals
through ``random.Random(seed)``, Mersenne Twister, as it always has: old saves, records and the
history replay unchanged. Its state can be found from a few cards: at a network table the four
dealer-draw cards every seat sees left one 31-bit seed among 2^20, which foretold every hand. So
a network game's seed is ``secret_seed()``: 128 random bits from the system's generator, above
``SECRET_SEED_MIN``; such a seed deals through ``SecretRandom``, SHAKE-256 of the seed and a
counter, which no number of seen cards lets anyone predict. It is kept like any seed (the game's
record, its save, the history): "Same deals" and replays work, and it is shown only once the game
is over (a seat's view never carries a seed).

>>> deal_rng(7).random() == random.Random(7).random()
True
>>> s = SECRET_SEED_MIN + 12345
>>> deal_rng(s).getrandbits(64) == deal_rng(s).getrandbits(64), type(deal_rng(s)).__name__
(True, 'SecretRandom')
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

SECRET_SEED_MIN = 2 ** 128          # seeds from here up are secrets (129 bits with the marker)
_BLOCK = 136                        # bytes SHAKE-256 gives per counter value (its rate)


def secret_seed() -> int:
    """A new secret seed: 128 bits from the system's generator, above ``SECRET_SEED_MIN``."""
    return SECRET_SEED_MIN + secrets.randbits(128)


def deal_rng(seed: int) -> random.Random:
    """The generator a game with ``seed`` is dealt from."""
    return SecretRandom(seed) if seed >= SECRET_SEED_MIN else random.Random(seed)


class SecretRandom(random.Random):
    """A ``random.Random`` whose bits are SHAKE-256(seed, counter): the same seed gives the same
    bits (replays, "Same deals"); no output reveals the seed or what follows."""

    def __init__(self, seed: int) -> None:
        self._key = b""
        self._counter = 0
        self._pool = b""
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:  # noqa: ARG002
        """Start the stream of ``a`` (an int; None: a fresh secret)."""
        if a is None:
            a = secret_seed()
        if not isinstance(a, int) or a < 0:
            raise TypeError("a SecretRandom seed is a non-negative integer")
        self._key = b"wizard-deals-v1:" + a.to_bytes((a.bit_length() + 7) // 8 or 1, "big")
        self._counter = 0
        self._pool = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._pool) < n:
            block = hashlib.shake_256(self._key + self._counter.to_bytes(8, "big")).digest(_BLOCK)
            self._counter += 1
            self._pool += block
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def getrandbits(self, k: int) -> int:
        """``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        n = (k + 7) // 8
        return int.from_bytes(self._bytes(n), "big") >> (n * 8 - k)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return self.getrandbits(53) / 9007199254740992.0

    def getstate(self) -> tuple[Any, ...]:
        """The position in the stream."""
        return (self._key, self._counter, self._pool)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Back to a position ``getstate`` gave."""
        self._key, self._counter, self._pool = state

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.getstate(),))


def _restore(state: tuple[Any, ...]) -> SecretRandom:
    rng = SecretRandom(0)
    rng.setstate(state)
    return rng
