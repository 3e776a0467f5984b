"""Hard: Monte Carlo over sampled worlds (first version: Normal's rules until the search lands)."""

from __future__ import annotations

from .normal import NormalPlayer


class HardPlayer(NormalPlayer):
    """Placeholder strength: plays like Normal for now."""

    name = "hard"
