"""Learn to play: three designed rounds of classic Wizard for the person and two computer seats.

Round 1 (one card each, a Jester turned: no trump): bidding exactly, the order of play round
the table, leading, the others following suit, scoring a made bid and a missed one. Round 2 (the
person deals and bids last, giants are trump): the bid sum and its colours, following suit,
trumping when one cannot follow. Round 3 (a Wizard turned: the dealer names the trump): a Wizard
played instead of following suit, a Jester led, a Wizard led (no suit to follow).
"""

from wizard.i18n import N_

from .steps import Deal, Do, Lesson, Move, Say

ROUND_1 = Deal(("R13", "R4", "B9"), "J", (
    Say(N_("Welcome! In Wizard each player in turn lays down one card, and the strongest card "
           "takes them all: that is a trick. Each round you first say how many tricks you will "
           "take, then try to take exactly that many: no more, no fewer.")),
    Say(N_("This round each of you holds one card, so there is one trick. The cards come in "
           "four suits, each of its own colour. The card turned up beside the deck names the "
           "trump suit, which beats the other three; this time it is a Jester (you will meet "
           "it in round 3), so there is no trump.")),
    Do("bid 1", N_("You hold {card}, the highest of its suit. With no trump, only a Wizard could "
                   "beat it. Bid 1: you expect to take the trick."), args={"card": "R13"},
       after=N_("Your bid is 1. Now Ada and Leo bid.")),
    Move(1, "bid 0"),
    Move(2, "bid 1"),
    Do("play R13", N_("Ada bid 0, Leo bid 1. The top bar now shows 2 bids for 1 trick, in red: "
                      "someone will miss (more on that in round 2). Leo dealt: his name has the "
                      "D. Play goes clockwise from the dealer: you, then Ada, then Leo. The "
                      "player after the dealer leads the first trick: you. Play {card}."),
       args={"card": "R13"},
       after=N_("You led: your card opens the trick, and its suit is the suit led. Whoever "
                "has a card of that suit must play one: that is following suit.")),
    Move(1, "play R4"),
    Move(2, "play B9"),
    Say(N_("Ada held a card of your suit, so she had to play it. Leo had none, so he could play "
           "any card. The highest card of the suit led wins: the trick is yours. The round is "
           "over, so the scores by the names changed: the next note says why.")),
    Say(N_("Scoring: you bid 1 and took 1, so you score 20 for the exact bid plus 10 for the "
           "trick: 30. Ada bid 0 and took 0: 20. Leo bid 1 and took none: −10 for each trick "
           "over or under the bid, so −10.")),
))

ROUND_2 = Deal(("B3 Y12", "B11 G6", "B5 G10"), "Y8", (
    Say(N_("Round 2: two cards each. The turned card is {card}, so {suit} are trump: any trump "
           "beats every card of the other suits."), args={"card": "Y8", "suit": "suit:Y"}),
    Move(1, "bid 1"),
    Move(2, "bid 1"),
    Do("bid 1", N_("You deal, so you bid last. Ada and Leo bid 1 each: the bids already add up to "
                   "2, and there are only 2 tricks. Your trump, {card}, should take one: bid 1."),
       args={"card": "Y12"},
       after=N_("The bids now add up to 3 for 2 tricks: at least one of you will miss. The top "
                "bar shows that sum: it is ringed."),
       after_point="bids"),
    Say(N_("Its colour says how the bids compare with the tricks: red, as now, when they are "
           "more (someone will miss); green when they are fewer (someone will take more than "
           "they bid); white when they match."), point="bids"),
    Move(1, "play B11"),
    Move(2, "play B5"),
    Do("play B3", N_("Ada led {led}. You hold a card of that suit, so you must follow: play "
                     "{card}. Your trump has to wait. In a real game, a card that is the only "
                     "one you may play plays itself, and the table says so."),
       args={"led": "B11", "card": "B3"}),
    Say(N_("Ada's card is the highest of the suit led and no trump was played: Ada takes the "
           "trick, and leads the next one.")),
    Move(1, "play G6"),
    Move(2, "play G10"),
    Do("play Y12", N_("Ada led {led}. You have none of that suit, so you may play anything: "
                      "play your trump, {card}."), args={"led": "G6", "card": "Y12"}),
    Say(N_("A trump beats every card of the suit led, even a higher one: the trick is yours. "
           "You and Ada made your bids; Leo bid 1 and took nothing.")),
))

ROUND_3 = Deal(("W J G4", "G2 R3 B8", "G9 R12 W"), "W", (
    Say(N_("Round 3. This time a Wizard was turned up: then the dealer, Ada, looks at her cards "
           "and names the trump suit.")),
    Move(1, "trump R"),
    Say(N_("Ada named {suit}. Your hand holds the two special cards: a Wizard wins the trick "
           "(the first Wizard played wins); a Jester loses, unless every card of the trick is a "
           "Jester (then the first Jester wins)."), args={"suit": "suit:R"}),
    Say(N_("Leo, after the dealer, bids first, then you; Ada, the dealer, bids last.")),
    Move(2, "bid 2"),
    Do("bid 1", N_("Your Wizard will take a trick; your Jester will not. Bid 1.")),
    Move(1, "bid 0"),
    Move(2, "play G9"),
    Do("play W", N_("Leo led {led}. You could follow with {card}, but a Wizard may always be "
                    "played, whatever was led: play your Wizard."), args={"led": "G9", "card": "G4"},
       after=N_("The first Wizard played wins the trick."),
       wrong=N_("That card may be played too, but this step shows what a Wizard does: play "
                "the ringed Wizard.")),
    Move(1, "play G2"),
    Do("play J", N_("You won, so you lead. Lead your Jester: it may be played at any time, and "
                    "it loses unless every card of the trick is a Jester.")),
    Move(1, "play R3"),
    Move(2, "play R12"),
    Say(N_("After a Jester, the next card sets the suit to follow: here Ada's card, {card}. "
           "Leo played {high}, the highest trump, so Leo takes the trick."),
        args={"card": "R3", "high": "R12"}),
    Move(2, "play W"),
    Do("play G4", N_("Leo led a Wizard: it wins the trick, and there is no suit to follow, so "
                     "each of you may play any card. Play your last card, {card}."),
       args={"card": "G4"}),
    Move(1, "play B8"),
    Say(N_("Leo's Wizard takes the trick: his second. Everyone made their bid this round: you "
           "took 1 as you said.")),
))

BASICS = Lesson(
    id="basics",
    title=N_("Your first game"),
    summary=N_("A guided first game: three short rounds, one rule at a time."),
    edition="classic",
    names=("Ada", "Leo"),
    first_dealer=2,
    deals=(ROUND_1, ROUND_2, ROUND_3),
    outro=(Say(N_("That is Wizard! In a whole game, round 1 deals one card each, round 2 two "
                  "cards, and so on until the deck runs out: 20 rounds with 3 players, 15 with "
                  "4. The highest total wins. Press H at the table for a hint whenever you "
                  "like.")),),
)
