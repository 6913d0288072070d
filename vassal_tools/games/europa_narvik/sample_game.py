"""The sample PBEM game of Europa Narvik (``vassal-tools demo --game europa-narvik``): the invasion turn
and the next, from the historical set-up (25), played as two players type and roll in VASSAL.

On Turn 1 the German assault wave lands at Narvik, Trondheim and Bergen (19A), the Norwegians at
Narvik roll their mandatory retreats before combat (19F) and the follow-up wave brings artillery and
supply counters in the exploitation phase; the Allies send a CLA to sea off Harstad (3406, a full
sea hex). On Turn 2 the Germans press on from Narvik into the hills beside it (3710) with attack supply, and a
Ju-88 from Hamburg goes after the CLA. Every die is rolled with the module's buttons. It holds three rule breaks:

- Turn 1: three mountain battalions land in Narvik, where a player "may stack up to: any two ground
  units ... plus either one artillery battalion or two artillery batteries", and none is disrupted
  ("all overstacked units ... are automatically disrupted", europa-narvik.txt 8A, 8B).
- Turn 2: the Ju-88 rolls a 2 to find the CLA in a full sea hex and attacks it anyway (12C3e: "on a
  roll of 1, 2, or 3, the air unit does not find its target and returns to base").
- Turn 2: I/15 retreats before combat from 3710 on a roll of 4 ("On a 3 - 6, the unit
  may not retreat", 10F; only on Turn 1 must a Norwegian unit retreat on 3-6, 19F).
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
    german_invasion_turn(table)
    allied_player_turn(table, "Turn 1", [("brit-cla-1", "3406")])
    table.move(ALL, "mk-game-turn", "turn-2")
    german_second_turn(table)
    allied_player_turn(table, "Turn 2", [("nor-ii-15", "3808")])
    table.move(ALL, "mk-game-turn", "turn-3")


def german_invasion_turn(table: Table) -> None:
    table.phase(GER, "german-reinforcement", "Turn 1")
    table.say(GER, "Assault wave: 139 to Narvik, I/138 and II/138 to Trondheim, III/138 to Bergen.")
    table.phase(GER, "german-movement", "Turn 1")
    table.say(GER, "roll sunk-in-transit")
    table.roll(GER, "Sunk In Transit", 5)
    table.say(GER, "5: the whole wave gets through.")
    # Break (8A, 8B): three battalions in Narvik, none disrupted.
    for unit in ("ger-139-i", "ger-139-ii", "ger-139-iii"):
        table.move(GER, unit, "3609")
    for unit in ("ger-138-i", "ger-138-ii"):
        table.move(GER, unit, "2230")
    table.move(GER, "ger-138-iii", "0842")
    table.phase(GER, "german-air", "Turn 1")
    table.say(GER, "No air missions this turn.")
    table.phase(GER, "german-combat", "Turn 1")
    # 19F: on the first turn every Norwegian unit attacked rolls; 3-6 must retreat, 1-2 may stand.
    table.say(ALL, "roll retreat-before-combat unit I/15")
    table.roll(ALL, "Retreat Before Combat", 5)
    table.move(ALL, "nor-i-15", "3710")
    table.say(ALL, "roll retreat-before-combat unit 6 Bde")
    table.roll(ALL, "Retreat Before Combat", 6)
    table.move(ALL, "nor-6-bde-hq", "3710")
    table.say(ALL, "roll retreat-before-combat unit nor-bty-1")
    table.roll(ALL, "Retreat Before Combat", 2)
    table.say(ALL, "The battery stands in Narvik.")
    table.say(GER, "attack 3609 with I/139, II/139")
    table.roll(GER, "Combat", 6)
    table.say(GER, "DE: the battery is eliminated.")
    table.remove(ALL, "nor-bty-1")
    table.phase(GER, "german-exploitation", "Turn 1")
    table.say(GER, "Follow-up wave: 112 and two supply counters to Narvik, one each to Trondheim and Bergen.")
    for unit, port in (("ger-112-art", "3609"), ("ger-sup-1", "3609"), ("ger-sup-2", "3609"),
                       ("ger-sup-3", "2230"), ("ger-sup-4", "0842")):
        table.move(GER, unit, port)


def allied_player_turn(table: Table, turn: str, moves: list[tuple[str, str]]) -> None:
    table.phase(ALL, "allied-reinforcement", turn)
    table.phase(ALL, "allied-movement", turn)
    for unit, to in moves:
        table.move(ALL, unit, to)
    table.phase(ALL, "allied-air", turn)
    table.phase(ALL, "allied-combat", turn)
    table.say(ALL, "No Allied attacks.")
    table.phase(ALL, "allied-exploitation", turn)


def german_second_turn(table: Table) -> None:
    table.phase(GER, "german-reinforcement", "Turn 2")
    table.phase(GER, "german-movement", "Turn 2")
    table.say(GER, "I/139 and II/139 push on into the hills east of Narvik; III/139 holds Narvik.")
    table.move(GER, "ger-139-i", "3710")
    table.move(GER, "ger-139-ii", "3710")
    table.phase(GER, "german-air", "Turn 2")
    table.say(GER, "mission naval-bombing with ger-ju88-1 from Hamburg to 3406")
    table.move(GER, "ger-ju88-1", "3406")
    # Break (12C3e): a 2 does not find the ship (4-6 does), yet the Ju-88 attacks it.
    table.say(GER, "roll find-ships unit ger-ju88-1")
    table.roll(GER, "Find Ships", 2)
    table.say(GER, "attack 3406 with ger-ju88-1 target brit-cla-1")
    table.move(GER, "ger-ju88-1", "Hamburg")
    table.phase(GER, "german-combat", "Turn 2")
    # Break (10F): after Turn 1 a Norwegian unit may retreat before combat on 1 or 2 only.
    table.say(ALL, "roll retreat-before-combat unit I/15")
    table.roll(ALL, "Retreat Before Combat", 4)
    table.move(ALL, "nor-i-15", "3711")
    table.say(ALL, "roll retreat-before-combat unit 6 Bde")
    table.roll(ALL, "Retreat Before Combat", 3)
    table.say(ALL, "6 Bde stands.")
    table.say(GER, "attack 3710 with I/139, II/139 supply ger-sup-1")
    table.roll(GER, "Combat", 5)
    table.say(GER, "DE: 6 Bde is eliminated; the supply counter is spent.")
    table.remove(ALL, "nor-6-bde-hq")
    table.remove(GER, "ger-sup-1")
    table.phase(GER, "german-exploitation", "Turn 2")
