"""Logging to a rotating file in the user log folder (a console-less executable has no stdout)."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

LOG_NAME = "wizard.log"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(log_dir: Path, level: int = logging.INFO) -> Path | None:
    """Send the root logger to ``log_dir/wizard.log`` (1 MB x 3 files); the file, or None if impossible.

    Handlers already there (a console) keep showing what they showed before; calling it again
    for the same folder adds no second handler.
    """
    root = logging.getLogger()
    target = (Path(log_dir) / LOG_NAME).absolute()
    for h in root.handlers:
        if isinstance(h, logging.handlers.RotatingFileHandler) \
                and Path(h.baseFilename) == target:
            return target
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(target, maxBytes=1 << 20, backupCount=3,
                                                       encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler.setLevel(level)
    previous = root.level if root.level != logging.NOTSET else logging.WARNING
    if previous > level:
        for h in root.handlers:
            if h.level == logging.NOTSET:
                h.setLevel(previous)
        root.setLevel(level)
    root.addHandler(handler)
    return target
