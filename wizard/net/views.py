"""A seat's ``PlayerView`` and the redacted ``Event``s as JSON, and back (strictly).

The view is written whole: what the table draws needs every field (the phase outside a decision,
the score pad, the cards each seat holds). Nothing is added that the view does not hold, so what
crosses is exactly what the engine lets the seat see (``GameState.view_for``, ``events_for``).
"""

from __future__ import annotations

from typing import Any

from wizard.engine import (
    BidMade,
    BidsRevealed,
    Bonus,
    BonusKind,
    CardDealt,
    CardDrawn,
    CardPlayed,
    DealerChosen,
    Event,
    GameOver,
    Phase,
    PlayerView,
    RoundResult,
    RoundScored,
    RoundStarted,
    TrickNote,
    TrickRecord,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
    WinReason,
)

from .codec import (
    WireError,
    action_json,
    action_of,
    boolean,
    card_of,
    cards_of,
    config_json,
    config_of,
    each,
    integer,
    ints,
    member,
    need,
    obj,
    opt_card,
    opt_int,
    opt_suit,
    plays_json,
    plays_of,
    seat_no,
    suit_of,
)

VIEW_KEYS = {"seat", "config", "phase", "current_player", "round", "rounds", "dealer", "leader",
             "hand", "hand_size", "visible_hands", "turned", "trump", "bids", "bids_made",
             "tricks", "totals", "trick", "tricks_played", "history", "legal"}


def _history_json(row: RoundResult) -> dict[str, Any]:
    return {"round": row.round, "dealer": row.dealer, "trump": row.trump, "bids": list(row.bids),
            "tricks": list(row.tricks), "points": list(row.points), "totals": list(row.totals),
            "bonuses": [[[b.kind.value, b.points] for b in seat] for seat in row.bonuses]}


def _bonus_of(x: Any, what: str) -> Bonus:
    pair = each(x, what, lambda v, w: v, 2)
    need(len(pair) == 2, f"{what} must be [kind, points]")
    return Bonus(member(BonusKind, pair[0], what), integer(pair[1], what, -1000, 1000))


def _history_of(x: Any, what: str) -> RoundResult:
    d = obj(x, what, {"round", "dealer", "trump", "bids", "tricks", "points", "totals", "bonuses"})
    return RoundResult(
        round=integer(d["round"], f"{what} round", 1, 20), dealer=seat_no(d["dealer"], what),
        trump=opt_suit(d["trump"], f"{what} trump"), bids=ints(d["bids"], f"{what} bids"),
        tricks=ints(d["tricks"], f"{what} tricks"), points=ints(d["points"], f"{what} points"),
        totals=ints(d["totals"], f"{what} totals"),
        bonuses=each(d["bonuses"], f"{what} bonuses",
                     lambda s, w: each(s, w, _bonus_of, 4), 6))


def _trick_json(t: TrickRecord) -> dict[str, Any]:
    return {"cards": plays_json(t.cards), "winner": t.winner, "void": t.void}


def _trick_of(x: Any, what: str) -> TrickRecord:
    d = obj(x, what, {"cards", "winner", "void"})
    return TrickRecord(plays_of(d["cards"], what), seat_no(d["winner"], what),
                       boolean(d["void"], what))


def view_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view, whole (the config without its seed)."""
    return {
        "seat": view.seat, "config": config_json(view.config), "phase": view.phase.value,
        "current_player": view.current_player, "round": view.round, "rounds": view.rounds,
        "dealer": view.dealer, "leader": view.leader,
        "hand": None if view.hand is None else [c.text for c in view.hand],
        "hand_size": list(view.hand_size),
        "visible_hands": [[s, [c.text for c in h]] for s, h in sorted(view.visible_hands.items())],
        "turned": None if view.turned is None else view.turned.text, "trump": view.trump,
        "bids": list(view.bids), "bids_made": list(view.bids_made), "tricks": list(view.tricks),
        "totals": list(view.totals), "trick": plays_json(view.trick),
        "tricks_played": [_trick_json(t) for t in view.tricks_played],
        "history": [_history_json(r) for r in view.history],
        "legal": [action_json(a) for a in view.legal],
    }


def view_of(data: Any, what: str = "view") -> PlayerView:
    """A view, read back; anything else raises ``WireError``."""
    d = obj(data, what, VIEW_KEYS)
    config = config_of(d["config"], f"{what} config")
    n = config.players

    def per_seat(values: tuple[Any, ...], name: str) -> tuple[Any, ...]:
        need(len(values) == n, f"{what} {name} must have one entry per seat")
        return values

    def hand_pair(x: Any, w: str) -> tuple[int, tuple[Any, ...]]:
        pair = each(x, w, lambda v, _w: v, 2)
        need(len(pair) == 2, f"{w} must be [seat, cards]")
        return integer(pair[0], w, 0, n - 1), cards_of(pair[1], w)

    hand = d["hand"]
    return PlayerView(
        seat=integer(d["seat"], f"{what} seat", -1, n - 1), config=config,
        phase=member(Phase, d["phase"], f"{what} phase"),
        current_player=opt_int(d["current_player"], f"{what} current player", 0, n - 1),
        round=integer(d["round"], f"{what} round", 0, 20),
        rounds=integer(d["rounds"], f"{what} rounds", 1, 20),
        dealer=integer(d["dealer"], f"{what} dealer", -1, n - 1),      # -1: before the draw
        leader=integer(d["leader"], f"{what} leader", -1, n - 1),
        hand=None if hand is None else cards_of(hand, f"{what} hand"),
        hand_size=per_seat(ints(d["hand_size"], f"{what} hand size", 0, 20), "hand size"),
        visible_hands=dict(each(d["visible_hands"], f"{what} visible hands", hand_pair, 6)),
        turned=opt_card(d["turned"], f"{what} turned"), trump=opt_suit(d["trump"], f"{what} trump"),
        bids=per_seat(each(d["bids"], f"{what} bids", lambda x, w: opt_int(x, w, 0, 20)), "bids"),
        bids_made=per_seat(each(d["bids_made"], f"{what} bids made", boolean), "bids made"),
        tricks=per_seat(ints(d["tricks"], f"{what} tricks", 0, 20), "tricks"),
        totals=per_seat(ints(d["totals"], f"{what} totals"), "totals"),
        trick=plays_of(d["trick"], f"{what} trick"),
        tricks_played=each(d["tricks_played"], f"{what} tricks played", _trick_of, 20),
        history=each(d["history"], f"{what} history", _history_of, 20),
        legal=each(d["legal"], f"{what} legal", action_of, 64))


# ---- events ---------------------------------------------------------------------------------

def event_json(event: Event) -> dict[str, Any]:
    """One (already redacted) event."""
    match event:
        case CardDrawn(seat, c):
            return {"e": "drawn", "seat": seat, "card": c.text}
        case DealerChosen(seat, drawn):
            return {"e": "dealer", "seat": seat, "drawn": drawn}
        case RoundStarted(r, dealer):
            return {"e": "round", "round": r, "dealer": dealer}
        case CardDealt(seat, c):
            return {"e": "dealt", "seat": seat, "card": None if c is None else c.text}
        case TrumpRevealed(c, trump, chooses):
            return {"e": "turned", "card": None if c is None else c.text, "trump": trump,
                    "dealer_chooses": chooses}
        case TrumpChosen(seat, suit):
            return {"e": "trump", "seat": seat, "suit": suit}
        case BidMade(seat, b):
            return {"e": "bid", "seat": seat, "bid": b}
        case BidsRevealed(bids):
            return {"e": "bids", "bids": list(bids)}
        case CardPlayed(seat, c):
            return {"e": "played", "seat": seat, "card": c.text}
        case TrickWon(winner, cards, void, reason, lead, notes):
            return {"e": "trick", "winner": winner, "cards": plays_json(cards), "void": void,
                    "reason": None if reason is None else reason.value, "lead": lead,
                    "notes": [n.value for n in notes]}
        case RoundScored(r, bids, tricks, points, totals):
            return {"e": "scored", "round": r, "bids": list(bids), "tricks": list(tricks),
                    "points": list(points), "totals": list(totals)}
        case GameOver(totals, winners):
            return {"e": "over", "totals": list(totals), "winners": list(winners)}
    raise TypeError(f"not an event: {event!r}")


def event_of(data: Any, what: str = "event") -> Event:
    """One event, read back; anything else raises ``WireError``."""
    d = obj(data, what)
    kind = d.get("e")

    def fields(*names: str) -> dict[str, Any]:
        return obj(d, f"{what} ({kind})", {"e", *names})

    if kind == "drawn":
        f = fields("seat", "card")
        return CardDrawn(seat_no(f["seat"]), card_of(f["card"]))
    if kind == "dealer":
        f = fields("seat", "drawn")
        return DealerChosen(seat_no(f["seat"]), boolean(f["drawn"], "drawn"))
    if kind == "round":
        f = fields("round", "dealer")
        return RoundStarted(integer(f["round"], "round", 1, 20), seat_no(f["dealer"], "dealer"))
    if kind == "dealt":
        f = fields("seat", "card")
        return CardDealt(seat_no(f["seat"]), opt_card(f["card"]))
    if kind == "turned":
        f = fields("card", "trump", "dealer_chooses")
        return TrumpRevealed(opt_card(f["card"]), opt_suit(f["trump"], "trump"),
                             boolean(f["dealer_chooses"], "dealer chooses"))
    if kind == "trump":
        f = fields("seat", "suit")
        return TrumpChosen(seat_no(f["seat"]), suit_of(f["suit"]))
    if kind == "bid":
        f = fields("seat", "bid")
        return BidMade(seat_no(f["seat"]), opt_int(f["bid"], "bid", 0, 20))
    if kind == "bids":
        f = fields("bids")
        return BidsRevealed(ints(f["bids"], "bids", 0, 20))
    if kind == "played":
        f = fields("seat", "card")
        return CardPlayed(seat_no(f["seat"]), card_of(f["card"]))
    if kind == "trick":
        f = fields("winner", "cards", "void", "reason", "lead", "notes")
        reason = None if f["reason"] is None else member(WinReason, f["reason"], "reason")
        return TrickWon(seat_no(f["winner"], "winner"), plays_of(f["cards"], "trick cards"),
                        boolean(f["void"], "void"), reason, opt_suit(f["lead"], "lead"),
                        each(f["notes"], "notes", lambda x, w: member(TrickNote, x, w), 4))
    if kind == "scored":
        f = fields("round", "bids", "tricks", "points", "totals")
        return RoundScored(integer(f["round"], "round", 1, 20), ints(f["bids"], "bids"),
                           ints(f["tricks"], "tricks"), ints(f["points"], "points"),
                           ints(f["totals"], "totals"))
    if kind == "over":
        f = fields("totals", "winners")
        return GameOver(ints(f["totals"], "totals"), ints(f["winners"], "winners", 0, 5))
    raise WireError(f"{what} has an unknown kind {str(kind)[:20]!r}")


def events_of(data: Any, what: str = "events") -> list[Event]:
    """A list of events (a whole deal and its bids fit well within the limit)."""
    return list(each(data, what, event_of, 400))
