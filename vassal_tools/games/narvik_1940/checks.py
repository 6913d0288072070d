"""The checks of the Narvik 1940 pack, in the order they see each entry."""

from .dice import SixSidedDie
from .fog import FogOfWar
from .setup import SetUp
from .stacking import OpposingUnits, Stacking
from .strikes import Strikes

CHECKS = (SetUp, OpposingUnits, Strikes, Stacking, FogOfWar, SixSidedDie)

# What `vassal-tools games` lists: each check and the rules it cites (narvik-1940.txt).
CITED = {
    "SetUp": ("3.1", "3.2", "18.2", "22.3"),
    "OpposingUnits": ("9.0",),
    "Strikes": ("16.0", "2.3.8"),
    "Stacking": ("9.0", "17.0", "20.0"),
    "FogOfWar": ("21.0", "8.1.1"),
    "SixSidedDie": ("2.0",),
}
