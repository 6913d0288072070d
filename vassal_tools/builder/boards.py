"""The module's maps and boards, with the grids that name their locations.

Every drawn map becomes a VASSAL Map with a Board of the same name; a drawn board
named ``<map> Panel`` (the Operational Map's box panel) sits beside that map's
board, in the same window. Where a board has zones or boxes it gets a ZonedGrid
(vassal-formats.md 6.6). VASSAL names a point after the first zone that contains
it, so zones are listed smallest first: a box or sub-zone is found before the zone
around it. A box's zone is named as the art names it (the data's box id, or
``<id>/<section>``); players see the box's name from boxes.csv as the location.

The Operational Map's hexes come from the grid definition (``operational_grid.json``:
HexGrid and HexGridNumbering attributes and the board size). A descending numbering
counts rows from its container's size, so the hex grid must see exactly that size.
When the board image is that size and carries no boxes, the HexGrid sits on the
board; otherwise it sits in a Zone covering exactly the hex area, since a zone's
grid numbers against the zone's bounding box (6.6). Either way every hex is named
as the grid definition says.

:class:`BoardPlan` holds the attribute strings written to the buildFile, and
:meth:`MapPlan.geometry` builds the same maps with :mod:`vassal_tools.geometry`
from those very strings, so pieces are placed by the rules VASSAL applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from shapely.geometry import Polygon

from ..errors import BadInput
from ..formats.components import Component
from ..formats.mapviews import BoardPicker
from ..formats.sequence import encode
from ..geometry.board import Board as GeoBoard
from ..geometry.definition import HexGridDefinition as HexGridDef
from ..geometry.hexgrid import HexGrid
from ..geometry.maps import BoardCell
from ..geometry.maps import Map as GeoMap
from ..geometry.zonedgrid import Zone as GeoZone
from ..geometry.zonedgrid import ZonedGrid
from . import standard
from .art import BoardArt

OPERATIONAL = "Operational Map"  # the map the art draws the hexes on (art.maps.MAPS)
PANEL = " Panel"  # a board drawn to sit beside the board of the same name
HEX_ZONE = "Hexes"  # the zone that holds the hex grid when the board has more than hexes

_BOARD = "VASSAL.build.module.map.boardPicker."
_GRIDS = _BOARD + "board."
_MAPGRID = _GRIDS + "mapgrid."
# Drawing-only settings (the art draws hexes and numbers itself); VASSAL's editor writes them all.
_GRID_LOOK = {"color": "0,0,0", "dotsVisible": "false", "visible": "false"}
_NUMBERING_LOOK = {"color": "0,0,0", "fontSize": "9", "hDrawOff": "0", "rotateText": "0",
                   "vDrawOff": "0", "visible": "false"}


@dataclass(frozen=True)
class ZoneDef:
    """One Zone: its name, polygon (board pixels) and location format."""

    name: str
    points: tuple[tuple[int, int], ...]
    location_format: str = "$name$"
    holds_hexes: bool = False


@dataclass
class BoardPlan:
    """One board: image, size, and the grid to write (hexes and/or zones)."""

    name: str
    image: str
    size: tuple[int, int]
    hexes: HexGridDef | None = None
    zones: list[ZoneDef] = field(default_factory=list)
    geography: dict | None = None  # where real positions fall on it (geometry.projection), if drawn from them

    def component(self) -> Component:
        board = standard.component(_BOARD + "Board", {"image": self.image, "name": self.name, "reversible": "false"})
        grid = self._grid_component()
        if grid is not None:
            board.append(grid)
        return board

    def _grid_component(self) -> Component | None:
        if not self.zones:
            return None if self.hexes is None else _hex_grid(self.hexes)
        zoned = standard.component(_GRIDS + "ZonedGrid")
        for zone in self.zones:
            element = standard.component(_MAPGRID + "Zone", {
                "highlightProperty": "", "locationFormat": zone.location_format, "name": zone.name,
                "path": ";".join(f"{x},{y}" for x, y in zone.points), "useHighlight": "false",
                "useParentGrid": "false",
            })
            if zone.holds_hexes:
                assert self.hexes is not None  # only the board with the hexes has a zone holding them
                element.append(_hex_grid(self.hexes))
            zoned.append(element)
        zoned.append(standard.component(_MAPGRID + "ZonedGridHighlighter"))
        return zoned

    def geometry(self) -> GeoBoard:
        """The same board as :mod:`vassal_tools.geometry` builds it from those attributes."""
        return GeoBoard(self.name, self.size, self._geo_grid(), self.image)

    def _geo_grid(self):
        if not self.zones:
            return None if self.hexes is None else _geo_hex_grid(self.hexes, self.size)
        zones = []
        for zone in self.zones:
            attrs = {"name": zone.name, "path": ";".join(f"{x},{y}" for x, y in zone.points),
                     "locationFormat": zone.location_format}
            geo = GeoZone.from_attributes(attrs, strict=False, where=f"board {self.name!r}")
            if zone.holds_hexes:
                geo.own_grid = _geo_hex_grid(self.hexes, geo.size)
            zones.append(geo)
        return ZonedGrid(zones, None, self.size)


@dataclass
class MapPlan:
    """A map window: its boards side by side in one row, left to right, no edge margin."""

    name: str
    boards: list[BoardPlan]

    @property
    def layout(self) -> list[tuple[str, int, int]]:
        """(board, column, row) of each board, as the BoardPicker command lists them (5.6)."""
        return [(board.name, column, 0) for column, board in enumerate(self.boards)]

    def component(self) -> Component:
        """The Map element: board picker (with a default layout when it has several boards), then helpers."""
        map_ = standard.new_map(self.name, self.name)
        picker = standard.board_picker()
        for board in self.boards:
            picker.append(board.component())
        if len(self.boards) > 1:
            # Without a default layout VASSAL asks the player to pick boards (5.6).
            BoardPicker(picker.element).setup = layout_command(self)
        map_.append(picker)
        for helper in standard.map_helpers():
            map_.append(helper)
        return map_

    def geometry(self) -> GeoMap:
        boards = {board.name: board.geometry() for board in self.boards}
        cells = [BoardCell(name, column, row) for name, column, row in self.layout]
        return GeoMap.from_layout(self.name, boards, cells)


def layout_command(plan: MapPlan) -> str:
    """``<map>BoardPicker⇥board⇥col⇥row…``: a save's board command and a ``<setup>`` text (5.4, 5.6)."""
    tokens = [plan.name + "BoardPicker"]
    for name, column, row in plan.layout:
        tokens += [name, str(column), str(row)]
    return encode(tokens, "\t") or ""


def _hex_grid(hexes: HexGridDef) -> Component:
    grid = standard.component(_GRIDS + "HexGrid", {**_GRID_LOOK, **hexes.grid})
    grid.append(standard.component(_MAPGRID + hexes.numbering_element, {**_NUMBERING_LOOK, **hexes.numbering}))
    return grid


def _geo_hex_grid(hexes: HexGridDef, size: tuple[int, int]) -> HexGrid:
    return HexGrid.from_attributes({**_GRID_LOOK, **hexes.grid}, {**_NUMBERING_LOOK, **hexes.numbering}, size,
                                   hexes.numbering_class)


# -- from the art to plans ------------------------------------------------------------------


def plan_maps(arts: Mapping[str, BoardArt], hexes: HexGridDef | None, grid_source: Path | None = None,
              label: Callable[[str], str] = str) -> list[MapPlan]:
    """A map per drawn board, in the art's order; a board named ``<map> Panel`` goes
    beside ``<map>``'s board instead (the Operational Map's box panel).

    ``label(box)`` is the location name players see for a box (its zone keeps the
    art's name, which is the data's box id).
    """
    maps: dict[str, MapPlan] = {}
    for name, art in arts.items():
        board = _plan_board(name, art, hexes, grid_source, label)
        owner = name[: -len(PANEL)] if name.endswith(PANEL) and name[: -len(PANEL)] in arts else name
        maps.setdefault(owner, MapPlan(owner, [])).boards.append(board)
    return list(maps.values())


def _plan_board(name: str, art: BoardArt, hexes: HexGridDef | None, grid_source: Path | None,
                label: Callable[[str], str]) -> BoardPlan:
    plan = BoardPlan(name, art.image.name, art.size, geography=art.geography)
    zones = [ZoneDef(box, _rect_points(rect), label(box)) for box, rect in art.boxes.items()]
    if name == OPERATIONAL:
        if hexes is None:
            raise BadInput(grid_source, "the Operational Map needs a hex grid definition")
        plan.hexes = hexes
        # Hexes are named by the grid; the art's zone outlines there are only drawing.
        if zones or art.size != hexes.size:
            width, height = hexes.size
            zones.append(ZoneDef(HEX_ZONE, ((0, 0), (width, 0), (width, height), (0, height)),
                                 "$gridLocation$", holds_hexes=True))
    else:
        zones += [ZoneDef(zone, tuple(points)) for zone, points in art.zones.items()]
    # VASSAL names a point after the first zone holding it (6.6): smaller zones first, so
    # a box or sub-zone inside another zone is found before the zone around it.
    plan.zones = sorted(zones, key=lambda z: Polygon(z.points).area)
    _check_names(plan)
    return plan


def _rect_points(rect: tuple[int, int, int, int]) -> tuple[tuple[int, int], ...]:
    x, y, w, h = rect
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def _check_names(plan: BoardPlan) -> None:
    """Zone names must be usable: no ``$`` (a location format would read a property), no repeats."""
    seen: set[str] = set()
    for zone in plan.zones:
        if "$" in zone.name or (not zone.holds_hexes and "$" in zone.location_format.replace("$name$", "")):
            # A location format would read it as a property reference.
            raise BadInput(None, f"zone or box name {zone.name!r} contains '$'", f"board {plan.name!r}")
        if zone.name in seen:
            raise BadInput(None, f"two zones or boxes are both named {zone.name!r}", f"board {plan.name!r}")
        seen.add(zone.name)
