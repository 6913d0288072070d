"""The sample PBEM game of Narvik 1940 (``vassal-tools demo --game narvik-1940``): three game turns
from the campaign set-up, played as two players type and roll in VASSAL.

The Allies march 1 SG from Bogen along the coast road while the Germans hold Narvik and shift
Haussels, the Gebirgsjäger of KGW and the railroad artillery; each turn both players roll their
Action Points and Random Events with the module's buttons. It holds three rule breaks:

- GT 1: the German player moves Mtn Art into Narvik, where I/139, Eng and HQ Sec stand: four
  ground units in a hex, where "Germans may stack up to three ground units" (narvik-1940.txt 9.0).
  He moves Eng out in GT 2's first German action.
- GT 2: 1 SG fires at Haussels four hexes away; its range is one (14.2: a unit fires at a hex
  "within range").
- GT 3: 1 SG, driven into the Allied Available for Regroup display by the railroad artillery's
  fire, rolls a 2 on the Regroup Table (a non-elite unit needs 4-6) and is put back in Harstad
  all the same (17.0).

Everything else is legal: moves within the units' movement, fire within range, one sub-command
an action, the Game Turn marker advanced on the Turn Track at each Turn Advance Segment.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...pack import PhaseSteps, Table
from ...replay.logwriter import LogWriter

SCENARIO = "campaign"
GER, ALL = "German", "Allied"  # the seats, in the order the demo's players take them


def play(writer: LogWriter, phase: PhaseSteps, players: Sequence[tuple[str, str]]) -> None:
    """Write the sample game's steps (``players``: the German's, then the Allied player's)."""
    table = Table.of(writer, phase, (GER, ALL), players)
    table.seat_all()
    turn_one(table)
    turn_two(table)
    turn_three(table)


def opening_segments(table: Table, turn: str, rolls: tuple[int, int, int, int]) -> None:
    """The Preparation Phase of a turn: both players' Action Points (6.1) and Random Events (7.0)
    rolls, Allied first, and the Initiative (6.4) said in chat."""
    allied_ap, german_ap, allied_event, german_event = rolls
    table.phase(ALL, "action-point-determination", turn)
    table.roll(ALL, "Action Points", allied_ap)
    table.roll(GER, "Action Points", german_ap)
    table.phase(ALL, "random-events", turn)
    table.roll(ALL, "Random Events", allied_event)
    table.roll(GER, "Random Events", german_event)
    table.phase(ALL, "initiative-determination", turn)
    table.say(ALL, "More AP: the Allies have the initiative and act first.")
    table.phase(ALL, "reinforcement", turn)
    table.phase(ALL, "actions", turn)


def end_of_turn(table: Table, turn: str, next_box: str) -> None:
    """The End Phase: the victory check, and the Game Turn marker one box on (4.3)."""
    table.phase(GER, "victory-check", turn)
    table.phase(GER, "turn-advance", turn)
    table.move(GER, "mk-game-turn", next_box)


def turn_one(table: Table) -> None:
    opening_segments(table, "GT 1", (4, 2, 3, 5))
    table.say(GER, "Event 5: the Relief Column advances one space.")
    table.say(ALL, "action allied move with 1 SG")
    table.move(ALL, "brit-1-sg", "0515")
    # Break (9.0): a fourth German ground unit in Narvik (I/139, Eng, HQ Sec are there; Dietl is free).
    table.say(GER, "action german move with Mtn Art")
    table.move(GER, "ger-mtn-art", "0919")
    table.say(ALL, "action allied move with RM")
    table.move(ALL, "brit-rm", "0316")
    table.say(GER, "action german move with Haussels")
    table.move(GER, "ger-haussels", "1216")
    table.say(ALL, "action allied pass with none")
    table.say(GER, "action german pass with none")
    end_of_turn(table, "GT 1", "turn-gt-2")


def turn_two(table: Table) -> None:
    opening_segments(table, "GT 2", (5, 3, 1, 4))
    table.say(ALL, "action allied move with 1 SG")
    table.move(ALL, "brit-1-sg", "0914")
    table.say(GER, "action german move with Eng")
    table.move(GER, "ger-eng", "0920")
    # Break (14.2): 1 SG's range is one hex; Haussels in 1216 is four away.
    table.say(ALL, "action allied fire with 1 SG")
    table.say(ALL, "attack 1216 with 1 SG")
    table.roll(ALL, "Fire", 4)
    table.say(GER, "No effect on Haussels.")
    # Legal: RR (range 6) fires from 1019 at 1 SG six hexes away and rolls a D: to the regroup display (14.5).
    table.say(GER, "action german fire with RR")
    table.say(GER, "attack 0914 with RR")
    table.roll(GER, "Fire", 6)
    table.say(GER, "D: 1 SG goes to your Available for Regroup display.")
    table.move(ALL, "brit-1-sg", "Allied Available for Regroup")
    table.say(ALL, "action allied move with RM")
    table.move(ALL, "brit-rm", "0515")
    end_of_turn(table, "GT 2", "turn-gt-3")


def turn_three(table: Table) -> None:
    opening_segments(table, "GT 3", (6, 2, 4, 3))
    # Break (17.0): a 2 leaves a non-elite unit in the display (4-6 regroups it), yet 1 SG returns.
    table.say(ALL, "action allied regroup with 1 SG")
    table.say(ALL, "roll regroup unit 1 SG")
    table.roll(ALL, "Regroup", 2)
    table.move(ALL, "brit-1-sg", "Harstad")
    table.say(GER, "action german move with II/139, III/139")
    table.move(GER, "ger-ii-139", "1217")
    table.move(GER, "ger-iii-139", "1217")
    table.say(ALL, "action allied move with RM")
    table.move(ALL, "brit-rm", "0714")
    table.say(GER, "action german pass with none")
    table.say(ALL, "action allied pass with none")
    end_of_turn(table, "GT 3", "turn-gt-4")
