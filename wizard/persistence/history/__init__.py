"""The finished games, in ``history.sqlite3`` (see ``wizard.persistence``'s docstring for the
whole layout).

- ``entry``: ``HistoryEntry``, the entry format (a history line, replayed through the engine).
- ``db``: ``HistoryDB``, the tables and their SQL; ``rows``: every value checked at start;
  ``tally``: the rows the figures add up, kept by the game-end transaction.
- ``stats``: Statistics and Progress as queries, the only place the program works them out.
- ``backups``: the files checked, backups, a damaged database set aside and salvaged.
- ``reviews``: the stored reviews (``Reviews``, ``review_id``, ``load_review``).
- ``lines`` and ``jsonl``: JSON lines out and in; ``oldformat`` and ``verified``: the one-time
  import of an earlier version's ``history.jsonl`` and ``reviews/`` (``OldFormat``,
  ``ImportJob``).
- ``history``: ``History``, what a ``Store`` holds as ``store.history``.
- ``seed``: generated histories, for tests and benchmarks.

Nothing is imported here: import the module you need (the modules import each other directly).
"""
