"""Camelot Edition, what is new: the Holy Grail wins in an even place (round 1, with Morgan le
Fay beaten), Merlin played as a Wizard and Excalibur voiding a trick (round 2). The suits run
from 2 to 13 (the 1 of each suit is out)."""

from wizard.i18n import N_

from .steps import Deal, Do, Lesson, Move, Say

ROUND_1 = Deal(("GRAIL", "MORGAN", "G8"), "B7", (
    Say(N_("Camelot Edition adds four special cards to the Wizards and Jesters: the Holy Grail, "
           "Morgan le Fay, Merlin and Excalibur. The suits run from 2 to 13.")),
    Move(2, "bid 0"),
    Do("bid 1", N_("You hold the Holy Grail. Played second, fourth or sixth in a trick, it wins "
                   "above every card; first, third or fifth, it loses. Leo leads and you play "
                   "second: bid 1.")),
    Move(1, "bid 1"),
    Move(2, "play G8"),
    Do("play GRAIL", N_("Play the Holy Grail in second place.")),
    Move(1, "play MORGAN"),
    Say(N_("Morgan le Fay beats every Wizard and every other card, but not the Holy Grail in an "
           "even place: the trick is yours. Made with the Grail, your bid also scores 20 more.")),
))

ROUND_2 = Deal(("MERLIN EXCALIBUR", "R5 R9", "W G3"), "Y6", (
    Say(N_("Round 2: you hold Merlin and Excalibur.")),
    Do("bid 1", N_("Merlin is played as a Wizard or as a Jester: you choose as you play it. "
                   "Excalibur never wins a trick, but the trick it is in counts for nobody: "
                   "played into a trick you do not want, or that another player needs, it takes "
                   "that trick away. Merlin as a Wizard makes your one trick: bid 1.")),
    Move(1, "bid 0"),
    Move(2, "bid 1"),
    Do("play MERLIN:W", N_("You lead. Play Merlin, then choose Wizard: the first Wizard wins."),
       wrong=N_("Merlin may be played as a Jester too, but this step shows Merlin as a Wizard: "
                "choose the ringed Wizard.")),
    Move(1, "play R5"),
    Move(2, "play W"),
    Say(N_("Merlin was the first Wizard, so Leo's Wizard comes too late: your trick.")),
    Do("play EXCALIBUR", N_("Now lead Excalibur: it always loses, and the trick it is in counts "
                            "for nobody.")),
    Move(1, "play R9"),
    Move(2, "play G3"),
    Say(N_("Ada's card, {card}, won the trick, but Excalibur voided it: it counts for no "
           "one. So Ada, who bid 0, made her bid, and so did you."), args={"card": "R9"}),
))

CAMELOT = Lesson(
    id="camelot",
    title=N_("Camelot Edition"),
    summary=N_("What is new: the Grail, Morgan le Fay, Merlin and Excalibur."),
    edition="camelot",
    names=("Ada", "Leo"),
    first_dealer=1,
    deals=(ROUND_1, ROUND_2),
    outro=(Say(N_("Also new in Camelot: with more than four cards each, the bids may not add up "
                  "to the number of tricks; only the last bidder's 0 is always allowed, even if "
                  "it makes them add up. Have a good game!")),),
)
