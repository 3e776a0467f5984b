"""Contact sheets of every face of a deck, with backs and markers, for review and screenshots."""

from __future__ import annotations

from pathlib import Path

import pygame

from wizard.engine import Edition, Power, rules_of
from wizard.ui import fonts
from wizard.ui.art.card_art import BACK_STYLE_COUNT, CardArt

EDITIONS = tuple(e.value for e in Edition)
BACKGROUND = (28, 92, 60)
CARD_W = 120
GAP = 10
COLUMNS = 13


def deck_cards(edition: str) -> list[tuple[str, int]]:
    """Every card of an edition as (notation, variant), suits in rows, specials last."""
    rules = rules_of(edition)
    cards = [(f"{s}{r}", 0) for s in "BGRY" for r in rules.ranks]
    cards += [("W", v) for v in range(4)] + [("J", v) for v in range(4)]
    for c, _count in rules.specials:               # the edition's own cards after the four of each
        if c.text not in ("W", "J"):
            cards.append((c.text, 0))
            if rules.power(c) is Power.WIZARD_OR_JESTER:     # and its declared faces
                cards += [(c.declare("W").text, 0), (c.declare("J").text, 0)]
    return cards


def _rows(edition: str) -> list[list[tuple[str, int]]]:
    cards = deck_cards(edition)
    suited = [c for c in cards if c[0][0] in "BGRY" and c[0][1:].isdigit()]
    per_row = len(rules_of(edition).ranks)
    rows = [suited[i:i + per_row] for i in range(0, len(suited), per_row)]
    rows.append([c for c in cards if c not in suited])
    return rows


def contact_sheet(art: CardArt, edition: str, title: str) -> pygame.Surface:
    """A sheet of every face of `edition`, then backs, the slot, trump markers and small sizes."""
    w, h = art.size(CARD_W)
    rows = _rows(edition)
    columns = max(COLUMNS, max(len(r) for r in rows))
    head = 40
    extra_h = h + GAP + 2 * (art.size(48)[1] + GAP) + 20
    sheet = pygame.Surface((GAP + columns * (w + GAP), head + len(rows) * (h + GAP) + extra_h + GAP))
    sheet.fill(BACKGROUND)
    sheet.blit(fonts.font(22, "title").render(title, True, (240, 232, 200)), (GAP, 8))
    y = head
    for row in rows:
        for i, (card, variant) in enumerate(row):
            sheet.blit(art.face(card, CARD_W, variant), (GAP + i * (w + GAP), y))
        y += h + GAP
    x = GAP
    for style in range(BACK_STYLE_COUNT):
        sheet.blit(art.back(CARD_W, style), (x, y))
        x += w + GAP
    sheet.blit(art.slot(CARD_W), (x, y))
    x += w + GAP
    m = 56
    for i, suit in enumerate(["B", "G", "R", "Y", None]):
        sheet.blit(art.trump_marker(suit, m), (x + (i % 3) * (m + 8), y + (i // 3) * (m + 8)))
    sheet.blit(art.dealer_mark(m), (x + 2 * (m + 8), y + m + 8))
    x += 3 * (m + 8) + GAP
    for i, suit in enumerate("BGRY"):
        for j, size in enumerate((16, 24, 40)):
            sheet.blit(art.suit_emblem(suit, size), (x + j * 48, y + i * 44))
    y += h + GAP
    # the same cards fanned at small widths, as in a hand
    for small in (40, 48):
        sw, sh = art.size(small)
        hand = [c for row in rows for c in row][:: max(1, len(deck_cards(edition)) // 24)]
        step = max(8, round(sw * 0.42))
        for i, (card, variant) in enumerate(hand):
            sheet.blit(art.face(card, small, variant), (GAP + i * step, y))
        y += sh + GAP
    return sheet


def write_card_sheets(directory: Path | str) -> list[Path]:
    """Write cards-<look>-<edition>.png for both looks and all editions, and cards-colourblind.png."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for look in ("classic", "standard"):
        for edition in EDITIONS:
            art = CardArt(look, magic=rules_of(edition).has_power(Power.MAGIC))
            path = out / f"cards-{look}-{edition}.png"
            pygame.image.save(contact_sheet(art, edition, f"{look} look, {edition} edition"), str(path))
            written.append(path)
    path = out / "cards-colourblind.png"
    cb = CardArt("classic", colourblind=True)
    sheet = contact_sheet(cb, "camelot", "colour-blind-safe palette, classic look")
    std = contact_sheet(CardArt("standard", colourblind=True), "classic", "colour-blind-safe palette, standard look")
    both = pygame.Surface((max(sheet.get_width(), std.get_width()), sheet.get_height() + std.get_height()))
    both.fill(BACKGROUND)
    both.blit(sheet, (0, 0))
    both.blit(std, (0, sheet.get_height()))
    pygame.image.save(both, str(path))
    written.append(path)
    return written
