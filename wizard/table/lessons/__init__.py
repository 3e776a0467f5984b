"""The lessons of Learn to play, as data (``steps``): the basics, then what Magic Edition and
Camelot Edition add. ``wizard.table.tutorial`` plays them."""

from .basics import BASICS
from .camelot import CAMELOT
from .magic import MAGIC
from .steps import Lesson

LESSONS: dict[str, Lesson] = {les.id: les for les in (BASICS, MAGIC, CAMELOT)}
#: The lesson offered on the first game of an edition.
EDITION_LESSONS = {"magic": "magic", "camelot": "camelot"}

__all__ = ["BASICS", "CAMELOT", "EDITION_LESSONS", "LESSONS", "MAGIC", "Lesson"]
