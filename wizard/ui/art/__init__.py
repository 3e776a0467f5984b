"""Card faces, backs, markers, the table and the icon, drawn as vectors."""

from wizard.ui.art.card_art import CardArt
from wizard.ui.art.icon import app_icon
from wizard.ui.art.sheets import write_card_sheets
from wizard.ui.art.table import table_surface

__all__ = ["CardArt", "app_icon", "table_surface", "write_card_sheets"]
