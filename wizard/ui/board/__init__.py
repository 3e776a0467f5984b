"""The table's painters: plates, cards, prompt and dialogs, drawn from what ``TableView`` shows.

They read the table scene through the ``TableView`` protocol (``common.py``) and never import a
scene; they draw and never change the game.
"""
