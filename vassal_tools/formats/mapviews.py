"""Views of maps and what hangs below them: boards, grids, zones, at-start stacks, decks.

Attribute names and defaults follow vassal-formats.md 2.3; grids expose every
attribute as a dict (:attr:`Grid.attributes`), for the geometry code to read
with VASSAL's own rules (section 6).
"""

from __future__ import annotations

from typing import ClassVar

from ..errors import BadInput
from .components import (
    MAP_CLASSES,
    Attr,
    BoolAttr,
    Component,
    IntAttr,
    child_elements,
    descendants,
    element_text,
    insert_indented,
    java_int,
    make_element,
    remove_indented,
    simple_name,
)
from .moduleviews import GlobalProperty, PieceSlot


def _is_grid(name: str) -> bool:
    return name.endswith("Grid")


class Map(Component):
    """A Map, PrivateMap, PlayerHand or a chart window's WidgetMap.

    ``map_id`` is VASSAL's internal id (``Map0``, ``Map1``, …) when the view came
    from :attr:`BuildFile.maps`, else None.
    """

    NAMES = MAP_CLASSES
    CLASS = "VASSAL.build.module.Map"

    name = Attr("mapName")
    description = Attr("description")
    move_within_format = Attr("moveWithinFormat", None)
    move_to_format = Attr("moveToFormat", None)
    create_format = Attr("createFormat", None)
    change_format = Attr("changeFormat", None)
    mark_moved = Attr("markMoved", None)

    def __init__(self, element, source=None, map_id: str | None = None):
        super().__init__(element, source)
        self.map_id = map_id

    @property
    def identifier(self) -> str | None:
        """The name saves use for this map: ``mapName``, or the internal id if that is empty."""
        return self.name or self.map_id

    @property
    def edge(self) -> tuple[int, int]:
        """The blank margin (width, height) in pixels.

        VASSAL applies attributes alphabetically, so a legacy ``edge="w,h"`` is
        read first and ``edgeHeight``/``edgeWidth`` then override it.
        """
        width, height = 0, 0
        legacy = self.element.get("edge")
        if legacy is not None and legacy.find(",") > 0:
            comma = legacy.find(",")
            width, height = self._int("edge", legacy[:comma]), self._int("edge", legacy[comma + 1:])
        if self.element.get("edgeHeight") is not None:
            height = self._int("edgeHeight", self.element.get("edgeHeight"))
        if self.element.get("edgeWidth") is not None:
            width = self._int("edgeWidth", self.element.get("edgeWidth"))
        return width, height

    def _int(self, attribute: str, raw: str) -> int:
        value = java_int(raw)
        if value is None:
            raise BadInput(self.source, f"attribute {attribute}={raw!r} is not an integer", self.where)
        return value

    @property
    def edge_width(self) -> int:
        return self.edge[0]

    @edge_width.setter
    def edge_width(self, value: int) -> None:
        self.element.set("edgeWidth", str(int(value)))

    @property
    def edge_height(self) -> int:
        return self.edge[1]

    @edge_height.setter
    def edge_height(self, value: int) -> None:
        self.element.set("edgeHeight", str(int(value)))

    @property
    def board_picker(self) -> BoardPicker | None:
        pickers = self._children_named(lambda n: n.endswith("BoardPicker"), BoardPicker)
        return pickers[0] if pickers else None

    @property
    def boards(self) -> list[Board]:
        picker = self.board_picker
        return picker.boards if picker else []

    @property
    def setup_stacks(self) -> list[SetupStack]:
        return self._descendants_named(("SetupStack",), SetupStack)

    @property
    def decks(self) -> list[Deck]:
        return self._descendants_named(("DrawPile",), Deck)

    @property
    def global_properties(self) -> list[GlobalProperty]:
        """Map-level global properties (not those of its zones)."""
        return [
            GlobalProperty(node, self.source)
            for node in descendants(self.element, ("GlobalProperty",))
            if not any(simple_name(a.tag) == "Zone" for a in node.iterancestors())
        ]


class BoardPicker(Component):
    """The map's board chooser; its ``<setup>`` child is the default board layout."""

    NAMES = ("BoardPicker",)
    CLASS = "VASSAL.build.module.map.BoardPicker"

    @property
    def boards(self) -> list[Board]:
        return self._children_named(lambda n: n.endswith("Board"), Board)

    def _setup_element(self):
        return next(self.element.iterdescendants("setup"), None)

    @property
    def setup(self) -> str | None:
        """The default layout, in BoardPicker command form (5.6); None if there is none."""
        element = self._setup_element()
        return None if element is None else element_text(element)

    @setup.setter
    def setup(self, value: str | None) -> None:
        element = self._setup_element()
        if value is None:
            if element is not None:
                remove_indented(element)
            return
        if element is None:
            element = make_element("setup")
            insert_indented(self.element, element, index=0)  # VASSAL writes it first
        element.text = value


class Board(Component):
    NAMES = ("Board",)
    CLASS = "VASSAL.build.module.map.boardPicker.Board"

    name = Attr("name")
    image = Attr("image", "")
    reversible = BoolAttr("reversible", False)
    width = IntAttr("width", 500)
    height = IntAttr("height", 500)
    color = Attr("color", None)

    @property
    def grid(self) -> Grid | None:
        """The board's grid (HexGrid, SquareGrid, RegionGrid, ZonedGrid or a custom one)."""
        return _first_grid(self)


def _first_grid(component: Component, exclude=("Zone",)):
    for child in child_elements(component.element):
        name = simple_name(child.tag)
        if _is_grid(name) and name not in exclude:
            return GRID_VIEWS.get(name, Grid)(child, component.source)
    return None


class Grid(Component):
    """Any grid. ``kind`` is the simple class name; ``attributes`` holds all settings."""

    NAMES: ClassVar[tuple[str, ...]] = ("HexGrid", "SquareGrid")

    @property
    def kind(self) -> str:
        return self.class_name

    @property
    def numbering(self) -> Numbering | None:
        found = self._children_named(lambda n: n.endswith("Numbering"), Numbering)
        return found[0] if found else None


class Numbering(Component):
    """HexGridNumbering, ObliqueHexGridNumbering or SquareGridNumbering (all attributes)."""

    NAMES = ("HexGridNumbering", "ObliqueHexGridNumbering", "SquareGridNumbering")

    @property
    def kind(self) -> str:
        return self.class_name


class RegionGrid(Grid):
    NAMES = ("RegionGrid",)

    @property
    def regions(self) -> list[Region]:
        return self._descendants_named(("Region",), Region)


class Region(Component):
    NAMES = ("Region",)
    CLASS = "VASSAL.build.module.map.boardPicker.board.Region"

    name = Attr("name")
    x = IntAttr("originx")
    y = IntAttr("originy")


class ZonedGrid(Grid):
    """Zones tested in order, plus at most one background grid (6.6)."""

    NAMES = ("ZonedGrid",)

    @property
    def zones(self) -> list[Zone]:
        return self._children_named(lambda n: n == "Zone", Zone)

    @property
    def background_grid(self) -> Grid | None:
        return _first_grid(self)


class Zone(Component):
    NAMES = ("Zone",)
    CLASS = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"

    name = Attr("name")
    path = Attr("path", "")
    location_format = Attr("locationFormat", "$name$")
    use_parent_grid = BoolAttr("useParentGrid", False)
    use_highlight = BoolAttr("useHighlight", False)
    highlight_property = Attr("highlightProperty", "")

    @property
    def points(self) -> list[tuple[int, int]]:
        """The polygon, board-local: ``path`` ``"x,y;x,y;…"`` as integer pairs."""
        points = []
        for pair in filter(None, self.path.split(";")):
            x, _, y = pair.partition(",")
            px, py = java_int(x.strip()), java_int(y.strip())
            if px is None or py is None:
                raise BadInput(self.source, f"zone path point {pair!r} is not 'x,y'", self.where)
            points.append((px, py))
        return points

    @points.setter
    def points(self, value) -> None:
        self.path = ";".join(f"{int(x)},{int(y)}" for x, y in value)

    @property
    def grid(self) -> Grid | None:
        """The zone's own grid (with ``use_parent_grid`` the ZonedGrid's background grid applies)."""
        return _first_grid(self)

    @property
    def global_properties(self) -> list[GlobalProperty]:
        return self._descendants_named(("GlobalProperty",), GlobalProperty)


GRID_VIEWS = {"RegionGrid": RegionGrid, "ZonedGrid": ZonedGrid}


class SetupStack(Component):
    """An at-start stack: pieces placed when a new game starts (7)."""

    NAMES = ("SetupStack",)
    CLASS = "VASSAL.build.module.map.SetupStack"
    DEFAULTS = {"name": "", "useGridLocation": "false", "x": "0", "y": "0"}

    name = Attr("name")
    owning_board = Attr("owningBoard", None)
    use_grid_location = BoolAttr("useGridLocation", False)
    location = Attr("location", None)
    x = IntAttr("x")
    y = IntAttr("y")

    @property
    def piece_slots(self) -> list[PieceSlot]:
        return self._descendants_named(("PieceSlot", "CardSlot"), PieceSlot)


class Deck(Component):
    """A DrawPile (deck) with its card slots."""

    NAMES = ("DrawPile",)
    CLASS = "VASSAL.build.module.map.DrawPile"

    name = Attr("name")
    owning_board = Attr("owningBoard", None)
    x = IntAttr("x")
    y = IntAttr("y")
    width = IntAttr("width")
    height = IntAttr("height")
    face_down = Attr("faceDown", None)
    shuffle = Attr("shuffle", None)
    reversible = BoolAttr("reversible", False)

    @property
    def card_slots(self) -> list[PieceSlot]:
        return self._descendants_named(("CardSlot", "PieceSlot"), PieceSlot)
