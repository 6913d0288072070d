"""The checks of Kampen om Norge, one a family of rules, composed by :class:`.rules.KampenRules` over
the shared audit engine (:mod:`vassal_tools.rules.engine`).

Each check cites kampen-om-norge.txt as records-four-games.md says (``kampen-om-norge.txt 4.2``);
:data:`LISTED` gives each its name, its rules and what it judges (``vassal-tools games`` prints it).
"""

from __future__ import annotations

from ...pack import ListedCheck
from .board import FILE, SAMPLE_MAP, rule
from .cardplay import AirRange, CardLimits, CardMoves, CardTargets, CombatCards
from .combat import CombatOutcome
from .decks import CardVoids, Discards, HandSize
from .dice import CombatDice, Dice
from .ending import GameEnd
from .land import LandMoves, Occupancy, Retreats
from .opening import SetUp
from .reinforcements import (
    AlliedReinforcement,
    AprilLanding,
    AprilMobilization,
    GermanReinforcement,
    NorwegianReinforcement,
)
from .rules import KampenCheck
from .sequence import PlayOrder
from .ships import (
    AlliedSeas,
    Dummies,
    Interception,
    NavalCombat,
    ShipMoves,
    ShipStacks,
    SinkingOrder,
    TaskForces,
)
from .symbols import ReinforcementSymbols
from .timing import CardTiming

__all__ = ["CHECKS", "COMPOSED", "FILE", "LISTED", "SAMPLE_MAP", "rule"]

# In the order they see each entry and phase end, which is the order of their findings on one entry:
# a ship's closed seas before its interception; the d6 before what a roll counts; a card's printed
# limits before the combat it is played in; the Allies' opening after everything else of their phase.
LISTED: dict[type[KampenCheck], ListedCheck] = {
    PlayOrder: ListedCheck("play-order", ("4", "8"), "within a round Germany's turn, then Norway's, then the "
                           "Allies', each turn's phases in order; ships move before battalions, naval combat comes "
                           "before land combat"),
    SetUp: ListedCheck("set-up", ("3", "5", "7", "7.0"), "the basic set-up places the listed German and Norwegian battalions "
                       "and no Allied ones; on 9 April Norway places 1 in Finnmark, 1 in or by Oslo, 2 on "
                       "mobilization points, Eidsvoll & Norge in any sea zone but VIII, ships in sea zones"),
    AlliedSeas: ListedCheck("allied-seas", ("5.1", "8.1"), "Allied ships never enter Sea Zones I and II"),
    Interception: ListedCheck("interception", ("8.1", "6.1"), "the moving player (Germany on 9 April) attempts one "
                              "interception a sea zone a turn, its ships there stop and it enters the zone no "
                              "more; all or none of a side's ships in the zone intercept; an attempt rolls one die "
                              "per enemy ship there, one by one or as a list; Eidsvoll & Norge intercepts only on "
                              "9 April"),
    NavalCombat: ListedCheck("naval-combat", ("8.2",), "a side rolls at most a die for every ship it has in the "
                             "combat (sunk ones shoot back); Eidsvoll & Norge is sunk, never chased"),
    TaskForces: ListedCheck("task-forces", ("8.1",), "ships starting in the same sea zone and moving along the same "
                            "route move together as one task force: one stack name, no other ship's move between"),
    SinkingOrder: ListedCheck("sinking-order", ("8.2",), "Eidsvoll & Norge, in a naval combat, is sunk before any "
                              "other Allied ship"),
    Dummies: ListedCheck("dummies", ("6.1",), "no dummy ship is left on the board after the 9. April turn"),
    ShipMoves: ListedCheck("ship-move", ("6.1", "8.1", "7.2"), "a ship moves at most two sea zones a turn "
                           "(Eidsvoll & Norge one), to bordering zones; German battleships and heavy cruisers in "
                           "VI-VIII raid in the 9 April combat phase, and come back only in a German movement phase "
                           "for 6 reinforcement symbols"),
    CardMoves: ListedCheck("card-move", ("Appendix Rask forflytning", "Appendix Omdisponering",
                                         "Appendix Transportfly", "Appendix Kystevakuering", "4.1", "2.3"),
                           "Rask forflytning: 1-2 battalions two areas, together to one area (Norway's not into "
                           "combat or through enemies; an escape one area); Omdisponering: one area; Transportfly: 1-2 battalions between "
                           "air fields Germany holds, no normal move the same turn; Kystevakuering: between coastal "
                           "areas of Sea Zones III-VII, not into combat; Fallskjermtropp placed within air range, "
                           "its placement its move"),
    LandMoves: ListedCheck("land-move", ("4.1", "7.1", "7.0", "Appendix Ingeniørkompani"), "a battalion's move covers one adjacent area, once a "
                           "movement phase, unless a card moves it; on 9 April no normal movement"),
    Retreats: ListedCheck("retreat", ("4.2",), "a beaten attacker goes back where it attacked from (from sea or air: "
                          "like a defender, fjords allowed); beaten defenders retreat one area, all to the same one, "
                          "not to enemies or the attacker's origin, not across a fjord or lake if German or Allied"),
    AprilLanding: ListedCheck("april-landing", ("7.2", "Appendix Evakuerte matroser", "Appendix Kystfort"), "on 9 April a German ship lands one battalion, in an area "
                              "by its sea zone, never from the Raiding Ships box; Norway rolls one die to resist in "
                              "each invaded victory city"),
    AprilMobilization: ListedCheck("april-mobilization", ("7.3",), "on 9 April Germany reinforces first, then "
                                   "Norway, then the Allies; Norway mobilizes one battalion in each victory city "
                                   "neither German nor mobilized by resistance, and one per two mobilization points "
                                   "free of Germans, one a point"),
    NorwegianReinforcement: ListedCheck("norwegian-reinforcement", ("4.3",), "Norway reinforces victory cities and "
                                        "mobilization points free of Germans, one battalion an area a round"),
    GermanReinforcement: ListedCheck("german-reinforcement", ("4.3", "8.3"), "Germany reinforces areas by Sea Zones "
                                     "I and II; in the advanced game also by zones free of Allied ships up from the "
                                     "south, or held by German ships"),
    Dice: ListedCheck("dice", ("2.1",), "every die rolled reads 1-6"),
    CombatDice: ListedCheck("combat-dice", ("4.2", "2.2", "Appendix Bakhold", "Appendix Fremmedlegionær",
                                            "Appendix Stridsvogn", "Appendix Jagerfly", "Appendix Jagerbomber",
                                            "Appendix Panservernkanon", "Appendix Speidertropp"),
                            "combat dice from at most five battalions a side, halved across a fjord or lake, plus "
                            "the dice of the side's cards; a card another cancelled adds none"),
    CombatOutcome: ListedCheck("combat-outcome", ("4.2",), "the highest total on the combat dice wins (a tie the "
                               "defender's): the winner stays, the loser retreats; each 6 defeats one enemy battalion "
                               "and the removals match the sixes (a loser with nowhere to go loses all)"),
    CardLimits: ListedCheck("card-limits", ("5.2", "Appendix Invasjon", "Appendix Jagerfly", "Appendix Kystbombardement",
                                            "Appendix Kystevakuering", "Appendix Stupbombefly",
                                            "Appendix Rekognoseringsfly", "Appendix Villedende manøver",
                                            "Appendix Minelegging", "Appendix Bløff/trusler",
                                            "Appendix Rask forflytning", "Appendix Omdisponering",
                                            "Appendix Transportfly", "Appendix Fallskjermtropp",
                                            "Appendix Veisperring"),
                            "the limits printed on the cards: how many battalions a card takes, the sea zones it may "
                            "be used by (advanced: German control, a carrier, a battleship), its dice (one per ship "
                            "or battalion)"),
    CombatCards: ListedCheck("combat-cards", ("4.2", "8.2", "Appendix Fransk alpejeger", "Appendix Polsk bergjeger",
                                              "Appendix Artilleri", "Appendix Gebirgsjäger", "Appendix Panzer",
                                              "Appendix Speidertropp"),
                             "one card of each type a player in a combat (Bombefly and Jagerbomber one type); a card "
                             "needs battalions of its faction in the combat (Jagerfly aside); French and Polish "
                             "mountain troops not together; Artilleri, Gebirgsjäger, Panzer and Speidertropp not "
                             "when only Fallskjermtropp battalions attack"),
    CardTiming: ListedCheck("card-timing", ("2.4", "4.1", "4.3", "6.2", "7.4", "Appendix Veisperring",
                                            "Appendix Sprengt bro"),
                            "each card's use in the phase its list gives, in its owner's turn or the opponent's "
                            "(Sprengt bro and Veisperring in the German movement phase, Panzer in combat); cards "
                            "traded in the owner's reinforcement phase; 9. April cards only in that turn, action "
                            "cards not in it"),
    CardVoids: ListedCheck("card-voids", ("6.1", "8.2", "7.2", "5.1"), "cards voided (`use: void`) for ships "
                           "sunk (2 a battleship or carrier, 1 a heavy cruiser or light warships, none for Eidsvoll "
                           "& Norge; German ones up to that), for German raiders (2 or 1 Allied) and for Egersund "
                           "held on 9 April (1 Allied)"),
    HandSize: ListedCheck("hand-size", ("2.4", "4.4", "7.0"), "between two of its draws a faction plays no more "
                          "cards than its hand holds: Germany 5, Norway and the Allies 3 (9 April: the 9. April "
                          "cards kept, 5, 3, 3)"),
    Discards: ListedCheck("discards", ("4.4", "8.4"), "a German or Allied player discards one card in its New Cards "
                          "Phase only when it used none this round"),
    GameEnd: ListedCheck("game-end", ("1.3",), "no phase follows the combat in which a side's last battalions "
                         "(Germany's, or Norway's and the Allies' together) are defeated (a record from the game's "
                         "start with its whole set-up)"),
    AirRange: ListedCheck("air-range", ("2.3", "5.1", "Appendix Bombefly"), "Bombefly and Jagerbomber in land areas within the air range "
                          "of the air fields Germany holds, Bombefly at sea by a held air field (Bardufoss: Sea "
                          "Zone VII)"),
    CardTargets: ListedCheck("card-targets", ("Appendix Veisperring", "Appendix Sprengt bro", "Appendix Ubåt"),
                             "Norway holding the area a road block or blown bridge defends, no submarine against "
                             "an air-transported reinforcement"),
    ReinforcementSymbols: ListedCheck("reinforcement-symbols", ("4.3", "Appendix Forsterkninger"), "a turn's "
                                      "reinforcements are 1 for every 3 symbols traded (Germany 1 free a round, the "
                                      "Allies their opening six), when the record shows the cards traded"),
    Occupancy: ListedCheck("occupancy", ("4.2",), "after combat no land area holds opposing factions; Norway and the "
                           "Allies may share"),
    ShipStacks: ListedCheck("ship-stacks", ("6.1",), "all ships of a faction in a sea zone form one stack"),
    AlliedReinforcement: ListedCheck("allied-reinforcement", ("3", "4.3", "8.3"), "the Allies reinforce coastal "
                                     "areas of Sea Zones III-VII (advanced: none under German control), also with "
                                     "Invasjon; their opening six come as two stacks of three in areas not "
                                     "bordering each other"),
}
COMPOSED = tuple(LISTED)
CHECKS = tuple(LISTED.values())
