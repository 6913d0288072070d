"""The sample PBEM game of Kampen om Norge (``vassal-tools demo --game kampen-om-norge``): two rounds
of the basic game from the basic set-up (3), three players typing and rolling in VASSAL.

Germany strikes out of Oslo, Trondheim and Narvik in Round 1; Norway counter-attacks in
Hallingdal; in Round 2 Germany drives on from Hønefoss into Gjøvik. Each combat is declared in
chat (``roll land-combat in AREA``) and its dice rolled with the module's "Land combat" button, a
die per battalion (4.2). It holds three rule breaks:

- Round 1: a German battalion goes from Bergen to Hallingdal through Voss: "All battalions may move
  one space each turn, into an adjacent land area" (kampen-om-norge.txt 4.1).
- Round 1: the lone German battalion attacking Steinkjer rolls three combat dice: "Every battalion
  = one combat die in combat" (4.2), and no card was played.
- Round 1: the German battalion beaten in Hallingdal retreats to Voss, where the Norwegian attack
  came from: the area retreated to "cannot be an area from which the attacker attacks from this
  turn" (4.2).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...pack import PhaseSteps, Table
from ...replay.logwriter import LogWriter

SCENARIO = ""  # the basic game's one set-up
GER, NOR, ALL = "Germany", "Norway", "The Allies"  # the seats, in the order the demo's players take them
COMBAT = "Land combat"  # the module's dice button of land combat (4.2)


def play(writer: LogWriter, phase: PhaseSteps, players: Sequence[tuple[str, str]]) -> None:
    """Write the sample game's steps (``players``: Germany's, Norway's, then the Allies' player)."""
    table = Table.of(writer, phase, (GER, NOR, ALL), players)
    table.seat_all()
    round_one(table)
    round_two(table)


def combat(table: Table, area: str, attacker: str, attack: Sequence[int], defender: str,
           defence: Sequence[int]) -> None:
    """One land combat: the attacker's dice, then the defender's (4.2, steps 4 and 5)."""
    table.say(attacker, f"roll land-combat in {area}")
    table.roll(attacker, COMBAT, attack)
    table.say(defender, f"roll land-combat in {area}")
    table.roll(defender, COMBAT, defence)


def quiet_phases(table: Table, side: str, turn: str, faction: str, phases: Sequence[str], said: str) -> None:
    for name in phases:
        table.phase(side, f"{faction}-{name}", turn)
    table.say(side, said)


def round_one(table: Table) -> None:
    table.phase(GER, "german-movement", "Round 1")
    table.move(GER, "ger-1", "Hønefoss")
    table.move(GER, "ger-2", "Hønefoss")
    table.move(GER, "ger-9", "Steinkjer")
    table.move(GER, "ger-11", "Gratangen")
    # Break (4.1): Bergen to Hallingdal is two areas (Bergen - Voss - Hallingdal).
    table.move(GER, "ger-8", "Hallingdal")
    table.say(GER, "Three attacks: Hønefoss, Steinkjer, Gratangen.")
    table.phase(GER, "german-combat", "Round 1")
    combat(table, "Hønefoss", GER, (5, 3), NOR, (2,))
    table.say(NOR, "Hønefoss is lost: my battalion falls back to Gjøvik.")
    table.move(NOR, "nor-3", "Gjøvik")
    # Break (4.2): one battalion, three dice, no card.
    combat(table, "Steinkjer", GER, (5, 4, 2), NOR, (3,))
    table.move(NOR, "nor-5", "Namsos")
    combat(table, "Gratangen", GER, (2,), NOR, (5,))
    table.say(GER, "Beaten at Gratangen: back to Narvik.")
    table.move(GER, "ger-11", "Narvik")
    quiet_phases(table, GER, "Round 1", "german", ("reinforcement", "new-cards"), "No reinforcements, two new cards.")
    table.phase(NOR, "norwegian-movement", "Round 1")
    table.move(NOR, "nor-1", "Hamar")
    table.move(NOR, "nor-4", "Hallingdal")
    table.phase(NOR, "norwegian-combat", "Round 1")
    combat(table, "Hallingdal", NOR, (5,), GER, (4,))
    # Break (4.2): the beaten defender retreats into the area the attack came from.
    table.move(GER, "ger-8", "Voss")
    quiet_phases(table, NOR, "Round 1", "norwegian", ("reinforcement", "new-cards"), "Norway draws a card.")
    quiet_phases(table, ALL, "Round 1", "allied", ("movement", "combat", "reinforcement", "new-cards"),
                 "The Allies wait for their ships.")


def round_two(table: Table) -> None:
    table.phase(GER, "german-movement", "Round 2")
    table.move(GER, "ger-1", "Gjøvik")
    table.phase(GER, "german-combat", "Round 2")
    combat(table, "Gjøvik", GER, (6,), NOR, (3, 1))
    table.say(GER, "The 6 defeats a battalion, and 6 beats 4.")
    table.remove(NOR, "nor-2")
    table.move(NOR, "nor-3", "Valdres")
    quiet_phases(table, GER, "Round 2", "german", ("reinforcement", "new-cards"), "Two new cards.")
    quiet_phases(table, NOR, "Round 2", "norwegian", ("movement", "combat", "reinforcement", "new-cards"),
                 "Norway holds.")
