"""Learn to play (issue #29): every lesson played to its end with intents on a headless table; a
legal move that is not the lesson's is refused kindly and the lesson waits; leave, resume and
restart; the prepared decks the engine deals from."""

from __future__ import annotations

import pytest

from wizard.engine import (
    Bid,
    ChooseTrump,
    GameConfig,
    GameState,
    Phase,
    Play,
    PresetDeals,
    card,
    cards,
    deck,
    stacked_pack,
)
from wizard.i18n import set_language
from wizard.table import (
    Accepted,
    BidIntent,
    ChoiceNeeded,
    Intent,
    MerlinIntent,
    NextRound,
    PlayIntent,
    Refused,
    RoundOver,
    TakeBackIntent,
    TrumpIntent,
)
from wizard.table.lessons import LESSONS
from wizard.table.lessons.steps import Do, Move, RoundEnd, Say, action_of
from wizard.table.tutorial import Tutorial, lesson

FAST = {"threaded": False, "speed": 0.0, "ai_pause": 0.0, "trick_hold": 0.0}


def start(lesson_id: str, pos: int = 0, **kw: object) -> Tutorial:
    return Tutorial.start(lesson(lesson_id), pos, **{**FAST, **kw})  # type: ignore[arg-type]


def intents_for(tut: Tutorial) -> list[Intent]:
    """What a person does for the lesson's move now (Merlin: the card, then the answer)."""
    want = action_of(tut.item.action)     # type: ignore[union-attr]
    if isinstance(want, Bid):
        return [BidIntent(want.n)]
    if isinstance(want, ChooseTrump):
        return [TrumpIntent(want.suit)]
    assert isinstance(want, Play)
    if want.card.text.startswith("MERLIN:"):
        return [PlayIntent(card("MERLIN")), MerlinIntent(want.card.text.endswith("W"))]
    return [PlayIntent(want.card)]


def wait_for_person(tut: Tutorial, limit: int = 500) -> None:
    """Tick until the lesson waits for the person (a note, their move, the round's result) or
    is over; round results are closed as the round-end screen would."""
    t = tut.table
    for _i in range(limit):
        t.tick(0.1)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                assert isinstance(tut.submit(NextRound()), Accepted)
        note = tut.note()
        if isinstance(tut.item, RoundEnd):
            assert note is None          # nothing stale behind the round's result
        if tut.finished or (note is not None and note.kind in ("say", "do")):
            return
    raise AssertionError(f"the lesson is stuck at step {tut.pos}: {tut.item}")


def play_to_end(tut: Tutorial, steps: list[int] | None = None) -> list[tuple[str, str]]:
    """Follow the lesson to its end; what it said (kind, text), in order (and in ``steps`` the
    step number each note and request showed)."""
    said = []
    while True:
        wait_for_person(tut)
        if tut.finished:
            return said
        note = tut.note()
        assert note is not None and note.text
        said.append((note.kind, note.text))
        if steps is not None:
            steps.append(note.step)
        if note.kind == "say":
            assert isinstance(tut.acknowledge(), Accepted)
            continue
        assert note.kind == "do" and tut.expected() == action_of(tut.item.action)  # type: ignore[union-attr]
        for intent in intents_for(tut):
            out = tut.submit(intent)
            assert isinstance(out, (Accepted, ChoiceNeeded)), out


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_every_lesson_plays_to_its_end_with_intents(lesson_id: str) -> None:
    tut = start(lesson_id)
    shown: list[int] = []
    said = [kind for kind, _text in play_to_end(tut, shown)]
    les = lesson(lesson_id)
    assert shown == list(range(1, len(shown) + 1))         # "step k of n", one step at a time
    assert tut.note().steps == len(shown)                  # type: ignore[union-attr]
    assert tut.finished and tut.note().kind == "done"           # type: ignore[union-attr]
    assert said.count("do") == sum(isinstance(i, Do) for i in les.items())
    assert said.count("say") == sum(isinstance(i, Say) for i in les.items())
    s = tut.game
    assert s.round == len(les.deals) and s.phase is Phase.ROUND_END   # no deal after the lesson's
    assert len(s.results) == len(les.deals)


def test_the_lessons_name_the_cards_in_the_standard_look_too() -> None:
    """Cards are named in the look in use: the 13 of dwarves is the ace of hearts."""
    said = " ".join(text for _k, text in play_to_end(start("basics", look="standard")))
    assert "ace of hearts" in said and "dwarves" not in said and "elves" not in said


@pytest.mark.parametrize("lang", ["fr", "ca"])
def test_every_lesson_speaks_french_and_catalan(lang: str) -> None:
    """Every note and request of every lesson is translated (and its placeholders fill in)."""
    for lesson_id in LESSONS:
        english = play_to_end(start(lesson_id))
        set_language(lang)
        try:
            tut = start(lesson_id)
            said = play_to_end(tut)
            done = tut.note().text                                  # type: ignore[union-attr]
        finally:
            set_language("en")
        assert done != "This lesson is finished."
        assert len(said) == len(english)
        untranslated = [en for (_k, en), (_k2, there) in zip(english, said, strict=True) if en == there]
        assert not untranslated


def test_with_animations_a_note_waits_for_the_cards_to_land() -> None:
    """Animations on: a note shows only once the table has caught up (the trick it explains is
    on the table), and the lesson still plays to its end."""
    tut = start("basics", speed=1.0, ai_pause=0.6, trick_hold=1.0)
    t = tut.table
    seen_say = 0
    for _i in range(20000):
        t.tick(0.05)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                tut.submit(NextRound())
        if tut.finished:
            break
        note = tut.note()
        if isinstance(tut.item, Say) and not t.drained:
            assert note is None or note.kind != "say"
        if note is not None and note.kind == "say":
            assert t.drained
            seen_say += 1
            tut.acknowledge()
        elif note is not None and note.kind == "do":
            for intent in intents_for(tut):
                tut.submit(intent)
    assert tut.finished and seen_say == sum(isinstance(i, Say) for i in tut.items)


def test_the_basics_score_what_their_notes_say() -> None:
    """Round 1: a made bid of 1 (30), a made 0 (20), a missed 1 (-10); round 2: the bids add up
    to 3 for 2 tricks and Leo misses; round 3: a turned Wizard, the dealer names dwarves."""
    tut = start("basics")
    play_to_end(tut)
    r1, r2, r3 = tut.game.results
    assert r1.trump is None and r1.points == (30, 20, -10)
    assert sum(r2.bids) == 3 and r2.trump == "Y" and r2.points == (30, 30, -10)
    assert r3.trump == "R" and r3.tricks == (1, 0, 2) and r3.points == (30, 20, 40)


def test_a_legal_move_that_is_not_the_lessons_is_refused_kindly_and_the_lesson_waits() -> None:
    tut = start("basics")
    wait_for_person(tut)
    while isinstance(tut.item, Say):
        tut.acknowledge()
        wait_for_person(tut)
    assert tut.expected() == Bid(1)
    pos, moves = tut.pos, tut.game.moves
    out = tut.submit(BidIntent(0))                 # legal, but the lesson is built on 1
    assert isinstance(out, Refused) and "1" in out.text and out.details["expected"] == Bid(1)
    for _i in range(50):                           # time passes: nothing moves
        tut.table.tick(1.0)
    assert (tut.pos, tut.game.moves) == (pos, moves)
    assert tut.note().kind == "do"                 # type: ignore[union-attr]
    assert isinstance(tut.submit(BidIntent(1)), Accepted)
    assert tut.game.moves == moves + 1


def test_a_step_may_have_its_own_kind_word() -> None:
    tut = start("basics")
    while not (isinstance(tut.item, Do) and tut.item.action == "play W" and tut.table.my_turn()):
        wait_for_person(tut)
        if isinstance(tut.item, Say):
            tut.acknowledge()
        elif not (isinstance(tut.item, Do) and tut.item.action == "play W"):
            for intent in intents_for(tut):
                tut.submit(intent)
    moves = tut.game.moves
    for other in ("G4", "J"):                      # both legal: following suit, or the Jester
        out = tut.submit(PlayIntent(card(other)))
        assert isinstance(out, Refused) and "Wizard does" in out.text
    assert tut.game.moves == moves
    assert isinstance(tut.submit(PlayIntent(card("W"))), Accepted)


def test_a_move_the_rules_refuse_gets_the_rules_reason() -> None:
    tut = start("basics")
    while not (isinstance(tut.item, Do) and tut.item.action == "play B3"):
        wait_for_person(tut)
        if isinstance(tut.item, Say):
            tut.acknowledge()
        elif not (isinstance(tut.item, Do) and tut.item.action == "play B3"):
            for intent in intents_for(tut):
                tut.submit(intent)
    wait_for_person(tut)
    out = tut.submit(PlayIntent(card("Y12")))      # the person holds a card of the suit led
    assert isinstance(out, Refused) and out.rule is not None
    assert isinstance(tut.submit(PlayIntent(card("B3"))), Accepted)


def test_while_a_note_is_read_the_computer_does_not_move() -> None:
    tut = start("basics")
    wait_for_person(tut)
    assert isinstance(tut.item, Say)
    moves = tut.game.moves
    for _i in range(100):
        tut.table.tick(1.0)
    assert tut.game.moves == moves and not tut.table.busy()
    assert isinstance(tut.submit(BidIntent(1)), Refused)    # read the note first
    assert isinstance(tut.submit(TakeBackIntent()), Refused)


def test_while_a_note_is_read_no_computer_seat_is_said_to_play() -> None:
    tut = start("basics")
    while True:
        wait_for_person(tut)
        if isinstance(tut.item, Say) and tut.game.is_ai_turn():
            break
        if isinstance(tut.item, Say):
            tut.acknowledge()
        else:
            for intent in intents_for(tut):
                tut.submit(intent)
    tut.table.tick(5.0)
    assert tut.table.prompt()[0] == ""             # not "Ada is bidding…": she waits too
    tut.acknowledge()
    assert tut.table.prompt()[0] != ""


def test_a_lesson_left_anywhere_resumes_at_the_same_moment_and_restarts() -> None:
    saved: list[int] = []
    tut = start("camelot", on_progress=saved.append)
    steps = 0
    while tut.game.round < 2 or not isinstance(tut.item, Do):
        wait_for_person(tut)
        if isinstance(tut.item, Say):
            tut.acknowledge()
        elif isinstance(tut.item, Do):
            for intent in intents_for(tut):
                tut.submit(intent)
        steps += 1
    assert saved and saved[-1] == tut.pos
    before = tut.game
    tut.close()                                   # left in the middle of round 2
    again = start("camelot", saved[-1])
    after = again.game
    assert again.pos == saved[-1] and after.moves == before.moves
    assert after.state.hands == before.state.hands and after.totals == before.totals
    assert after.state.actions == before.state.actions
    play_to_end(again)
    assert again.finished and again.game.totals == [80, 10, 10]
    fresh = start("camelot", 0)                    # restart: the first deal again, nothing played
    assert fresh.pos == 0 and fresh.game.moves == 0 and fresh.game.round == 1


def test_every_step_of_every_lesson_can_be_resumed() -> None:
    for les in LESSONS.values():
        for pos in range(len(les.items()) + 1):
            tut = Tutorial.start(les, pos, **FAST)     # type: ignore[arg-type]
            assert tut.pos >= pos
            play_to_end(tut)
            assert tut.finished


def test_the_computer_seats_play_the_script_and_the_deals_are_the_lessons() -> None:
    les = lesson("basics")
    tut = start("basics")
    play_to_end(tut)
    moves = [action_of(i.action) for i in les.items() if isinstance(i, (Move, Do))]
    assert tut.game.state.actions == moves
    assert sum(isinstance(i, RoundEnd) for i in les.items()) == len(les.deals)


def test_preset_deals_lay_out_whole_decks_only() -> None:
    hands = [cards("B3"), cards("W"), cards("R5")]
    pack = stacked_pack("classic", 2, hands, card("G7"))
    assert sorted(map(str, pack)) == sorted(map(str, deck("classic")))
    state = GameState.new(GameConfig(3, first_dealer=2))
    rng = PresetDeals("classic", [pack])
    state.advance(rng)
    assert state.hands == hands and state.trump == "G"
    with pytest.raises(ValueError, match="prepared"):
        rng.shuffle(list(pack))
    with pytest.raises(ValueError, match="deck"):
        PresetDeals("classic", [pack[:-1] + [card("W")]])      # five Wizards
    with pytest.raises(ValueError, match="deck"):
        PresetDeals("camelot", [pack])                          # a classic pack
    with pytest.raises(ValueError, match="more often"):
        stacked_pack("classic", 0, [cards("B3"), cards("B3"), cards("R5")], card("G7"))
    with pytest.raises(ValueError, match="same size"):
        stacked_pack("classic", 0, [cards("B3 B4"), cards("W"), cards("R5")], card("G7"))
