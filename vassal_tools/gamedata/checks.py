"""The CSV files checked against game.toml and against each other."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from ..errors import BadInput
from .extra import PlaceKind
from .hexes import MapGrid
from .records import GameInfo, Hex, Zone
from .tables import Row, check_cell, one_of, unique
from .terms import (
    BOX_KINDS,
    COASTS,
    ID_PATTERN,
    LAND_TERRAINS,
    NEUTRAL_FLAG,
    PLACE_KINDS,
    SIZES,
    UNIT_CLASSES,
    ZONE_KINDS,
)


def check_units(path: Path, rows: list[Row], info: GameInfo) -> None:
    unique(path, rows, lambda r: r.values["id"], "id", "unit id")
    types_of = {
        "land": info.land_types, "naval": info.naval_types, "air": tuple(info.air_types),
        "marker": info.marker_types, "supply": info.supply_types,
    }
    turns = info.turn_names
    for row in rows:
        v = row.values
        check_cell(path, row, "id", bool(ID_PATTERN.match(v["id"])), f"id {v['id']!r} must be lower-case letters, digits and '-'")
        one_of(path, row, "class", UNIT_CLASSES, "class")
        _check_owner(path, row, info)
        check_cell(path, row, "type", v["type"] in types_of[v["class"]],
               f"unknown {v['class']} unit type {v['type']!r}")
        if v["class"] == "land":
            _check_land(path, row, info)
        else:
            check_cell(path, row, "size", not v["size"], "only land units have a size")
            check_cell(path, row, "move_class", not v["move_class"], "only land units have a movement class")
        for column in ("reinforcement", "withdrawal"):
            check_cell(path, row, column, not v[column] or v[column] in turns, f"{v[column]!r} is not a turn")


def _check_owner(path: Path, row: Row, info: GameInfo) -> None:
    """Side, nationality and formation; markers may belong to nobody, land units need a formation."""
    v = row.values
    if v["class"] != "marker" or v["side"] or v["nationality"]:
        for column in ("side", "nationality"):
            check_cell(path, row, column, bool(v[column]), f"required field {column!r} is empty")
        one_of(path, row, "side", info.sides, "side")
        one_of(path, row, "nationality", info.nationalities, "nationality")
        check_cell(path, row, "nationality", info.nationalities[v["nationality"]].side == v["side"],
               f"nationality {v['nationality']!r} is not of side {v['side']!r}")
    if v["class"] == "land" or v["formation"]:
        check_cell(path, row, "formation", bool(v["formation"]), "required field 'formation' is empty")
        formation = info.formations.get(v["formation"])
        if formation is None:
            raise BadInput(path, f"unknown formation {v['formation']!r}", row.where("formation"))
        check_cell(path, row, "formation", formation.nationality in ("*", v["nationality"]),
               f"formation {v['formation']!r} belongs to {formation.nationality!r}, not {v['nationality']!r}")


def _check_land(path: Path, row: Row, info: GameInfo) -> None:
    v = row.values
    own = tuple(info.raw.get("types", {}).get("other_sizes", ()))  # a game's own sizes (Narvik 1940's wing)
    check_cell(path, row, "size", v["size"] in SIZES + own, f"unknown unit size {v['size']!r}")
    expected = info.move_class_of.get(v["type"], "")
    check_cell(path, row, "move_class", v["move_class"] == expected,
           f"a {v['type']} unit moves as {expected or 'nothing'}, not {v['move_class'] or 'nothing'!r}")
    check_cell(path, row, "steps", v["steps"] in (1, 2), "land units have 1 or 2 steps")


def check_hexes(path: Path, rows: list[Row], grid: MapGrid, zones: Mapping[str, Zone], info: GameInfo) -> None:
    unique(path, rows, lambda r: r.values["hex"], "hex", "hex")
    for row in rows:
        v = row.values
        check_cell(path, row, "hex", grid.contains(v["hex"]), f"hex {v['hex']!r} is outside the map")
        one_of(path, row, "terrain", info.terrains, "terrain")
        one_of(path, row, "coast", COASTS, "coast")
        check_cell(path, row, "coast", v["coast"] == "none" or v["terrain"] in LAND_TERRAINS,
               "only land hexes are partial-sea or partial-fjord")
        one_of(path, row, "zone", zones, "zone")
        one_of(path, row, "weather", info.weather_sections or ("",), "weather section")
    present = {row.values["hex"] for row in rows}
    missing = [h for h in grid.hexes() if h not in present]
    if missing:
        listed = " ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise BadInput(path, f"no row for {len(missing)} hex{'es' if len(missing) > 1 else ''} of the map: {listed}")


def check_hexsides(path: Path, rows: list[Row], grid: MapGrid, info: GameInfo) -> None:
    def key(r: Row) -> tuple[str, str, str]:
        a, b = r.values["hex_a"], r.values["hex_b"]
        return min(a, b), max(a, b), r.values["feature"]

    unique(path, rows, key, "hex_b", "hexside")
    for row in rows:
        v = row.values
        for column in ("hex_a", "hex_b"):
            check_cell(path, row, column, grid.contains(v[column]), f"hex {v[column]!r} is outside the map")
        one_of(path, row, "feature", info.hexside_features, "hexside feature")
        # A ferry links two hexes across water, not always neighbours (11.2.2: 3517, 3816).
        check_cell(path, row, "hex_b", v["feature"] == "ferry" or grid.adjacent(v["hex_a"], v["hex_b"]),
               f"{v['hex_a']} and {v['hex_b']} are not adjacent")


def check_places(path: Path, rows: list[Row], grid: MapGrid, hexes: Mapping[str, Hex],
                  zones: Mapping[str, Zone], own_kinds: Mapping[str, PlaceKind]) -> None:
    """``own_kinds``: the game's own place kinds (game.toml [extra] place_kinds), beside every game's."""
    unique(path, rows, lambda r: (r.values["name"], r.values["kind"]), "name", "place")
    for row in rows:
        v = row.values
        one_of(path, row, "kind", (*PLACE_KINDS, *own_kinds), "place kind")
        if v["hex"]:
            check_cell(path, row, "hex", grid.contains(v["hex"]), f"hex {v['hex']!r} is outside the map")
            check_cell(path, row, "hex", hexes[v["hex"]].is_land, f"hex {v['hex']} is not a land hex")
            if v["zone"]:
                check_cell(path, row, "zone", hexes[v["hex"]].zone == v["zone"],
                       f"hex {v['hex']} lies in {hexes[v['hex']].zone!r}, not {v['zone']!r}")
        if v["zone"]:
            one_of(path, row, "zone", zones, "zone")
        try:
            v["hexes"] = grid.expand(v["hexes"]) if v["hexes"] else ()
        except ValueError as err:
            raise BadInput(path, str(err), row.where("hexes")) from None
        for h in v["hexes"]:
            check_cell(path, row, "hexes", grid.contains(h), f"hex {h!r} is outside the map")
        _check_place_kind(path, row, own_kinds.get(v["kind"], PlaceKind()))


def _check_place_kind(path: Path, row: Row, own: PlaceKind) -> None:
    v = row.values
    kind = v["kind"]
    by_hexes = own.located_by == "hexes"
    located = v["hexes"] if by_hexes else v["hex"] or v["zone"]
    check_cell(path, row, "hexes" if by_hexes else "hex", bool(located), f"a {kind} needs a location")
    if kind in ("port", "airbase"):
        check_cell(path, row, "capacity", v["capacity"] is not None, f"a {kind} needs a capacity")
    for column in own.needs:
        check_cell(path, row, column, v.get(column) not in (None, ""), f"a {kind} needs its {column}")


def check_zones(path: Path, rows: list[Row], info: GameInfo) -> None:
    unique(path, rows, lambda r: r.values["name"], "name", "zone")
    names = {r.values["name"] for r in rows}
    for row in rows:
        v = row.values
        one_of(path, row, "kind", ZONE_KINDS, "zone kind")
        check_cell(path, row, "parent", not v["parent"] or v["parent"] in names, f"unknown zone {v['parent']!r}")
        check_cell(path, row, "flag", not v["flag"] or v["flag"] in (*info.sides, NEUTRAL_FLAG), f"unknown flag {v['flag']!r}")
        one_of(path, row, "weather", info.weather_sections or ("",), "weather section")


def check_zone_borders(path: Path, rows: list[Row], zones: Mapping[str, Zone]) -> None:
    unique(path, rows, lambda r: frozenset((r.values["zone_a"], r.values["zone_b"])), "zone_b", "zone border")
    for row in rows:
        for column in ("zone_a", "zone_b"):
            check_cell(path, row, column, row.values[column] in zones, f"unknown zone {row.values[column]!r}")


def check_boxes(path: Path, rows: list[Row], known: Callable[[str, str], bool], own_kinds: Iterable[str] = ()) -> None:
    """``own_kinds``: the game's own box kinds (game.toml [extra] box_kinds), beside every game's."""
    unique(path, rows, lambda r: r.values["id"], "id", "box id")
    kinds = (*BOX_KINDS, *own_kinds)
    for row in rows:
        v = row.values
        check_cell(path, row, "id", bool(ID_PATTERN.match(v["id"])), f"id {v['id']!r} must be lower-case letters, digits and '-'")
        one_of(path, row, "kind", kinds, "box kind")
        check_cell(path, row, "place", not v["place"] or known(v["kind"], v["place"]),
               f"unknown {v['kind']} place {v['place']!r}")


