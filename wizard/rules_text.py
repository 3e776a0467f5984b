"""The "How to play" text: the rules of every edition and variant, as translatable data.

Each chapter is a list of sections ``(title, [paragraph, ...])``. The strings are
English msgids marked with ``N_``; call :func:`chapters` (or :func:`translate`)
at draw time to get them in the current language, so a live language switch
re-renders correctly. Written from docs/RULES.md and the rulebooks in ``seeds/``.
"""

from __future__ import annotations

from wizard import messages
from wizard.engine.cards import SUITS, Card, Kind
from wizard.engine.edition import Edition, Power, rules_of
from wizard.engine.errors import Rule
from wizard.i18n import N_, _

Section = tuple[str, list[str]]

# Sentences shared by the chapters and the cards' own rules (``card_rules``, the card legend).
FIRST_WIZARD = N_("The first Wizard played wins the trick.")
JESTER_WINS = N_("A Jester wins only when every card of the trick is a Jester: then the first "
                 "Jester played wins.")
MAGIC_WHEN = N_("A lowest card becomes a Magic Wizard when it follows the lead suit: it belongs to "
                "the suit of the trick, and it is not the card that set that suit.")
MAGIC_WINS = N_("A Magic Wizard wins the trick, even against Wizards. Only one can be played in a "
                "trick, since each suit has a single lowest card.")
MAGIC_SEVERAL = N_("Several lowest cards in one trick: only the one of the lead suit is magic. A "
                   "lowest card of another suit is an ordinary card; a lowest trump is then just "
                   "the weakest trump (it still beats the suit led). When trump is led, the lowest "
                   "trump follows it and is the Magic Wizard.")
CAMELOT_BIDS = N_("From round 5 on (more than four cards each), the bids may not add up to the "
                  "number of tricks, with one exception: the last bidder may always bid 0. "
                  "Example: 6 tricks and the others bid 5 in all: the last bidder may not bid 1 "
                  "(that makes 6). If the others bid 6 in all, a bid of 0 makes 6 too, and is "
                  "allowed all the same.")
GRAIL = N_("Holy Grail: played in an even position, it wins the trick above every other "
           "card, Morgan le Fay included. Played in an odd position, it is worthless and "
           "always loses.")
GRAIL_BONUS = N_("Whatever its position, the player who wins the trick containing the Holy Grail "
                 "scores 20 bonus points if their bid is met.")
EXCALIBUR = N_("Excalibur: it always loses and cancels the trick. The winner of that trick leads "
               "the next one, but the trick counts for nobody.")
EXCALIBUR_ROUND1 = N_("In the first round, with one card each, playing Excalibur cancels the whole "
                      "round: everybody scores 0.")
MERLIN = N_("Merlin: the player chooses, when playing it, whether Merlin is a Wizard or a "
            "Jester, and it then acts as that card.")
MORGAN = N_("Morgan le Fay: the strongest card, above the Wizards. She wins the trick unless "
            "the Holy Grail is played in an even position.")
# The same rules without the card's name in front, for where the name is the title already
# (the card legend, a card's tooltip): "Holy Grail" / "Holy Grail: played in..." read twice.
GRAIL_ITSELF = N_("Played in an even position, it wins the trick above every other card, Morgan "
                  "le Fay included. Played in an odd position, it is worthless and always loses.")
EXCALIBUR_ITSELF = N_("It always loses and cancels the trick. The winner of that trick leads the "
                      "next one, but the trick counts for nobody.")
MERLIN_ITSELF = N_("The player chooses, when playing it, whether Merlin is a Wizard or a Jester, "
                   "and it then acts as that card.")
MORGAN_ITSELF = N_("The strongest card, above the Wizards. She wins the trick unless the Holy "
                   "Grail is played in an even position.")

CLASSIC: list[Section] = [
    (N_("The aim of the game"), [
        N_("Wizard is a trick-taking game for 3 to 6 players. In every round, each player "
           "predicts exactly how many tricks they will win. A correct prediction earns "
           "points; a wrong one costs points."),
        N_("Whoever has the highest total after the last round wins the game. Players with "
           "equal totals share the victory, and a winner may even have a negative score."),
    ]),
    (N_("The cards"), [
        N_("The deck has 60 cards: 52 number cards in four suits of 13, plus 4 Wizards "
           "and 4 Jesters."),
        N_("In the classic look the four suits are four peoples: the humans (blue), the elves "
           "(green), the dwarves (red) and the giants (yellow). Their cards are numbered from "
           "1, the lowest, to 13, the highest."),
        N_("In the standard look the same cards appear as a regular deck: spades, hearts, "
           "diamonds and clubs, ranked from 2, the lowest, up to the ace. The look changes "
           "nothing in the rules."),
        N_("A Wizard is stronger than every other card. A Jester is weaker than every "
           "other card."),
    ]),
    (N_("Dealer and rounds"), [
        N_("To choose the first dealer, every player draws a card: the highest card deals "
           "(a Wizard is the highest, a Jester the lowest; players tied for the highest card "
           "draw again). The setup screen can also name the first dealer."),
        N_("Each round, the dealer shuffles the whole deck and deals one card more than in "
           "the previous round: one card each in round 1, two in round 2, and so on. After "
           "each round the deal passes to the next player on the left, clockwise."),
        N_("The game lasts until the round in which the whole deck is dealt: 20 rounds with "
           "3 players, 15 with 4, 12 with 5 and 10 with 6."),
    ]),
    (N_("Trump"), [
        N_("After the deal, the top card of the undealt pile is turned face up. Its suit is "
           "trump for the whole round: any trump beats any card of another suit, and between "
           "two trumps the higher one wins."),
        N_("If the turned card is a Jester, the round is played without trump. If it is a "
           "Wizard, the dealer looks at their hand and then chooses the trump suit."),
        N_("In the last round every card is dealt, so no card is turned up and there is "
           "no trump."),
    ]),
    (N_("Bidding"), [
        N_("After looking at their cards, the players bid one after the other, starting with "
           "the player to the left of the dealer and ending with the dealer. A bid is the "
           "number of tricks the player expects to win this round, from 0 up to the number "
           "of cards in hand."),
        N_("The bids may add up to more or fewer tricks than there are, or to exactly the "
           "number of tricks, unless a variant forbids it. The table always shows the sum of "
           "the bids next to the number of tricks in play."),
        N_("Every bid is written on the score pad, which also keeps each player's points "
           "round after round. Open it at any time to check the bids and totals."),
    ]),
    (N_("Playing the tricks"), [
        N_("The player to the left of the dealer leads the first trick with any card. The "
           "others follow clockwise, one card each. Whoever wins a trick leads the next one."),
        N_("The first number card of the trick sets the suit to follow, called the lead suit. "
           "A player who holds cards of the lead suit must play one of them, or play a Wizard "
           "or a Jester: these two may be played at any time, even by a player who could "
           "follow suit."),
        N_("A player who has no card of the lead suit may play any card: a trump, or a card "
           "of another suit, which cannot win. Nobody is ever obliged to play a trump or a "
           "higher card."),
    ]),
    (N_("Wizards and Jesters"), [
        N_("If a Wizard leads the trick, there is no lead suit: everyone may play any card, "
           "including another Wizard. The Wizard that led wins."),
        N_("If a Jester leads the trick, the next cards decide: the first number card played "
           "sets the lead suit. If a Wizard is played before any number card, there is no "
           "lead suit for that trick."),
    ]),
    (N_("Who wins the trick"), [
        FIRST_WIZARD,
        N_("If no Wizard was played, the highest trump wins."),
        N_("If there was neither a Wizard nor a trump, the highest card of the lead suit wins."),
        JESTER_WINS,
    ]),
    (N_("Scoring"), [
        N_("When all the tricks of a round have been played, each player compares the number "
           "of tricks won with the bid."),
        N_("A player who won exactly the number of tricks they bid scores 20 points, plus 10 "
           "points for each trick won."),
        N_("A player who won more or fewer tricks than they bid loses 10 points for each trick "
           "of difference."),
        N_("Examples: bid 2 and won 2: 20 + 2 × 10 = 40 points. Bid 0 and won none: 20 "
           "points. Bid 3 but won only 1: −20 points. Bid 1 but won 2: −10 points."),
    ]),
    (N_("End of the game"), [
        N_("The last round is scored like the others. The player with the highest total "
           "wins; players with equal totals share first place."),
    ]),
]

MAGIC: list[Section] = [
    (N_("The Magic Edition"), [
        N_("The Magic Edition is played exactly like the classic game, with one extra power: "
           "the lowest card of each suit can become a Magic Wizard. In the classic look it is "
           "the 1; in the standard look it is the 2."),
    ]),
    (N_("The Magic Wizard"), [
        MAGIC_WHEN,
        MAGIC_WINS,
        MAGIC_SEVERAL,
        N_("A lowest card that leads the trick, or that sets the lead suit after a Jester was "
           "led, is an ordinary card, the weakest of its suit."),
        N_("After a led Jester, the card that sets the suit counts as the start of the trick: "
           "a lowest card of that suit played later is magic."),
        N_("Example: the 9 of elves is led, the next player plays a Wizard, the third plays "
           "the 1 of elves. The 1 follows the elves, so it is a Magic Wizard and wins the "
           "trick, above the Wizard."),
    ]),
]

CAMELOT: list[Section] = [
    (N_("The Camelot Edition"), [
        N_("The Camelot deck also has 60 cards: 48 number cards, 4 Wizards, 4 Jesters and "
           "four unique cards: the Holy Grail, Excalibur, Merlin and Morgan le Fay."),
        N_("The lowest card of each suit is left out, so the suits run from 2 to 13 in the "
           "classic look, and from 3 to the ace in the standard look."),
        N_("Dealing, rounds, bidding and play follow the classic rules, with the changes "
           "described below."),
    ]),
    (N_("Trump in Camelot"), [
        N_("If the turned card is a Jester, there is no trump. If it is any other special "
           "card (a Wizard, the Holy Grail, Excalibur, Merlin or Morgan le Fay), the dealer "
           "chooses one of the four suits as trump; playing without trump cannot be chosen."),
    ]),
    (N_("Bidding in Camelot"), [
        CAMELOT_BIDS,
        N_("This rule needs open bids: with hidden or secret bids it does not apply."),
    ]),
    (N_("Positions in a trick"), [
        N_("Positions count from the player who leads the trick: the leader is in position 1 "
           "(odd), the next player clockwise in position 2 (even), then 3 (odd), 4 (even), and "
           "so on. Positions matter for the Holy Grail."),
    ]),
    (N_("Following suit in Camelot"), [
        N_("As in the classic game, the first number card sets the lead suit, and a player "
           "who holds that suit must follow it or play a special card. Any of the twelve "
           "special cards may be played at any time."),
        N_("A Wizard, Merlin played as a Wizard, or Morgan le Fay played before any number "
           "card removes the lead suit: everyone may then play any card."),
        N_("A Jester, Merlin played as a Jester, Excalibur and the Holy Grail never set the "
           "lead suit: the next card decides."),
    ]),
    (N_("The special cards"), [
        GRAIL,
        GRAIL_BONUS,
        EXCALIBUR,
        EXCALIBUR_ROUND1,
        MERLIN,
        MORGAN,
    ]),
    (N_("Who wins the trick in Camelot"), [
        N_("1. The Holy Grail, if it was played in an even position."),
        N_("2. Otherwise, Morgan le Fay."),
        N_("3. Otherwise, the first Wizard played (Merlin played as a Wizard counts as one)."),
        N_("4. Otherwise, the highest trump; if there is no trump, the highest card of the "
           "lead suit."),
        N_("5. Otherwise, when only Jesters, Merlin as a Jester, Excalibur or a Holy Grail "
           "in an odd position were played, the first Jester (or Merlin as a Jester) wins."),
    ]),
    (N_("Scoring in Camelot"), [
        N_("Bids are scored as in the classic game, with these changes for a bid of 0 and for "
           "the Holy Grail."),
        N_("A bid of 0 that is met scores 25 points instead of 20 when more than four cards "
           "were dealt to each player."),
        N_("In the last round of the game, a bid of 0 that is met scores 20 points plus the "
           "number of cards dealt: 40 points with 3 players, 35 with 4, 32 with 5 and 30 "
           "with 6."),
        N_("The winner of the trick holding the Holy Grail earns 20 more points if their bid "
           "is met, even when Excalibur cancelled that trick."),
    ]),
]

VARIANTS: list[Section] = [
    (N_("Plus or minus one"), [
        N_("The bids may never add up to the number of tricks in the round, so at least one "
           "player is bound to miss. The last bidder, the dealer, must choose another number."),
        N_("Example: in round 5, if the first bids add up to 3, the dealer may bid anything "
           "but 2."),
        N_("This variant needs open bids."),
    ]),
    (N_("Canadian rule"), [
        N_("In the last round only: if the last bidder is alone at the top of the scores, "
           "their bid must not make the bids add up to the number of tricks."),
        N_("If two or more players share the lead, there is no restriction. This variant "
           "needs open bids."),
    ]),
    (N_("Hidden bids"), [
        N_("Every player chooses a bid without seeing the others' bids. All the bids are "
           "then revealed at once, before the first trick."),
        N_("Since nobody bids knowing the sum, the rules that restrict the last bidder do not "
           "apply."),
    ]),
    (N_("Secret bids"), [
        N_("Every player chooses a bid without seeing the others' bids, and the bids stay "
           "secret during the whole round: they are revealed only when the round is scored."),
        N_("The rules that restrict the last bidder do not apply."),
    ]),
    (N_("Clairvoyance"), [
        N_("During bidding, each player cannot see their own cards but sees every other "
           "hand face up, as if everyone held their cards against their forehead."),
        N_("Once everyone has bid, each player takes back their own cards and the round is "
           "played as usual."),
    ]),
    (N_("Ancient scroll"), [
        N_("A rule from the oldest rulebook, for the classic edition only: when the lead suit "
           "is trump, a Wizard may be played only by a player who holds nothing but Wizards."),
        N_("A Wizard played that way cannot win the trick: the highest trump wins."),
    ]),
]

# (key, title, sections): the chapters of the How to play screen, in order.
CHAPTERS: list[tuple[str, str, list[Section]]] = [
    ("classic", N_("Classic rules"), CLASSIC),
    ("magic", N_("Magic Edition"), MAGIC),
    ("camelot", N_("Camelot Edition"), CAMELOT),
    ("variants", N_("Variants"), VARIANTS),
]

SECTIONS: list[Section] = [section for _key, _title, sections in CHAPTERS for section in sections]


def translate(sections: list[Section]) -> list[Section]:
    """The sections in the current language."""
    return [(_(title), [_(p) for p in paragraphs]) for title, paragraphs in sections]


def chapters() -> list[tuple[str, str, list[Section]]]:
    """``(key, title, sections)`` of every chapter, in the current language."""
    return [(key, _(title), translate(sections)) for key, title, sections in CHAPTERS]


def chapter(key: str) -> tuple[str, list[Section]]:
    """Title and sections of the chapter ``key`` ("classic", "magic", "camelot", "variants")."""
    for k, title, sections in CHAPTERS:
        if k == key:
            return _(title), translate(sections)
    raise KeyError(key)


# ---- each card's own rule: the tooltips of the table and the card legend ---------------------

ANY_TIME = N_("It may be played at any time, even by a player who could follow suit.")
CAMELOT_WIZARD = N_("Only Morgan le Fay, or the Holy Grail in an even position, beats it.")
NUMBER_CARD = N_("A player who holds the lead suit must follow it. The highest card of the lead "
                 "suit wins, unless a trump or a special card beats it.")
NUMBER_RANGE = N_("From {low}, the lowest, to {high}, the highest.")   # under "Number cards"
TRUMP_CARD = N_("Trump this round: it beats every card of the other suits.")
MAGIC_TITLE = N_("Magic Wizard")
NUMBERS_TITLE = N_("Number cards")


def card_rules(card: Card, edition: Edition | str, trump: str | None = None,
               scroll: bool = False) -> list[str]:
    """What ``card`` does in ``edition``, in the current language, one sentence or two each
    (``trump``: this round's trump suit; ``scroll``: the ancient-scroll option is on)."""
    rules = rules_of(edition)
    kind = card.kind
    if kind is Kind.NUMBER:
        out = [_(NUMBER_CARD)]
        if trump is not None and card.suit == trump:
            out.append(_(TRUMP_CARD))
        if rules.power(card) is Power.MAGIC:
            out += [_(MAGIC_WHEN), _(MAGIC_SEVERAL)]
        return out
    if kind is Kind.WIZARD:
        out = [_(FIRST_WIZARD), _(ANY_TIME)]
        if rules.has_power(Power.ABOVE_WIZARDS):      # a card of the edition beats Wizards
            out.append(_(CAMELOT_WIZARD))
        elif rules.has_power(Power.MAGIC):
            out.append(_(MAGIC_WINS))
        if scroll:
            out.append(messages.rule_text(Rule.SCROLL_WIZARD))
        return out
    if kind is Kind.JESTER:
        return [_(JESTER_WINS), _(ANY_TIME)]
    special = {Kind.GRAIL: [GRAIL_ITSELF, GRAIL_BONUS],
               Kind.EXCALIBUR: [EXCALIBUR_ITSELF, EXCALIBUR_ROUND1],
               Kind.MERLIN: [MERLIN_ITSELF, ANY_TIME], Kind.MORGAN: [MORGAN_ITSELF, ANY_TIME]}
    return [_(s) for s in special[kind]]


def legend(edition: Edition | str, look: str = "classic",
           scroll: bool = False) -> list[tuple[tuple[str, ...], str, list[str]]]:
    """Every kind of card of ``edition`` as ``(cards shown, title, rules)``, in the current
    language: the number cards (the highest of each suit shown), the Magic Wizard, then each
    special card."""
    rules = rules_of(edition)
    low = rules.ranks[0]
    suits = ", ".join(messages.capitalised(messages.suit_name(s, look)) for s in SUITS)
    rng = _(NUMBER_RANGE).format(low=messages.rank_label(low, look),
                                 high=messages.rank_label(13, look))
    out: list[tuple[tuple[str, ...], str, list[str]]] = [
        (tuple(f"{s}13" for s in SUITS), _(NUMBERS_TITLE), [suits, rng, _(NUMBER_CARD)])]
    if rules.has_power(Power.MAGIC):
        out.append(((f"G{rules.magic_rank}",), _(MAGIC_TITLE),
                    [_(MAGIC_WHEN), _(MAGIC_WINS), _(MAGIC_SEVERAL)]))
    for c in rules.cards:
        if rules.is_special(c):
            out.append(((c.text,), messages.card_title(c, look),
                        card_rules(c, edition, scroll=scroll)))
    return out
