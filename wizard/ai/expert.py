"""Expert: determinized search with inference (first version: Normal's rules until the search lands)."""

from __future__ import annotations

from .normal import NormalPlayer


class ExpertPlayer(NormalPlayer):
    """Placeholder strength: plays like Normal for now."""

    name = "expert"
