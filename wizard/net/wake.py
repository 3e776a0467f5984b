"""A waker: calls ``notify`` when an event is set (the host's or the remote game's news), at most
every few milliseconds while it stays set and never while it is clear, so the screen's loop can
sleep on its own events (an idle table costs no CPU) and still shows a joiner's card at once."""

from __future__ import annotations

import threading
from collections.abc import Callable

from wizard import background


class Waker:
    """Calls ``notify`` (from its own thread) whenever ``event`` is set, until ``stop()``."""

    def __init__(self, event: threading.Event, notify: Callable[[], None]) -> None:
        self.event = event
        self.notify = notify
        self._stop = threading.Event()
        self._thread = background.start(self._run, "wizard-net-wake")

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self.event.wait(0.5):
                continue
            if self._stop.is_set():
                return
            try:
                self.notify()
            except Exception:  # noqa: BLE001  (a full event queue: the next frame pumps anyway)
                pass
            self._stop.wait(0.008)      # the frame pumps and clears the event meanwhile

    def stop(self) -> None:
        """End the thread."""
        self._stop.set()
        self._thread.join(timeout=2)
