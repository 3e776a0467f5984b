"""File primitives and the lock: what every file kept in the data folder goes through.

- ``atomic``: reading a file safely (a plain file, within a size) and writing one atomically
  (temp file, fsync, ``os.replace``, the folder synced).
- ``aside``: a damaged, foreign or newer file set aside beside itself, never deleted.
- ``paths``: the data folder and the log folder, and paths that stay inside them.
- ``lock``: one program per data folder (``DataLock``).
- ``logs``: the log file, which never stops the program.
- ``migrate``: a file's schema upgraded step by step (``Migrations``).
- ``problems``: what went wrong, for the player to be told (``Problem``).
"""
