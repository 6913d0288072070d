"""Where a built module puts its at-start units (tests of the builder and of the hex games' modules):
the hex or zone of each setup stack's point, through the module's own grids."""

from __future__ import annotations

from vassal_tools.formats.pieces import parse_definition
from vassal_tools.geometry.from_module import ModuleGeometry


def marker_of(slot) -> dict[str, str]:
    return parse_definition(slot.text)[1].marker_properties


# Where the mini scenario's boxes are entered: an air holding box at its Ready section (7.1.6).
BOX_SPOTS = {"zone-germany": ("zone-germany/ready", "Germany air units: ready"),
             "turn-april-2": ("turn-april-2", "April #2"),
             "gunfire-norwegian-leads": ("gunfire-norwegian-leads", "Gunfire Support Norwegian Leads")}


def place_of(board_map, x: int, y: int) -> tuple[str, str]:
    """(hex or zone name, location name) of a map point, as the module's geometry finds them."""
    placed = board_map.find_board(x, y)
    grid = placed.board.grid
    zone = grid.find_zone(*placed.to_local(x, y)) if hasattr(grid, "find_zone") else None
    name = zone.name if zone is not None and zone.name != "Hexes" else board_map.hex_at(x, y)
    return name, board_map.location_name(x, y)


def setup_places(module) -> dict[str, str]:
    """Each at-start stack's units and the hex or zone its point is in, through the module's own grids."""
    geometry = ModuleGeometry(module)
    found = {}
    for map_ in module.buildfile.maps:
        board_map = geometry.map(map_.identifier)
        for stack in map_.setup_stacks:
            board = board_map.board(stack.owning_board)
            x, y = board.x + stack.x, board.y + stack.y  # SetupStack x, y are board-relative (7)
            for slot in stack.piece_slots:
                found[marker_of(slot)["UnitId"]] = place_of(board_map, x, y)[0]
    return found


def expected_places(scenario) -> dict[str, tuple[str, str]]:
    return {p.unit: BOX_SPOTS.get(p.at, (p.at, p.at)) for p in scenario.setup}
