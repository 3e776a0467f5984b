import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def english() -> Iterator[None]:
    """An English interface for the test, and English again after it (the language is global).
    A module asks for it with ``pytestmark = pytest.mark.usefixtures("english")``."""
    from wizard.i18n import set_language
    set_language("en")
    yield
    set_language("en")
