"""Name fields behave like text fields: caret by click, selection, Ctrl+A/C/V, SDL text input, one rule.

The editing model (``wizard.ui.textedit``) is tested without pygame; the widget and the setup
screen are driven with synthetic events under the dummy video driver.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from wizard.checks import Invalid  # noqa: E402
from wizard.service import Prefs  # noqa: E402
from wizard.session.seats import NAME_MAX, SeatSpec, clean_name  # noqa: E402
from wizard.ui.routes import make_app  # noqa: E402
from wizard.ui.scenes.setup import SetupScene, name_allowed, seats_of  # noqa: E402
from wizard.ui.textbox import TextBox, clipboard_text, copy_to_clipboard  # noqa: E402
from wizard.ui.textedit import EditText  # noqa: E402

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def typed(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def press(pos: tuple[float, float]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)]


# ---- the editing model, no pygame ---------------------------------------------------------------

def test_selection_then_delete_and_typing_over_it() -> None:
    e = EditText("Merlin")
    e.place(2)
    e.end(extend=True)                     # Shift+End
    assert e.selected == "rlin"
    assert e.delete_back() and e.text == "Me" and e.caret == 2
    e.home(extend=True)                    # Shift+Home from the end
    assert e.selected == "Me"
    e.insert("Vivian")
    assert (e.text, e.caret, e.selected) == ("Vivian", 6, "")
    e.move(-1, extend=True)
    e.move(-1, extend=True)
    assert e.selected == "an"
    e.move(1)                              # an arrow without Shift collapses to its side
    assert (e.caret, e.selected) == (6, "")
    assert e.delete_forward() is False and e.text == "Vivian"


def test_the_rule_cuts_an_insertion_and_refuses_what_it_cannot_cut() -> None:
    e = EditText("Ana", accept=lambda t: len(t) <= 5 and "\n" not in t)
    assert e.insert("belle") and e.text == "Anabe"
    assert not e.insert("x") and e.text == "Anabe"
    e.select_all()
    assert e.insert("Bo\nBob") and e.text == "Bo"       # cut at the first thing refused
    e.select_all()
    assert not e.insert("\nBob") and e.text == "Bo" and e.selected == "Bo"   # nothing allowed: unchanged


# ---- the name rule is the save format's --------------------------------------------------------

def saves(name: str) -> bool:
    try:
        SeatSpec(name)
    except Invalid:
        return False
    return True


@pytest.mark.parametrize("name", ["Anaïs", "A" * NAME_MAX, "A" * (NAME_MAX + 1), "Ana\tBo", "Bo\x00",
                                  "Jo\x7f", "Émilie Ferran", "Léa ", " ", "Ana  Bo", "Ana\u00a0Bo"])
def test_name_allowed_is_the_save_formats_rule(name: str) -> None:
    assert name_allowed(name) is (not name.strip(" ") or saves(name.strip(" ")))


# ---- the widget ---------------------------------------------------------------------------------

@pytest.fixture
def box() -> TextBox:
    pygame.init()
    pygame.display.set_mode((400, 200))
    changes: list[str] = []
    b = TextBox((20, 50, 300, 40), "Merlin", changes.append, accept=name_allowed)
    b.changes = changes  # type: ignore[attr-defined]
    return b


def test_a_click_places_the_caret_where_it_lands(box: TextBox) -> None:
    for e in press((box._x_of(3) + 1, box.rect.centery)):          # between "Mer" and "lin"
        box.handle(e)
    assert box.focus and box.edit.caret == 3
    box.handle(typed("x"))
    assert box.value == "Merxlin"
    for e in press((box.rect.right - 2, box.rect.centery)):         # past the end of the text
        box.handle(e)
    assert box.edit.caret == len(box.value)
    box.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(390, 190)))   # a click away
    assert not box.focus


def test_a_double_click_selects_the_whole_name(box: TextBox) -> None:
    at = (box._x_of(2), box.rect.centery)
    for e in press(at) + press(at):
        box.handle(e)
    assert box.edit.selected == "Merlin"
    box.handle(typed("Vivian"))
    assert box.value == "Vivian"


def test_a_drag_selects_and_typing_replaces_the_selection(box: TextBox) -> None:
    y = box.rect.centery
    box.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(box._x_of(1), y)))
    box.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(box._x_of(4), y), rel=(0, 0), buttons=(1, 0, 0)))
    box.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(box._x_of(4), y)))
    assert box.edit.selected == "erl"
    box.handle(key(pygame.K_DELETE))
    assert box.value == "Min" and box.changes == ["Min"]  # type: ignore[attr-defined]


def test_home_end_shift_selection_and_ctrl_a(box: TextBox) -> None:
    box.handle(press(box.rect.center)[0])
    box.handle(key(pygame.K_HOME))
    box.handle(key(pygame.K_RIGHT, SHIFT))
    box.handle(key(pygame.K_RIGHT, SHIFT))
    assert box.edit.selected == "Me"
    box.handle(key(pygame.K_END, SHIFT))           # the selection grows from where it began
    assert box.edit.selected == "Merlin"
    box.handle(key(pygame.K_RIGHT))                # collapses at the end
    box.handle(key(pygame.K_LEFT, SHIFT))
    box.handle(key(pygame.K_HOME, SHIFT))
    assert box.edit.selected == "Merlin" and box.edit.caret == 0
    box.handle(key(pygame.K_RIGHT))
    box.handle(key(pygame.K_LEFT, SHIFT))
    assert box.edit.selected == "n"
    box.handle(key(pygame.K_a, CTRL))
    assert box.edit.selected == "Merlin"
    box.handle(typed("Anaïs"))             # a rename replaces the name, never "MerliAnaïs"
    assert box.value == "Anaïs"
    box.handle(key(pygame.K_BACKSPACE))
    assert box.value == "Anaï"


def test_copy_and_paste_through_the_clipboard(box: TextBox) -> None:
    box.handle(press(box.rect.center)[0])
    box.handle(key(pygame.K_a, CTRL))
    box.handle(key(pygame.K_c, CTRL))
    assert clipboard_text() == "Merlin"
    box.handle(key(pygame.K_END))
    box.handle(key(pygame.K_v, CTRL))
    assert box.value == "MerlinMerlin"


def test_a_paste_the_save_format_would_refuse_is_cut_or_refused(box: TextBox) -> None:
    box.handle(press(box.rect.center)[0])
    box.handle(key(pygame.K_a, CTRL))
    copy_to_clipboard("Morgan le Fay, " * 6)                   # far too long
    box.handle(key(pygame.K_v, CTRL))
    assert len(box.value) == NAME_MAX and saves(clean_name(box.value))    # its end trimmed at Start
    box.handle(key(pygame.K_a, CTRL))
    copy_to_clipboard("Bo\x01b\nby")                            # control characters
    box.handle(key(pygame.K_v, CTRL))
    assert box.value == "Bo"
    copy_to_clipboard("\x07")
    box.handle(key(pygame.K_v, CTRL))
    assert box.value == "Bo"
    box.handle(typed("x" * 60))
    assert len(box.value) == NAME_MAX and saves(box.value)


def test_text_input_and_ime_composition(box: TextBox) -> None:
    box.handle(press(box.rect.center)[0])
    box.handle(key(pygame.K_a, CTRL))
    box.handle(pygame.event.Event(pygame.TEXTEDITING, text="Ana", start=3, length=0))
    assert box.composing == "Ana" and box.value == "Merlin"      # composing is not yet typed
    box.handle(key(pygame.K_BACKSPACE))                          # the IME's key, not ours
    assert box.value == "Merlin"
    box.handle(typed("Anaïs"))
    assert (box.value, box.composing) == ("Anaïs", "")
    surf = pygame.Surface((400, 200))
    box.draw(surf, 1.0)                                          # draws with the caret, no error


def test_text_input_stays_on_when_the_focus_goes_from_one_field_to_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    state = {"on": False}
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: state.update(on=True))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: state.update(on=False))
    first = TextBox((10, 10, 200, 40), "Anna", lambda v: None)
    second = TextBox((10, 60, 200, 40), "Bruno", lambda v: None)
    second.handle(press((20, 80))[0])
    assert second.focus and state["on"]
    for box in (first, second):          # the screen's order: the new field hears the click first
        box.handle(press((20, 30))[0])
    assert first.focus and not second.focus and state["on"]
    first.handle(press((390, 190))[0])   # a click away from every field
    assert state["on"] is False


def test_the_setup_screen_types_names_under_the_rule(tmp_path: Path) -> None:
    app = make_app(Prefs(tmp_path), size=(1280, 800), headless=True, threaded=False, speed="off",
                   lang="en")
    setup = app.go("setup")
    assert isinstance(setup, SetupScene)
    name_box = next(w for w in setup.widgets if isinstance(w, TextBox))
    app.frame(0.0, press(name_box.rect.center))
    assert name_box.focus
    app.frame(0.0, [key(pygame.K_a, CTRL), typed("Anaïs"), key(pygame.K_RETURN)])
    assert setup.setup["seats"][0]["name"] == "Anaïs" and not name_box.focus
    app.frame(0.0, press(name_box.rect.center) + [key(pygame.K_END), typed("\t" + "z" * 80)])
    assert setup.setup["seats"][0]["name"] == "Anaïs"            # a tab is refused, so is the rest
    app.frame(0.0, [typed(" " + "z" * 80)])
    name = setup.setup["seats"][0]["name"]
    assert len(name) == NAME_MAX and saves(name) and seats_of(setup.setup)[0].name == name
