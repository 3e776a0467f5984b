"""The pygame user interface."""
