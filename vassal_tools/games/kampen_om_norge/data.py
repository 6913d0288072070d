"""Kampen om Norge as data: land areas, sea zones, the Raiding Ships box, adjacency, air range,
battalions, chips, ship cards and the action and 9. April cards of the Appendix, read from ``data/`` (``module_src/kampen_om_norge``).

    from vassal_tools.games.kampen_om_norge.data import load_kampen

    game = load_kampen()
    game.neighbours("Åndalsnes")            # {'Dombås', 'Kristiansund', 'Ålesund'}
    game.crossing("Gjøvik", "Hamar")        # 'lake' (Mjøsa, 4.3 example 1)
    game.in_air_range("Narvik", {"Trondheim"})  # True (4.3 example 3)

Rules are cited from kampen-om-norge.txt. The text has no printed map: the area polygons
(map.json) are ``sample``, drawn by the project; the adjacency is the text's where it speaks.
Any fault in the files raises :class:`~vassal_tools.errors.BadInput` naming file and row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import BadInput
from ...gamedata.areadata import Points, csv_rows, polygon, read_board
from ...gamedata.areas import RealGround
from ...gamedata.gametoml import read_toml
from ...gamedata.sources import citations

DATA = Path(__file__).with_name("data")
KINDS = ("land", "sea", "box")
CROSSINGS = ("none", "fjord", "lake")
SHIP_TYPES = ("hangarskip", "slagskip", "tung-krysser", "mindre-skip", "panserskip", "dummy")


@dataclass(frozen=True)
class Area:
    """A land area, sea zone or the Raiding Ships box, as areas.csv gives it."""

    name: str
    kind: str
    victory_city: bool
    mobilization_point: bool
    airfield: bool
    air_belt: str
    sea_zones: tuple[str, ...]  # the sea zones a land area borders (2.3, 5.1)
    source: str


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    crossing: str  # none, fjord or lake (2.3 Fjords; Mjøsa counts as a fjord, 4.3 example 1)
    source: str


@dataclass(frozen=True)
class Piece:
    """A battalion piece or a chip (2.2)."""

    id: str
    name: str
    side: str
    nationality: str
    kind: str  # land (one battalion) or chip
    type: str
    points: int
    source: str


@dataclass(frozen=True)
class Ship:
    """A ship card (6.1): its type and the die results that sink or chase (sample)."""

    id: str
    name: str
    side: str
    type: str
    sink: int | None
    chase: int | None
    source: str


@dataclass(frozen=True)
class Card:
    """An action or 9. April card as the Appendix prints it (cards.csv): what a record can judge of it."""

    side: str
    deck: str  # action, or april (9. April cards, 6.2)
    name: str
    aliases: tuple[str, ...]  # other spellings the text prints (Regognoseringsfly, Fransk alpegjeger...)
    attack: int  # combat dice it adds in attack (4.2: not limited to five)
    defense: int  # combat dice it adds in defense
    group: str  # its type for 4.2's one card of each type a combat (Bombefly and Jagerbomber share one)
    units: int | None  # battalions it moves or places at most ("1-2 battalions": 2)
    zones: tuple[str, ...]  # the sea zones it may be used in or by; () anywhere
    source: str
    text: str = ""  # what it does, in short (the module's card face)
    english: str = ""  # the name the Appendix's "Translation of Cards" gives it (Bombefly: Bombers)

    def keys(self) -> tuple[str, ...]:
        return tuple(card_key(n) for n in self.spellings())

    def spellings(self) -> tuple[str, ...]:
        """Its name, the other spellings the text prints, and its English name."""
        return (self.name, *self.aliases, *((self.english,) if self.english else ()))

    def shown(self) -> str:
        """Its name as a finding shows it: the Norwegian and the Appendix's English, ``Bombefly (Bombers)``
        (issue 25 §3: a player may know either)."""
        return f"{self.name} ({self.english})" if self.english else self.name


def card_key(name: str) -> str:
    """A card's name for lookup: no case, spaces, hyphens or slashes (``Stupbombe-fly`` is ``Stupbombefly``)."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


@dataclass(frozen=True)
class Board:
    name: str
    size: tuple[int, int]
    areas: Mapping[str, Points]
    outline: Points
    impassable: tuple[Points, ...]
    source: str
    real: RealGround | None = None


@dataclass(frozen=True)
class KampenData:
    folder: Path
    toml: Mapping[str, Any]
    areas: Mapping[str, Area]
    borders: tuple[Border, ...]
    pieces: Mapping[str, Piece]
    ships: Mapping[str, Ship]
    board: Board
    cards: tuple[Card, ...] = ()

    def card(self, side: str, name: str) -> Card | None:
        """The card of that faction by any spelling the text prints; None if the faction has no such card."""
        key = card_key(name)
        return next((c for c in self.cards if c.side == side and key in c.keys()), None)

    def land_areas(self) -> list[str]:
        return [a.name for a in self.areas.values() if a.kind == "land"]

    def sea_zones(self) -> list[str]:
        return [a.name for a in self.areas.values() if a.kind == "sea"]

    def neighbours(self, area: str) -> set[str]:
        return {b.b if b.a == area else b.a for b in self.borders if area in (b.a, b.b)}

    def land_neighbours(self, area: str) -> set[str]:
        return {n for n in self.neighbours(area) if self.areas[n].kind == "land"}

    def crossing(self, a: str, b: str) -> str | None:
        """How two areas border (none, fjord, lake), or None if they do not."""
        for border in self.borders:
            if {border.a, border.b} == {a, b}:
                return border.crossing
        return None

    def coastal(self, area: str, zones: Iterable[str]) -> bool:
        """Does the land area border one of the sea zones?"""
        return bool(set(self.areas[area].sea_zones) & set(zones))

    def victory_cities(self) -> list[str]:
        return [a.name for a in self.areas.values() if a.victory_city]

    def mobilization_points(self) -> list[str]:
        return [a.name for a in self.areas.values() if a.mobilization_point]

    def airfields(self) -> list[str]:
        return [a.name for a in self.areas.values() if a.airfield]

    def in_air_range(self, area: str, airfields_held: Iterable[str], from_germany: bool = True) -> bool:
        """Is a land area within German air range (2.3) given the air fields Germany holds?"""
        air = self.toml["air"]
        belt = self.areas[area].air_belt
        if from_germany and belt in air["from_germany"]:
            return True
        held = set(airfields_held)
        return any(line["area"] in held and belt in line["reach"] for line in air["airfields"])


def load_kampen(folder: str | Path = DATA) -> KampenData:
    """Read and check the game's data folder."""
    root = Path(folder)
    toml = read_toml(root / "game.toml")
    areas = {a.name: a for a in _areas(root / "areas.csv")}
    borders = tuple(_borders(root / "adjacency.csv", areas))
    return KampenData(root, toml, areas, borders, _pieces(root / "units.csv", toml), _ships(root / "ships.csv"),
                      _board(root / "map.json", areas), tuple(_cards(root / "cards.csv", toml)))


def _rows(path: Path, columns: tuple[str, ...], heads: tuple[str, ...] = ()) -> Iterable[tuple[str, dict[str, str]]]:
    """The rows of a CSV file; ``heads``: words a ``source`` may name besides rule numbers (``Appendix``)."""
    return csv_rows(path, columns, lambda source: _source_fault(source, heads))


def _source_fault(source: str, heads: tuple[str, ...] = ()) -> str | None:
    try:
        citations(";".join(i for i in source.split(";") if i.strip() not in heads) or "sample")
    except ValueError as err:
        return str(err)
    return None


def _yes(path: Path, where: str, row: dict[str, str], key: str) -> bool:
    if row[key] not in ("yes", "no"):
        raise BadInput(path, f"{row[key]!r} is not yes or no", f"{where}, field {key!r}")
    return row[key] == "yes"


def _areas(path: Path) -> Iterable[Area]:
    columns = ("name", "kind", "victory_city", "mobilization_point", "airfield", "air_belt", "sea_zones",
               "source", "note")
    seen: set[str] = set()
    for where, row in _rows(path, columns):
        if row["kind"] not in KINDS:
            raise BadInput(path, f"kind {row['kind']!r} is not one of {', '.join(KINDS)}", f"{where}, field 'kind'")
        if row["name"] in seen:
            raise BadInput(path, f"area {row['name']!r} is listed twice", where)
        seen.add(row["name"])
        zones = tuple(z for z in row["sea_zones"].split(";") if z)
        yield Area(row["name"], row["kind"], _yes(path, where, row, "victory_city"),
                   _yes(path, where, row, "mobilization_point"), _yes(path, where, row, "airfield"),
                   row["air_belt"], zones, row["source"])


def _borders(path: Path, areas: Mapping[str, Area]) -> Iterable[Border]:
    seen: set[frozenset[str]] = set()
    for where, row in _rows(path, ("area_a", "area_b", "crossing", "source", "note")):
        for key in ("area_a", "area_b"):
            if row[key] not in areas:
                raise BadInput(path, f"unknown area {row[key]!r}", f"{where}, field {key!r}")
        if row["crossing"] not in CROSSINGS:
            raise BadInput(path, f"crossing {row['crossing']!r} is not one of {', '.join(CROSSINGS)}", where)
        pair = frozenset((row["area_a"], row["area_b"]))
        if len(pair) < 2 or pair in seen:
            raise BadInput(path, "an area borders itself, or the pair is listed twice", where)
        seen.add(pair)
        yield Border(row["area_a"], row["area_b"], row["crossing"], row["source"])


def _pieces(path: Path, toml: Mapping[str, Any]) -> dict[str, Piece]:
    sides = {s["id"] for s in toml["sides"]}
    pieces = {}
    for where, row in _rows(path, ("id", "name", "side", "nationality", "class", "type", "points", "source", "note")):
        if row["side"] not in sides:
            raise BadInput(path, f"unknown side {row['side']!r}", f"{where}, field 'side'")
        if not row["points"].isdigit():
            raise BadInput(path, f"points {row['points']!r} is not a whole number", f"{where}, field 'points'")
        pieces[row["id"]] = Piece(row["id"], row["name"], row["side"], row["nationality"], row["class"],
                                  row["type"], int(row["points"]), row["source"])
    return pieces


def _ships(path: Path) -> dict[str, Ship]:
    ships = {}
    for where, row in _rows(path, ("id", "name", "side", "type", "sink", "chase", "source", "note")):
        if row["type"] not in SHIP_TYPES:
            raise BadInput(path, f"ship type {row['type']!r} is not one of {', '.join(SHIP_TYPES)}", where)
        ships[row["id"]] = Ship(row["id"], row["name"], row["side"], row["type"],
                                int(row["sink"]) if row["sink"] else None,
                                int(row["chase"]) if row["chase"] else None, row["source"])
    return ships


def _cards(path: Path, toml: Mapping[str, Any]) -> Iterable[Card]:
    """cards.csv: each source starts with ``Appendix`` (the card's text) and may add rule numbers."""
    sides = {s["id"] for s in toml["sides"]}
    columns = ("side", "deck", "name", "aliases", "english", "attack", "defense", "group", "units", "zones", "source",
               "note")
    for where, row in _rows(path, columns, heads=("Appendix",)):
        if row["side"] not in sides or row["deck"] not in ("action", "april"):
            raise BadInput(path, f"side {row['side']!r} / deck {row['deck']!r} is not a faction / action or april",
                           where)
        numbers = {}
        for key in ("attack", "defense", "units"):
            if row[key] and not row[key].isdigit():
                raise BadInput(path, f"{row[key]!r} is not a whole number", f"{where}, field {key!r}")
            numbers[key] = int(row[key]) if row[key] else None
        zones = tuple(f"Sea Zone {z}" for z in row["zones"].split(";") if z)
        yield Card(row["side"], row["deck"], row["name"], tuple(a for a in row["aliases"].split(";") if a),
                   numbers["attack"] or 0, numbers["defense"] or 0, row["group"] or card_key(row["name"]),
                   numbers["units"], zones, row["source"], row["note"], row["english"])


def _board(path: Path, areas: Mapping[str, Area]) -> Board:
    drawn = read_board(path, areas)
    return Board(drawn.name, drawn.size, drawn.polygons, polygon(path, drawn.doc["outline"], "outline"),
                 drawn.impassable, drawn.source, drawn.real)
