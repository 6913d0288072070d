"""The sample PBEM game of the Norway 1940 scenario (``vassal-tools demo --game norway-1940``): the German
pre-turn and two turns from the scenario's set-up, played as two players type and roll in VASSAL.

Operation Weserübung opens with the German pre-turn's actions (German Special Rules 1a: four, the
free one counted): the invasion fleet sails, a Ju-88 hunts the Norwegian navy, airborne troops land
at Oslo and the Shock Table gives Germany a free action. Each turn starts with both players' action roll (Actions), and
the actions follow, declared in chat (``action german ground with ...``). Every die is rolled with
the module's buttons. It holds three rule breaks:

- Turn 1: a Ju-88 rolls a 6 to locate the British ships and attacks anyway: "If DR is 5-6, the air
  unit cannot attack a Naval unit and return it to base" (norway-1940-scenario.txt, Air-Naval Attack).
- Turn 1: the action dice differ by 3 ("Each player has any three actions") and Germany takes a
  fourth (Actions).
- Turn 2: the 138th mountain regiment is activated twice: "Each unit may be activated only once per
  turn" (Actions).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...pack import PhaseSteps, Table
from ...replay.logwriter import LogWriter

SCENARIO = ""  # the scenario's one set-up
GER, ALL = "Germany", "The Allies"  # the seats, in the order the demo's players take them
ACTION_ROLL = "actions"  # the module's dice button of the action roll (its name in game.toml)
SEARCH = "Air-Naval Attack"  # the button of the air-naval search roll


def play(writer: LogWriter, phase: PhaseSteps, players: Sequence[tuple[str, str]]) -> None:
    """Write the sample game's steps (``players``: Germany's, then the Allies' player)."""
    table = Table.of(writer, phase, (GER, ALL), players)
    table.seat_all()
    pre_turn(table)
    turn_one(table)
    turn_two(table)


def action(table: Table, side: str, declared: str, moves: Sequence[tuple[str, str]] = ()) -> None:
    """One action: its declaration in chat, then the moves of the units it activates."""
    table.say(side, declared)
    for unit, to in moves:
        table.move(side, unit, to)


def search(table: Table, zone: str, plane: str, die: int, target: str) -> None:
    """A land-based air unit's search roll in a sea zone, then its attack on the ships there."""
    table.say(GER, f"roll air-naval-search in {zone} unit {plane}")
    table.roll(GER, SEARCH, die)
    table.say(GER, f"attack {zone} with {plane} target {target}")


def action_roll(table: Table, turn: str, german: int, allied: int) -> None:
    table.phase(GER, "action-roll", turn)
    table.roll(GER, ACTION_ROLL, german)
    table.roll(ALL, ACTION_ROLL, allied)
    table.say(ALL, f"{german} and {allied}: {abs(german - allied)} actions each.")
    table.phase(GER, "actions", turn)


def pre_turn(table: Table) -> None:
    table.phase(GER, "pre-turn-activation", "Pre-turn")
    action(table, GER, "action german naval with ger-bc, ger-ca, ger-tr-1",
           [("ger-bc", "Sea Zone 41"), ("ger-ca", "Sea Zone 41"), ("ger-tr-1", "Sea Zone 41")])
    action(table, GER, "action german air with ger-ju-88-1", [("ger-ju-88-1", "Sea Zone 41")])
    search(table, "Sea Zone 41", "ger-ju-88-1", 3, "nor-dd")
    table.say(GER, "Hit: the Norwegian destroyer is sunk.")
    table.remove(ALL, "nor-dd")
    action(table, GER, "action german ground with ger-1-1-airborne-company", [("ger-1-1-airborne-company", "Oslo")])
    # Airborne Landing in an area holding an Allied ground unit: shock (Shock Effect Procedure).
    table.say(GER, "roll shock")
    table.roll(GER, "shock table", 5)
    table.say(GER, "Terror Spreads: my free action.")
    action(table, GER, "action german free with ger-2-1-airborne-company", [("ger-2-1-airborne-company", "Oslo")])
    # A second landing among Allied units is a trigger again ("Each time ..."): 2-3, no free action.
    table.say(GER, "roll shock")
    table.roll(GER, "shock table", 3)


def turn_one(table: Table) -> None:
    action_roll(table, "Turn 1", 5, 2)
    action(table, GER, "action german ground with ger-138th-mountain-regiment",
           [("ger-138th-mountain-regiment", "Bergen")])
    action(table, ALL, "action allied naval with bri-bc, bri-ca-1", [("bri-bc", "Sea Zone 40"), ("bri-ca-1", "Sea Zone 40")])
    action(table, GER, "action german air with ger-ju-88-2", [("ger-ju-88-2", "Sea Zone 40")])
    # Break (Air-Naval Attack): a 6 does not locate the ships; the Ju-88 must return to base.
    search(table, "Sea Zone 40", "ger-ju-88-2", 6, "bri-bc")
    table.move(GER, "ger-ju-88-2", "German Off Map base")
    action(table, ALL, "action allied ground with bri-24th-gd-infantry-brigade",
           [("bri-24th-gd-infantry-brigade", "Narvik")])
    action(table, GER, "action german ground with ger-139th-mountain-regiment",
           [("ger-139th-mountain-regiment", "Trondheim")])
    action(table, ALL, "action allied air with bri-skua-1", [("bri-skua-1", "Bergen")])
    # Break (Actions): a dice difference of 3 gives three actions; this is Germany's fourth.
    action(table, GER, "action german ground with ger-159th-infantry-regiment",
           [("ger-159th-infantry-regiment", "Kristiansand")])


def turn_two(table: Table) -> None:
    action_roll(table, "Turn 2", 1, 5)
    action(table, GER, "action german ground with ger-138th-mountain-regiment",
           [("ger-138th-mountain-regiment", "Stavanger")])
    action(table, ALL, "action allied ground with bri-146th-infantry-brigade",
           [("bri-146th-infantry-brigade", "Trondheim")])
    action(table, GER, "action german naval with ger-dd-2, ger-tr-3", [("ger-dd-2", "Sea Zone 40"), ("ger-tr-3", "Sea Zone 40")])
    action(table, ALL, "action allied naval with bri-dd-1, bri-tr-1", [("bri-dd-1", "Sea Zone 36"), ("bri-tr-1", "Sea Zone 36")])
    # Break (Actions): the 138th was activated in this turn's first action.
    action(table, GER, "action german ground with ger-138th-mountain-regiment",
           [("ger-138th-mountain-regiment", "Bergen")])
    action(table, ALL, "action allied ground with bri-148th-infantry-brigade",
           [("bri-148th-infantry-brigade", "Narvik")])
