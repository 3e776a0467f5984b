import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# The internet table (#33): no test may reach magic-wormhole's public servers. Screens and scenes
# made by tests get no internet codes unless a test names its own servers on 127.0.0.1.
os.environ["WIZARD_MAILBOX"] = "off"


@pytest.fixture
def english() -> Iterator[None]:
    """An English interface for the test, and English again after it (the language is global).
    A module asks for it with ``pytestmark = pytest.mark.usefixtures("english")``."""
    from wizard.i18n import set_language
    set_language("en")
    yield
    set_language("en")
