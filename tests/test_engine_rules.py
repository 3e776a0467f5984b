"""Short scenarios written in card notation: legality, refusals with their rule, views, events."""

from __future__ import annotations

import random

import pytest
from enginehelp import snapshot

from wizard.engine import (
    ALL_CARDS,
    Bid,
    BidMade,
    BidsRevealed,
    BidVisibility,
    Card,
    CardError,
    ChooseTrump,
    ConfigError,
    Edition,
    GameConfig,
    GameRecord,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    Options,
    Phase,
    Play,
    RecordError,
    Rule,
    TrickWon,
    card,
    cards,
    deck,
    events_for,
    replay,
    start,
)
from wizard.engine.actions import Action
from wizard.engine.cards import Kind


def test_every_card_round_trips_through_text_and_repr() -> None:
    for c in ALL_CARDS:
        assert Card.from_str(str(c)) is c
        assert eval(repr(c), {"Card": Card}) is c
    with pytest.raises(CardError):
        Card.from_str("R14")
    with pytest.raises(ValueError):
        Card.from_str("")


@pytest.mark.parametrize("edition,lowest", [("classic", 1), ("magic", 1), ("camelot", 2)])
def test_decks_have_sixty_cards(edition: str, lowest: int) -> None:
    d = deck(edition)
    assert len(d) == 60
    ranks = {c.rank for c in d if c.kind is Kind.NUMBER}
    assert min(ranks) == lowest and max(ranks) == 13
    assert sum(c.kind is Kind.WIZARD for c in d) == 4 and sum(c.kind is Kind.JESTER for c in d) == 4


def test_actions_round_trip_through_record_text() -> None:
    for a in [Bid(0), Bid(7), Play(card("MERLIN:W")), Play(card("R13")), ChooseTrump("G")]:
        assert Action.from_record(a.record()) == a
    for bad in ["bid x", "play R99", "trump Q", "", "jump 3", 5]:
        with pytest.raises(IllegalActionError) as e:
            Action.from_record(bad)  # type: ignore[arg-type]
        assert e.value.rule is Rule.MALFORMED_ACTION


def test_config_is_validated() -> None:
    for bad in [dict(players=2), dict(players=7), dict(players=4, edition="deluxe"),
                dict(players=4, first_dealer=4)]:
        with pytest.raises(ConfigError):
            GameConfig(**bad)  # type: ignore[arg-type]
    cfg = GameConfig(players=4, edition=Edition.MAGIC,
                     options=Options(scroll=True, no_equal_sum=True, bids=BidVisibility.SECRET))
    assert set(cfg.conflicts()) == {"scroll", "no_equal_sum"}
    assert GameConfig.from_dict(cfg.to_dict()) == cfg


def deal(text_hands: list[str], turned: str | None, round_: int, dealer: int = 0,
         edition: str = "classic", totals: list[int] | None = None, **options: object) -> GameState:
    cfg = GameConfig(players=len(text_hands), edition=Edition(edition),
                     options=Options(**options))  # type: ignore[arg-type]
    return GameState.at_deal(cfg, round_, dealer, [cards(h) for h in text_hands],
                             card(turned) if turned else None, totals)


def refused(state: GameState, action: Action, rule: Rule, seat: int | None = None) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as e:
        state.apply(action, seat=seat)
    assert e.value.rule is rule, e.value
    assert isinstance(e.value, ValueError)
    assert snapshot(state) == before, "an illegal action changed the state"


def test_refusals_name_the_rule_and_change_nothing() -> None:
    s = deal(["B5 R1", "R10 G3", "G2 W"], "Y9", 2, no_equal_sum=True)
    assert s.current_player == 1
    refused(s, Bid(1), Rule.NOT_YOUR_TURN, seat=2)
    refused(s, Bid(3), Rule.BID_OUT_OF_RANGE)
    refused(s, Play(card("R10")), Rule.WRONG_PHASE)
    s.apply(Bid(1), seat=1)
    s.apply(Bid(0))
    refused(s, Bid(1), Rule.BID_SUM_NO_EQUAL)
    s.apply(Bid(2))
    assert s.phase is Phase.PLAY
    refused(s, Play(card("B5")), Rule.CARD_NOT_IN_HAND)
    s.apply(Play(card("G3")))
    refused(s, Play(card("G1")), Rule.CARD_NOT_IN_HAND)
    s.apply(Play(card("W")))          # a Wizard may always be played
    refused(s, Play(card("R10")), Rule.CARD_NOT_IN_HAND)  # seat 0 holds B5 R1
    s.apply(Play(card("R1")))                              # no green: anything goes
    assert s.tricks == [0, 0, 1]


def test_must_follow_suit_names_the_suit() -> None:
    s = deal(["B9 G5", "G12 R3", "B4 G7", "R8 Y10"], "Y2", 2, dealer=3)
    for b in (1, 1, 0, 0):
        s.apply(Bid(b))
    s.apply(Play(card("G5")))
    with pytest.raises(IllegalPlayError) as e:
        s.apply(Play(card("R3")))
    assert e.value.rule is Rule.MUST_FOLLOW_SUIT and e.value.details["suit"] == "G"
    assert [str(a) for a in s.legal_actions()] == ["G12"]


def test_canadian_rule_binds_only_a_sole_leader_in_the_last_round() -> None:
    pack = [c.text for c in deck("classic")]
    hands = [" ".join(pack[i * 15:(i + 1) * 15]) for i in range(4)]
    s = deal(hands, None, 15, dealer=0, totals=[10, 50, 20, 30], canadian=True)
    for b in (5, 5, 4):           # seats 1, 2, 3
        s.apply(Bid(b))
    assert s.current_player == 0  # seat 0 is not the leader: no constraint
    assert len(s.legal_actions()) == 16
    s2 = deal(hands, None, 15, dealer=0, totals=[60, 50, 20, 30], canadian=True)
    for b in (5, 5, 4):
        s2.apply(Bid(b))
    refused(s2, Bid(1), Rule.BID_SUM_CANADIAN)


def test_camelot_sum_rule_lifted_by_zero_and_lapsing_under_hidden_bids() -> None:
    h = ["B2 B3 B4 B5 B6", "G2 G3 G4 G5 G6", "R2 R3 R4 R5 R6"]
    s = deal(h, "Y9", 5, edition="camelot")
    s.apply(Bid(2))
    s.apply(Bid(2))
    refused(s, Bid(1), Rule.BID_SUM_CAMELOT)
    s = deal(h, "Y9", 5, edition="camelot")
    s.apply(Bid(3))
    s.apply(Bid(2))
    s.apply(Bid(0))                # sum 5 = r but the last bidder bid 0
    assert s.phase is Phase.PLAY
    s = deal(h, "Y9", 5, edition="camelot", bids=BidVisibility.HIDDEN)
    s.apply(Bid(2))
    s.apply(Bid(2))
    s.apply(Bid(1))                # hidden bids: the rule lapses
    assert s.phase is Phase.PLAY


def test_scroll_rule_forbids_wizard_on_trump_lead() -> None:
    s = deal(["R5 B1", "W R9", "W W"], "R2", 2, dealer=2, scroll=True)
    for b in (1, 1, 0):
        s.apply(Bid(b))
    s.apply(Play(card("R5")))
    refused(s, Play(card("W")), Rule.SCROLL_WIZARD)
    assert [str(a) for a in s.legal_actions()] == ["R9"]
    s.apply(Play(card("R9")))
    assert [str(a) for a in s.legal_actions()] == ["W"]   # nothing but Wizards: allowed
    events = s.apply(Play(card("W")))
    won = [e for e in events if isinstance(e, TrickWon)][0]
    assert won.winner == 1                                  # the powerless Wizard loses


def test_merlin_must_be_declared_and_both_forms_are_legal() -> None:
    s = deal(["MERLIN B5 B6 B7 B8", "G2 G3 G4 G5 G6", "R2 R3 R4 R5 R6"], "Y9", 5,
             dealer=2, edition="camelot")
    for b in (1, 1, 1):
        s.apply(Bid(b))
    legal = [str(a) for a in s.legal_actions()]
    assert "MERLIN:W" in legal and "MERLIN:J" in legal and "MERLIN" not in legal
    refused(s, Play(card("MERLIN")), Rule.MERLIN_UNDECLARED)
    s.apply(Play(card("MERLIN:W")))
    assert "MERLIN" not in [c.text for c in s.hands[0]]
    assert s.trick == [card("MERLIN:W")]


def test_trump_choice_after_a_turned_wizard() -> None:
    s = deal(["B5 R1", "R10 G3", "G2 W"], "W", 2, dealer=0)
    assert s.phase is Phase.TRUMP and s.current_player == 0
    refused(s, ChooseTrump("X"), Rule.NOT_A_SUIT)
    refused(s, Bid(0), Rule.WRONG_PHASE)
    s.apply(ChooseTrump("G"))
    assert s.trump == "G" and s.phase is Phase.BID and s.current_player == 1


@pytest.mark.parametrize("turned,chooses", [("W", True), ("GRAIL", True), ("MORGAN", True),
                                            ("MERLIN", True), ("EXCALIBUR", True), ("J", False)])
def test_camelot_specials_turned(turned: str, chooses: bool) -> None:
    s = deal(["B5", "R10", "G2"], turned, 1, edition="camelot")
    assert (s.phase is Phase.TRUMP) is chooses
    assert s.trump is None


def test_excalibur_in_round_one_voids_the_round() -> None:
    s = deal(["EXCALIBUR", "R10", "G2"], "Y3", 1, dealer=2, edition="camelot")
    for b in (0, 1, 0):
        s.apply(Bid(b))
    for c in ("EXCALIBUR", "R10", "G2"):
        s.apply(Play(card(c)))
    assert s.history[-1].points == (0, 0, 0) and s.history[-1].tricks == (0, 0, 0)


def test_hidden_and_secret_bids_are_hidden_from_views_and_events() -> None:
    for vis in (BidVisibility.HIDDEN, BidVisibility.SECRET):
        s = deal(["B5 R1", "R10 G3", "G2 W"], "Y9", 2, bids=vis)
        ev = s.apply(Bid(2))
        assert s.view_for(1).bids[1] == 2
        assert s.view_for(0).bids[1] is None and s.view_for(0).bids_made[1]
        assert events_for(ev, 0, s.config) == [BidMade(1, None)]
        s.apply(Bid(0))
        ev = s.apply(Bid(1))
        revealed = any(isinstance(e, BidsRevealed) for e in ev)
        assert revealed is (vis is BidVisibility.HIDDEN)
        assert (s.view_for(0).bids[1] == 2) is (vis is BidVisibility.HIDDEN)


def test_clairvoyance_shows_others_hands_not_ones_own_while_bidding() -> None:
    s = deal(["B5 R1", "R10 G3", "G2 W"], "Y9", 2, clairvoyance=True)
    v = s.view_for(1)
    assert v.hand is None
    assert v.visible_hands == {0: tuple(cards("B5 R1")), 2: tuple(cards("G2 W"))}
    for b in (1, 0, 0):
        s.apply(Bid(b))
    v = s.view_for(1)
    assert v.hand == tuple(cards("R10 G3")) and v.visible_hands == {}


def test_first_dealer_draw_is_seeded_and_highest_deals() -> None:
    cfg = GameConfig(players=5, seed=3)
    a, ev_a = start(cfg, random.Random(3))
    b, ev_b = start(cfg, random.Random(3))
    assert ev_a == ev_b and a.hands == b.hands
    from wizard.engine import CardDrawn, DealerChosen
    from wizard.engine.cards import draw_value
    draws = [e for e in ev_a if isinstance(e, CardDrawn)]
    chosen = [e for e in ev_a if isinstance(e, DealerChosen)][0]
    last = draws[-len({d.seat for d in draws[-5:]}):]
    assert max(draw_value(d.card) for d in draws) == draw_value(
        [d for d in draws if d.seat == chosen.seat][-1].card)
    assert a.dealer == chosen.seat and last


def test_record_rebuilds_and_rejects_an_impossible_action() -> None:
    cfg = GameConfig(players=4, seed=5)
    rng = random.Random(0)
    deal_rng = random.Random(cfg.seed)
    g = GameState.new(cfg)
    for _ in range(60):
        while g.is_chance:
            g.advance(deal_rng)
        g.apply(rng.choice(g.legal_actions()))
    rec = GameRecord.of(g)
    assert snapshot(rec.rebuild(random.Random(cfg.seed))) == snapshot(g)
    data = rec.to_dict()
    data["actions"][3] = "play Y99"
    with pytest.raises(RecordError):
        GameRecord.from_dict(data)
    data["actions"][3] = "bid 9"
    with pytest.raises(RecordError) as e:
        GameRecord.from_dict(data).rebuild(random.Random(cfg.seed))
    assert e.value.index == 3
    with pytest.raises(IllegalBidError):
        raise e.value.__cause__  # type: ignore[misc]
    # replay() is the same checked replay from a config and a list of actions
    assert snapshot(replay(cfg, list(rec.actions), random.Random(cfg.seed))) == snapshot(g)
    bad = GameRecord.from_dict(data).actions
    with pytest.raises(RecordError) as e2:
        replay(cfg, bad, random.Random(cfg.seed))
    assert e2.value.index == 3
