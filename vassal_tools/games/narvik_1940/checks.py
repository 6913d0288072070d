"""The checks of the Narvik 1940 pack, in the order they see each entry."""

from .commands import StagingAreas, SubCommands
from .dice import SixSidedDie
from .firing import Fire
from .fog import FogOfWar
from .regroup import Regroup
from .setup import SetUp
from .stacking import OpposingUnits, Stacking
from .strikes import Strikes

CHECKS = (SetUp, OpposingUnits, StagingAreas, SubCommands, Strikes, Fire, Regroup, Stacking, FogOfWar, SixSidedDie)

# What `vassal-tools games` lists: each check and the rules it cites (narvik-1940.txt).
CITED = {
    "SetUp": ("3.1", "3.2", "18.2", "22.1", "22.3"),
    "OpposingUnits": ("9.0",),
    "StagingAreas": ("20.0", "18.2"),
    "SubCommands": ("11.0", "18.1"),
    "Strikes": ("16.0", "2.3.8"),
    "Fire": ("14.0", "14.1", "14.2", "14.4", "14.4.1", "20.0", "6.3", "16.0", "13.2", "9.0"),
    "Regroup": ("17.0", "19.2", "10.0"),
    "Stacking": ("9.0", "17.0", "20.0", "15.1"),
    "FogOfWar": ("21.0", "8.1.1"),
    "SixSidedDie": ("2.0",),
}
