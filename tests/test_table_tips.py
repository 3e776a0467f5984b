"""What the table says about itself on hover or focus (``wizard.table.tips``), without pygame:
each card's name and rule, the game's badge and its variants, the bid sum's colour."""

from __future__ import annotations

import pytest

from wizard import rules_text
from wizard.engine import BidVisibility, Edition, GameConfig, Options, card, deck
from wizard.i18n import set_language
from wizard.table import Shown
from wizard.table.tips import badge, bids_tip, bids_tone, card_tip, game_tip, variants

pytestmark = pytest.mark.usefixtures("english")


def test_every_camelot_special_names_itself_with_its_own_rule() -> None:
    cfg = GameConfig(4, edition=Edition.CAMELOT)
    tips = {code: card_tip(card(code), cfg, "R", "classic")
            for code in ("W", "J", "GRAIL", "EXCALIBUR", "MERLIN", "MERLIN:W", "MORGAN")}
    assert tips["MORGAN"].title == "Morgan le Fay"
    assert tips["MERLIN"].title == "Merlin"
    assert tips["MERLIN:W"].title == "Merlin as a Wizard"
    assert tips["W"].title == "Wizard" and tips["GRAIL"].title == "Holy Grail"
    assert "even position" in tips["GRAIL"].lines[0]
    assert "cancels the trick" in tips["EXCALIBUR"].lines[0]
    assert any("Morgan le Fay" in line for line in tips["W"].lines)     # what beats a Wizard there
    assert len({tuple(t.lines) for t in tips.values()}) == 6            # Merlin's rule either way
    classic = card_tip(card("W"), GameConfig(4), None, "classic")
    assert not any("Morgan" in line for line in classic.lines)


def test_a_number_card_says_trump_and_magic_only_when_it_is() -> None:
    magic = GameConfig(4, edition=Edition.MAGIC)
    one = card_tip(card("G1"), magic, "R", "classic")
    assert one.title == "The 1 of elves"
    assert any("Magic Wizard" in line for line in one.lines)
    assert not any("Magic Wizard" in line for line in card_tip(card("G1"), GameConfig(4), "R", "classic").lines)
    assert not any("Magic Wizard" in line for line in card_tip(card("G2"), magic, "R", "classic").lines)
    trump = card_tip(card("R7"), GameConfig(4), "R", "standard")
    assert trump.title == "The 8 of hearts"
    assert any("Trump this round" in line for line in trump.lines)
    assert not any("Trump this round" in line for line in card_tip(card("R7"), GameConfig(4), "B", "classic").lines)
    scroll = card_tip(card("W"), GameConfig(4, options=Options(scroll=True)), None, "classic")
    assert any("Ancient scroll" in line for line in scroll.lines)


def test_the_legend_shows_every_kind_of_card_of_the_edition() -> None:
    for edition in Edition:
        shown = {code for codes, _title, _rules in rules_text.legend(edition) for code in codes}
        kinds = {c.kind for c in deck(edition.value)}
        assert {card(code).kind for code in shown} == kinds
        assert all(card(code) in deck(edition.value) for code in shown)
    assert ("G1",) in {codes for codes, _t, _r in rules_text.legend(Edition.MAGIC)}
    camelot = rules_text.legend(Edition.CAMELOT, "standard")
    assert {"Holy Grail", "Excalibur", "Merlin", "Morgan le Fay"} <= {t for _c, t, _r in camelot}
    numbers = camelot[0]
    assert numbers[0] == ("B13", "G13", "R13", "Y13") and numbers[1] == "Number cards"
    assert numbers[2][:2] == ["Spades, Clubs, Hearts, Diamonds",
                              "From 3, the lowest, to A, the highest."]
    set_language("fr")
    french = {title for _c, title, _r in rules_text.legend(Edition.CAMELOT)}
    assert "Morgan le Fay" not in french and "Holy Grail" not in french


def test_the_badge_lists_the_edition_and_each_variant_in_play() -> None:
    plain = GameConfig(4)
    assert badge(plain) == "Classic" and variants(plain) == []
    assert len(game_tip(plain).lines) == 2                         # the edition, "no variant"
    cfg = GameConfig(5, edition=Edition.CAMELOT,
                     options=Options(bids=BidVisibility.HIDDEN, clairvoyance=True))
    assert badge(cfg) == "Camelot Edition · 2 variants"
    one = GameConfig(4, options=Options(no_equal_sum=True))
    assert badge(one) == "Classic · 1 variant" and "+" not in badge(one)   # not "plus or minus one"
    tip = game_tip(cfg)
    assert tip.title == "Camelot Edition"
    assert [line.split(":")[0] for line in tip.lines[1:]] == ["Hidden bids", "Clairvoyance"]
    ruled = GameConfig(4, options=Options(no_equal_sum=True, canadian=True, scroll=True))
    assert variants(ruled) == ["Plus or minus one", "Canadian rule", "Ancient scroll"]


def _shown(round_: int, bids: list[int | None], made: list[bool]) -> Shown:
    return Shown(players=len(bids), viewer=0, round=round_, bids=bids, bids_made=made)


def test_the_bid_sum_colour_is_explained() -> None:
    assert bids_tone(_shown(5, [1, 1, 1], [True] * 3)) == "under"
    assert bids_tone(_shown(5, [2, 2, 2], [True] * 3)) == "over"
    assert bids_tone(_shown(5, [2, 2, 1], [True] * 3)) == "even"
    assert bids_tone(_shown(5, [2, None, None], [True, False, False])) == "open"
    assert bids_tone(_shown(5, [None, None, None], [True] * 3)) == "open"    # hidden bids
    assert bids_tip(_shown(5, [2, 2, 2], [True] * 3)).lines[1].startswith("Red")
    assert bids_tip(_shown(5, [1, 1, 1], [True] * 3)).lines[1].startswith("Green")
    assert bids_tip(_shown(5, [None, None, None], [True] * 3)).title == "Bids: ? for 5 tricks"


def test_hidden_bids_say_the_same_from_the_start() -> None:
    """Hidden bids: "Bids: ? for 3 tricks" before anyone has bid, as after (it said "0 for 3 tricks" first)."""
    from wizard.session import Seat, Session
    from wizard.table import Table
    for bids in (BidVisibility.HIDDEN, BidVisibility.SECRET):
        cfg = GameConfig(3, seed=2, options=Options(bids=bids))
        seats = [Seat.human("Ann"), Seat.ai("B", "random"), Seat.ai("C", "random")]
        t = Table(Session.new(cfg, seats), threaded=False, speed=0.0, ai_pause=0.0)
        for _ in range(50):         # past the draw for first dealer (held a moment, #35)
            t.tick(0.1)
            if t.shown.round == 1:
                break
        sh = t.shown
        assert sh.round == 1 and not any(sh.bids_made)
        assert bids_tip(sh).title == "Bids: ? for 1 trick"
        t.close()
    shown = _shown(3, [None, None, None], [False] * 3)
    assert bids_tip(shown).title == "Bids: 0 for 3 tricks"                   # open bids: none yet is 0
