"""One Catalan form of address throughout (#29).

The game speaks to the player in the "vós" form (second person plural: "Trieu el coll de triomf",
"La vostra predicció", "Guanyeu la basa"), whether the player keeps the default name "Jo" or is
named; the player's own commands on buttons stay in the singular imperative ("Torna a jugar",
"Continua"). This follows Softcatalà's style guide for software localisation (§2.2.2 "L'ordinador
s'adreça a l'usuari": the program addresses the user with vós; §2.2.1: the user's orders to the
program use the tu imperative) and the Optimot's note on digital interfaces, which says the same.

Before, the prompt said "La teva predicció" to Jo but "Núria, la vostra predicció… guanyareu?" to
a named player. A Catalan string with a marker of the other form ("tu") fails here.
"""

from __future__ import annotations

import re

import pytest

from wizard import i18n_tools as tools

# Words and endings that only the "tu" form uses when the program speaks to the player:
# possessives, pronouns, and the second person singular of the verbs the game uses.
TU_MARKERS = re.compile(
    r"(?i)(?<![\w’'-])(?:teu|teva|teus|teves|tu|et|ets|tens|pots|vols|saps|has|guanyes|perds|"
    r"jugues|tries|predius|demanes|fas|encertes|surts|sigues|tingues|reparteixes|comences|obres)(?![\w’'-])"
    r"|\w-te\b|\w-t\b|(?<![\w’'-])t['’]\w"
    # a sentence that starts with a singular imperative (a button label has no final stop)
    r"|(?:^|[.:!?]\s)(?:Fes|Prem|Juga|Tria|Torna|Escull|Mira|Espera|Passa|Tanca|Deixa)\b(?=.*[.?!…]$)")
# ... and the "vós" form's (for the check below, and to switch forms if ever asked).
VOS_MARKERS = re.compile(
    r"(?i)(?<![\w’'-])(?:vostre|vostra|vostres|vós|us|heu|sou|teniu|podeu|voleu|sabeu|feu|"
    r"guanyeu|jugueu|trieu|predieu|premeu|torneu|espereu)(?![\w’'-])|\w-vos\b")


def uses_tu(text: str) -> bool:
    """The Catalan ``text`` speaks to the player as "tu"."""
    return bool(TU_MARKERS.search(text))


def ca_strings() -> list[tuple[str, str]]:
    out = []
    for m in tools.load_po("ca"):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(ids[0], s) for s in strings if s]
    return out


def test_no_catalan_string_speaks_to_the_player_as_tu() -> None:
    wrong = [f"{mid!r}: {s!r}" for mid, s in ca_strings() if uses_tu(s)]
    assert not wrong, "Catalan addresses the player as 'vós' (Softcatalà §2.2.2):\n" + "\n".join(wrong)


def test_the_catalog_does_speak_as_vos() -> None:
    """The markers of the form chosen do occur (the check above is not vacuous)."""
    assert sum(bool(VOS_MARKERS.search(s)) for _mid, s in ca_strings()) >= 40


@pytest.mark.parametrize("text", [
    "La teva predicció: quantes bases guanyaràs?", "Guanyes la basa.", "Has encertat la predicció!",
    "T’han faltat 2 bases.", "Prediccions: ara et toca a tu.", "Juga una carta.",
    "Desfet: el 7. Torna a jugar.", "Fes clic o prem una tecla per continuar.", "Tries el triomf.",
    "Pots triar-te un nom."])
def test_the_markers_find_tu(text: str) -> None:
    assert uses_tu(text) and not VOS_MARKERS.search(text.replace("Pots triar-te", "Pots"))


@pytest.mark.parametrize("text", [
    "La vostra predicció: quantes bases guanyareu?", "Guanyeu la basa.", "Heu encertat la predicció!",
    "Us han faltat 2 bases.", "Jugueu una carta.", "Torna a jugar", "Continua", "Torna a començar",
    "{name} tria el triomf…", "{name} juga {card}.", "Si és un Wizard, el repartidor mira les seves "
    "cartes i després tria el coll de triomf.", "el joc continua sense so."])
def test_the_markers_leave_vos_and_third_persons(text: str) -> None:
    assert not uses_tu(text)
