"""The demo's sample game of Invasion: Norway (``vassal-tools demo``), as two PBEM players play it.

A German cruiser group sails and the Allies intercept it with more ships than their detection
roll allows (6.2); German mountain troops overstack Bergen (11.1.1). The demo writes it as a
real VASSAL log on the campaign's opening save and audits it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...pack import PhaseSteps
from ...replay.logwriter import LogWriter

SCENARIO = "campaign"
SIDES = ("German", "Allied")  # the seats the two players take, in order


def play(writer: LogWriter, phase: PhaseSteps, players: Sequence[tuple[str, str]]) -> None:
    """Write the sample game's steps: ``phase(id)`` gives the steps that start a phase of the first
    turn, ``players`` the (name, password) of the German and the Allied player."""
    german, allied = players[:2]

    def as_player(who: tuple[str, str]) -> None:
        writer.player, writer.password = who

    as_player(german)
    writer.step(writer.seat(SIDES[0]))
    as_player(allied)
    writer.step(writer.seat(SIDES[1]))

    # German naval movement: a cruiser group sails into the North Sea. The Allies
    # declare a detection attempt, roll, and intercept with five cruisers, more
    # than the difference between their NDV and the roll allows (6.2).
    as_player(german)
    writer.step(phase("german-naval-movement"))
    for ship in ("ger-ca-hipper", "ger-cl-koln"):
        writer.step(writer.move(ship, "North Sea"))
    as_player(allied)
    writer.step(writer.chat("detect naval North Sea target Hipper, Koln"))
    writer.step(writer.roll("Naval Detection", 3))
    writer.step(writer.chat("intercept naval North Sea with Berwick, York, Devonshire, Suffolk, Glasgow"))

    # German land movement: five mountain infantry battalions end their move in
    # Bergen, one more than the four infantry battalions a hex may hold (11.1.1).
    as_player(german)
    writer.step(phase("german-land-movement"))
    for unit in ("ger-138-gj-1", "ger-138-gj-2", "ger-138-gj-3", "ger-139-gj-1", "ger-139-gj-2"):
        writer.step(writer.move(unit, "4332"))
    writer.step(writer.chat("Bergen is ours."))
    writer.step(phase("german-air-missions"))
    as_player(allied)
    writer.step(writer.chat(f"Your move, {german[0]}."))
