"""Smoke-test states of the hint (H, issue #19): a bid hint and a card hint on a solo table, the
person spoken to as "you", each asked with the Hint button's action and drawn with its panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wizard.table import Session

if TYPE_CHECKING:
    from .app import App

HINT_SCREENS = ("table-hint-bid", "table-hint-card")


def make_hint_screen(app: App, name: str, session: Session) -> None:
    """Put ``app`` in the hint state ``name`` at ``session``'s turn: the table, the hint asked for
    and come back."""
    from .scenes.table import TableScene

    t = app.go("table", session=session, keep_history=False)
    assert isinstance(t, TableScene)
    app.frame(0.0)
    t.ask_hint()
    for _i in range(3):
        app.frame(0.0)
    hint = t.table.shown_hint()
    if hint is None or not hint.rows:
        raise RuntimeError(f"{name}: no hint with its rows on the table")
