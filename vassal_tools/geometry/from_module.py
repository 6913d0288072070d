"""Build the geometry of a module's maps from its buildFile: the one XML -> geometry adapter.

Reads the buildFile model (:mod:`vassal_tools.formats.mapviews`) of a
:class:`~vassal_tools.formats.files.Module`: maps, their boards (sized from the
board images in the archive), grids with numberings, zones and regions, decks.
Which boards a map shows comes, in this order of preference, from a board layout
you pass (the BoardPicker command of a save or log: :func:`board_layouts`), the
module's default ``<setup>``, or VASSAL's rule that a map with one non-reversible
board and no setup shows that board at (0, 0) (vassal-formats.md 5.6).

Zone polygons VASSAL accepts but that cannot be meant (under three points,
self-crossing) and board images that cannot be measured do not stop a module from
opening: they are collected in :attr:`ModuleGeometry.warnings`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import BadInput
from ..formats.sequence import decode
from .board import Board, PlacedBoard
from .grid import Grid
from .hexgrid import HexGrid
from .images import image_size
from .maps import BoardCell, Deck, Location, Map, parse_board_layout, place_boards
from .numbering import HexGridNumbering
from .numbering import numbering_class as numbering_class_of
from .regiongrid import Region, RegionGrid
from .squaregrid import SquareGrid
from .zonedgrid import Zone, ZonedGrid

ESC = "\x1b"


def board_layouts(stream: str) -> dict[str, list[BoardCell]]:
    """The board layout of every map set by a save's or log's command stream (5.4, 5.6).

    Keyed by map id (the ``<mapId>`` of ``<mapId>BoardPicker``); a later command for
    the same map replaces an earlier one.
    """
    layouts: dict[str, list[BoardCell]] = {}
    _collect_layouts(stream, layouts, depth=0)
    return layouts


def _collect_layouts(text: str, layouts: dict[str, list[BoardCell]], depth: int) -> None:
    tokens = decode(text, ESC)
    if len(tokens) == 1 or depth > 4:
        head = text.split("\t", 1)[0]
        if head.endswith("BoardPicker") and "\t" in text:
            map_id, cells = parse_board_layout(text)
            layouts[map_id] = cells
        return
    for token in tokens:
        # Only commands that hold further commands (NullCommand lists) or a layout.
        if ESC in token or "BoardPicker\t" in token[:200]:
            _collect_layouts(token, layouts, depth + 1)


class ModuleGeometry:
    """The maps of one module, built on demand; ``layouts`` as from :func:`board_layouts`."""

    def __init__(self, module, layouts: Mapping[str, Sequence[BoardCell]] | None = None):
        self.module = module
        self.source = str(module.path) if module.path is not None else None
        self.layouts = dict(layouts or {})
        self.warnings: list[str] = []
        self._views = {view.identifier: view for view in module.buildfile.maps if view.identifier}
        self._maps: dict[str, Map] = {}

    def map_names(self) -> list[str]:
        return list(self._views)

    def map(self, name: str) -> Map:
        """The map named ``name`` (its mapName, or internal id when unnamed); BadInput if none."""
        found = self._maps.get(name)
        if found is None:
            view = self._views.get(name)
            if view is None:
                known = ", ".join(repr(n) for n in self._views) or "none"
                raise BadInput(self.source, f"module has no map {name!r} (maps: {known})")
            found = self._maps[name] = self._build_map(view)
        return found

    def locate(self, map_name: str, x: int, y: int) -> Location:
        """Board, location name and snapped point of a map point, as VASSAL computes them."""
        return self.map(map_name).locate(x, y)

    def location_name(self, map_name: str, x: int, y: int) -> str:
        return self.map(map_name).location_name(x, y)

    def name_at(self, map_name: str, x: int, y: int) -> str | None:
        """Like :meth:`location_name` but never raises: None for a map that is unknown or
        cannot be laid out. Fits the step describer's ``locate(map, x, y)`` hook."""
        try:
            return self.map(map_name).location_name(x, y)
        except BadInput:
            return None

    # -- building -------------------------------------------------------------------------

    def _build_map(self, view) -> Map:
        boards: dict[str, Board] = {}
        for board_view in view.boards:
            board = self._build_board(board_view)
            boards.setdefault(board.name, board)
        edge = view.edge
        placed = place_boards(self._layout(view, boards), boards, edge, self.source, view.identifier)
        return Map(view.identifier, placed, edge, self._decks(view, placed, edge))

    def _layout(self, view, boards: Mapping[str, Board]) -> list[BoardCell]:
        if view.identifier in self.layouts:
            return list(self.layouts[view.identifier])
        picker = view.board_picker
        setup = picker.setup if picker is not None else None
        if setup:
            return parse_board_layout(setup, self.source)[1]
        if len(view.boards) == 1 and not view.boards[0].reversible:
            return [BoardCell(view.boards[0].name, 0, 0)]
        if not view.boards:
            return []
        raise BadInput(self.source, f"map {view.identifier!r} has {len(view.boards)} boards and no default layout: "
                       "give a saved game or log that sets its boards", view.where)

    def _build_board(self, view) -> Board:
        size = self._board_size(view)
        grid_view = view.grid
        grid = None if grid_view is None else self._build_grid(grid_view, size)
        return Board(view.name, size, grid, view.image, view.reversible)

    def _board_size(self, view) -> tuple[int, int]:
        """The image's pixel size; the width/height attributes only without an image."""
        if view.image:
            data = self.module.image_bytes(view.image)
            size = None if data is None else image_size(data, view.image)
            if size is not None:
                return size
            self.warnings.append(f"board {view.name!r}: image {view.image!r} is missing or unreadable; "
                                 "using its width/height attributes")
        return view.width, view.height

    def _build_grid(self, view, size: tuple[int, int]) -> Grid | None:
        kind = view.class_name
        where = view.where
        if kind.endswith("ZonedGrid"):
            return self._build_zoned(view, size)
        if kind.endswith("RegionGrid"):
            regions = [Region.from_attributes(r.attributes, self.source, r.where) for r in view.regions]
            return RegionGrid.from_attributes(view.attributes, regions, size, self.source, where)
        numbering = view.numbering
        numbering_attrs = None if numbering is None else numbering.attributes
        if kind.endswith("HexGrid"):
            numbering_class: type[HexGridNumbering] = HexGridNumbering
            if numbering is not None:
                found, own = numbering_class_of(numbering.tag, HexGridNumbering)
                numbering_class = found if issubclass(found, HexGridNumbering) else HexGridNumbering
                if not own:
                    self.warnings.append(f"{where}: numbering class {numbering.tag} is not VASSAL's; its "
                                         f"names are computed as VASSAL's {numbering_class.__name__} would")
            return HexGrid.from_attributes(view.attributes, numbering_attrs, size, numbering_class, self.source, where)
        if kind.endswith("SquareGrid"):
            return SquareGrid.from_attributes(view.attributes, numbering_attrs, size, self.source, where)
        self.warnings.append(f"{where}: grid class {view.tag} is not a VASSAL grid; its locations are not named")
        return None

    def _build_zoned(self, view, size: tuple[int, int]) -> ZonedGrid:
        background_view = view.background_grid
        background = None if background_view is None else self._build_grid(background_view, size)
        zones = []
        for zone_view in view.zones:
            zone = Zone.from_attributes(zone_view.attributes, None, strict=False, source=self.source, where=zone_view.where)
            own = zone_view.grid
            if own is not None:
                zone.own_grid = self._build_grid(own, zone.size)
            if zone.problem:
                self.warnings.append(f"{zone_view.where} zone {zone.name!r}: {zone.problem}")
            zones.append(zone)
        return ZonedGrid(zones, background, size)

    def _decks(self, view, placed: Sequence[PlacedBoard], edge: tuple[int, int]) -> list[Deck]:
        """Decks at map positions: board-relative with an owning board, else map minus edge (7)."""
        decks = []
        for deck in view.decks:
            if deck.owning_board:
                board = next((b for b in placed if b.name == deck.owning_board), None)
                if board is None:
                    continue  # its board is not on the map: VASSAL does not show the deck
                decks.append(Deck(deck.name, board.x + deck.x, board.y + deck.y))
            else:
                decks.append(Deck(deck.name, edge[0] + deck.x, edge[1] + deck.y))
        return decks


def maps_from_module(module, layouts: Mapping[str, Sequence[BoardCell]] | None = None) -> dict[str, Map]:
    """Every map of a module that can be laid out, by map name (maps needing a layout are left out)."""
    geometry = ModuleGeometry(module, layouts)
    maps = {}
    for name in geometry.map_names():
        try:
            maps[name] = geometry.map(name)
        except BadInput:
            continue
    return maps
