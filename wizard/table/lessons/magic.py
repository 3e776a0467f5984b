"""Magic Edition, what is new: the lowest card of a suit that follows its suit is a Magic Wizard
and beats everything, Wizards included (round 1); the same card leading is only the lowest
card (round 2)."""

from wizard.i18n import N_

from .steps import Deal, Do, Lesson, Move, Say

ROUND_1 = Deal(("B1", "B9", "W"), "Y5", (
    Say(N_("Magic Edition plays like classic Wizard, with one new power: the lowest card of each "
           "suit can become a Magic Wizard.")),
    Move(1, "bid 1"),
    Move(2, "bid 1"),
    Do("bid 1", N_("Your card is {card}. When it follows its own suit, after another card of "
                   "that suit led, it wins above everything, even above a Wizard. This lesson "
                   "deals Ada a card of that suit, and she leads (she sits after you, the "
                   "dealer): bid 1. In a real game you cannot know what will be led."),
       args={"card": "B1"}),
    Move(1, "play B9"),
    Move(2, "play W"),
    Do("play B1", N_("Ada led {led}, and Leo played a Wizard. Follow suit with {card}."),
       args={"led": "B9", "card": "B1"}),
    Say(N_("{card} followed the suit led, so it became a Magic Wizard: it beats Leo's Wizard and "
           "takes the trick. The table marks the card that acts as a Magic Wizard."),
        args={"card": "^B1"}),
))

ROUND_2 = Deal(("G1 Y13", "G9 Y6", "Y3 G4"), "R5", (
    Say(N_("Round 2. A Magic Wizard needs another card of its suit before it: leading, it is "
           "just the lowest card.")),
    Move(2, "bid 0"),
    Do("bid 1", N_("{card} should take one trick; {low}, if you lead it, takes none. Bid 1."),
       args={"card": "^Y13", "low": "G1"}),
    Move(1, "bid 1"),
    Move(2, "play Y3"),
    Do("play Y13", N_("Leo led {led}: follow with {card}, the highest of that suit."),
       args={"led": "Y3", "card": "Y13"}),
    Move(1, "play Y6"),
    Do("play G1", N_("Your trick, so you lead. Lead {card}."), args={"card": "G1"}),
    Move(1, "play G9"),
    Move(2, "play G4"),
    Say(N_("{card} set the suit, it did not follow it: it stays the lowest card, and Ada takes "
           "the trick."), args={"card": "^G1"}),
))

MAGIC = Lesson(
    id="magic",
    title=N_("Magic Edition"),
    summary=N_("What is new: the Magic Wizard, in two rounds."),
    edition="magic",
    names=("Ada", "Leo"),
    first_dealer=0,
    deals=(ROUND_1, ROUND_2),
    outro=(Say(N_("Everything else plays as in classic Wizard. Have a good game!")),),
)
