"""Reading game.toml: the game's sides, sequence of play, turns, weather and die rolls."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import BadInput
from .extra import ExtraData, at_key, check_references, read_extra, toml_tables, toml_values
from .hexes import MapGrid
from .records import (
    AirType,
    DieRoll,
    Formation,
    GameDice,
    GameInfo,
    Nationality,
    Phase,
    Segment,
    Side,
    Turn,
)
from .sources import citations
from .terms import AIR_ROLES, HEXSIDE_FEATURES, MOVE_CLASSES, TERRAINS


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a plain mapping; BadInput if it cannot be read."""
    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except FileNotFoundError:
        raise BadInput(path, "file not found") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise BadInput(path, f"not a readable TOML file: {err}") from None


class TomlDoc:
    """A TOML document with key-path aware access, so faults name where they are."""

    def __init__(self, path: Path):
        self.path = path
        try:
            with path.open("rb") as stream:
                self.data = tomllib.load(stream)
        except FileNotFoundError:
            raise BadInput(path, "file not found") from None
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            raise BadInput(path, f"not valid TOML: {err}") from None

    def fail(self, where: str, what: str) -> BadInput:
        return BadInput(self.path, what, where)

    def get(self, table: Mapping[str, Any], key: str, where: str, kind: type | tuple = str, default: Any = ...) -> Any:
        here = f"{where}.{key}" if where else key
        if key not in table:
            if default is ...:
                raise self.fail(here, f"missing key {key!r}")
            return default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(here, f"{value!r} is not a {names}")
        return value

    def source(self, table: Mapping[str, Any], where: str) -> str:
        text = self.get(table, "source", where)
        try:
            citations(text)
        except ValueError as err:
            raise self.fail(f"{where}.source" if where else "source", str(err)) from None
        return text

    def tables(self, key: str, optional: bool = False) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """The tables of an array of tables; ``optional``: a game may have none (no key at all)."""
        items = self.get(self.data, key, "", list, [] if optional else ...)
        for i, item in enumerate(items):
            where = f"{key}[{i}]"
            if not isinstance(item, dict):
                raise self.fail(where, "expected a table")
            yield where, item

    def strings(self, table: Mapping[str, Any], key: str, where: str, default: Any = ...) -> tuple[str, ...]:
        values = self.get(table, key, where, list, default)
        for i, v in enumerate(values):
            if not isinstance(v, str):
                raise self.fail(f"{where}.{key}[{i}]", f"{v!r} is not a string")
        return tuple(values)


def _check_sources(doc: TomlDoc, node: Any, where: str = "") -> None:
    """Every ``source`` anywhere in a TOML document must be rule numbers or sample."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{where}.{key}" if where else key
            if key == "source":
                doc.source(node, where)
            else:
                _check_sources(doc, value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _check_sources(doc, value, f"{where}[{i}]")


def read_grid(doc: TomlDoc) -> MapGrid:
    table = doc.get(doc.data, "operational_map", "", dict)
    w = "operational_map"
    try:
        return MapGrid(
            xx_min=doc.get(table, "xx_min", w, int), xx_max=doc.get(table, "xx_max", w, int),
            yy_min=doc.get(table, "yy_min", w, int), yy_max=doc.get(table, "yy_max", w, int),
            odd_offsets=tuple(doc.get(table, "odd_column_neighbour_offsets", w, list)),
            even_offsets=tuple(doc.get(table, "even_column_neighbour_offsets", w, list)),
        )
    except ValueError as err:
        raise doc.fail(w, str(err)) from None


def read_dice(doc: TomlDoc) -> GameDice:
    """The game's die and the rolls the rules name (``[die]``, ``[[die_rolls]]``): the one table of
    a game's dice, in every game's game.toml whatever its board kind; the builder makes a button of
    each roll. ``several = true``: the roller says how many dice (a die per battalion). A roll's ``source`` is the rule as its rulebook names it (the Norway 1940 sheet names
    sections, not numbers); :func:`read_info` checks a hex game's sources as citations."""
    die = doc.get(doc.data, "die", "", dict)
    faces = tuple(range(doc.get(die, "lowest", "die", int), doc.get(die, "highest", "die", int) + 1))
    rolls = {}
    for w, t in doc.tables("die_rolls", optional=True):
        rolls[doc.get(t, "id", w)] = DieRoll(doc.get(t, "id", w), doc.get(t, "name", w),
                                             doc.get(t, "success", w, default=""), doc.get(t, "source", w),
                                             doc.get(t, "several", w, bool, default=False))
    return GameDice(faces, rolls)


def read_info(doc: TomlDoc) -> GameInfo:
    d = doc.data
    _check_sources(doc, d)
    extra = read_extra(doc)
    sides = {}
    for w, t in doc.tables("sides"):
        sides[doc.get(t, "id", w)] = Side(doc.get(t, "id", w), doc.get(t, "name", w),
                                          doc.strings(t, "nationalities", w), doc.source(t, w))
    nationalities = {}
    for w, t in doc.tables("nationalities"):
        n = Nationality(doc.get(t, "id", w), doc.get(t, "name", w), doc.get(t, "side", w),
                        doc.get(t, "background", w), doc.get(t, "foreground", w), doc.source(t, w),
                        doc.get(t, "note", w, default=""))
        if n.side not in sides:
            raise doc.fail(f"{w}.side", f"unknown side {n.side!r}")
        nationalities[n.id] = n
    formations = {}
    for w, t in doc.tables("formations"):
        f = Formation(doc.get(t, "id", w), doc.get(t, "name", w), doc.get(t, "nationality", w),
                      doc.get(t, "box", w), doc.source(t, w))
        if f.nationality != "*" and f.nationality not in nationalities:
            raise doc.fail(f"{w}.nationality", f"unknown nationality {f.nationality!r}")
        formations[f.id] = f
    phases = {}
    for w, t in doc.tables("phases"):
        phase = Phase(doc.get(t, "id", w), doc.get(t, "name", w), doc.get(t, "player", w), doc.source(t, w),
                      doc.get(t, "note", w, default=""))
        phases[phase.id] = phase
    segments = []
    for w, t in doc.tables("segments"):
        s = Segment(doc.get(t, "id", w), doc.get(t, "name", w), doc.strings(t, "phases", w), doc.source(t, w))
        for i, p in enumerate(s.phases):
            if p not in phases:
                raise doc.fail(f"{w}.phases[{i}]", f"unknown phase {p!r}")
        segments.append(s)
    played = [p for s in segments for p in s.phases]
    for p in phases:
        if played.count(p) != 1:
            raise doc.fail("segments", f"phase {p!r} is played {played.count(p)} times in a turn, not once")
    weather = doc.get(d, "weather", "", dict, default=None)  # a game without weather has no [weather]
    sections = doc.strings(weather, "sections", "weather") if weather is not None else ()
    states = doc.strings(weather, "states", "weather") if weather is not None else ()
    turns = []
    for w, t in doc.tables("turns"):
        pre = doc.get(t, "weather", w, dict, default={})
        for section, state in pre.items():
            if section not in sections or state not in states:
                raise doc.fail(f"{w}.weather.{section}", f"unknown weather {section!r} = {state!r}")
        turns.append(Turn(doc.get(t, "name", w), doc.source(t, w), dict(pre),
                          toml_values(doc, t, extra.columns.get("turns", {}), w)))
    turn_names = [t.name for t in turns]
    if doc.get(d, "first_turn", "") not in turn_names:
        raise doc.fail("first_turn", f"{d['first_turn']!r} is not a turn of the turn record")
    own = _own_data(doc, extra, turn_names)
    board = doc.get(d, "operational_map", "", dict)
    terrains = TERRAINS + tuple(doc.strings(board, "other_terrains", "operational_map", default=()))
    features = HEXSIDE_FEATURES + tuple(doc.strings(board, "other_hexside_features", "operational_map", default=()))
    dice = read_dice(doc)
    faces, die_rolls = dice.faces, dict(dice.rolls)
    types = doc.get(d, "types", "", dict)
    air_types = {}
    for w, t in doc.tables("air_types", optional=True):
        a = AirType(doc.get(t, "type", w), doc.get(t, "role", w), doc.source(t, w),
                    doc.get(t, "seaplane", w, bool, default=False), doc.get(t, "carrier", w, bool, default=False),
                    doc.get(t, "note", w, default=""))
        if a.role not in AIR_ROLES:
            raise doc.fail(f"{w}.role", f"unknown air role {a.role!r}")
        air_types[a.type] = a
    markers = []
    for w, t in doc.tables("marker_types", optional=True):
        doc.source(t, w)
        markers.append(doc.get(t, "type", w))
    move_classes = doc.get(d, "move_classes", "", dict)
    land_types = doc.strings(types, "land", "types")
    move_class_of = {}
    for cls in MOVE_CLASSES:
        for type_name in doc.strings(move_classes, cls, "move_classes"):
            move_class_of[type_name] = cls
    return GameInfo(
        id=doc.get(d, "id", ""), title=doc.get(d, "title", ""), counters=doc.get(d, "counters", "", int),
        first_turn=d["first_turn"], sides=sides,
        nationalities=nationalities, formations=formations, segments=tuple(segments), phases=phases,
        turns=tuple(turns), die_faces=faces, weather_sections=sections, weather_states=states,
        die_rolls=die_rolls, land_types=land_types,
        naval_types=doc.strings(types, "naval", "types"), supply_types=doc.strings(types, "supply", "types"),
        air_types=air_types, marker_types=tuple(markers), move_class_of=move_class_of, raw=d,
        terrains=terrains, hexside_features=features, extra=own,
    )


def _own_data(doc: TomlDoc, extra: ExtraData, turn_names: list[str]) -> dict[str, object]:
    """The game's own keys and tables of game.toml (its [extra] declaration), their turns checked;
    the places and zones they name are checked once those files are read (:func:`vassal_tools.gamedata.load_game`)."""
    is_turn = {"turn": lambda value: value in turn_names}
    own: dict[str, object] = dict(toml_values(doc, doc.data, extra.keys, ""))
    check_references(doc.fail, own, extra.keys, at_key(""), is_turn)
    for name, rows in toml_tables(doc, extra).items():
        for i, row in enumerate(rows):
            check_references(doc.fail, row, extra.tables[name], at_key(f"{name}[{i}]."), is_turn)
        own[name] = rows
    return own


