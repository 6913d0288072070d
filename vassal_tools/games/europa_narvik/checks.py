"""The checks of the Europa Narvik pack, in the order they see each entry."""

from .air import AirAttacks, AirBasing, AirMissions, SixSidedDie
from .arrivals import Arrivals
from .combat import GroundCombat
from .counters import SupplyCounters
from .movement import GroundMovement
from .stacking import Disruption, Headquarters, Stacking
from .supply import Supply
from .unit_rolls import UnitRolls

CHECKS = (Headquarters, GroundMovement, Arrivals, Stacking, GroundCombat, Disruption, Supply, SupplyCounters,
          AirMissions, AirAttacks, AirBasing, UnitRolls, SixSidedDie)

# What `vassal-tools games` lists: each check, the rules it cites (europa-narvik.txt) and what it judges.
CHECKED = (
    ("stacking", ("8", "8A", "8B"), "at the end of movement and exploitation and throughout combat, two ground units "
     "plus one artillery battalion or two batteries (trucks, tanks, companies, marines in ports free); "
     "overstacked units are disrupted"),
    ("disruption", ("10D3",), "units all disrupted in an enemy-occupied hex at the end of a combat phase are "
     "eliminated"),
    ("headquarters", ("8C", "8C1", "8C2"), "an HQ absorbs its own formation's units in its hex during movement and "
     "exploitation; a Norwegian HQ a Norwegian first, up to the stacking limits"),
    ("supply", ("11", "11A", "11A1", "11A2", "11A3", "11A3a", "11A3b", "11A3c", "11B", "11B1", "11B1a", "11B1b",
                "11B2", "11B3", "11C", "12C3d", "17", "19B", "26"),
     "German units within 6 MPs of a supply counter, Allied within 10 of a base (one a port, placed or moved on, "
     "never moved once placed, none on a port bombed three times), lines never through enemy-only hexes; attack "
     "supply spent at the end of combat (not on Turn 1), captured never; unsupplied turns counted, the first a note"),
    ("air-attacks", ("12C1", "12C3e", "12D", "12D3"), "one find-ships die per air unit (4-6 finds), waves of five or fewer "
     "on naval units; interception by the non-phasing player's fighters, at night by NF only"),
    ("air-basing", ("7", "12", "12B", "13", "13A", "13B", "13C", "13D", "13E"), "at the end of every air phase: "
     "airfields six, lake airfields three German or one Allied, Danish six (no German start there), carrier "
     "aircraft (* off or on, not both), floatplanes at Hamburg, Sylt or friendly ports wherever they are, no air "
     "unit at an airfield the enemy holds (the last to occupy it)"),
    ("unit-rolls", ("10F", "13A", "19", "19D", "19F"), "Norwegian retreat before combat in the German combat phase on "
     "1-2 (disrupted or HQ 1, absorbing or absorbed never, the Guards always), only where Norwegians are the only "
     "friendly units, and a unit that rolled to retreat must (Turn 1: on 3-6); no escape after 4-6; air landings "
     "on Turn 1 in the German air phase, one per airbase, none where enemy ground units are, 4-6 destroys the "
     "unit and the others return, 1-3 makes the airbase German"),
    ("movement", ("5B", "5E", "7", "8C2", "17A", "24"), "a ground unit's MPs per phase along the cheapest path "
     "of the sample sheet (roads one MP, never through enemy-occupied hexes; half after landing; an HQ at its "
     "slowest absorbed unit), stopping in an enemy-occupied hex, never from one to another, the single-hex move, no "
     "enemy movement, never into a neutral's hex (Sweden, Finland) but the special supply counter; exploitation for combat/motorized units (or carried by trucks) not into enemy strength"),
    ("combat", ("5", "5D", "10", "10B", "10B1", "10B2", "10B3", "10B4", "10B5", "10D", "10D2", "10G", "21"),
     "ground attacks in the combat phase only; phasing units in a hex with enemy units attack them, once, into "
     "their own hex, each hex attacked once as a whole; retreats one hex, never into the sea or enemy strength, "
     "trucks never; zero-strength units alone with an enemy of strength are eliminated"),
    ("supply-counters", ("11B1d", "11C", "12C3c"), "a counter moves only with German units that carry it (one a "
     "battalion, one a truck), supplies left among enemy ground units alone are destroyed or captured, a base with "
     "three hits destroyed; the special counter on Turn 2's German reinforcement phase"),
    ("arrivals", ("13D", "15", "16", "17A", "17A1", "17C", "18", "18C", "19A", "20", "23", "26"), "German air units appear at Hamburg, Allied at "
     "Hatston Field or Bomber Command (which they never leave); Norwegian reinforcements not in an enemy hex; by "
     "sea to ports (German from the staging box, never by an interdiction counter; Allied not where Germans are, "
     "no more movement); Turn 1 assault wave 15 BE of infantry, mountain infantry, HQs, follow-up 14 BE unopposed "
     "and unmoved; the naval regiment on Turn 2, unmoved that turn; naval units at sea in the Allied movement phase; "
     "lake airfields by a lake or the coast, never moved; breakdowns in reinforcement or movement phases"),
    ("air-missions", ("5C", "12A", "12C", "12C1", "12C2", "12C3", "12C3a", "12C3f", "12C4", "12C5", "13B", "19E"),
     "air activity in the air phase, one mission per air unit; interception only where enemy air units fly, escorts "
     "fighters, bombing by bombers (no HQ or supply counter, no off-map airbase), transport and drops by T units, of "
     "the types 12C4 lists, staying where they land (19E: one hex on Turn 1), parachutes into clear or rough hexes "
     "without enemy strength; no take-off or landing at a neutralized airbase"),
    ("die", ("4E",), "the die is a d6: a result outside 1-6 is a finding"),
)
CITED = {name: rules for name, rules, _ in CHECKED}
