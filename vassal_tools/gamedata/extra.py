"""A game's own data: the columns, game.toml keys and tables one game keeps beyond every game's.

What every game has is typed on the records (:mod:`.records`); what only one game has (a
column of zones.csv, a key of game.toml, a table of its own) that game declares in its
game.toml, and this module reads it into the ``extra`` mapping of the record it belongs to
(``Zone.extra``, ``Turn.extra``, ``GameInfo.extra``), typed and checked::

    [extra.columns.zones]          # more columns of zones.csv: name = kind
    reach = "number"
    [extra.columns.turns]          # more keys of each [[turns]] table
    truce = "yes/no"
    [extra.keys]                   # more top-level keys of game.toml
    last_stand = "turn"
    [extra.tables.floods]          # an array of tables of its own ([[floods]]), each with a source
    zone = "zone or place"
    turn = "turn"
    [extra.together]               # columns given together or not at all
    zones = [["reach", "reach_place"]]
    [extra.place_kinds]            # place kinds of its own: the columns each needs, where it is
    ford = { needs = ["omp"], located_by = "hexes" }
    [extra.box_kinds]              # box kinds of its own: what a box's place names
    ferry_queue = "sea zone"

Kinds: ``number`` (a whole number; blank is none), ``text``, ``yes/no``, ``turn`` (a turn of
the turn record), ``place`` (a place of places.csv), ``port`` (a port of places.csv), ``zone or place``. A place kind is located
by its ``hex`` or ``zone`` (default) or by its ``hexes``; a box kind's place is a ``place or
zone`` (default) or a ``sea zone``. A game that declares nothing has empty ``extra`` mappings
and needs none of another game's columns or kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadInput
from .tables import Column, Row, check_cell, parse_bool, parse_int

KINDS = ("number", "text", "yes/no", "turn", "place", "port", "zone or place")
LOCATED_BY = ("hex", "hexes")
BOX_PLACES = ("place or zone", "sea zone")


@dataclass(frozen=True)
class PlaceKind:
    """A place kind of one game's: the columns a place of it needs, and which locates it."""

    needs: tuple[str, ...] = ()
    located_by: str = "hex"  # its hex or zone; "hexes": the hexes it covers
_TOML_TYPES: dict[str, type | tuple[type, ...]] = {"number": int, "yes/no": bool}


@dataclass(frozen=True)
class ExtraData:
    """What a game declares of its own (game.toml ``[extra]``); every mapping is name -> kind."""

    columns: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # table -> its own columns
    keys: Mapping[str, str] = field(default_factory=dict)
    tables: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    together: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    place_kinds: Mapping[str, PlaceKind] = field(default_factory=dict)
    box_kinds: Mapping[str, str] = field(default_factory=dict)  # kind -> what its place names

    def csv_columns(self, table: str) -> tuple[Column, ...]:
        """The CSV columns a table has beyond every game's."""
        parse = {"number": parse_int, "yes/no": parse_bool}
        return tuple(Column(name, parse.get(kind, _text), False, name) for name, kind in self.columns.get(table, {}).items())

    def column_names(self, table: str) -> tuple[str, ...]:
        return tuple(self.columns.get(table, {}))


def _text(value: str) -> str:
    return value


def read_extra(doc: Any) -> ExtraData:
    """The ``[extra]`` declaration of a game.toml (a :class:`~.gametoml.TomlDoc`)."""
    table = doc.get(doc.data, "extra", "", dict, default={})

    def kinds(node: Any, where: str) -> dict[str, str]:
        if not isinstance(node, dict):
            raise doc.fail(where, "expected a table of name = kind")
        for name, kind in node.items():
            if kind not in KINDS:
                raise doc.fail(f"{where}.{name}", f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
        return dict(node)

    columns = {t: kinds(v, f"extra.columns.{t}") for t, v in doc.get(table, "columns", "extra", dict, {}).items()}
    tables = {t: kinds(v, f"extra.tables.{t}") for t, v in doc.get(table, "tables", "extra", dict, {}).items()}
    together: dict[str, tuple[tuple[str, ...], ...]] = {}
    for t, groups in doc.get(table, "together", "extra", dict, {}).items():
        where = f"extra.together.{t}"
        if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
            raise doc.fail(where, "expected a list of lists of column names")
        for i, group in enumerate(groups):
            unknown = [c for c in group if c not in columns.get(t, {})]
            if unknown:
                raise doc.fail(f"{where}[{i}]", f"{unknown[0]!r} is not one of the game's own columns of {t}")
        together[t] = tuple(tuple(g) for g in groups)
    place_kinds = {}
    for name, spec in doc.get(table, "place_kinds", "extra", dict, {}).items():
        where = f"extra.place_kinds.{name}"
        if not isinstance(spec, dict):
            raise doc.fail(where, "expected a table: needs = [columns], located_by = hex or hexes")
        located = doc.get(spec, "located_by", where, str, "hex")
        if located not in LOCATED_BY:
            raise doc.fail(f"{where}.located_by", f"{located!r} is not one of {', '.join(LOCATED_BY)}")
        place_kinds[name] = PlaceKind(doc.strings(spec, "needs", where, ()), located)
    box_kinds = doc.get(table, "box_kinds", "extra", dict, {})
    for name, place in box_kinds.items():
        if place not in BOX_PLACES:
            raise doc.fail(f"extra.box_kinds.{name}", f"{place!r} is not one of {', '.join(BOX_PLACES)}")
    return ExtraData(columns, kinds(doc.get(table, "keys", "extra", dict, {}), "extra.keys"), tables, together,
                     place_kinds, dict(box_kinds))


def toml_values(doc: Any, node: Mapping[str, Any], declared: Mapping[str, str], where: str) -> dict[str, Any]:
    """The declared keys of a game.toml table, type-checked (a missing key: ``None``, or False for yes/no)."""
    out: dict[str, Any] = {}
    for name, kind in declared.items():
        default = False if kind == "yes/no" else None
        value = doc.get(node, name, where, _TOML_TYPES.get(kind, str), default)
        out[name] = value
    return out


def toml_tables(doc: Any, extra: ExtraData) -> dict[str, tuple[Mapping[str, Any], ...]]:
    """The game's own arrays of tables, each row its declared fields and its source."""
    out: dict[str, tuple[Mapping[str, Any], ...]] = {}
    for name, declared in extra.tables.items():
        rows = []
        for w, t in doc.tables(name, optional=True):
            row = {k: doc.get(t, k, w, _TOML_TYPES.get(kind, str)) for k, kind in declared.items()}
            row["source"] = doc.source(t, w)
            rows.append(row)
        out[name] = tuple(rows)
    return out


def at_key(prefix: str) -> Callable[[str], str]:
    """Where a key of a game.toml table is: ``thaw[0].zone`` for the prefix ``thaw[0].``."""
    return lambda key: f"{prefix}{key}"


def check_references(fail: Callable[[str, str], BadInput], values: Mapping[str, Any], declared: Mapping[str, str],
                     where: Callable[[str], str], known: Mapping[str, Callable[[str], bool]]) -> None:
    """Each declared value of a reference kind (turn, place, zone or place) names one of the game."""
    for name, kind in declared.items():
        value = values.get(name)
        if kind in known and value not in (None, "") and not known[kind](value):
            raise fail(where(name), f"unknown {kind} {value!r}")


def check_rows(path: Path, rows: list[Row], table: str, extra: ExtraData, known: Mapping[str, Callable[[str], bool]]) -> None:
    """A CSV table's own columns: references resolve, columns said to go together do."""
    declared = extra.columns.get(table, {})
    for row in rows:
        check_references(lambda where, what: BadInput(path, what, where), row.values, declared, row.where, known)
        for group in extra.together.get(table, ()):
            given = [bool(row.values.get(c)) for c in group]
            check_cell(path, row, group[-1], all(given) or not any(given),
                       " and ".join(repr(c) for c in group) + " are given together or not at all")
