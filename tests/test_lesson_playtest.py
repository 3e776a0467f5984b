"""Learn to play, fixes from a newcomer's play-test (issue #29): every note stays until it is
acknowledged and has its own step number; the bid-sum note points at the counter; a Wizard led is
shown; the words come before what they describe; a resumed note shows the trick it talks about."""

from __future__ import annotations

import pytest
from test_tutorial import FAST, intents_for, play_to_end, start, wait_for_person

from wizard.engine import Kind
from wizard.table import BidIntent, NextRound, Refused, RoundOver
from wizard.table.lessons import LESSONS
from wizard.table.lessons.steps import Do, Move, RoundEnd, Say
from wizard.table.tutorial import Note, Tutorial, lesson, resume_at

pytestmark = pytest.mark.usefixtures("english")


def follow(tut: Tutorial, on_note, dt: float = 0.05, limit: int = 40000) -> None:
    """Play the lesson with the clock ticking (animations on); ``on_note(tut, note)`` sees every
    frame's note before the person answers it."""
    t = tut.table
    for _i in range(limit):
        t.tick(dt)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                tut.submit(NextRound())
        if tut.finished:
            return
        note = tut.note()
        if note is None:
            continue
        on_note(tut, note)
        if note.kind == "say":
            tut.acknowledge()
        elif note.kind == "do":
            for intent in intents_for(tut):
                tut.submit(intent)
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_a_note_stays_until_it_is_acknowledged_and_each_has_its_own_step(lesson_id: str) -> None:
    """Animations on: once a note is shown it is the note of every frame until the person goes
    on (Continue, or the move it asks for); two different notes never share a step number."""
    tut = start(lesson_id, speed=1.0, ai_pause=0.6, trick_hold=1.0)
    seen: list[Note] = []

    def on_note(_tut: Tutorial, note: Note) -> None:
        if not seen or seen[-1] != note:
            seen.append(note)

    t = tut.table
    for _i in range(40000):          # like ``follow``, but a note is left on screen a while first
        t.tick(0.05)
        for o in t.take_outcomes():
            if isinstance(o, RoundOver):
                tut.submit(NextRound())
        if tut.finished:
            break
        note = tut.note()
        if note is None or note.kind == "done":
            continue
        on_note(tut, note)
        moves = t.port.moves
        for _k in range(60):                  # three seconds: nothing moves, nothing changes
            t.tick(0.05)
            assert tut.note() == note, f"{note.text!r} was replaced before it was read"
            assert t.port.moves == moves
        if note.kind in ("say", "do"):
            if note.kind == "say":
                tut.acknowledge()
            else:
                for intent in intents_for(tut):
                    tut.submit(intent)
    assert tut.finished
    steps = [n.step for n in seen]
    assert steps == list(range(1, len(seen) + 1)), steps


def test_the_bid_sum_note_points_at_the_counter_and_says_its_colours() -> None:
    tut = start("basics")
    found: list[Note] = []

    def on_note(_tut: Tutorial, note: Note) -> None:
        if "add up to 3" in note.text or note.text.startswith("Its colour"):
            found.append(note)

    follow(tut, on_note)
    assert found and found[0].kind == "say" and found[0].point == "bids"
    colours = [n for n in found if all(w in n.text for w in ("red", "green", "white"))]
    assert colours and colours[0].point == "bids"


def test_the_first_lesson_shows_a_wizard_led_with_a_note() -> None:
    """docs/RULES.md §5.1: after a Wizard led there is no suit to follow. The lesson shows one on
    the table and says so while it is there."""
    tut = start("basics")
    said: list[str] = []

    def on_note(t: Tutorial, note: Note) -> None:
        trick = t.table.shown.trick
        marks = t.table.marks()
        cards = marks.cards if marks is not None else trick
        if cards and cards[0][1].kind is Kind.WIZARD:
            said.append(note.text)

    follow(tut, on_note)
    assert any("no suit to follow" in s for s in said), said


def test_the_dealer_bids_last_is_said_before_the_dealers_bid() -> None:
    tut = start("basics")
    when: list[list[int | None]] = []

    def on_note(t: Tutorial, note: Note) -> None:
        if "bids last" in note.text and t.game.round == 3:
            when.append(list(t.game.state.bids))

    follow(tut, on_note)
    assert when and when[0][1] is None          # Ada (seat 1), the dealer, has not bid yet


def test_the_jester_is_taught_exactly() -> None:
    """A Jester wins when every card of the trick is a Jester (docs/RULES.md §5.2): no note says it
    loses every trick or never wins."""
    texts = [i.text for les in LESSONS.values() for i in les.items() if isinstance(i, (Say, Do))]
    jester = [t for t in texts if "Jester" in t]
    assert jester
    assert not [t for t in jester if "loses every trick" in t or "never wins." in t]
    assert any("unless every card of the trick is a Jester" in t for t in jester)


def test_a_wrong_bid_gets_no_praise() -> None:
    tut = start("basics")
    wait_for_person(tut)
    while not (isinstance(tut.item, Do) and tut.item.action == "bid 1"):
        tut.acknowledge()
        wait_for_person(tut)
    out = tut.submit(BidIntent(0))
    assert isinstance(out, Refused)
    assert "Good" not in out.text and "1" in out.text


def _notes_after_a_complete_trick(les_id: str) -> list[int]:
    les = lesson(les_id)
    items = les.items()
    out, plays = [], 0
    for i, item in enumerate(items):
        if isinstance(item, RoundEnd):
            plays = 0
        elif isinstance(item, (Move, Do)) and item.action.startswith("play "):
            plays += 1
        elif isinstance(item, Say) and plays and plays % les.players == 0:
            out.append(i)
    return out


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_a_note_resumed_after_a_finished_trick_shows_that_trick(lesson_id: str) -> None:
    """Left (or killed) at a note about a finished trick, the lesson starts again at that trick's
    first card: when the note shows, its trick is on the table."""
    les = lesson(lesson_id)
    positions = _notes_after_a_complete_trick(lesson_id)
    assert positions
    for pos in positions:
        back = resume_at(les, pos)
        assert back < pos
        tut = Tutorial.start(les, back, **FAST)      # type: ignore[arg-type]
        while tut.pos < pos:
            wait_for_person(tut)
            if isinstance(tut.item, Say) and tut.pos < pos:
                tut.acknowledge()
            elif isinstance(tut.item, Do):
                for intent in intents_for(tut):
                    tut.submit(intent)
        wait_for_person(tut)
        assert tut.pos == pos and tut.note() is not None and tut.note().kind == "say"  # type: ignore[union-attr]
        marks = tut.table.marks()
        assert marks is not None and len(marks.cards) == les.players, (lesson_id, pos)
        play_to_end(tut)
        assert tut.finished


def test_resume_keeps_a_move_or_a_note_before_any_card() -> None:
    les = lesson("basics")
    items = les.items()
    for pos, item in enumerate(items):
        if isinstance(item, (Move, Do, RoundEnd)) or pos == len(items):
            assert resume_at(les, pos) == pos
    assert resume_at(les, 0) == 0 and resume_at(les, len(items)) == len(items)

