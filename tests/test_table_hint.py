"""The hint that explains (H): Expert's choice and its numbers, from the asking seat's view only,
shown to that person on that turn only, and it never plays."""

from __future__ import annotations

import random
import threading
from concurrent.futures import wait

import pytest
from test_ai import scramble_unseen, states
from test_table import intent_for

from wizard import messages
from wizard.ai.expert import ExpertPlayer
from wizard.engine import (
    Bid,
    BidVisibility,
    Card,
    Edition,
    GameConfig,
    Options,
    Phase,
    Play,
    PlayerView,
)
from wizard.i18n import set_language
from wizard.session import Seat, Session
from wizard.table import Accepted, AskHint, HintReady, Ready, Table
from wizard.table.computer import rng_for, step_ai
from wizard.table.hint import (
    CARD_ROWS,
    Advice,
    Advisor,
    bid_line,
    card_line,
    hint_rows,
    percent_shown,
)


def small_expert() -> ExpertPlayer:
    """Expert in points with a tiny budget (the tests stay fast; same code paths)."""
    ai = ExpertPlayer(points_only=True)
    ai.budget, ai.min_worlds, ai.max_worlds, ai.cap_s = 600, 4, 8, 30.0
    return ai


def seats(humans: int, n: int = 4) -> list[Seat]:
    return [Seat.human(f"P{i}") if i < humans else Seat.ai(f"C{i}", "random") for i in range(n)]


def table_for(session: Session, **kw: object) -> Table:
    return Table(session, threaded=False, speed=0.0, ai_pause=0.0, advisor=small_expert, **kw)  # type: ignore[arg-type]


def tick_until(t: Table, phase: Phase, legal_at_least: int = 2) -> None:
    """Tick (people's turns played by their first legal action) until the viewer is to act in
    ``phase`` with at least ``legal_at_least`` choices."""
    for _ in range(20000):
        t.tick(0.01)
        for o in t.take_outcomes():
            if type(o).__name__ == "RoundOver":
                from wizard.table import NextRound
                t.submit(NextRound())
        if t.curtain_for is not None:
            t.submit(Ready())
        if t.my_turn():
            s = t.port
            if s.phase is phase and len(s.legal_actions(t.viewer)) >= legal_at_least \
                    and s.round >= 3:
                return
            t.submit(intent_for(s.legal_actions(t.viewer)[0]))
    raise AssertionError("the turn never came")


def ask(t: Table) -> HintReady:
    assert isinstance(t.submit(AskHint()), Accepted)
    got = [o for o in t.take_outcomes() if isinstance(o, HintReady)]
    assert len(got) == 1
    return got[0]


def expected_advice(t: Table) -> Advice:
    """What Expert says for the viewer's seat, asked directly with the seat's view and rng."""
    seat = t.viewer
    assert seat is not None
    return small_expert().suggest(t.port.view(seat), rng_for(t.port, seat))


def test_a_bid_hint_lists_experts_bids_with_the_chance_of_exactly_and_the_points() -> None:
    t = table_for(Session.new(GameConfig(4, seed=31), seats(1)))
    tick_until(t, Phase.BID)
    action, notes = expected_advice(t)
    before = (t.port.moves, t.port.state.clone().hands, list(t.port.state.bids))
    hint = ask(t)
    assert hint.action == action and isinstance(action, Bid) and hint.seat == 0
    assert "Expert would bid" in hint.text
    assert 2 <= len(hint.rows) <= 4
    assert hint.rows[0].best and hint.rows[0].action == action
    assert sum(r.best for r in hint.rows) == 1
    for r in hint.rows:
        assert isinstance(r.action, Bid)
        n = r.action.n
        assert r.points == notes["ev"][n] and r.exact == notes["exact"][n]
        assert r.exact is not None and 0.0 <= r.exact <= 1.0
        assert f"Bid {n}, play for {messages.tricks_text(n)}: you make it in " \
               f"{percent_shown(r.exact)} % of deals" in r.text
    rest = [r.points for r in hint.rows[1:]]
    assert rest == sorted(rest, reverse=True)
    # the best bids by Expert's estimate are the ones listed
    listed = {r.action.n for r in hint.rows if isinstance(r.action, Bid)}
    ranked = sorted(notes["ev"], key=lambda b: -notes["ev"][b])
    assert set(ranked[:len(listed) - 1]) <= listed
    # the hint never plays: nothing changed, and nothing happens while it is shown
    for _ in range(50):
        t.tick(0.05)
    assert (t.port.moves, t.port.state.hands, list(t.port.state.bids)) == before
    assert t.my_turn() and t.shown_hint() == hint


def test_a_card_hint_lists_the_best_cards_by_value() -> None:
    t = table_for(Session.new(GameConfig(4, seed=32), seats(1)))
    tick_until(t, Phase.PLAY, legal_at_least=4)
    action, notes = expected_advice(t)
    moves = t.port.moves
    hint = ask(t)
    assert hint.action == action and isinstance(action, Play)
    assert len(hint.rows) == CARD_ROWS and hint.rows[0].best and hint.rows[0].action == action
    legal = t.port.legal_actions(0)
    values = {r.action: r.points for r in hint.rows}
    assert all(a in legal for a in values)
    from wizard.ai.simulator import encode
    # Expert's card first, then the best of the others by Expert's value
    mine = encode(action.card)
    others = sorted((v for c, v in notes["values"].items() if c != mine), reverse=True)
    assert [r.points for r in hint.rows] == [notes["values"][mine], *others[:CARD_ROWS - 1]]
    for r in hint.rows:
        assert isinstance(r.action, Play)
        assert r.points == notes["values"][encode(r.action.card)] and r.exact is None
        assert messages.card_title(r.action.card, "classic") in r.text
    assert t.port.moves == moves


def test_rows_from_notes_sort_and_cut() -> None:
    view_legal = [Bid(n) for n in range(6)]
    notes = {"ev": {0: -10.0, 1: 12.5, 2: 31.0, 3: 20.0, 4: -5.0},
             "exact": {0: 0.1, 1: 0.3, 2: 0.46, 3: 0.2, 4: 0.05}}
    rows = hint_rows(Bid(2), notes, list(view_legal), "classic")
    assert [r.action for r in rows] == [Bid(2), Bid(3), Bid(1), Bid(4)]
    assert rows[0].text == ("Bid 2, play for 2 tricks: you make it in 46 % of deals, +31 points "
                            "on average.")
    assert hint_rows(Bid(1), {"forced": True}, [Bid(1)], "classic") == ()
    # notes without the chance of exactly (another advisor): the points alone
    assert [r.text for r in hint_rows(Bid(1), {"ev": {0: -0.3, 1: 1.2}}, view_legal, "classic")] \
        == ["Bid 1: +1 point on average (less sure: far from Expert's bid).",
            "Bid 0: 0 points on average (less sure: far from Expert's bid)."]
    # Expert's own choice stays first even where its estimate is not the highest (the race's
    # leader can trail by a rounding)
    assert hint_rows(Bid(1), notes, list(view_legal), "classic")[0].action == Bid(1)
    assert hint_rows(Play(Card.from_str("R3")), {"values": {1: 2.0}, "scale": "standing"},
                     [], "classic") == ()


def test_the_lines_are_translated() -> None:
    try:
        set_language("fr")
        assert bid_line(2, 0.46, 31.0) == ("Prédire 2 et jouer pour 2 plis\u202f: réussi dans "
                                           "46\u202f% des donnes, +31 points en moyenne.")
        assert card_line(Play(Card.from_str("G7")), 1.2, "classic") \
            == "Le 7 des elfes\u202f: +1 point en moyenne."
        set_language("ca")
        assert bid_line(1, 0.5, -10.0).startswith("Predir 1 i jugar per 1 basa: l’encerteu en")
    finally:
        set_language("en")


def hint_at(state_session: Session) -> HintReady:
    t = table_for(state_session)
    for _ in range(10):
        t.tick(0.01)
    assert t.my_turn()
    return ask(t)


def test_the_hint_never_reads_hidden_information() -> None:
    """The AI's swap test: the other seats' hidden cards (and hidden bids) changed in a way the
    asking seat cannot see give the same hint."""
    rng = random.Random(5)
    cfgs = [GameConfig(players=4, seed=11),
            GameConfig(players=5, edition=Edition.CAMELOT, seed=12,
                       options=Options(bids=BidVisibility.SECRET))]
    checked = differed = 0
    for cfg in cfgs:
        for st in states(cfg, 6, 2)[3::13]:
            seat = st.current_player
            assert seat is not None
            view: PlayerView = st.view_for(seat)
            if view.hand is None or len(view.legal) < 2:
                continue
            twin = scramble_unseen(st, seat, rng)
            differed += twin.hands != st.hands
            assert twin.view_for(seat) == view
            people = [Seat.human(f"P{i}") if i == seat else Seat.ai(f"C{i}", "random")
                      for i in range(cfg.players)]
            a = hint_at(Session(st, people, rng=random.Random(0)))
            b = hint_at(Session(twin, people, rng=random.Random(0)))
            assert a.action is not None and a.rows
            assert a == b
            checked += 1
    assert checked >= 5 and differed >= 4


def test_hot_seat_the_hint_is_for_the_asker_on_that_turn_only() -> None:
    t = table_for(Session.new(GameConfig(4, seed=33), seats(2)))
    tick_until(t, Phase.BID)
    asker = t.viewer
    hint = ask(t)
    assert t.shown_hint() == hint and hint.seat == asker
    t.submit(intent_for(hint.action))               # the person acts: the hint goes at once
    assert t.shown_hint() is None
    curtain_seen = False
    for _ in range(3000):
        t.tick(0.01)
        t.take_outcomes()
        assert t.shown_hint() is None              # behind the curtain, and to the next person
        if t.curtain_for is not None:
            curtain_seen = True
            assert t.hint is None
            t.submit(Ready())
        if t.my_turn() and t.viewer != asker:
            break
    assert curtain_seen and t.my_turn() and t.viewer != asker
    assert t.shown_hint() is None and t.hint is None
    t.hint = hint                                   # even if it were kept, it is not theirs
    assert t.shown_hint() is None
    t.hint = None
    hint2 = ask(t)                                  # the next person asks for their own
    assert hint2.seat == t.viewer and t.shown_hint() == hint2
    assert isinstance(t.submit(AskHint()), Accepted) and t.shown_hint() is None   # H again: away


class Held:
    """An advisor whose answer waits until the test lets it go."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def __call__(self) -> Advisor:
        return self

    def suggest(self, view: PlayerView, rng: random.Random) -> Advice:
        assert self.go.wait(10)
        return small_expert().suggest(view, rng)


@pytest.mark.parametrize("people", [1, 2])
def test_a_hint_that_comes_after_the_turn_passed_is_dropped(people: int) -> None:
    held = Held()
    t = Table(Session.new(GameConfig(4, seed=34), seats(people)), threaded=True, speed=0.0,
              ai_pause=0.0, advisor=held)
    try:
        for _ in range(20000):
            if t.move_job is not None and t.move_job.future is not None:
                wait([t.move_job.future])
            t.tick(0.01)
            t.take_outcomes()
            if t.curtain_for is not None:
                t.submit(Ready())
            if t.my_turn() and t.port.phase is Phase.BID:
                break
        assert t.my_turn()
        assert isinstance(t.submit(AskHint()), Accepted)
        t.submit(intent_for(t.port.legal_actions(t.viewer)[0]))    # acts before it comes
        held.go.set()
        job = t.hint_job
        assert job is not None and job.future is not None
        wait([job.future])
        t.tick(0.01)
        late = [o for o in t.take_outcomes() if isinstance(o, HintReady)]
        assert late == [HintReady(None, "")] and t.hint is None and t.shown_hint() is None
    finally:
        held.go.set()
        t.close()


def test_a_sampled_chance_never_shows_as_certain() -> None:
    assert percent_shown(0.0) == "<1" and percent_shown(0.004) == "<1"
    assert percent_shown(1.0) == ">99" and percent_shown(0.996) == ">99"
    assert percent_shown(0.46) == "46" and percent_shown(0.01) == "1" and percent_shown(0.99) == "99"
    assert "in <1 % of deals" in bid_line(1, 0.0, -12.0)
    # a number that did not reach the stated precision says how far off it may be
    assert "in 9 % ±6 of deals, -7 ±5 points on average" in bid_line(1, 0.09, -7.0, 0.06, 5.0)
    assert "in 9 % of deals, -7 points on average" in bid_line(1, 0.09, -7.0, 0.03, 2.0)


def test_the_panel_says_what_the_lines_are_and_why_experts_is_ringed() -> None:
    """#35: the bid lines are plans (their chances do not add up), the headline says why Expert's
    bid is ringed and by how much, the 1-card round explains its two chances, and tied cards say
    that any card will do."""
    from wizard.table.hint import TIED, build_hint
    s = Session.new(GameConfig(4, seed=3), seats(1))
    s.start()
    while not (s.is_human_turn() and s.phase is Phase.BID):
        step_ai(s)
    view = s.view(0)
    assert view.round == 1
    notes = {"ev": {0: 12.0, 1: 4.0}, "exact": {0: 0.87, 1: 0.10}}
    hint = build_hint((Bid(0), notes), view, 0, "classic")
    assert "Ringed: the most points on average, 8 points more than bidding 1." in hint.text
    assert "With one card there is no plan to choose" in hint.note
    assert "−10 for each trick over or under" in hint.note
    while not (s.is_human_turn() and s.phase is Phase.BID and s.round >= 3):
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            s.act(s.legal_actions()[0])
    view = s.view(0)
    notes = {"ev": {0: -2.0, 1: 26.0, 2: 10.0}, "exact": {0: 0.2, 1: 0.91, 2: 0.73}}
    hint = build_hint((Bid(1), notes), view, 0, "classic")
    assert "the chances do not add up to 100 %" in hint.note
    assert hint.rows[0].text.startswith("Bid 1, play for 1 trick: you make it in 91 % of deals")
    assert "16 points more than bidding 2" in hint.text
    while not (s.is_human_turn() and s.phase is Phase.PLAY and len(s.legal_actions()) >= 2):
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            s.act(s.legal_actions()[0])
    from wizard.ai.simulator import encode
    view = s.view(0)
    plays = [a for a in view.legal if isinstance(a, Play)]
    values = {encode(a.card): 7.0 for a in plays}
    hint = build_hint((plays[0], {"values": values}), view, 0, "classic")
    assert hint.text.endswith(TIED) and "Ringed" not in hint.text and TIED not in hint.note


class ScriptedAdvisor:
    """An advisor whose card values are given by the test, one per hint asked (the wiring of the
    change line is what is tested, not Expert's numbers)."""

    def __init__(self, values: list[float]) -> None:
        self.values = values

    def suggest(self, view: PlayerView, rng: random.Random) -> Advice:
        from wizard.ai.simulator import encode
        plays = [a for a in view.legal if isinstance(a, Play)]
        value = self.values.pop(0)
        return plays[0], {"values": {encode(a.card): value - i for i, a in enumerate(plays)}}


def test_a_card_hint_says_what_changed_since_the_last_hint_of_the_round() -> None:
    """#35: the card hint's value moved with no explanation. The first hint of a round has no
    change line; the next one, when its value moved by more than the stated precision, says by
    how much and why, from what really happened: tricks won by the seat or by others against its
    bid, and the cards others played since (the Wizards and trumps named with who played them)."""
    from wizard.table.hint import HintMark, change_line, mark_of
    set_language("en")
    script = ScriptedAdvisor([19.0, 6.0])
    s = Session.new(GameConfig(3, seed=5), seats(1, 3))
    t = Table(s, threaded=False, speed=0.0, ai_pause=0.0, advisor=lambda: script)
    tick_until(t, Phase.PLAY, legal_at_least=2)
    first = ask(t)
    assert first.change == ""                       # the round's first hint: nothing to compare
    view0 = t.port.view(0)
    won0, done0, seen0 = view0.tricks[0], len(view0.tricks_played), len(view0.trick) + sum(
        len(tr.cards) for tr in view0.tricks_played)
    # play on to the seat's next turn in this round (a trick is finished on the way)
    t.submit(intent_for(t.port.legal_actions(0)[0]))
    for _ in range(20000):
        t.tick(0.01)
        t.take_outcomes()
        if t.my_turn() and t.port.phase is Phase.PLAY:
            break
    view = t.port.view(0)
    assert view.round == view0.round and len(view.tricks_played) == done0 + 1
    second = ask(t)                                 # 19 -> 6: down 13
    won = view.tricks[0] - won0
    others = [(p, c) for tr in view.tricks_played for p, c in tr.cards][seen0:] + list(view.trick)
    others = [pc for pc in others if pc[0] != 0]
    assert second.change.startswith("Down 13 points since your last hint: ")
    if won:
        assert "you won 1 trick" in second.change and "others won" not in second.change
    else:
        assert "others won 1 trick" in second.change and "you won" not in second.change
    if view.bids[0]:
        assert f"you now have {view.tricks[0]} of the {view.bids[0]} " in second.change
    else:
        assert f"you bid 0 and now have {view.tricks[0]} trick" in second.change
    assert f"{len(others)} more card" in second.change
    mark = mark_of(second, view)
    assert mark is not None and mark.points == 6.0 and t.hint_marks == {0: mark}
    from dataclasses import replace as dc_replace
    nudged = tuple(dc_replace(r, points=r.points + 2) for r in second.rows)
    assert change_line(mark, nudged, view, t.names, "classic") == ""     # nothing happened
    # within the stated precision (+3 since a mark with cards played since): no line
    near = HintMark(view.round, 5.0, (), mark.won, mark.done - 1, mark.plays[:1])
    assert change_line(near, nudged, view, t.names, "classic") == ""
    earlier = HintMark(view.round, 30.0, (), mark.won, mark.done - 1, mark.plays[:1])
    assert change_line(earlier, nudged, view, t.names, "classic").startswith("Down 22 points")
    # a take-back (what was known then is not a prefix of what is known now): no line
    later = HintMark(view.round, 30.0, (), mark.won, mark.done, mark.plays + mark.plays[:1])
    assert change_line(later, nudged, view, t.names, "classic") == ""
    # another round's mark: no line
    other = HintMark(view.round + 1, 30.0, (), 0, 0, ())
    assert change_line(other, nudged, view, t.names, "classic") == ""


def test_the_change_line_names_a_wizard_played_and_who_played_it() -> None:
    """#35: "Down 7: ... a Wizard (Ada)": the notable cards seen since are named with their player;
    a plain card only counts; the bid hint before the first card hint compares the bid made."""
    from wizard.engine.view import TrickRecord
    from wizard.table.hint import HintMark, HintRow, change_line
    set_language("en")
    s = Session.new(GameConfig(3, seed=5), seats(1, 3))
    s.start()
    while not (s.is_human_turn() and s.phase is Phase.PLAY):
        if s.needs_advance:
            s.advance()
        elif s.is_ai_turn():
            step_ai(s)
        else:
            s.act(s.legal_actions()[0])
    view = s.view(0)
    w, plain = Card.from_str("W"), Card.from_str("B2" if view.trump != "B" else "R2")
    played = TrickRecord(((1, w), (2, plain), (0, Card.from_str("Y3"))), 1, False)
    from dataclasses import replace as dc_replace
    now = dc_replace(view, tricks_played=(played,), trick=(), round=view.round)
    play = next(a for a in view.legal if isinstance(a, Play))
    row = (HintRow(play, 3.0, None, True, "x"),)
    names = ["Me", "Ada", "Bob"]
    before = HintMark(view.round, 10.0, (), now.tricks[0], 0, ())
    line = change_line(before, row, now, names, "classic")
    assert line.startswith("Down 7 points since your last hint: others won 1 trick")
    assert "2 more cards were played, among them: a Wizard (Ada)." in line
    assert "Bob" not in line
    # after a bid hint: compared with the plan of the bid actually made
    bid = now.bids[0]
    assert bid is not None
    at_bid = HintMark(view.round, 99.0, ((bid, 12.0), (bid + 1, 40.0)), now.tricks[0], 0, ())
    line = change_line(at_bid, row, now, names, "classic")
    assert line.startswith("Down 9 points since your last hint: the bids are in")
    set_language("fr")
    try:
        assert change_line(before, row, now, names, "classic").startswith("En baisse de 7 points depuis votre dernier conseil\u202f: les autres ont remporté 1 pli\u202f; ")
    finally:
        set_language("en")
