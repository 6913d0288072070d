"""The checks of the Narvik 1940 pack, in the order they see each entry."""

from .actions import ActionSequence
from .amphibious import Amphibious
from .combat_moves import RetreatAndPursuit
from .commands import StagingAreas, SubCommands
from .die_check import SixSidedDie
from .engineers import Engineers
from .firing import Fire
from .fog import FogOfWar
from .movement import GroundMovement
from .regroup import Regroup
from .reinforcements import Reinforcements
from .setup import SetUp
from .stacking import OpposingUnits, Stacking
from .strikes import Strikes
from .victory import HexControl, Victory

CHECKS = (SetUp, ActionSequence, OpposingUnits, StagingAreas, SubCommands, GroundMovement, Amphibious,
          Strikes, Fire, RetreatAndPursuit, Regroup, Reinforcements, Engineers, Stacking, FogOfWar, Victory,
          HexControl, SixSidedDie)

# What `vassal-tools games` lists: each check and the rules it cites (narvik-1940.txt).
CITED = {
    "SetUp": ("3.1", "3.2", "18.2", "22.1", "22.3"),
    "ActionSequence": ("5.0", "5.1", "11.0", "6.2", "13.0", "2.3.8"),
    "OpposingUnits": ("9.0",),
    "StagingAreas": ("20.0", "18.2"),
    "SubCommands": ("11.0", "18.1", "2.3.1"),
    "GroundMovement": ("12.0", "2.3.4", "8.3", "12.1", "12.3", "12.4", "12.5", "10.1", "19.1", "19.2", "20.0", "20.1",
                       "23.4.2"),
    "Amphibious": ("13.0", "13.1", "20.2"),
    "Strikes": ("16.0", "2.3.8", "8.4"),
    "Fire": ("14.0", "2.3.5", "2.3.6", "14.1", "14.2", "14.4", "14.4.1", "20.0", "6.3", "16.0", "13.2", "9.0"),
    "RetreatAndPursuit": ("15.0", "15.1", "15.2", "6.3"),
    "Regroup": ("17.0", "19.2", "19.3", "10.0"),
    "Reinforcements": ("8.0", "8.1", "8.1.1", "8.2.1", "8.2.2", "18.2", "7.1", "22.3"),
    "Engineers": ("23.1", "23.2", "23.2.2", "23.3", "23.4.1", "23.4.3"),
    "Stacking": ("9.0", "17.0", "20.0", "15.1"),
    "FogOfWar": ("21.0", "8.1.1"),
    "Victory": ("4.1",),
    "HexControl": ("4.4",),
    "SixSidedDie": ("2.0",),
}

# What each check judges, as `vassal-tools games` says it to a player.
DESCRIBED = {
    "SetUp": "each unit of a GT 1 set-up starts where 3.1/3.2 put it: Germans within 15 hexes of 2020, Allies "
             "in the Bogen and Salangen areas, reinforcements in their displays, optional units as 22.1 allows",
    "ActionSequence": "actions only in the Actions Phase, none after both players pass in sequence, none by a "
                      "player shown out of AP (the other took two in a row); amphibious and naval actions Allied",
    "OpposingUnits": "opposing ground units never share a hex (strikes excepted)",
    "StagingAreas": "staging areas hold only their own side's units; Auchinleck stays in his",
    "SubCommands": "an action activates units of one sub-command (Dietl: those stacked with or next to him)",
    "GroundMovement": "a movement action's moves: within the movement factor (half an MP a hex at the least; "
                      "rail and ferry excepted), stop in an EZOC, never EZOC to EZOC (ski infiltration), "
                      "railroad artillery on the railroad, staging areas from the map edge, no German re-entry",
    "Amphibious": "amphibious movement from a coastal hex or an Allied staging area, one of the three types of "
                  "13.1 per action, never coast to coast",
    "Strikes": "strikes per target hex, from their side's Available display and back to its Random display, air "
               "strikes in air-support and "
               "naval strikes in naval-support actions",
    "Fire": "fire at an enemy-occupied hex within range and line of fire, firers sharing a hex; close assault "
            "by adjacent capable units; counterattacks only answer a close assault",
    "RetreatAndPursuit": "moves in combat actions: retreats not through an EZOC, a rout as long as its die; "
                         "pursuit into a cleared close-assault target hex (elite one hex more) by capable attackers; "
                         "no other move",
    "Regroup": "regrouped units go where 17.0/19.2 send them, one sub-command a regroup action",
    "Reinforcements": "reinforcements leave their displays in the Random Events and Reinforcement Segments for "
                      "the display or staging area 8.1/8.2 name; one scheduled formation a GT; the troop transfer "
                      "(7.1); optional British units from GT 2 (22.3)",
    "Engineers": "engineer operations (optional): only engineers act in an engineer action; entrenchment, pontoon "
                 "and demolition markers placed and removed by an engineer in (pontoon: or next to) the hex; an "
                 "entrenchment left with no friendly unit",
    "Stacking": "at the end of each action, segment and phase: German three ground units, Allied two of one "
                "nationality; leaders, strikes and markers free; staging areas unlimited; regroup may overstack",
    "FogOfWar": "a masked enemy unit is revealed only by recon on or next to its hex, or by being a target or "
                "firer in combat, never in the off-map displays",
    "Victory": "no play after a sudden death victory at a Victory Check Segment (4.1)",
    "HexControl": "a record's control entries: a hex occupied by one side is not given to the other",
    "SixSidedDie": "every die reads 1-6",
}

