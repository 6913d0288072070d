"""VASSAL-exact grid geometry: where pieces snap and what VASSAL calls each spot.

Grids (board-local pixels): :class:`HexGrid`, :class:`SquareGrid`, :class:`RegionGrid`,
:class:`ZonedGrid` with :class:`Zone`; numberings in :mod:`.numbering`. Boards and
maps (map pixels): :class:`Board`, :class:`Map`. A module's maps:
:class:`ModuleGeometry` (``from_module``). Hex maths in a game's own hex numbers:
:class:`HexMap` (:mod:`.hexmath`, also the arithmetic of the games' ``MapGrid``).
Everything follows vassal-formats.md sections 6 and 7.

May import: :mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`.
Imported by: games, replay, report, art, builder, release and the CLI.
"""

from .board import Board, PlacedBoard
from .from_module import ModuleGeometry, board_layouts, maps_from_module
from .hexgrid import HexGrid
from .hexmath import HexMap
from .maps import OFFBOARD, BoardCell, Location, Map, parse_board_layout
from .numbering import HexGridNumbering, ObliqueHexGridNumbering, SquareGridNumbering
from .regiongrid import Region, RegionGrid
from .squaregrid import SquareGrid
from .zonedgrid import Zone, ZonedGrid

__all__ = [
    "Board", "BoardCell", "HexGrid", "HexGridNumbering", "HexMap", "Location", "Map", "ModuleGeometry",
    "OFFBOARD", "ObliqueHexGridNumbering", "PlacedBoard", "Region", "RegionGrid", "SquareGrid",
    "SquareGridNumbering", "Zone", "ZonedGrid", "board_layouts", "maps_from_module", "parse_board_layout",
]
