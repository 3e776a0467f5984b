"""Where the rows of the menu screens go: pure functions of the window size and the UI scale.

Everything on these screens is a multiple of one unit (``layout.unit_for``), so a larger
interface size makes every row, label and value larger, never smaller. When the rows are taller
than the room between the title and the buttons, the list scrolls; a change that moves the rows
(the interface size, full screen) is laid out again with the row that made it kept where it was,
under the pointer (``anchored_offset``), even if that leaves room above or below the list.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Box, unit_for


@dataclass(frozen=True, slots=True)
class RowsLayout:
    """A scrolling list of "label: control" rows between a title and a bottom button."""

    unit: float
    view: Box                   # the band the rows show in (they are clipped to it)
    labels: tuple[Box, ...]     # by row, at the current scroll offset
    controls: tuple[Box, ...]
    offset: float               # how far the rows are moved down (negative: scrolled up)
    content_h: float            # height of all the rows
    done: Box                   # the button under the list

    @property
    def pitch(self) -> float:
        """Distance from one row to the next."""
        return self.controls[1].y - self.controls[0].y if len(self.controls) > 1 else 0.0

    def offset_range(self) -> tuple[float, float]:
        """The offsets the list may take: scrolled up while it overflows, or moved down while it fits."""
        spare = self.view.h - self.content_h
        return (min(0.0, spare), max(0.0, spare))

    def clamp(self, offset: float, keep: float | None = None) -> float:
        """``offset`` kept in ``offset_range`` (widened to take in ``keep``, where the list is now)."""
        lo, hi = self.offset_range()
        if keep is not None:
            lo, hi = min(lo, keep), max(hi, keep)
        return max(lo, min(hi, offset))

    def scrollable(self) -> bool:
        """Whether some rows are out of view."""
        return self.content_h > self.view.h + 0.5

    def visible(self, index: int) -> bool:
        """Whether row ``index`` is wholly in view."""
        return self.controls[index].inside(self.view)


ROW_H = 46          # in units: a row's height, its label's and its value's text grow with it
ROW_GAP = 8
LABEL_W = 430
CONTROL_W = 340
TITLE_ROOM = 100    # from the top of the window to the first row
DONE_H = 54


def rows_layout(width: int, height: int, count: int, ui_scale: float = 1.0,
                offset: float = 0.0, shift: float = 0.0) -> RowsLayout:
    """``count`` rows for a ``width`` x ``height`` window at ``ui_scale``, moved down by ``offset``
    and right by ``shift`` from the centre (kept in the window).

    The offset is taken as given: ``RowsLayout.clamp`` keeps a scroll in range.
    """
    u = unit_for(width, height, ui_scale)
    row_h, gap = ROW_H * u, ROW_GAP * u
    lw, cw = LABEL_W * u, CONTROL_W * u
    fit = min(1.0, width * 0.92 / (lw + cw))          # narrow windows: narrower columns
    lw, cw = lw * fit, cw * fit
    x0 = (width - lw - cw) / 2
    x0 += max(-x0 + 8 * u, min(width - 8 * u - (x0 + lw + cw), shift))
    done = Box(width / 2 - 120 * u, height - 24 * u - DONE_H * u, 240 * u, DONE_H * u)
    top = TITLE_ROOM * u
    view = Box(0, top, width, done.y - 16 * u - top)
    content_h = count * row_h + max(0, count - 1) * gap
    labels, controls = [], []
    for i in range(count):
        y = top + offset + i * (row_h + gap)
        labels.append(Box(x0, y, lw - 14 * u, row_h))
        controls.append(Box(x0 + lw, y, cw, row_h))
    return RowsLayout(unit=u, view=view, labels=tuple(labels), controls=tuple(controls),
                      offset=offset, content_h=content_h, done=done)


def anchored_offset(width: int, height: int, count: int, ui_scale: float, index: int,
                    center_y: float) -> float:
    """The offset that puts row ``index``'s centre at ``center_y``, as near as keeps the row in view."""
    plain = rows_layout(width, height, count, ui_scale, 0.0)
    row, view = plain.controls[index], plain.view
    want = center_y - row.center[1]
    return max(view.y - row.y, min(view.bottom - row.bottom, want))


def anchored_shift(width: int, height: int, count: int, ui_scale: float, index: int,
                   center_x: float) -> float:
    """The shift that puts row ``index``'s value back under ``center_x`` (a wider or narrower
    window after full screen), as near as the window allows."""
    plain = rows_layout(width, height, count, ui_scale)
    return center_x - plain.controls[index].center[0]


def scrolled_into_view(lay: RowsLayout, index: int) -> float:
    """The offset nearest to ``lay.offset`` that shows row ``index`` whole (a scroll: clamped)."""
    row, view = lay.controls[index], lay.view
    offset = lay.offset
    if row.y < view.y:
        offset += view.y - row.y
    elif row.bottom > view.bottom:
        offset -= row.bottom - view.bottom
    return lay.clamp(offset, keep=lay.offset)


def value_size(lay: RowsLayout) -> int:
    """The pixel size of a row's value (and label) text: a fixed part of the row, so it grows with it."""
    return max(10, round(lay.controls[0].h * 0.42)) if lay.controls else 10
