"""The checks of the Invasion: Norway pack, in the order they see each entry.

Control first, so that every other check sees who holds a hex after a unit
entered it.
"""

from .air import AirMissions, AirSupply
from .basing import Basing
from .control import ControlChanges
from .interception import Interception
from .land_stacking import LandStacking
from .land_supply import LandSupply
from .naval import NavalStacks, Unloading
from .surrender import Surrender

CHECKS = (ControlChanges, LandStacking, Basing, NavalStacks, Unloading, AirMissions, AirSupply, LandSupply,
          Surrender, Interception)
