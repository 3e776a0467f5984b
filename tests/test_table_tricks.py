"""The finished trick on the table, and the one line saying why it was won (issue #16).

Everything here is headless: the table package and the engine, no pygame. The lines are built
from the engine's own ``TrickWon`` events (``reason``, ``lead``, ``notes``), got by playing real
positions through ``GameState.at_deal``.
"""

from __future__ import annotations

import random

import pytest

from wizard.engine import (
    Bid,
    Edition,
    GameConfig,
    GameState,
    Options,
    Phase,
    Play,
    TrickNote,
    TrickWon,
    WinReason,
    card,
    cards,
    rules_of,
)
from wizard.i18n import set_language
from wizard.session import Seat, Session
from wizard.table import BidIntent, NextRound, PlayIntent, RoundOver, Table
from wizard.table.trickwhy import trick_line

CLASSIC, CAMELOT = rules_of("classic"), rules_of("camelot")
NAMES = ["Anna", "Bruno", "Carme"]


pytestmark = pytest.mark.usefixtures("english")


def first_trick(edition: str, hands: list[str], plays: str, turned: str = "Y9", round_: int = 1,
                **options: bool) -> TrickWon:
    """Deal ``hands`` (dealer seat 0, so seat 1 leads), bid, play ``plays`` in order; the event."""
    cfg = GameConfig(players=len(hands), edition=Edition(edition), options=Options(**options))
    state = GameState.at_deal(cfg, round_, 0, [cards(h) for h in hands], card(turned))
    while state.legal_actions() and isinstance(state.legal_actions()[0], Bid):
        state.apply(state.legal_actions()[0])
    events = []
    for text in plays.split():
        events += state.apply(Play(card(text)))
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 1, "the plays must end exactly one trick"
    return won[0]


# (edition, hands by seat, plays from seat 1 on, options, round, expected reason, notes, line)
CASES = {
    "first wizard": ("classic", ["B12", "B3", "W"], "B3 W B12", {}, 1, WinReason.FIRST_WIZARD, (),
                     "Carme wins the trick: the first Wizard played."),
    "second wizard loses": ("classic", ["W", "W", "B3"], "W B3 W", {}, 1, WinReason.FIRST_WIZARD, (),
                            "Bruno wins the trick: the first Wizard played."),
    "highest trump": ("classic", ["B13", "B3", "R2"], "B3 R2 B13", {}, 1, WinReason.HIGHEST_TRUMP, (),
                      None),
    "highest of the suit led": ("classic", ["B12", "B3", "G13"], "B3 G13 B12", {}, 1,
                                WinReason.HIGHEST_LEAD, (),
                                "Anna wins the trick: the highest card of the suit led, the 12 of humans."),
    "only jesters": ("classic", ["J", "J", "J"], "J J J", {}, 1, WinReason.FIRST_JESTER, (),
                     "Bruno wins the trick: only Jesters were played, and the first one wins."),
    "magic wizard": ("magic", ["B1", "B3", "W"], "B3 W B1", {}, 1, WinReason.MAGIC_WIZARD, (),
                     "Anna wins the trick: the 1 of humans follows the suit led, so it is a Magic "
                     "Wizard and beats everything."),
    "a led 1 is not magic": ("magic", ["B5", "B1", "G4"], "B1 G4 B5", {}, 1, WinReason.HIGHEST_LEAD,
                             (), "Anna wins the trick: the highest card of the suit led, the 5 of humans."),
    "grail at an even position": ("camelot", ["W", "R7", "GRAIL"], "R7 GRAIL W", {}, 1,
                                  WinReason.GRAIL_EVEN, (),
                                  "Carme wins the trick: the Holy Grail, played at position 2 (even), "
                                  "beats every card."),
    "grail at an odd position loses": ("camelot", ["R9", "GRAIL", "R7"], "GRAIL R7 R9", {}, 1,
                                       WinReason.HIGHEST_LEAD, (TrickNote.GRAIL_ODD,),
                                       "Anna wins the trick: the highest card of the suit led, the 9 "
                                       "of dwarves. The Holy Grail, played at position 1 (odd), is a "
                                       "null card and loses."),
    "morgan": ("camelot", ["MORGAN", "R7", "W"], "R7 W MORGAN", {}, 1, WinReason.MORGAN, (),
               "Anna wins the trick: Morgan le Fay beats every card but a Holy Grail at an even "
               "position."),
    "merlin as a wizard": ("camelot", ["W", "R7", "MERLIN"], "R7 MERLIN:W W", {}, 1,
                           WinReason.FIRST_WIZARD, (),
                           "Carme wins the trick: Merlin, played as a Wizard, is the first Wizard."),
    "merlin as a jester": ("camelot", ["J", "MERLIN", "J"], "MERLIN:J J J", {}, 1,
                           WinReason.FIRST_JESTER, (),
                           "Bruno wins the trick: Merlin, played as a Jester, is the first Jester "
                           "and no other card could win."),
    "excalibur in round 1": ("camelot", ["R9", "R7", "EXCALIBUR"], "R7 EXCALIBUR R9", {}, 1,
                             WinReason.HIGHEST_LEAD, (TrickNote.EXCALIBUR, TrickNote.ROUND_VOID),
                             "Excalibur voids this trick: it counts for nobody, and in round 1 "
                             "nobody scores."),
    "excalibur later": ("camelot", ["R9 B2", "R7 B3", "EXCALIBUR B4"], "R7 EXCALIBUR R9", {}, 2,
                        WinReason.HIGHEST_LEAD, (TrickNote.EXCALIBUR,),
                        "Excalibur voids this trick: it counts for nobody, and Anna leads next."),
    "ancient scroll": ("classic", ["W", "R5", "R9"], "R5 R9 W", {"scroll": True}, 1,
                       WinReason.HIGHEST_TRUMP, (TrickNote.SCROLL,),
                       "Carme wins the trick: trump was led, so the ancient scroll takes the "
                       "Wizards' power and the highest trump wins, the 9 of dwarves."),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_engine_says_why_and_the_table_puts_it_in_one_line(case: str) -> None:
    edition, hands, plays, options, round_, reason, notes, line = CASES[case]
    turned = "R3" if case in ("highest trump", "ancient scroll") else "Y9"
    won = first_trick(edition, hands, plays, turned, round_, **options)
    assert won.reason is reason
    assert won.notes == notes
    assert won.void == (TrickNote.EXCALIBUR in notes)
    if line is not None:
        assert trick_line(won, NAMES, None, rules=rules_of(edition)) == line
    text = trick_line(won, NAMES, None, rules=rules_of(edition))
    assert text and "{" not in text


def test_the_highest_trump_names_the_card() -> None:
    won = first_trick("classic", ["B13", "B3", "R2"], "B3 R2 B13", "R3")
    assert trick_line(won, NAMES, None, rules=CLASSIC) == "Carme wins the trick: the highest trump, the 2 of dwarves."
    assert won.lead == "B"


def test_the_person_of_a_solo_game_is_addressed_as_you() -> None:
    won = first_trick("classic", ["B12", "B3", "W"], "B3 W B12")
    assert trick_line(won, ["You", "Bruno", "Carme"], you=2, rules=CLASSIC) == \
        "You win the trick: the first Wizard played."
    void = first_trick("camelot", ["R9 B2", "R7 B3", "EXCALIBUR B4"], "R7 EXCALIBUR R9", round_=2)
    assert trick_line(void, ["You", "Bruno", "Carme"], you=0, rules=CAMELOT) == \
        "Excalibur voids this trick: it counts for nobody, and you lead next."


def test_the_line_is_translated_with_a_separate_you_form() -> None:
    won = first_trick("magic", ["B1", "B3", "W"], "B3 W B1")
    set_language("fr")
    magic = rules_of("magic")
    named = trick_line(won, NAMES, None, rules=magic)
    you = trick_line(won, ["Moi", "Bruno", "Carme"], you=0, rules=magic)
    assert named.startswith("Anna remporte le pli\u00a0:") and "Archimage" in named
    assert you.startswith("Vous remportez le pli\u00a0:")
    set_language("ca")
    assert trick_line(won, ["Jo", "Bruno", "Carme"], you=0, rules=magic).startswith("Guanyeu la basa:")
    assert trick_line(won, NAMES, None, rules=magic).startswith("Anna guanya la basa:")


# ---- the finished trick stays on the table --------------------------------------------------

def solo_table(hold: float, seed: int = 5, speed: float = 0.0) -> Table:
    """Anna and three computers, animations off; a forced card waits for Anna (see below)."""
    seats = [Seat.human("Anna")] + [Seat.ai(n, "random") for n in ("Bruno", "Carme", "Didier")]
    return Table(Session.new(GameConfig(4, seed=seed), seats), threaded=False, speed=speed,
                 ai_pause=0.0, trick_hold=hold, auto_forced=False)


def act(t: Table) -> None:
    """The person does the first legal thing, as an intent."""
    action = t.port.legal_actions(t.viewer)[0]
    if isinstance(action, Bid):
        t.submit(BidIntent(action.n))
    else:
        assert isinstance(action, Play)
        t.submit(PlayIntent(action.card))


def watch_holds(t: Table, rounds: int, dt: float = 0.05) -> list[tuple[str, float]]:
    """Play the person's seat for ``rounds`` rounds; for each finished trick followed by a lead,
    who led it ("computer" or "person") and how long the finished trick lay on the table, having
    checked every tick that it was shown whole, with its winner and its line."""
    s = t.port
    out: list[tuple[str, float]] = []
    while s.round <= rounds and not s.finished:
        won = t.shown.won if t.shown.held else None
        if won is not None and s.phase is Phase.PLAY:
            start, moves = t.clock.now, s.moves
            person = s.current == t.viewer
            while t.shown.held:
                assert t.shown.won is won and not t.shown.trick and len(won.cards) == 4
                m = t.marks()
                assert m is not None and m.finished and m.winning == won.winner and m.cards == won.cards
                assert t.trick_line()
                if person and t.clock.now - start > 3.0:
                    act(t)                         # the person leads, whenever they like
                t.tick(dt)
            assert s.moves == moves + 1 and len(t.shown.trick) == 1
            out.append(("person" if person else "computer", t.clock.now - start))
            continue
        if t.my_turn():
            act(t)
        t.tick(dt)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                t.submit(NextRound())
    return out


def test_the_trick_hold_with_animations_off() -> None:
    """Animations off: each finished trick stays whole, its winner marked and its line said, until
    the next card is played; a computer leads only after the hold, the person whenever they like."""
    holds = watch_holds(solo_table(hold=1.0), 6)
    computer = [d for who, d in holds if who == "computer"]
    person = [d for who, d in holds if who == "person"]
    assert len(computer) >= 2 and person, holds
    assert all(0.95 <= d <= 1.2 for d in computer), computer
    assert all(d >= 3.0 for d in person), person


def test_the_hold_is_the_setting() -> None:
    """With no hold a computer leads on the next tick (so the test above can fail)."""
    holds = watch_holds(solo_table(hold=0.0), 3)
    assert [d for who, d in holds if who == "computer"]
    assert all(d <= 0.11 for who, d in holds if who == "computer"), holds   # two ticks


def test_the_last_trick_of_a_round_holds_the_round_end() -> None:
    t = solo_table(hold=1.0)
    s = t.port
    while not (s.phase is Phase.ROUND_END and t.shown.held):
        if t.my_turn():
            act(t)
        t.tick(0.05)
        assert not any(isinstance(o, RoundOver) for o in t.take_outcomes())
    start = t.clock.now
    told = None
    while told is None:
        assert t.shown.held and t.trick_line()
        assert t.busy(), "the screen must keep ticking while the round end waits for the hold"
        t.tick(0.05)
        told = next((o for o in t.take_outcomes() if isinstance(o, RoundOver)), None)
    assert 0.95 <= t.clock.now - start <= 1.1


def test_marks_while_a_trick_is_played_and_once_it_is_won() -> None:
    """The leader and the card winning so far are the engine's; the Magic mark shows only on a
    1 that follows the suit led (not on the 1 in hand, nor on a led 1)."""
    cfg = GameConfig(3, edition=Edition.MAGIC)
    state = GameState.at_deal(cfg, 1, 0, [cards("B1"), cards("B3"), cards("W")], card("Y9"))
    seats = [Seat.ai(n, "random") for n in NAMES]
    t = Table(Session(state, seats, rng=random.Random(1)), threaded=False, speed=1.0, ai_pause=0.0)
    seen = []
    for _ in range(400):
        t.tick(0.02)
        m = t.marks()
        if m is not None:
            key = ([str(c) for _s, c in m.cards], m.leader, m.winning, m.magic, m.finished)
            if not seen or seen[-1] != key:
                seen.append(key)
        if t.port.phase is Phase.ROUND_END and t.drained:
            break
    assert seen == [(["B3"], 1, 1, None, False),
                    (["B3", "W"], 1, 2, None, False),
                    (["B3", "W", "B1"], 1, 0, 0, True)]


def test_a_game_of_computers_only_is_not_held() -> None:
    """Autoplay with animations off runs at full speed: nobody is there to read the trick."""
    seats = [Seat.ai(n, "random") for n in ("A", "B", "C")]
    t = Table(Session.new(GameConfig(3, seed=2), seats), threaded=False, speed=0.0, ai_pause=0.0,
              trick_hold=5.0, auto_continue=True)
    for _ in range(200):
        t.tick(0.01)
        if any(isinstance(o, RoundOver) for o in t.take_outcomes()):
            t.submit(NextRound())
    assert t.port.round >= 3          # 2 s of clock and no hold: rounds go by


def test_the_hold_setting_is_checked_when_loaded() -> None:
    from wizard.persistence.settings import Settings
    s, bad = Settings.from_dict({"schema": 1, "trick_hold_ms": 1500})
    assert s.trick_hold_ms == 1500 and bad == []
    s, bad = Settings.from_dict({"schema": 1, "trick_hold_ms": -1})      # until I click
    assert s.trick_hold_ms == -1 and bad == []
    for wrong in (-2, 10_001, "1s", 1.5, True, None):
        s, bad = Settings.from_dict({"schema": 1, "trick_hold_ms": wrong})
        assert bad == ["trick_hold_ms"] and s.trick_hold_ms == Settings().trick_hold_ms, wrong


def test_a_grail_at_an_odd_position_is_marked_as_a_null_card() -> None:
    from wizard.table.trickwhy import marks, standing
    won = first_trick("camelot", ["R9", "GRAIL", "R7"], "GRAIL R7 R9")
    m = marks(won, None, won.cards, CAMELOT)
    assert m is not None and m.null == 1 and m.winning == 0
    playing = [(1, card("GRAIL")), (2, card("R7"))]            # as soon as it is played
    m = marks(None, standing(playing, "Y", "camelot"), playing, CAMELOT)
    assert m is not None and m.null == 1 and m.winning == 2 and not m.finished
    even = first_trick("camelot", ["W", "R7", "GRAIL"], "R7 GRAIL W")
    m = marks(even, None, even.cards, CAMELOT)
    assert m is not None and m.null is None and m.winning == 2


def test_hot_seat_the_curtain_comes_after_the_hold() -> None:
    """Two people share the screen: the one who ends a trick sees it for the hold before the
    curtain for the next person comes up (the curtain would hide it)."""
    from wizard.table import CurtainUp, Ready
    hands = [cards("B5 G4"), cards("B13 G2"), cards("B3 G3")]   # Bruno leads, Anna plays last
    state = GameState.at_deal(GameConfig(3), 2, 0, hands, card("Y9"))
    seats = [Seat.human("Anna"), Seat.human("Bruno"), Seat.ai("Carme", "random")]
    t = Table(Session(state, seats, rng=random.Random(1)), threaded=False, speed=0.0, ai_pause=0.0,
              trick_hold=1.0, auto_forced=False)   # Bruno's last card would play itself, curtainless
    s = t.port
    while not t.shown.held:
        if t.curtain_for is not None:
            t.submit(Ready())
        elif t.my_turn():
            act(t)
        t.tick(0.02)
    won = t.shown.won
    assert won is not None and won.winner == 1 and won.cards[-1][0] == 0 and s.current == 1
    start = t.clock.now
    while t.curtain_for is None:
        assert t.shown.held and t.trick_line() and t.clock.now - start < 2
        t.tick(0.02)
    assert t.clock.now - start >= 0.95
    assert any(isinstance(o, CurtainUp) for o in t.take_outcomes())


def test_excalibur_is_marked_as_soon_as_it_is_played() -> None:
    from wizard.table.trickwhy import marks, standing
    playing = [(1, card("R7")), (2, card("EXCALIBUR"))]
    m = marks(None, standing(playing, "Y", "camelot"), playing, CAMELOT)
    assert m is not None and m.void and m.winning == 1 and not m.finished   # R7 still leads it
    assert m.voider == 2                                   # the card that voids it is marked
    won = first_trick("camelot", ["R9 B2", "R7 B3", "EXCALIBUR B4"], "R7 EXCALIBUR R9", round_=2)
    m = marks(won, None, won.cards, CAMELOT)
    assert m is not None and m.void and m.winning is None and m.finished and m.voider == 2


def test_a_forced_card_waits_for_the_hold_too() -> None:
    """Round 2: Anna wins the first trick with her trump; her last card plays itself (the forced
    card setting), but only once the finished trick was on show for the hold."""
    hands = [cards("R11 G2"), cards("B12 Y3"), cards("B5 Y4"), cards("R4 G6")]
    state = GameState.at_deal(GameConfig(4), 2, 0, hands, card("R3"))
    seats = [Seat.human("Anna")] + [Seat.ai(n, "random") for n in ("Bruno", "Carme", "Didier")]
    t = Table(Session(state, seats, rng=random.Random(1)), threaded=False, speed=0.0, ai_pause=0.0,
              trick_hold=1.0, auto_forced=True)
    s = t.port
    while not (t.shown.held and s.current == 0):
        assert s.round == 2 and len(s.view(0).hand or ()) == 2 or t.shown.trick, \
            "Anna's last card played itself at once"
        if t.my_turn():
            act(t)
        t.tick(0.02)
    start, moves = t.clock.now, s.moves
    while s.moves == moves:
        assert t.shown.held and t.clock.now - start < 2
        t.tick(0.02)
    assert t.clock.now - start >= 0.95


def test_skipping_ends_the_hold() -> None:
    """Space (SkipAnimation) with animations off: the computer leads at once."""
    from wizard.table import SkipAnimation
    t = solo_table(hold=5.0)
    s = t.port
    for _ in range(5000):
        if t.shown.held and s.is_ai_turn() and s.phase is Phase.PLAY:
            break
        if t.my_turn():
            act(t)
        t.tick(0.02)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                t.submit(NextRound())
    moves = s.moves
    t.tick(0.02)
    assert s.moves == moves and t.shown.held            # held (5 s)
    t.submit(SkipAnimation())
    for _ in range(3):
        t.tick(0.02)
    assert s.moves == moves + 1 and not t.shown.held


def test_with_animations_on_the_rounds_last_trick_is_held_before_its_result() -> None:
    seats = [Seat.ai("A", "random"), Seat.human("Anna"), Seat.ai("C", "random")]
    table = Table(Session.new(GameConfig(3, seed=3), seats), threaded=False, speed=1.0,
                  ai_pause=0.0)
    table.trick_hold = 1.0
    trick_at = over_at = None
    for _ in range(20_000):
        table.tick(0.02)
        if trick_at is None and isinstance(table.animator.active, TrickWon):
            trick_at = table.clock.now
        for out in table.take_outcomes():
            if isinstance(out, RoundOver):
                over_at = table.clock.now
        if over_at is not None:
            break
        if table.my_turn():
            a = table.port.legal_actions(table.viewer)[0]
            table.submit(BidIntent(a.n) if isinstance(a, Bid) else PlayIntent(a.card))  # type: ignore[attr-defined]
    assert trick_at is not None and over_at is not None
    # the trick's animation (1.2 s), the totals counting (1.0 s), then the hold (1.0 s)
    assert over_at - trick_at >= 1.2 + 1.0 + 1.0 - 0.1
