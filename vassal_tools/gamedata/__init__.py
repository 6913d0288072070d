"""A game as data: load and check the plain source files of a module's game.

The files under ``module_src/<game>/`` (for Invasion: Norway,
``module_src/invasion_norway/``) are TOML and CSV that a maintainer edits by hand;
their README documents every column. This module reads them into frozen, typed
records and checks them once, so that the counter art, the module builder and the
rules engine can trust what they get::

    from vassal_tools.gamedata import load_game

    data = load_game("module_src/invasion_norway")
    data.units["ger-138-gj-1"].name          # 'I/138'
    data.place("Bergen", "port").hex         # '4332'
    data.hexes["3018"].terrain               # 'rough'
    data.grid.neighbours("4921")             # the six hexes around Oscarborg
    data.scenarios["campaign"].setup[0]      # Placement(unit=..., at=..., ...)

``load_game(path) -> GameData``. ``GameData`` holds:

* ``info`` (:class:`GameInfo`): game.toml: sides, nationalities, formations, the
  die, the sequence of play (segments, phases), the turn record, weather,
  die rolls, unit types; everything else of game.toml stays in ``info.raw``.
* ``grid`` (:class:`MapGrid`): the Operational Map's hex numbering XXYY: extent,
  neighbours, distance.
* ``units`` (id -> :class:`Unit`, in file order), ``hexes`` (XXYY -> :class:`Hex`),
  ``hexsides`` (:class:`Hexside`), ``places`` (:class:`Place`), ``zones`` (name ->
  :class:`Zone`), ``zone_borders`` (:class:`ZoneBorder`), ``boxes`` (id ->
  :class:`Box`), ``scenarios`` (id -> :class:`Scenario`). A game that has no hexside
  features, places, zone borders or boxes leaves out their file (hexsides.csv, places.csv,
  zone_adjacency.csv, boxes.csv); game.toml, units.csv, hexes.csv and zones.csv it needs.

Every record keeps its ``source`` text: rule numbers of the rulebook separated by
``;``, each optionally followed by ``: what it covers``, or ``sample`` for values
the rulebook does not give (:func:`citations` splits it).

Any fault in the data raises :class:`vassal_tools.errors.BadInput` naming the file,
the place in it and the fault: ``where`` is ``row N, field 'x'`` for CSV files
(N counts like a spreadsheet: the header is row 1) and a key path such as
``turns[3].name`` for TOML files. The first fault found is reported.

The loader knows no one game's words: what differs between games (sides, nationalities,
phases, turns, weather, its own terrains and hexside features) is read from game.toml, and
so is what one game keeps beyond every game's data: its own columns, keys and tables, which
it declares in game.toml ``[extra]`` and finds in the records' ``extra`` (:mod:`.extra`).

The game-neutral data layer: below the record; it knows no one game.
May import: :mod:`vassal_tools.geometry` (its hex maths), :mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`.
Imported by: record, replay, rules, the games' packages and registry, art, builder.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from ..errors import BadInput
from .checks import (
    check_boxes,
    check_hexes,
    check_hexsides,
    check_places,
    check_units,
    check_zone_borders,
    check_zones,
)
from .extra import ExtraData, at_key, check_references, check_rows, read_extra
from .gametoml import TomlDoc, read_dice, read_grid, read_info
from .hexes import MapGrid, hex_name, parse_hex
from .records import (
    AirType,
    Box,
    DieRoll,
    Formation,
    GameData,
    GameDice,
    GameInfo,
    Hex,
    Hexside,
    Nationality,
    Phase,
    Place,
    Placement,
    Scenario,
    Segment,
    Side,
    Turn,
    Unit,
    Withdrawal,
    Zone,
    ZoneBorder,
)
from .scenarios import read_scenario
from .sources import Citation, citations
from .tables import (
    BOX_COLUMNS,
    HEX_COLUMNS,
    HEXSIDE_COLUMNS,
    PLACE_COLUMNS,
    UNIT_COLUMNS,
    ZONE_BORDER_COLUMNS,
    ZONE_COLUMNS,
    Column,
    Row,
    read_table,
    rows_to_records,
)
from .terms import (
    AIR_ROLES,
    BOX_KINDS,
    COASTS,
    HEXSIDE_FEATURES,
    LAND_TERRAINS,
    MOVE_CLASSES,
    NEUTRAL_FLAG,
    PLACE_KINDS,
    SIZES,
    TERRAINS,
    UNIT_CLASSES,
    ZONE_KINDS,
)

__all__ = [
    "UNIT_CLASSES",
    "SIZES",
    "MOVE_CLASSES",
    "AIR_ROLES",
    "TERRAINS",
    "LAND_TERRAINS",
    "COASTS",
    "HEXSIDE_FEATURES",
    "PLACE_KINDS",
    "ZONE_KINDS",
    "NEUTRAL_FLAG",
    "BOX_KINDS",
    "Citation",
    "citations",
    "MapGrid",
    "parse_hex",
    "hex_name",
    "Side",
    "Nationality",
    "Formation",
    "Segment",
    "Phase",
    "Turn",
    "DieRoll",
    "GameDice",
    "read_dice",
    "AirType",
    "GameInfo",
    "Unit",
    "Hex",
    "Hexside",
    "Place",
    "Zone",
    "ZoneBorder",
    "Box",
    "Placement",
    "Withdrawal",
    "Scenario",
    "GameData",
    "ExtraData",
    "load_game",
]


def load_game(path: str | os.PathLike[str]) -> GameData:
    """Read and check every file of a game folder (game.toml, the CSV files, scenarios/)."""
    root = Path(path)
    if not (root / "game.toml").is_file():
        raise BadInput(root, "not a game folder: game.toml is missing")
    doc = TomlDoc(root / "game.toml")
    info = read_info(doc)
    grid = read_grid(doc)
    extra = read_extra(doc)

    zone_columns = ZONE_COLUMNS + extra.csv_columns("zones")
    zone_rows = read_table(root / "zones.csv", zone_columns)
    check_zones(root / "zones.csv", zone_rows, info)
    zones = {z.name: z for z in rows_to_records(zone_rows, Zone, zone_columns, extra.column_names("zones"))}

    unit_rows = read_table(root / "units.csv", UNIT_COLUMNS)
    check_units(root / "units.csv", unit_rows, info)
    units = {u.id: u for u in rows_to_records(unit_rows, Unit, UNIT_COLUMNS)}

    hex_rows = read_table(root / "hexes.csv", HEX_COLUMNS)
    check_hexes(root / "hexes.csv", hex_rows, grid, zones, info)
    hexes = {h.hex: h for h in rows_to_records(hex_rows, Hex, HEX_COLUMNS)}

    side_rows = _optional_table(root / "hexsides.csv", HEXSIDE_COLUMNS)
    check_hexsides(root / "hexsides.csv", side_rows, grid, info)

    place_columns = PLACE_COLUMNS + extra.csv_columns("places")
    place_rows = _optional_table(root / "places.csv", place_columns)
    check_places(root / "places.csv", place_rows, grid, hexes, zones, extra.place_kinds)
    places = tuple(rows_to_records(place_rows, Place, place_columns, extra.column_names("places")))

    border_rows = _optional_table(root / "zone_adjacency.csv", ZONE_BORDER_COLUMNS)
    check_zone_borders(root / "zone_adjacency.csv", border_rows, zones)

    place_names = {p.name for p in places} | {a for p in places for a in p.aliases}
    names_place: dict[str, Callable[[str], bool]] = {  # what a box's place names, by what its kind says
        "place or zone": lambda s: s in place_names or s in zones,
        "sea zone": lambda s: s in zones and zones[s].kind == "sea",
    }
    box_places = {
        "carrier": lambda s: s in units and units[s].type == "CV",
        "turn": lambda s: s in info.turn_names,
        "weather": lambda s: s in info.weather_sections,
        **{kind: names_place[place] for kind, place in extra.box_kinds.items()},
    }
    box_rows = _optional_table(root / "boxes.csv", BOX_COLUMNS)
    check_boxes(root / "boxes.csv", box_rows,
                 lambda kind, place: box_places.get(kind, names_place["place or zone"])(place), extra.box_kinds)
    boxes = {b.id: b for b in rows_to_records(box_rows, Box, BOX_COLUMNS)}

    known = _known(info, zones, place_names, {p.name for p in places if p.kind == "port"})
    _check_game_references(doc, info, extra, known)
    check_rows(root / "zones.csv", zone_rows, "zones", extra, known)
    check_rows(root / "places.csv", place_rows, "places", extra, known)

    def is_location(at: str) -> bool:
        return at in hexes or at in zones or at in boxes

    scenarios = {}
    for scenario_path in sorted((root / "scenarios").glob("*.toml")):
        scenario = read_scenario(scenario_path, units, info.turn_names, is_location)
        if scenario.id in scenarios:
            raise BadInput(scenario_path, f"duplicate scenario id {scenario.id!r}", "id")
        scenarios[scenario.id] = scenario

    return GameData(root, info, grid, units, hexes, tuple(rows_to_records(side_rows, Hexside, HEXSIDE_COLUMNS)), places, zones,
                    tuple(rows_to_records(border_rows, ZoneBorder, ZONE_BORDER_COLUMNS)), boxes, scenarios)


def _optional_table(path: Path, columns: tuple[Column, ...]) -> list[Row]:
    """A table a game may do without (no hexside features, places, zone borders or boxes): absent, it has no rows."""
    return read_table(path, columns) if path.exists() else []


def _known(info: GameInfo, zones: Mapping[str, Zone], place_names: set[str],
           ports: set[str]) -> dict[str, Callable[[str], bool]]:
    """What a value of each reference kind of a game's own data may name (:mod:`.extra`)."""
    turns = set(info.turn_names)
    return {"turn": lambda v: v in turns, "place": lambda v: v in place_names, "port": lambda v: v in ports,
            "zone or place": lambda v: v in zones or v in place_names}


def _check_game_references(doc: TomlDoc, info: GameInfo, extra: ExtraData,
                           known: Mapping[str, Callable[[str], bool]]) -> None:
    """The game's own game.toml keys and tables that name zones or places, checked once those files are read."""
    check_references(doc.fail, info.extra, extra.keys, at_key(""), known)
    for name, declared in extra.tables.items():
        for i, row in enumerate(info.extra.get(name, ())):
            check_references(doc.fail, row, declared, at_key(f"{name}[{i}]."), known)
