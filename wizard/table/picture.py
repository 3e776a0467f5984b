"""The picture the painters draw: one immutable snapshot of what is shown at a table.

``Table.picture()`` makes one from the table as it stands (the viewer's ``Shown``, the running
animation, whose turn it is) and ``replay_picture`` from one step of a finished game with every
hand face up. The painters (``wizard.ui.board``) draw a ``Picture`` and never work anything
out themselves: the bid sum (``Shown.bids_sum``), a bid made, the trick's standing and marks
(the engine's verdict, ``trickwhy.marks``) and who is next (the engine's view) are decided here,
once, for both. At the table it also says what moves (``Motion``: which card flies from which
seat, which bid flashes, how far along), which bid buttons there are and which is refused and
why (``BidButton``), the last trick (``LastTrick``), the open question, the curtain and the
hint; only where things lie on the screen (the pointer, a drag, the layout) is the screen's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from wizard import messages
from wizard.engine import (
    BidMade,
    BidsRevealed,
    Card,
    CardDealt,
    CardPlayed,
    DealerChosen,
    GameConfig,
    GameState,
    Phase,
    TrickWon,
    TrumpRevealed,
    WinReason,
)
from wizard.i18n import _
from wizard.session import Seat

from . import trickwhy
from .animation import Animator
from .handsort import sort_hand
from .intents import HintReady
from .shown import Shown

VARIED = ("W", "J")   # the cards drawn with four different pictures


@dataclass(frozen=True, slots=True)
class Plate:
    """One seat as its plate shows it."""

    seat: int
    name: str
    level: str | None          # a computer's level; None for a person
    dealer: bool
    acting: bool               # the seat acting (or animating its bid or card)
    thinking: bool             # a computer seat whose decision is under way
    bid: int | None            # None: not made, or hidden
    bid_made: bool
    tricks: int
    total: int                 # the total shown (counting up after a round is scored)
    counting: bool
    cards: int                 # cards held
    made: bool = False         # the bid is known and equals the tricks won
    points: int | None = None  # the round's points, once it is scored (the replay shows them)

    @property
    def is_human(self) -> bool:
        """A person's seat."""
        return self.level is None


@dataclass(frozen=True, slots=True)
class Motion:
    """What moves on the table now (the running animation), as the painters draw it.

    ``kind``: "deal" (a card dealt face down to ``seat``), "play" (``card`` on its way from
    ``seat`` to its trick spot, showing picture ``look`` once it lands), "bid" (``seat``'s bid
    flashes: ``bid``, None when it is hidden), "reveal" (the hidden bids are shown), "turn"
    (``card`` is turned up as trump; None: no card), "won" (the finished trick comes in),
    "dealer" (``seat`` deals first), "other" (nothing a painter draws, e.g. the totals counting
    up, which the plates show). ``t``: the eased progress, 0..1, on the table's clock.
    """

    kind: str
    t: float
    seat: int | None = None
    card: Card | None = None
    look: int = 0
    bid: int | None = None


@dataclass(frozen=True, slots=True)
class BidButton:
    """One bid the person may try: allowed or not, and why not (translated; "" if allowed)."""

    n: int
    allowed: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LastTrick:
    """The round's last finished trick, for the last-trick view: its cards with their pictures,
    who took it (``void``: nobody), the Magic Wizard's seat, and the line saying why ("")."""

    cards: tuple[tuple[int, Card], ...]
    winner: int
    void: bool
    looks: tuple[int, ...]
    magic: int | None
    line: str


@dataclass(frozen=True, slots=True)
class Picture:
    """Everything shown on the table at one moment (immutable: painters only read it)."""

    round: int
    rounds: int
    phase: Phase
    plates: tuple[Plate, ...]
    hands: tuple[tuple[Card, ...] | None, ...]    # by seat, face up in display order (None: hidden)
    hand_looks: tuple[tuple[int, ...], ...]        # which of four pictures each Wizard/Jester shows
    turned: Card | None
    turned_look: int
    trump: str | None
    choosing: bool                                 # the dealer is naming the trump
    trick: tuple[tuple[int, Card], ...]
    trick_looks: tuple[int, ...]
    marks: trickwhy.TrickMarks | None              # leader, winning card, Magic Wizard, void, null
    bids_sum: int | None                           # None: not every bid is known
    prompt: str                                    # the line under the trick ("" for none)
    tone: str = "ink"                              # "accent": it speaks to the person
    ring: int | None = None                        # the seat whose trick card is ringed (just played)
    trick_number: int = 0                          # the trick shown, counted in the round (0: none)
    # ---- the table's (``of_table``); a replay step leaves them as they are ----
    config: GameConfig | None = None
    viewer: int | None = None                      # whose hand is open at the bottom (None: nobody's)
    bottom: int = 0                                # the seat drawn at the bottom
    you: int | None = None                         # the seat spoken to as "you"
    dealer: int = -1
    bids_made: tuple[bool, ...] = ()               # by seat: the bid is made (shown or not)
    tricks_played: int = 0                         # tricks won so far this round, all seats
    pack_left: int = 0                             # cards in the face-down pack
    backs: int = 0                                 # face-down cards at the bottom (no open hand)
    peeks: tuple[int, ...] = ()                    # seats whose hand the viewer sees (clairvoyance)
    drawn: tuple[tuple[int, Card], ...] = ()       # the cards drawn for first dealer, still shown
    first_dealer: int | None = None                # ... and who deals first, once known
    motion: Motion | None = None                   # what moves now
    gathering: TrickWon | None = None              # the finished trick leaving as the next card is led
    spots_open: bool = False                       # the empty trick places are outlined (a lead is due)
    my_turn: bool = False                          # the person at the screen acts now
    playing: bool = False                          # ... and chooses a card
    legal: frozenset[Card] = frozenset()           # the cards in hand that may be played now
    bids: tuple[BidButton, ...] = ()               # the bid buttons (the person's turn to bid)
    choice: str | None = None                      # an open question: "trump" or "merlin"
    trick_line: str = ""                           # who won the trick on show and why
    trick_mine: bool = False                       # ... the viewer won it
    last_trick: LastTrick | None = None            # the last-trick view's trick
    curtain: int | None = None                     # hot seat: the screen waits for this seat's person
    hint: HintReady | None = None                  # the hint shown to the person at the screen

    @property
    def names(self) -> tuple[str, ...]:
        """Players' names by seat."""
        return tuple(p.name for p in self.plates)


def plate_of(shown: Shown, seat: Seat, index: int, *, acting: bool, thinking: bool = False,
             total: tuple[int, bool] | None = None, points: int | None = None) -> Plate:
    """``seat``'s plate as ``shown`` knows it."""
    def at(xs: Sequence[object], default: object) -> object:
        return xs[index] if index < len(xs) else default

    bid = at(shown.bids, None)
    tricks = at(shown.tricks, 0)
    made = bool(at(shown.bids_made, False))
    shown_total = total if total is not None else (int(at(shown.totals, 0)), False)  # type: ignore[call-overload]
    return Plate(index, seat.name, None if seat.is_human else (seat.level or "normal"),
                 shown.dealer == index, acting, thinking, bid if made else None,  # type: ignore[arg-type]
                 made, tricks, shown_total[0], shown_total[1], int(at(shown.hand_counts, 0)),  # type: ignore[arg-type, call-overload]
                 made and bid is not None and bid == tricks, points)


# ---- the table as it stands ----------------------------------------------------------------------


class TableLike(Protocol):
    """What a picture reads of a ``Table`` (``Table`` has it; this module does not import it)."""

    @property
    def shown(self) -> Shown: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def thinking_seat(self) -> int | None: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def you(self) -> int | None: ...
    viewer: int | None
    bottom: int
    choice: str | None
    curtain_for: int | None

    def acting_seat(self) -> int | None: ...
    def plate_total(self, seat: int) -> tuple[int, bool]: ...
    def marks(self) -> trickwhy.TrickMarks | None: ...
    def prompt(self) -> tuple[str, str]: ...
    def my_turn(self) -> bool: ...
    def playing(self) -> bool: ...
    def legal_cards(self) -> set[Card]: ...
    def bid_options(self) -> list[tuple[int, bool]]: ...
    def bid_reason(self, n: int) -> str: ...
    def hand_backs(self, seat: int) -> int: ...
    def trick_on_show(self) -> TrickWon | None: ...
    def trick_line(self) -> str: ...
    def last_trick_line(self) -> str: ...
    def shown_hint(self) -> HintReady | None: ...


def of_table(table: TableLike) -> Picture:
    """The table as it stands, for its viewer: the viewer's hand and any hands they may see."""
    sh = table.shown
    seats = table.seats
    acting, thinking = table.acting_seat(), table.thinking_seat
    plates = tuple(plate_of(sh, seats[s], s, acting=acting == s, thinking=thinking == s,
                            total=table.plate_total(s)) for s in range(len(seats)))
    hands: list[tuple[Card, ...] | None] = [None] * len(seats)
    for s, cards in sh.peeks.items():
        hands[s] = tuple(sort_hand(cards, sh.trump))
    if table.viewer is not None and sh.hand is not None:
        hands[table.viewer] = tuple(sort_hand(sh.hand, sh.trump))
    mine = hands[table.viewer] if table.viewer is not None else None
    m = table.marks()
    trick = m.cards if m is not None else tuple(sh.trick)
    text, tone = table.prompt()
    drawn = tuple(sh.drawn) if sh.drawn and sh.round <= 1 and not sh.trick else ()
    e = table.animator.active
    first = e.seat if isinstance(e, DealerChosen) else sh.dealer if sh.dealer >= 0 and sh.round <= 1 \
        else None
    won = table.trick_on_show()
    mine_now = table.my_turn()      # the bid buttons, the legal cards and a hint are for it only
    gathering = sh.won if sh.held and isinstance(e, CardPlayed) and table.animator.tween is not None \
        else None
    return Picture(
        round=sh.round, rounds=sh.rounds, phase=sh.phase, plates=plates, hands=tuple(hands),
        hand_looks=tuple(tuple(sh.hand_looks(h)) if h is mine and h is not None else ()
                         for h in hands),
        turned=sh.turned, turned_look=0, trump=sh.trump, choosing=sh.choosing, trick=trick,
        trick_looks=tuple(sh.trick_looks(trick)) if trick else (), marks=m,
        bids_sum=sh.bids_sum, prompt=text, tone=tone,
        config=table.config, viewer=table.viewer, bottom=table.bottom, you=table.you,
        dealer=sh.dealer, bids_made=tuple(sh.bids_made), tricks_played=sum(sh.tricks),
        pack_left=sh.pack_left, backs=table.hand_backs(table.bottom),
        peeks=tuple(sh.peeks), drawn=drawn, first_dealer=first if drawn else None,
        motion=motion_of(table.animator, sh), gathering=gathering,
        spots_open=(m is None and not sh.trick and bool(sh.round) and not sh.drawn
                    and sh.phase is Phase.PLAY and table.animator.drained),
        my_turn=mine_now, playing=mine_now and table.playing(),
        legal=frozenset(table.legal_cards()) if mine_now else frozenset(),
        bids=tuple(BidButton(n, ok, "" if ok else table.bid_reason(n))
                   for n, ok in table.bid_options()) if mine_now else (),
        choice=table.choice, trick_line=table.trick_line(),
        trick_mine=won is not None and won.winner == table.viewer and not won.void,
        last_trick=last_trick(sh, table.last_trick_line), curtain=table.curtain_for,
        hint=table.shown_hint() if mine_now else None)


def motion_of(animator: Animator, sh: Shown) -> Motion | None:
    """The running animation as the painters draw it (None: nothing moves)."""
    e, tween = animator.active, animator.tween
    if e is None or tween is None:
        return None
    t = tween.t
    if isinstance(e, CardDealt):
        return Motion("deal", t, e.seat)
    if isinstance(e, CardPlayed):
        landing = [*sh.trick, (e.seat, e.card)]          # its picture once it lands
        look = sh.trick_looks(landing, own_shown=e.seat != sh.viewer)[-1]
        return Motion("play", t, e.seat, e.card, look)
    if isinstance(e, BidMade):
        return Motion("bid", t, e.seat, bid=e.bid)
    if isinstance(e, BidsRevealed):
        return Motion("reveal", t)
    if isinstance(e, TrumpRevealed):
        return Motion("turn", t, card=e.card)
    if isinstance(e, TrickWon):
        return Motion("won", t, e.winner)
    if isinstance(e, DealerChosen):
        return Motion("dealer", t, e.seat)
    return Motion("other", t)


def last_trick(sh: Shown, line: Callable[[], str]) -> LastTrick | None:
    """The round's last finished trick as the last-trick view shows it (``line``: why it was
    won, asked only when there is one)."""
    last = sh.last_trick
    if last is None:
        return None
    won = sh.won
    magic = won.winner if won is not None and won.cards == last.cards \
        and won.reason is WinReason.MAGIC_WIZARD else None
    return LastTrick(tuple(last.cards), last.winner, last.void,
                     tuple(sh.trick_looks(last.cards, later=sh.trick)), magic, line())


# ---- a replay step ------------------------------------------------------------------------------


class Pictures:
    """Which of the four pictures each Wizard and Jester shows in a replay step.

    Every player's hand is open in a replay, so each card of the deal gets its own picture: the
    Wizards are numbered in seat order through the dealt hands (and the Jesters likewise). A
    player's Wizards played this round took the first of that player's pictures, so a Wizard
    shows the same picture in the hand and on the trick, and no two Wizards look alike.
    """

    def __init__(self, state: GameState) -> None:
        self.plays = [pc for t in state.tricks_played for pc in t.cards]
        self.plays += list(zip(state.trick_seats, state.trick, strict=True))
        self.base: dict[tuple[int, str], int] = {}
        self.played: dict[tuple[int, str], int] = {}
        for seat, card in self.plays:
            if card.text in VARIED:
                self.played[seat, card.text] = self.played.get((seat, card.text), 0) + 1
        running = dict.fromkeys(VARIED, 0)
        for seat, hand in enumerate(state.hands):
            for code in VARIED:
                self.base[seat, code] = running[code]
                running[code] += sum(1 for c in hand if c.text == code) + self.played.get((seat, code), 0)
        self.after_hands = running     # the turned trump card comes after every hand

    def hand(self, seat: int, cards: Sequence[Card]) -> list[int]:
        """Pictures for ``seat``'s hand as drawn (any order): the cards not yet played."""
        seen: dict[str, int] = {}
        out = []
        for c in cards:
            if c.text in VARIED:
                k = seen.get(c.text, 0)
                seen[c.text] = k + 1
                out.append((self.base[seat, c.text] + self.played.get((seat, c.text), 0) + k) % 4)
            else:
                out.append(0)
        return out

    def turned(self, card: Card) -> int:
        """The picture of the turned trump card (a Wizard or Jester there is not in any hand)."""
        return self.after_hands[card.text] % 4 if card.text in VARIED else 0

    def trick(self, cards: Sequence[tuple[int, Card]]) -> list[int]:
        """Pictures for the latest trick's cards (each seat's last card played)."""
        return [(self.base[seat, c.text] + self.played.get((seat, c.text), 1) - 1) % 4
                if c.text in VARIED else 0 for seat, c in cards]


def next_line(state: GameState, names: Sequence[str], you: int | None) -> str:
    """Who is next, from the engine's own position: a bid, the trump, or the lead."""
    cur = state.current_player
    if state.phase is Phase.BID and cur is not None:
        return (_("Bidding: you are next.") if cur == you else
                _("Bidding: {name} is next.").format(name=names[cur]))
    if state.phase is Phase.TRUMP:
        return chooses_line(state.dealer, names, you)
    if state.phase is Phase.PLAY and not state.trick:
        return (_("You lead.") if state.leader == you else
                _("{name} leads.").format(name=names[state.leader]))
    return ""


def chooses_line(dealer: int, names: Sequence[str], you: int | None) -> str:
    """The dealer is choosing the trump."""
    if dealer == you:
        return _("You choose…")
    return _("{name} chooses…").format(name=names[dealer])


def replay_picture(state: GameState, seats: Sequence[Seat], *, acting: int | None,
                   won: TrickWon | None, played: bool, you: int | None) -> Picture:
    """One step of a finished game, every hand face up: ``state`` right after the step, made by
    ``acting`` (None: a deal); ``won``: the trick the step finished; ``played``: a card."""
    n = state.config.players
    view = state.view_for(0)
    shown = Shown.from_view(view, None)
    shown.bids = list(state.bids)             # a finished game hides nothing
    shown.bids_hidden = False
    shown.hand_counts = [len(h) for h in state.hands]
    names = [s.name for s in seats]
    pics = Pictures(state)
    scored = state.phase in (Phase.ROUND_END, Phase.GAME_OVER) and won is not None
    last = state.history[-1].points if scored and state.history else None
    plates = tuple(plate_of(shown, seats[s], s, acting=acting == s,
                            points=last[s] if last is not None else None) for s in range(n))
    hands = tuple(tuple(sort_hand(state.hands[s], state.trump)) for s in range(n))
    if won is not None:
        trick = tuple(won.cards)
        marks = trickwhy.marks(won, None, trick, state.config.rules)
    else:
        trick = tuple(zip(state.trick_seats, state.trick, strict=True))
        verdict = trickwhy.standing(trick, state.trump, state.config.edition.value,
                                    state.config.options.scroll)
        marks = trickwhy.marks(None, verdict, trick, state.config.rules)
    ring = trick[-1][0] if played and won is None and trick else None
    return Picture(
        round=state.round, rounds=state.config.rounds, phase=state.phase, plates=plates,
        hands=hands, hand_looks=tuple(tuple(pics.hand(s, hands[s])) for s in range(n)),
        turned=state.turned, turned_look=pics.turned(state.turned) if state.turned else 0,
        trump=state.trump, choosing=state.phase is Phase.TRUMP, trick=trick,
        trick_looks=tuple(pics.trick(trick)), marks=marks,
        bids_sum=shown.bids_sum if state.phase in (Phase.PLAY, Phase.ROUND_END, Phase.GAME_OVER)
        else None,
        prompt=next_line(state, names, you) if not trick else "", ring=ring,
        trick_number=max(1, len(state.tricks_played) + (0 if won is not None or not trick else 1)),
        config=state.config, you=you, dealer=state.dealer, bids_made=tuple(shown.bids_made),
        tricks_played=sum(shown.tricks), pack_left=shown.pack_left)


def trump_label(picture: Picture, names: Sequence[str], you: int | None, look: str) -> str:
    """What the trump box says: who chooses, no trump, or the suit."""
    if picture.choosing:
        dealer = next((p.seat for p in picture.plates if p.dealer), 0)
        return chooses_line(dealer, names, you)
    if picture.trump is None:
        return _("No trump")
    return messages.suit_name(picture.trump, look)
