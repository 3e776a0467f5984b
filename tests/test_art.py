"""Card art: every face of every edition, look and palette renders, distinct, at the right size."""

from __future__ import annotations

import importlib.util
import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from wizard.resources import asset_path
from wizard.ui import fonts
from wizard.ui.art import CardArt, app_icon, table_surface, write_card_sheets
from wizard.ui.art.card_art import BACK_STYLE_COUNT
from wizard.ui.art.palette import CLASSIC, OKABE_ITO
from wizard.ui.art.sheets import EDITIONS, deck_cards

LOOKS = ("classic", "standard")
CVD = Path(__file__).resolve().parents[1] / "assets" / "generate" / "simulate_cvd.py"


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("look,colourblind", list(itertools.product(LOOKS, (False, True))))
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("width", [44, 130])
def test_every_face_renders_distinct(look: str, colourblind: bool, edition: str, width: int) -> None:
    art = CardArt(look, colourblind)
    cards = deck_cards(edition)
    if edition == "camelot":
        assert len(cards) == 48 + 8 + 6  # 4 x 2..13, 4 W + 4 J, 4 specials + Merlin's two forms
    else:
        assert len(cards) == 60
    seen: dict[bytes, tuple[str, int]] = {}
    for card, variant in cards:
        face = art.face(card, width, variant)
        assert face.get_size() == art.size(width)
        key = _bytes(face)
        assert key not in seen, f"{card}/{variant} looks like {seen[key]}"
        seen[key] = (card, variant)


def test_sizes_scale_with_fixed_aspect() -> None:
    art = CardArt()
    for w in (40, 64, 100, 180, 300):
        cw, ch = art.size(w)
        assert cw == w and abs(cw / ch - 0.667) < 0.01
        assert art.face("R7", w).get_size() == (cw, ch)
        assert art.face("MERLIN:J", w).get_size() == (cw, ch)
        assert art.back(w).get_size() == (cw, ch)
        assert art.slot(w).get_size() == (cw, ch)


def test_faces_are_cached_per_size_and_variant() -> None:
    art = CardArt()
    assert art.face("B3", 80) is art.face("B3", 80)
    assert art.face("B3", 80) is not art.face("B3", 81)
    assert _bytes(art.face("W", 80, 0)) != _bytes(art.face("W", 80, 1))
    assert art.face("B3", 80, 2) is art.face("B3", 80, 0)  # variant ignored for suited cards


def test_cache_is_bounded_by_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    import wizard.ui.art.card_art as card_art

    monkeypatch.setattr(card_art, "_CACHE_BYTES", 1_000_000)
    art = CardArt()
    for w in range(40, 120):
        art.face("B3", w)
    assert art._bytes <= 1_000_000
    assert 1 < len(art._cache) < 80
    art.face("R9", 8)  # tiny sizes still render
    art.face("R9", 600)  # one surface above the budget is kept alone


def test_language_labels_change_wizard_and_jester_indices() -> None:
    plain, french = CardArt(), CardArt(labels={"W": "Z", "J": "N"})
    for card in ("W", "J", "MERLIN:W", "MERLIN:J"):
        assert _bytes(plain.face(card, 90)) != _bytes(french.face(card, 90)), card
    assert _bytes(plain.face("R5", 90)) == _bytes(french.face("R5", 90))
    french.set_labels({})
    assert _bytes(plain.face("W", 90)) == _bytes(french.face("W", 90))


def test_looks_and_palettes_differ() -> None:
    faces = {(lk, cb): _bytes(CardArt(lk, cb).face("G9", 120)) for lk in LOOKS for cb in (False, True)}
    assert len(set(faces.values())) == 4
    assert CardArt("classic", True).suit_colour("G") != CardArt("classic").suit_colour("G")


def test_magic_marks_only_rank_one_cards() -> None:
    plain, magic = CardArt(), CardArt(magic=True)
    for width in (50, 140):
        assert _bytes(plain.face("R1", width)) != _bytes(magic.face("R1", width))
        assert _bytes(plain.face("R2", width)) == _bytes(magic.face("R2", width))
        assert _bytes(plain.face("W", width)) == _bytes(magic.face("W", width))


def test_shadow_and_dealer_mark() -> None:
    art = CardArt()
    w, h = art.size(100)
    sh = art.shadow(100)
    assert sh.get_width() > w and sh.get_height() > h
    assert sh.get_at((sh.get_width() // 2, sh.get_height() // 2)).a > 60
    assert sh.get_at((0, 0)).a < 20
    assert art.dealer_mark(40).get_size() == (40, 40)


def test_backs_markers_emblems() -> None:
    art = CardArt()
    backs = {_bytes(art.back(100, s)) for s in range(BACK_STYLE_COUNT)}
    assert BACK_STYLE_COUNT >= 2 and len(backs) == BACK_STYLE_COUNT
    markers = {_bytes(art.trump_marker(s, 48)) for s in ("B", "G", "R", "Y", None)}
    assert len(markers) == 5
    for look in LOOKS:
        emblems = {_bytes(CardArt(look).suit_emblem(s, 16)) for s in "BGRY"}
        assert len(emblems) == 4
    assert art.suit_emblem("Y", 16).get_size() == (16, 16)
    with pytest.raises(ValueError):
        art.face("X3", 80)
    with pytest.raises(ValueError):
        art.face("B14", 80)
    with pytest.raises(ValueError):
        CardArt("tarot")


def test_corner_index_is_inked_in_the_top_left() -> None:
    """The fan shows only the left edge: the top-left corner must carry dark ink (rank + mark)."""
    art = CardArt()
    for card in ("Y13", "B1", "W", "J", "GRAIL"):
        face = art.face(card, 40)
        w, h = face.get_size()
        corner = [face.get_at((x, y)) for x in range(2, w // 2) for y in range(2, h // 3)]
        dark = sum(1 for c in corner if c.a > 200 and c.r + c.g + c.b < 400)
        assert dark >= 12, card


def test_sheets_are_written(tmp_path: Path) -> None:
    paths = write_card_sheets(tmp_path)
    names = sorted(p.name for p in paths)
    expected = sorted([f"cards-{lk}-{ed}.png" for lk in LOOKS for ed in EDITIONS] + ["cards-colourblind.png"])
    assert names == expected
    for p in paths:
        img = pygame.image.load(str(p))
        assert img.get_width() > 1000 and img.get_height() > 800


def test_table_and_icon() -> None:
    felt = table_surface((320, 200))
    assert felt.get_size() == (320, 200)
    assert table_surface((320, 200)) is felt
    centre, edge = felt.get_at((160, 100)), felt.get_at((2, 2))
    assert centre.g > centre.r and centre.g > centre.b  # green baize
    assert sum(centre[:3]) > sum(edge[:3])  # vignette
    assert app_icon().get_size() == (256, 256)
    assert pygame.image.load(str(asset_path("icon.png"))).get_size() == (256, 256)
    assert pygame.image.load(str(asset_path("icon.ico"))).get_width() >= 16


def test_committed_icon_matches_the_generator() -> None:
    drawn = pygame.image.tobytes(app_icon(256), "RGBA")
    saved = pygame.image.tobytes(pygame.image.load(str(asset_path("icon.png"))).convert_alpha(), "RGBA")
    assert len(drawn) == len(saved)
    diff = sum(abs(a - b) for a, b in zip(drawn[::97], saved[::97], strict=True)) / len(drawn[::97])
    assert diff < 2.0, "assets/icon.png is stale: run assets/generate/make_icon.py"


def test_colourblind_palette_survives_simulated_deficiencies() -> None:
    spec = importlib.util.spec_from_file_location("simulate_cvd", CVD)
    assert spec and spec.loader
    cvd = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cvd)
    safe = [OKABE_ITO[s].main for s in "BGRY"]
    for kind in cvd.MATRICES:
        assert cvd.min_separation(safe, kind) >= 30, kind
    classic = [CLASSIC[s].main for s in "BGRY"]
    assert cvd.min_separation(classic, "deuteranopia") < cvd.min_separation(safe, "deuteranopia")


NEEDED = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xA0, 0x100))
    + "·«»’‘“”…–—\u202f\u00a0♠♥♦♣€"
)


@pytest.mark.parametrize("role", ["text", "bold", "title"])
def test_fonts_cover_french_catalan_and_suits(role: str) -> None:
    pygame.freetype.init()
    face = pygame.freetype.Font(fonts.font_file(role), 20)
    needed = NEEDED if role != "title" else NEEDED.replace("♠♥♦♣", "")
    missing = [ch for ch, m in zip(needed, face.get_metrics(needed), strict=True) if m is None]
    assert not missing, f"{role} font lacks {missing!r}"
    assert fonts.font(18, role) is fonts.font(18, role)
    assert fonts.font(18, role).size("Réglages")[0] > 0


def test_fonts_survive_a_pygame_restart() -> None:
    first = fonts.font(21, "bold")
    pygame.font.quit()
    pygame.font.init()
    again = fonts.font(21, "bold")
    assert again is not first
    assert again.render("Ça", True, (0, 0, 0)).get_width() > 0


def test_font_licences_are_bundled() -> None:
    folder = asset_path("fonts")
    for role in fonts.FONT_FILES.values():
        assert (folder / role).is_file()
    assert (folder / "LICENSE-DejaVu.txt").is_file()
    assert "Open Font License" in (folder / "LICENSE-EBGaramond-OFL.txt").read_text(encoding="utf-8")
