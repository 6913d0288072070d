"""The Norway 1940 scenario as data: areas, sea zones, off-map bases and boxes, their borders, every
unit of the set-up lists, pools and special reinforcements, victory points and refit tables, read
from ``data/`` (``module_src/norway_1940``).

    from vassal_tools.games.norway_1940.data import load_norway

    game = load_norway()
    game.place("britain")                      # 'British Off Map base'
    game.sea_by(game.ports())                  # the sea zones bordering a Norwegian port area

Values cite norway-1940-scenario.txt by rule number (``27.2``) or heading (``Allied Set-up``); the
sheet has no map, so the polygons (map.json) and borders (adjacency.csv) are ``sample``. Any fault
in the files raises :class:`~vassal_tools.errors.BadInput` naming file and row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import BadInput
from ...gamedata.areadata import DrawnBoard, csv_rows, read_board
from ...gamedata.gametoml import read_toml

DATA = Path(__file__).with_name("data")
FILE = "norway-1940-scenario.txt"
KINDS = ("land", "sea", "offmap", "box")
CLASSES = ("land", "naval", "air")
# What a data file's `source` may cite: the sheet's rule numbers and headings (each is checked
# against the rulebook by the tests), or `sample`.
HEADINGS = ("27.2", "27.3", "Allied Set-up", "Norwegian Reinforcement Pool", "Other Allied Reinforcement Pool",
            "Allied Special Reinforcements box", "German Reinforcement Pool", "German Special Reinforcements box",
            "German Special Rules 1a", "German Special Rules 1b", "German Special Rules 2a",
            "German Special Rules 2b", "German Special Rules 2c", "Actions", "Air-Naval Attack", "Supply",
            "Submarine", "German VP", "Allied VPs", "Variable Allied VP", "Allied Refit Table",
            "German Refit Table", "Shock Table", "Shock Effect Procedure", "Fall Gelb", "Air-Air Combat", "Forts",
            "Levels of victory")
SEA_ZONE = re.compile(r"^\s*sea\s*zone\s*(\d+)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Place:
    """A land area, sea zone, off-map base or box, as areas.csv gives it."""

    name: str
    kind: str
    port: bool
    aliases: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class UnitRow:
    """One counter of the lists: where it starts, where else it may set up, and its option."""

    id: str
    name: str
    side: str
    nationality: str
    unit_class: str
    type: str
    size: str
    role: str
    start: str  # where the opening save places it
    allowed: tuple[str, ...]  # where else the list lets it set up (place names or `sea-by:`/`sea:any` tokens)
    special: str  # the special reinforcement it belongs to (27.2 2a, Bismarck...), or ""
    special_at: str  # where that option places it at the start
    source: str


@dataclass(frozen=True)
class NorwayData:
    folder: Path
    toml: Mapping[str, Any]
    places: Mapping[str, Place]
    borders: frozenset[frozenset[str]]
    units: Mapping[str, UnitRow]
    board: DrawnBoard

    def place(self, text: str) -> str | None:
        """The place a record names (any capitalisation, an alias, any ``Sea Zone N``), or None."""
        key = " ".join(text.split()).casefold()
        for place in self.places.values():
            if key == place.name.casefold() or key in (a.casefold() for a in place.aliases):
                return place.name
        match = SEA_ZONE.match(text)
        return f"Sea Zone {int(match.group(1))}" if match else None

    def kind(self, name: str) -> str | None:
        place = self.places.get(name)
        if place is not None:
            return place.kind
        return "sea" if SEA_ZONE.match(name) else None

    def ports(self) -> list[str]:
        return [p.name for p in self.places.values() if p.port]

    def norwegian_land(self) -> list[str]:
        islands = ("Faroe Islands", "Shetland Islands")
        return [p.name for p in self.places.values() if p.kind == "land" and p.name not in islands]

    def borders_of(self, name: str) -> set[str]:
        return {other for pair in self.borders if name in pair for other in pair if other != name}

    def sea_by(self, names: Iterable[str]) -> set[str]:
        """The sea zones bordering any of the places (the sample map's borders)."""
        return {z for n in names for z in self.borders_of(n) if self.kind(z) == "sea"}

    def allowed(self, tokens: Iterable[str]) -> tuple[set[str], bool]:
        """The places a list of set-up tokens allows, and whether any needed the sample map's borders;
        ``sea:any`` gives every sea zone, marked by the name ``sea:any``."""
        places: set[str] = set()
        sample = False
        for token in tokens:
            if token == "sea:any" or token == "land:norway":
                places.add(token)
            elif token == "sea-by:ports":
                places |= self.sea_by(self.ports())
                sample = True
            elif token.startswith("sea-by:"):
                places |= self.sea_by([token[len("sea-by:"):]])
                sample = True
            else:
                places.add(token)
        return places, sample


def load_norway(folder: str | Path = DATA) -> NorwayData:
    """Read and check the game's data folder."""
    root = Path(folder)
    toml = read_toml(root / "game.toml")
    places = {p.name: p for p in _places(root / "areas.csv")}
    borders = frozenset(_borders(root / "adjacency.csv", places))
    units = _units(root / "units.csv", toml, places)
    return NorwayData(root, toml, places, borders, units, read_board(root / "map.json", places))


def check_source(source: str) -> str | None:
    """What is wrong with a `source` text (items split by `;`, each a cited heading or `sample`), or None."""
    for item in source.split(";"):
        head = item.split(":", 1)[0].strip()
        if head != "sample" and head not in HEADINGS:
            return f"{head!r} is neither a rule or heading of {FILE} nor 'sample'"
    return None


def _rows(path: Path, columns: tuple[str, ...]) -> Iterable[tuple[str, dict[str, str]]]:
    return csv_rows(path, columns, check_source)


def _places(path: Path) -> Iterable[Place]:
    seen: set[str] = set()
    for where, row in _rows(path, ("name", "kind", "port", "aliases", "source", "note")):
        if row["kind"] not in KINDS:
            raise BadInput(path, f"kind {row['kind']!r} is not one of {', '.join(KINDS)}", f"{where}, field 'kind'")
        if row["port"] not in ("yes", "no"):
            raise BadInput(path, f"port {row['port']!r} is not yes or no", f"{where}, field 'port'")
        if row["name"] in seen:
            raise BadInput(path, f"place {row['name']!r} is listed twice", where)
        seen.add(row["name"])
        yield Place(row["name"], row["kind"], row["port"] == "yes", tuple(a for a in row["aliases"].split(";") if a),
                    row["source"])


def _borders(path: Path, places: Mapping[str, Place]) -> Iterable[frozenset[str]]:
    for where, row in _rows(path, ("area_a", "area_b", "source")):
        for key in ("area_a", "area_b"):
            if row[key] not in places:
                raise BadInput(path, f"unknown place {row[key]!r}", f"{where}, field {key!r}")
        yield frozenset((row["area_a"], row["area_b"]))


def _units(path: Path, toml: Mapping[str, Any], places: Mapping[str, Place]) -> dict[str, UnitRow]:
    columns = ("id", "name", "side", "nationality", "class", "type", "size", "role", "start", "allowed", "special",
               "special_at", "source", "note")
    sides = {s["id"] for s in toml["sides"]}
    units: dict[str, UnitRow] = {}
    for where, row in _rows(path, columns):
        if row["id"] in units:
            raise BadInput(path, f"unit id {row['id']!r} is listed twice", where)
        if row["side"] not in sides:
            raise BadInput(path, f"unknown side {row['side']!r}", f"{where}, field 'side'")
        if row["class"] not in CLASSES:
            raise BadInput(path, f"class {row['class']!r} is not one of {', '.join(CLASSES)}", f"{where}, field 'class'")
        if row["start"] not in places:
            raise BadInput(path, f"start {row['start']!r} is no place of areas.csv", f"{where}, field 'start'")
        allowed = tuple(a for a in row["allowed"].split(";") if a) or (row["start"],)
        for token in allowed:
            name = token.split(":", 1)[1] if token.startswith("sea-by:") else token
            if name not in places and token not in ("sea:any", "land:norway", "sea-by:ports"):
                raise BadInput(path, f"{token!r} is no place of areas.csv", f"{where}, field 'allowed'")
        units[row["id"]] = UnitRow(row["id"], row["name"], row["side"], row["nationality"], row["class"], row["type"],
                                   row["size"], row["role"], row["start"], allowed, row["special"],
                                   row["special_at"], row["source"])
    return units
