"""Wizard, the trick-taking game of predictions, for the desktop."""

__version__ = "0.1.0"
