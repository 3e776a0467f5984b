import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# The internet table (#33): no test may reach magic-wormhole's public servers. Screens and scenes
# made by tests get no internet codes unless a test names its own servers on 127.0.0.1.
os.environ["WIZARD_MAILBOX"] = "off"
