"""A game as data: load and check the plain source files of a module's game.

The files under ``module_src/<game>/`` (for Invasion: Norway,
``module_src/invasion_norway/``) are TOML and CSV that a maintainer edits by hand;
their README documents every column. This module reads them into frozen, typed
records and checks them once, so that the counter art, the module builder and the
rules engine can trust what they get::

    from vassal_tools.build.gamedata import load_game

    data = load_game("module_src/invasion_norway")
    data.units["ger-138-gj-1"].name          # 'I/138'
    data.place("Bergen", "port").hex         # '4332'
    data.hexes["3018"].terrain               # 'rough'
    data.grid.neighbours("4921")             # the six hexes around Oscarborg
    data.scenarios["campaign"].setup[0]      # Placement(unit=..., at=..., ...)

``load_game(path) -> GameData``. ``GameData`` holds:

* ``info`` (:class:`GameInfo`): game.toml: sides, nationalities, formations, the
  die, the sequence of play (segments, phases), the turn record, weather, thaw,
  die rolls, unit types; everything else of game.toml stays in ``info.raw``.
* ``grid`` (:class:`MapGrid`): the Operational Map's hex numbering XXYY: extent,
  neighbours, distance.
* ``units`` (id -> :class:`Unit`, in file order), ``hexes`` (XXYY -> :class:`Hex`),
  ``hexsides`` (:class:`Hexside`), ``places`` (:class:`Place`), ``zones`` (name ->
  :class:`Zone`), ``zone_borders`` (:class:`ZoneBorder`), ``boxes`` (id ->
  :class:`Box`), ``scenarios`` (id -> :class:`Scenario`).

Every record keeps its ``source`` text: rule numbers of the rulebook separated by
``;``, each optionally followed by ``: what it covers``, or ``sample`` for values
the rulebook does not give (:func:`citations` splits it).

Any fault in the data raises :class:`vassal_tools.errors.BadInput` naming the file,
the place in it and the fault: ``where`` is ``row N, field 'x'`` for CSV files
(N counts like a spreadsheet: the header is row 1) and a key path such as
``turns[3].name`` for TOML files. The first fault found is reported.
"""

from __future__ import annotations

import csv
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from ..errors import BadInput

UNIT_CLASSES = ("land", "naval", "air", "marker", "supply")
SIZES = ("company", "battery", "battalion", "regiment", "brigade")
MOVE_CLASSES = ("leg", "motorized", "mountain")
AIR_ROLES = ("fighter", "bomber", "night_bomber", "fighter_bomber", "transport")
TERRAINS = ("clear", "forest", "rough", "mountain", "sea", "sweden")
LAND_TERRAINS = ("clear", "forest", "rough", "mountain")
COASTS = ("none", "sea", "fjord")
HEXSIDE_FEATURES = ("river", "lake", "fjord", "sea", "road", "highway", "railroad", "ferry", "swedish_border")
PLACE_KINDS = ("port", "airbase", "city", "major_city", "town", "mobilization_center",
               "coast_artillery", "map_edge_group", "frozen_fjord")
ZONE_KINDS = ("land", "sea", "holding")
FLAGS = ("german", "allied", "neutral")
BOX_KINDS = ("airbase", "carrier", "frozen_lake", "turn", "mobilization", "gunfire_support",
             "weather", "air_supply_track", "sp_track", "combat_display", "strategic")

_RULE = re.compile(r"^(?:invasion-norway\.txt )?\d+(?:\.\d+)*$")
_HEX = re.compile(r"^\d{4}$")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


# ---------------------------------------------------------------------------------------
# sources


@dataclass(frozen=True)
class Citation:
    """One item of a ``source`` field: a rule number, or ``None`` for ``sample``."""

    rule: str | None
    note: str = ""

    @property
    def is_sample(self) -> bool:
        return self.rule is None


def citations(source: str) -> tuple[Citation, ...]:
    """Split a ``source`` text into its items; ValueError if one is neither a rule nor sample.

    ``"6.1.1: hex; sample: capacity"`` gives a citation of rule 6.1.1 and a sample one.
    The file name prefix ``invasion-norway.txt`` is dropped from rule numbers.
    """
    items = [item.strip() for item in source.split(";")]
    if not source.strip() or any(not item for item in items):
        raise ValueError("a source needs rule numbers or 'sample', separated by ';'")
    out = []
    for item in items:
        head, _, note = item.partition(":")
        head = head.strip()
        if head == "sample":
            out.append(Citation(None, note.strip()))
        elif _RULE.match(head):
            out.append(Citation(head.removeprefix("invasion-norway.txt "), note.strip()))
        else:
            raise ValueError(f"{head!r} is neither a rule number (like 6.1.1) nor 'sample'")
    return tuple(out)


# ---------------------------------------------------------------------------------------
# the hex numbering


def parse_hex(name: str) -> tuple[int, int]:
    """``"4332" -> (43, 32)``; ValueError unless the name is four digits."""
    if not _HEX.match(name):
        raise ValueError(f"{name!r} is not a hex number XXYY")
    return int(name[:2]), int(name[2:])


def hex_name(xx: int, yy: int) -> str:
    return f"{xx:02d}{yy:02d}"


@dataclass(frozen=True)
class MapGrid:
    """The XXYY numbering of the Operational Map: which hexes exist and which touch.

    Columns XX hold hexes YY in a line. A hex in an odd column touches, in each
    neighbouring column, the hexes ``YY + o`` for ``o`` in ``odd_offsets``; in an even
    column, ``even_offsets`` (game.toml ``[operational_map]``).
    """

    xx_min: int
    xx_max: int
    yy_min: int
    yy_max: int
    odd_offsets: tuple[int, int] = (-1, 0)
    even_offsets: tuple[int, int] = (0, 1)

    def __post_init__(self) -> None:
        if {self.odd_offsets, self.even_offsets} != {(-1, 0), (0, 1)}:
            raise ValueError("neighbour offsets must be [-1, 0] for one column parity and [0, 1] for the other")

    def contains(self, name: str) -> bool:
        try:
            xx, yy = parse_hex(name)
        except ValueError:
            return False
        return self.xx_min <= xx <= self.xx_max and self.yy_min <= yy <= self.yy_max

    def hexes(self) -> Iterator[str]:
        """Every hex of the map, column by column."""
        for xx in range(self.xx_min, self.xx_max + 1):
            for yy in range(self.yy_min, self.yy_max + 1):
                yield hex_name(xx, yy)

    def _offsets(self, xx: int) -> tuple[int, int]:
        return self.odd_offsets if xx % 2 else self.even_offsets

    def neighbours(self, name: str) -> list[str]:
        """The adjacent hexes that are on the map."""
        xx, yy = parse_hex(name)
        cells = [(xx, yy - 1), (xx, yy + 1)]
        cells += [(xx + dx, yy + o) for dx in (-1, 1) for o in self._offsets(xx)]
        out = [hex_name(x, y) for x, y in cells if x >= 0 and y >= 0]
        return [h for h in out if self.contains(h)]

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def _cube(self, name: str) -> tuple[int, int, int]:
        xx, yy = parse_hex(name)
        # Axial r: the row, minus how far the column has drifted. "Odd columns touch
        # YY-1 and YY" means even columns sit half a hex towards higher YY.
        shift = (xx + (xx & 1)) // 2 if self.odd_offsets == (-1, 0) else (xx - (xx & 1)) // 2
        r = yy - shift
        return xx, r, -xx - r

    def distance(self, a: str, b: str) -> int:
        """Hexes stepped from ``a`` to ``b``."""
        (q1, r1, s1), (q2, r2, s2) = self._cube(a), self._cube(b)
        return max(abs(q1 - q2), abs(r1 - r2), abs(s1 - s2))

    def centre(self, name: str) -> tuple[float, float]:
        """The hex centre in a plane where adjacent centres are 1 apart (x along XX, y along YY)."""
        xx, yy = parse_hex(name)
        half = sum(self._offsets(1)) / 2  # odd columns sit half a hex this way in y
        return xx * 3 ** 0.5 / 2, yy + (half if xx % 2 else 0.0)

    def expand(self, text: str) -> tuple[str, ...]:
        """Hexes of a ``hexes`` field: names separated by spaces, or ``AABB-CCDD``.

        A range covers columns AA..CC and rows BB..DD, e.g. ``4033-4734`` is XX 40-47 by
        YY 33-34.
        """
        text = text.strip()
        if "-" in text:
            first, _, last = text.partition("-")
            (x1, y1), (x2, y2) = parse_hex(first.strip()), parse_hex(last.strip())
            if x1 > x2 or y1 > y2:
                raise ValueError(f"range {text!r} runs backwards")
            return tuple(hex_name(x, y) for x in range(x1, x2 + 1) for y in range(y1, y2 + 1))
        names = tuple(text.split())
        for name in names:
            parse_hex(name)
        return names


# ---------------------------------------------------------------------------------------
# records


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    nationalities: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Nationality:
    id: str
    name: str
    side: str
    background: str
    foreground: str
    source: str
    note: str = ""


@dataclass(frozen=True)
class Formation:
    id: str
    name: str
    nationality: str  # "*" for the independent (white box) formation of every nationality
    box: str
    source: str


@dataclass(frozen=True)
class Segment:
    id: str
    name: str
    phases: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    player: str  # german, allied or both
    source: str
    note: str = ""


@dataclass(frozen=True)
class Turn:
    name: str
    source: str
    weather: Mapping[str, str] = field(default_factory=dict)  # pre-determined weather by section
    invasion: bool = False
    air_replacement: bool = False


@dataclass(frozen=True)
class DieRoll:
    id: str
    name: str
    success: str
    source: str


@dataclass(frozen=True)
class Thaw:
    zone: str  # a zone, or a place such as Trondheim Fjord
    turn: str
    source: str


@dataclass(frozen=True)
class AirType:
    type: str
    role: str  # fighter, bomber, night_bomber, fighter_bomber, transport
    source: str
    seaplane: bool = False
    carrier: bool = False
    note: str = ""


@dataclass(frozen=True)
class GameInfo:
    """game.toml, with the parts other code relies on typed; the rest in ``raw``."""

    id: str
    title: str
    counters: int
    first_turn: str
    invasion_turn: str
    sides: Mapping[str, Side]
    nationalities: Mapping[str, Nationality]
    formations: Mapping[str, Formation]
    segments: tuple[Segment, ...]
    phases: Mapping[str, Phase]
    turns: tuple[Turn, ...]
    die_faces: tuple[int, ...]
    weather_sections: tuple[str, ...]
    weather_states: tuple[str, ...]
    thaw: tuple[Thaw, ...]
    die_rolls: Mapping[str, DieRoll]
    land_types: tuple[str, ...]
    naval_types: tuple[str, ...]
    supply_types: tuple[str, ...]
    air_types: Mapping[str, AirType]
    marker_types: tuple[str, ...]
    move_class_of: Mapping[str, str]  # land type -> leg / motorized / mountain
    raw: Mapping[str, Any]

    @property
    def turn_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.turns)

    def phase_order(self) -> tuple[str, ...]:
        """Phase ids in the order they are played in a turn."""
        return tuple(p for s in self.segments for p in s.phases)


@dataclass(frozen=True)
class Unit:
    """One counter (units.csv). Factors the counter does not show are ``None``.

    ``unit_class`` is the CSV's ``class``. ``r_*`` are the factors of the reverse side
    (reduced, damaged or one-point); ``back`` says what that side is.
    """

    id: str
    name: str
    side: str
    nationality: str
    formation: str
    unit_class: str
    type: str
    source: str
    size: str = ""
    steps: int | None = None
    points: int | None = None
    move_class: str = ""
    attack: int | None = None
    defense: int | None = None
    movement: int | None = None
    support: int | None = None
    armor: int | None = None
    naval_attack: int | None = None
    naval_defense: int | None = None
    torpedo: bool = False
    aa: int | None = None
    gunfire: int | None = None
    sma: int | None = None
    oma: int | None = None
    air_combat: int | None = None
    air_support: int | None = None
    installation_bombing: int | None = None
    naval_bombing: int | None = None
    night_bomber: bool = False
    carrier: bool = False
    seaplane: bool = False
    back: str = ""
    r_attack: int | None = None
    r_defense: int | None = None
    r_movement: int | None = None
    r_support: int | None = None
    r_naval_attack: int | None = None
    r_naval_defense: int | None = None
    r_aa: int | None = None
    r_gunfire: int | None = None
    r_sma: int | None = None
    r_oma: int | None = None
    r_air_combat: int | None = None
    reinforcement: str = ""
    withdrawal: str = ""
    vassal_only: bool = False
    note: str = ""

    @property
    def defense_only(self) -> bool:
        """A land unit printed "(1)" or "(2)": it defends but cannot attack (1.4.1)."""
        return self.unit_class == "land" and self.attack is None and bool(self.defense)


@dataclass(frozen=True)
class Hex:
    hex: str
    terrain: str  # clear, forest, rough, mountain (land, roughest symbol, 1.2); sea; sweden
    coast: str  # none, sea (partial-sea hex) or fjord (partial-fjord hex)
    lake: bool  # a lake symbol in the hex (frozen lake airbases, 5.1.4)
    border: bool  # a Swedish border hex (11.2.3)
    zone: str
    weather: str
    source: str

    @property
    def is_land(self) -> bool:
        return self.terrain in LAND_TERRAINS


@dataclass(frozen=True)
class Hexside:
    a: str
    b: str
    feature: str
    source: str
    note: str = ""


@dataclass(frozen=True)
class Place:
    name: str
    kind: str
    source: str
    hex: str = ""
    zone: str = ""
    capacity: int | None = None  # ports: Unloading Capacity; airbases: Airbase Capacity
    code: str = ""  # mobilization centre code (14.1.1)
    naval_attack: int | None = None
    naval_defense: int | None = None
    torpedo: bool = False
    hexes: tuple[str, ...] = ()
    omp: int | None = None
    commanding_port: str = ""
    aliases: tuple[str, ...] = ()
    note: str = ""

    @property
    def port_capacity(self) -> int | None:
        """Ships a port may base: six, or the Unloading Capacity when larger (1.1)."""
        if self.kind != "port" or self.capacity is None:
            return None
        return max(6, self.capacity)


@dataclass(frozen=True)
class Zone:
    """A Strategic Map zone, sub-zone or space. Capacities: 0 none, ``None`` unlimited."""

    name: str
    kind: str
    operational_map: bool
    weather: str
    source: str
    parent: str = ""
    label: str = ""
    flag: str = ""
    german_ndv: int | None = None
    allied_ndv: int | None = None
    german_adv: int | None = None
    allied_adv: int | None = None
    ndv_bonus: int | None = None
    ndv_bonus_place: str = ""
    airbase_capacity: int | None = 0
    port_capacity: int | None = 0
    note: str = ""


@dataclass(frozen=True)
class ZoneBorder:
    a: str
    b: str
    source: str
    note: str = ""


@dataclass(frozen=True)
class Box:
    """A box on a display or track (boxes.csv). Capacity 0 none, ``None`` unlimited."""

    id: str
    name: str
    kind: str
    source: str
    place: str = ""
    capacity: int | None = 0
    sections: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Placement:
    """A unit set up (turn ``""``) or arriving on a turn at a hex, zone or box."""

    unit: str
    at: str
    source: str
    turn: str = ""
    note: str = ""


@dataclass(frozen=True)
class Withdrawal:
    unit: str
    turn: str
    source: str


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    first_turn: str
    last_turn: str
    source: str
    setup: tuple[Placement, ...]
    reinforcements: tuple[Placement, ...]
    withdrawals: tuple[Withdrawal, ...]
    note: str = ""


@dataclass(frozen=True)
class GameData:
    """Everything :func:`load_game` read, checked and cross-referenced."""

    root: Path
    info: GameInfo
    grid: MapGrid
    units: Mapping[str, Unit]
    hexes: Mapping[str, Hex]
    hexsides: tuple[Hexside, ...]
    places: tuple[Place, ...]
    zones: Mapping[str, Zone]
    zone_borders: tuple[ZoneBorder, ...]
    boxes: Mapping[str, Box]
    scenarios: Mapping[str, Scenario]

    def place(self, name: str, kind: str | None = None) -> Place:
        """The place of that name (or alias), and kind if given; KeyError if none."""
        for p in self.places:
            if (name == p.name or name in p.aliases) and (kind is None or p.kind == kind):
                return p
        raise KeyError(f"no place {name!r}" + (f" of kind {kind!r}" if kind else ""))

    def places_in(self, hex_: str) -> list[Place]:
        return [p for p in self.places if p.hex == hex_]

    def hexsides_of(self, a: str, b: str) -> list[Hexside]:
        """Features of the side (or ferry link) between two hexes, in either order."""
        return [s for s in self.hexsides if {s.a, s.b} == {a, b}]

    def zone_neighbours(self, zone: str) -> list[str]:
        return sorted({s.b if s.a == zone else s.a for s in self.zone_borders if zone in (s.a, s.b)})


# ---------------------------------------------------------------------------------------
# reading CSV tables


def _text(value: str) -> str:
    return value


def _int(value: str) -> int | None:
    if value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a whole number") from None


def _bool(value: str) -> bool:
    if value in ("", "no"):
        return False
    if value == "yes":
        return True
    raise ValueError(f"{value!r} is not yes or no")


def _capacity(value: str) -> int | None:
    """A capacity: blank or 0 for none, a number, or ``unlimited`` (``None``)."""
    if value == "unlimited":
        return None
    number = _int(value)
    if number is not None and number < 0:
        raise ValueError(f"{value!r} is negative")
    return number or 0


def _words(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split("|") if v.strip())


@dataclass(frozen=True)
class _Column:
    name: str
    parse: Callable[[str], Any] = _text
    required: bool = False
    attribute: str = ""  # the record field, when it differs from the column name


def _col(name: str, parse: Callable[[str], Any] = _text, required: bool = False, attribute: str = "") -> _Column:
    return _Column(name, parse, required, attribute or name)


_INT_UNIT_COLUMNS = (
    "steps", "points", "attack", "defense", "movement", "support", "armor", "naval_attack",
    "naval_defense", "aa", "gunfire", "sma", "oma", "air_combat", "air_support",
    "installation_bombing", "naval_bombing", "r_attack", "r_defense", "r_movement", "r_support",
    "r_naval_attack", "r_naval_defense", "r_aa", "r_gunfire", "r_sma", "r_oma", "r_air_combat",
)

UNIT_COLUMNS = (
    _col("id", required=True), _col("name", required=True), _col("side"), _col("nationality"),
    _col("formation"), _col("class", required=True, attribute="unit_class"), _col("type", required=True),
    _col("size"), _col("move_class"),
    *(_col(name, _int) for name in _INT_UNIT_COLUMNS),
    _col("torpedo", _bool), _col("night_bomber", _bool), _col("carrier", _bool), _col("seaplane", _bool),
    _col("back"), _col("reinforcement"), _col("withdrawal"), _col("vassal_only", _bool),
    _col("source", required=True), _col("note"),
)
HEX_COLUMNS = (
    _col("hex", required=True), _col("terrain", required=True), _col("coast", required=True),
    _col("lake", _bool), _col("border", _bool), _col("zone", required=True),
    _col("weather", required=True), _col("source", required=True),
)
HEXSIDE_COLUMNS = (
    _col("hex_a", required=True, attribute="a"), _col("hex_b", required=True, attribute="b"),
    _col("feature", required=True), _col("source", required=True), _col("note"),
)
PLACE_COLUMNS = (
    _col("name", required=True), _col("kind", required=True), _col("hex"), _col("zone"),
    _col("capacity", _int), _col("code"), _col("naval_attack", _int), _col("naval_defense", _int),
    _col("torpedo", _bool), _col("hexes"), _col("omp", _int), _col("commanding_port"),
    _col("aliases", _words), _col("source", required=True), _col("note"),
)
ZONE_COLUMNS = (
    _col("name", required=True), _col("kind", required=True), _col("parent"), _col("label"),
    _col("operational_map", _bool), _col("flag"),
    *(_col(name, _int) for name in ("german_ndv", "allied_ndv", "german_adv", "allied_adv", "ndv_bonus")),
    _col("ndv_bonus_place"), _col("airbase_capacity", _capacity), _col("port_capacity", _capacity),
    _col("weather", required=True), _col("source", required=True), _col("note"),
)
ZONE_BORDER_COLUMNS = (
    _col("zone_a", required=True, attribute="a"), _col("zone_b", required=True, attribute="b"),
    _col("source", required=True), _col("note"),
)
BOX_COLUMNS = (
    _col("id", required=True), _col("name", required=True), _col("kind", required=True),
    _col("place"), _col("capacity", _capacity), _col("sections", _words),
    _col("source", required=True), _col("note"),
)


@dataclass(frozen=True)
class _Row:
    """A parsed CSV row: its spreadsheet row number and its values by column name."""

    number: int
    values: dict[str, Any]

    def where(self, column: str) -> str:
        return f"row {self.number}, field '{column}'"


def _read_table(path: Path, columns: tuple[_Column, ...]) -> list[_Row]:
    """Rows of a CSV file, parsed by ``columns``; BadInput on any malformed field."""
    try:
        with path.open(newline="", encoding="utf-8") as stream:
            reader = csv.reader(stream)
            header = next(reader, None)
            if header is None:
                raise BadInput(path, "the file is empty; it needs a header row")
            header = [h.strip() for h in header]
            by_name = {c.name: c for c in columns}
            for name in header:
                if name not in by_name:
                    raise BadInput(path, f"unknown column {name!r}", "row 1")
            for column in columns:
                if column.required and column.name not in header:
                    raise BadInput(path, f"required column {column.name!r} is missing", "row 1")
            rows = []
            for number, cells in enumerate(reader, start=2):
                if not any(c.strip() for c in cells):
                    continue
                if len(cells) != len(header):
                    raise BadInput(path, f"{len(cells)} fields where the header has {len(header)}", f"row {number}")
                rows.append(_parse_row(path, number, header, cells, columns))
            return rows
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise BadInput(path, f"cannot read: {err}") from None


def _parse_row(path: Path, number: int, header: list[str], cells: list[str], columns: tuple[_Column, ...]) -> _Row:
    raw = dict(zip(header, (c.strip() for c in cells)))
    values: dict[str, Any] = {}
    for column in columns:
        text = raw.get(column.name, "")
        where = f"row {number}, field '{column.name}'"
        if column.required and not text:
            raise BadInput(path, f"required field {column.name!r} is empty", where)
        try:
            values[column.name] = column.parse(text)
        except ValueError as err:
            raise BadInput(path, str(err), where) from None
    if "source" in values:
        try:
            citations(values["source"])
        except ValueError as err:
            raise BadInput(path, str(err), f"row {number}, field 'source'") from None
    return _Row(number, values)


def _records(rows: list[_Row], record: type, columns: tuple[_Column, ...]) -> list[Any]:
    names = {f.name for f in fields(record)}
    attribute = {c.name: c.attribute for c in columns}
    return [record(**{attribute[k]: v for k, v in row.values.items() if attribute[k] in names}) for row in rows]


def _unique(path: Path, rows: list[_Row], key: Callable[[_Row], Any], column: str, what: str) -> None:
    seen: dict[Any, int] = {}
    for row in rows:
        k = key(row)
        if k in seen:
            raise BadInput(path, f"duplicate {what} {k!r} (first in row {seen[k]})", row.where(column))
        seen[k] = row.number


def _check(path: Path, row: _Row, column: str, ok: bool, what: str) -> None:
    if not ok:
        raise BadInput(path, what, row.where(column))


def _one_of(path: Path, row: _Row, column: str, allowed: Iterable[str], what: str) -> None:
    value = row.values[column]
    allowed = tuple(allowed)
    _check(path, row, column, value in allowed, f"unknown {what} {value!r}")


# ---------------------------------------------------------------------------------------
# game.toml


class _Toml:
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

    def tables(self, key: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
        items = self.get(self.data, key, "", list)
        for i, item in enumerate(items):
            where = f"{key}[{i}]"
            if not isinstance(item, dict):
                raise self.fail(where, "expected a table")
            yield where, item

    def strings(self, table: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
        values = self.get(table, key, where, list)
        for i, v in enumerate(values):
            if not isinstance(v, str):
                raise self.fail(f"{where}.{key}[{i}]", f"{v!r} is not a string")
        return tuple(values)


def _check_sources(doc: _Toml, node: Any, where: str = "") -> None:
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


def _read_grid(doc: _Toml) -> MapGrid:
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


def _read_info(doc: _Toml) -> GameInfo:
    d = doc.data
    _check_sources(doc, d)
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
        p = Phase(doc.get(t, "id", w), doc.get(t, "name", w), doc.get(t, "player", w), doc.source(t, w),
                  doc.get(t, "note", w, default=""))
        phases[p.id] = p
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
    weather = doc.get(d, "weather", "", dict)
    sections = doc.strings(weather, "sections", "weather")
    states = doc.strings(weather, "states", "weather")
    turns = []
    for w, t in doc.tables("turns"):
        pre = doc.get(t, "weather", w, dict, default={})
        for section, state in pre.items():
            if section not in sections or state not in states:
                raise doc.fail(f"{w}.weather.{section}", f"unknown weather {section!r} = {state!r}")
        turns.append(Turn(doc.get(t, "name", w), doc.source(t, w), dict(pre),
                          doc.get(t, "invasion", w, bool, default=False),
                          doc.get(t, "air_replacement", w, bool, default=False)))
    turn_names = [t.name for t in turns]
    for key in ("first_turn", "invasion_turn"):
        if doc.get(d, key, "") not in turn_names:
            raise doc.fail(key, f"{d[key]!r} is not a turn of the turn record")
    die = doc.get(d, "die", "", dict)
    faces = tuple(range(doc.get(die, "lowest", "die", int), doc.get(die, "highest", "die", int) + 1))
    thaw = []
    for w, t in doc.tables("thaw"):
        item = Thaw(doc.get(t, "zone", w), doc.get(t, "turn", w), doc.source(t, w))
        if item.turn not in turn_names:
            raise doc.fail(f"{w}.turn", f"{item.turn!r} is not a turn of the turn record")
        thaw.append(item)
    die_rolls = {}
    for w, t in doc.tables("die_rolls"):
        die_rolls[doc.get(t, "id", w)] = DieRoll(doc.get(t, "id", w), doc.get(t, "name", w),
                                                 doc.get(t, "success", w), doc.source(t, w))
    types = doc.get(d, "types", "", dict)
    air_types = {}
    for w, t in doc.tables("air_types"):
        a = AirType(doc.get(t, "type", w), doc.get(t, "role", w), doc.source(t, w),
                    doc.get(t, "seaplane", w, bool, default=False), doc.get(t, "carrier", w, bool, default=False),
                    doc.get(t, "note", w, default=""))
        if a.role not in AIR_ROLES:
            raise doc.fail(f"{w}.role", f"unknown air role {a.role!r}")
        air_types[a.type] = a
    markers = []
    for w, t in doc.tables("marker_types"):
        doc.source(t, w)
        markers.append(doc.get(t, "type", w))
    move_classes = doc.get(d, "move_classes", "", dict)
    land_types = doc.strings(types, "land", "types")
    move_class_of = {}
    for cls in MOVE_CLASSES:
        for t in doc.strings(move_classes, cls, "move_classes"):
            move_class_of[t] = cls
    return GameInfo(
        id=doc.get(d, "id", ""), title=doc.get(d, "title", ""), counters=doc.get(d, "counters", "", int),
        first_turn=d["first_turn"], invasion_turn=d["invasion_turn"], sides=sides,
        nationalities=nationalities, formations=formations, segments=tuple(segments), phases=phases,
        turns=tuple(turns), die_faces=faces, weather_sections=sections, weather_states=states,
        thaw=tuple(thaw), die_rolls=die_rolls, land_types=land_types,
        naval_types=doc.strings(types, "naval", "types"), supply_types=doc.strings(types, "supply", "types"),
        air_types=air_types, marker_types=tuple(markers), move_class_of=move_class_of, raw=d,
    )


# ---------------------------------------------------------------------------------------
# the CSV files, checked against game.toml and each other


def _check_units(path: Path, rows: list[_Row], info: GameInfo) -> None:
    _unique(path, rows, lambda r: r.values["id"], "id", "unit id")
    types_of = {
        "land": info.land_types, "naval": info.naval_types, "air": tuple(info.air_types),
        "marker": info.marker_types, "supply": info.supply_types,
    }
    turns = info.turn_names
    for row in rows:
        v = row.values
        _check(path, row, "id", bool(_ID.match(v["id"])), f"id {v['id']!r} must be lower-case letters, digits and '-'")
        _one_of(path, row, "class", UNIT_CLASSES, "class")
        _check_owner(path, row, info)
        _check(path, row, "type", v["type"] in types_of[v["class"]],
               f"unknown {v['class']} unit type {v['type']!r}")
        if v["class"] == "land":
            _check_land(path, row, info)
        else:
            _check(path, row, "size", not v["size"], "only land units have a size")
            _check(path, row, "move_class", not v["move_class"], "only land units have a movement class")
        for column in ("reinforcement", "withdrawal"):
            _check(path, row, column, not v[column] or v[column] in turns, f"{v[column]!r} is not a turn")


def _check_owner(path: Path, row: _Row, info: GameInfo) -> None:
    """Side, nationality and formation; markers may belong to nobody, land units need a formation."""
    v = row.values
    if v["class"] != "marker" or v["side"] or v["nationality"]:
        for column in ("side", "nationality"):
            _check(path, row, column, bool(v[column]), f"required field {column!r} is empty")
        _one_of(path, row, "side", info.sides, "side")
        _one_of(path, row, "nationality", info.nationalities, "nationality")
        _check(path, row, "nationality", info.nationalities[v["nationality"]].side == v["side"],
               f"nationality {v['nationality']!r} is not of side {v['side']!r}")
    if v["class"] == "land" or v["formation"]:
        _check(path, row, "formation", bool(v["formation"]), "required field 'formation' is empty")
        formation = info.formations.get(v["formation"])
        _check(path, row, "formation", formation is not None, f"unknown formation {v['formation']!r}")
        _check(path, row, "formation", formation.nationality in ("*", v["nationality"]),
               f"formation {v['formation']!r} belongs to {formation.nationality!r}, not {v['nationality']!r}")


def _check_land(path: Path, row: _Row, info: GameInfo) -> None:
    v = row.values
    _check(path, row, "size", v["size"] in SIZES, f"unknown unit size {v['size']!r}")
    expected = info.move_class_of.get(v["type"], "")
    _check(path, row, "move_class", v["move_class"] == expected,
           f"a {v['type']} unit moves as {expected or 'nothing'}, not {v['move_class'] or 'nothing'!r}")
    _check(path, row, "steps", v["steps"] in (1, 2), "land units have 1 or 2 steps")


def _check_hexes(path: Path, rows: list[_Row], grid: MapGrid, zones: Mapping[str, Zone], info: GameInfo) -> None:
    _unique(path, rows, lambda r: r.values["hex"], "hex", "hex")
    for row in rows:
        v = row.values
        _check(path, row, "hex", grid.contains(v["hex"]), f"hex {v['hex']!r} is outside the map")
        _one_of(path, row, "terrain", TERRAINS, "terrain")
        _one_of(path, row, "coast", COASTS, "coast")
        _check(path, row, "coast", v["coast"] == "none" or v["terrain"] in LAND_TERRAINS,
               "only land hexes are partial-sea or partial-fjord")
        _one_of(path, row, "zone", zones, "zone")
        _one_of(path, row, "weather", info.weather_sections, "weather section")
    present = {row.values["hex"] for row in rows}
    missing = [h for h in grid.hexes() if h not in present]
    if missing:
        listed = " ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise BadInput(path, f"no row for {len(missing)} hex{'es' if len(missing) > 1 else ''} of the map: {listed}")


def _check_hexsides(path: Path, rows: list[_Row], grid: MapGrid) -> None:
    def key(r: _Row) -> tuple[str, str, str]:
        a, b = r.values["hex_a"], r.values["hex_b"]
        return min(a, b), max(a, b), r.values["feature"]

    _unique(path, rows, key, "hex_b", "hexside")
    for row in rows:
        v = row.values
        for column in ("hex_a", "hex_b"):
            _check(path, row, column, grid.contains(v[column]), f"hex {v[column]!r} is outside the map")
        _one_of(path, row, "feature", HEXSIDE_FEATURES, "hexside feature")
        # A ferry links two hexes across water, not always neighbours (11.2.2: 3517, 3816).
        _check(path, row, "hex_b", v["feature"] == "ferry" or grid.adjacent(v["hex_a"], v["hex_b"]),
               f"{v['hex_a']} and {v['hex_b']} are not adjacent")


def _check_places(path: Path, rows: list[_Row], grid: MapGrid, hexes: Mapping[str, Hex],
                  zones: Mapping[str, Zone]) -> None:
    _unique(path, rows, lambda r: (r.values["name"], r.values["kind"]), "name", "place")
    ports = {r.values["name"] for r in rows if r.values["kind"] == "port"}
    for row in rows:
        v = row.values
        _one_of(path, row, "kind", PLACE_KINDS, "place kind")
        if v["hex"]:
            _check(path, row, "hex", grid.contains(v["hex"]), f"hex {v['hex']!r} is outside the map")
            _check(path, row, "hex", hexes[v["hex"]].is_land, f"hex {v['hex']} is not a land hex")
            if v["zone"]:
                _check(path, row, "zone", hexes[v["hex"]].zone == v["zone"],
                       f"hex {v['hex']} lies in {hexes[v['hex']].zone!r}, not {v['zone']!r}")
        if v["zone"]:
            _one_of(path, row, "zone", zones, "zone")
        try:
            v["hexes"] = grid.expand(v["hexes"]) if v["hexes"] else ()
        except ValueError as err:
            raise BadInput(path, str(err), row.where("hexes")) from None
        for h in v["hexes"]:
            _check(path, row, "hexes", grid.contains(h), f"hex {h!r} is outside the map")
        _check_place_kind(path, row, ports)


def _check_place_kind(path: Path, row: _Row, ports: set[str]) -> None:
    v = row.values
    kind = v["kind"]
    located = v["hexes"] if kind in ("map_edge_group", "frozen_fjord") else v["hex"] or v["zone"]
    _check(path, row, "hexes" if kind in ("map_edge_group", "frozen_fjord") else "hex", bool(located),
           f"a {kind} needs a location")
    if kind in ("port", "airbase"):
        _check(path, row, "capacity", v["capacity"] is not None, f"a {kind} needs a capacity")
    if kind == "mobilization_center":
        _check(path, row, "code", bool(v["code"]), "a mobilization center needs its code")
    if kind == "coast_artillery":
        _check(path, row, "naval_attack", v["naval_attack"] is not None, "a battery needs its Naval Attack Factor")
        _check(path, row, "naval_defense", v["naval_defense"] is not None, "a battery needs its Naval Defense Factor")
        _check(path, row, "commanding_port", not v["commanding_port"] or v["commanding_port"] in ports,
               f"unknown commanding port {v['commanding_port']!r}")
    if kind == "map_edge_group":
        _check(path, row, "omp", v["omp"] is not None, "a map edge group needs its OMP cost")


def _check_zones(path: Path, rows: list[_Row], info: GameInfo) -> None:
    _unique(path, rows, lambda r: r.values["name"], "name", "zone")
    names = {r.values["name"] for r in rows}
    for row in rows:
        v = row.values
        _one_of(path, row, "kind", ZONE_KINDS, "zone kind")
        _check(path, row, "parent", not v["parent"] or v["parent"] in names, f"unknown zone {v['parent']!r}")
        _check(path, row, "flag", not v["flag"] or v["flag"] in FLAGS, f"unknown flag {v['flag']!r}")
        _one_of(path, row, "weather", info.weather_sections, "weather section")
        _check(path, row, "ndv_bonus_place", bool(v["ndv_bonus"]) == bool(v["ndv_bonus_place"]),
               "an NDV bonus needs both its value and the place that gives it")


def _check_zone_borders(path: Path, rows: list[_Row], zones: Mapping[str, Zone]) -> None:
    _unique(path, rows, lambda r: frozenset((r.values["zone_a"], r.values["zone_b"])), "zone_b", "zone border")
    for row in rows:
        for column in ("zone_a", "zone_b"):
            _check(path, row, column, row.values[column] in zones, f"unknown zone {row.values[column]!r}")


def _check_boxes(path: Path, rows: list[_Row], known: Callable[[str, str], bool]) -> None:
    _unique(path, rows, lambda r: r.values["id"], "id", "box id")
    for row in rows:
        v = row.values
        _check(path, row, "id", bool(_ID.match(v["id"])), f"id {v['id']!r} must be lower-case letters, digits and '-'")
        _one_of(path, row, "kind", BOX_KINDS, "box kind")
        _check(path, row, "place", not v["place"] or known(v["kind"], v["place"]),
               f"unknown {v['kind']} place {v['place']!r}")


# ---------------------------------------------------------------------------------------
# scenarios


def _read_scenario(path: Path, units: Mapping[str, Unit], turns: tuple[str, ...],
                   is_location: Callable[[str], bool]) -> Scenario:
    """A scenario file: its set-up, and its turns' share of the units' schedules.

    Reinforcements and withdrawals are the ``reinforcement`` and ``withdrawal`` turns
    of units.csv that fall within the scenario; ``[[arrivals]]`` rules say where each
    side's reinforcements of each class enter (4.1).
    """
    doc = _Toml(path)
    d = doc.data
    for key in ("first_turn", "last_turn"):
        if doc.get(d, key, "") not in turns:
            raise doc.fail(key, f"{d[key]!r} is not a turn of the turn record")
    first, last = turns.index(d["first_turn"]), turns.index(d["last_turn"])
    if first > last:
        raise doc.fail("last_turn", f"{d['last_turn']!r} comes before {d['first_turn']!r}")
    within = set(turns[first:last + 1])
    setup = _setup(doc, units, is_location)
    placed = {p.unit: p for p in setup}
    rules = _arrival_rules(doc, is_location)
    schedule_source = doc.get(d, "schedule_source", "")
    arrivals = []
    for unit in units.values():
        if unit.reinforcement not in within:
            continue
        if unit.id in placed:
            raise doc.fail("setup", f"unit {unit.id!r} is set up at {placed[unit.id].at} and also arrives on "
                                    f"{unit.reinforcement} (units.csv)")
        rule = next((r for r in rules if r.matches(unit)), None)
        if rule is None:
            raise doc.fail("arrivals", f"no rule says where {unit.id!r} ({unit.side} {unit.unit_class}) arrives")
        arrivals.append(Placement(unit.id, rule.at, f"{rule.source}; {schedule_source}", unit.reinforcement, rule.note))
    withdrawals = tuple(Withdrawal(u.id, u.withdrawal, schedule_source) for u in units.values() if u.withdrawal in within)
    try:
        citations(schedule_source)
    except ValueError as err:
        raise doc.fail("schedule_source", str(err)) from None
    return Scenario(doc.get(d, "id", ""), doc.get(d, "title", ""), d["first_turn"], d["last_turn"],
                    doc.source(d, ""), setup, tuple(arrivals), withdrawals, doc.get(d, "note", "", default=""))


def _setup(doc: _Toml, units: Mapping[str, Unit], is_location: Callable[[str], bool]) -> tuple[Placement, ...]:
    placed: dict[str, str] = {}
    out = []
    for w, group in doc.tables("setup"):
        source = doc.source(group, w)
        at = doc.get(group, "at", w)
        if not is_location(at):
            raise doc.fail(f"{w}.at", f"unknown place {at!r}: not a hex, zone or box")
        for i, unit in enumerate(doc.strings(group, "units", w)):
            here = f"{w}.units[{i}]"
            if unit not in units:
                raise doc.fail(here, f"unknown unit {unit!r}")
            if unit in placed:
                raise doc.fail(here, f"unit {unit!r} is already placed at {placed[unit]}")
            placed[unit] = here
            out.append(Placement(unit, at, source, "", doc.get(group, "note", w, default="")))
    return tuple(out)


@dataclass(frozen=True)
class _ArrivalRule:
    side: str
    classes: tuple[str, ...]
    at: str
    source: str
    note: str

    def matches(self, unit: Unit) -> bool:
        return unit.side == self.side and unit.unit_class in self.classes


def _arrival_rules(doc: _Toml, is_location: Callable[[str], bool]) -> list[_ArrivalRule]:
    rules = []
    for w, t in doc.tables("arrivals") if "arrivals" in doc.data else ():
        classes = doc.strings(t, "classes", w)
        for i, c in enumerate(classes):
            if c not in UNIT_CLASSES:
                raise doc.fail(f"{w}.classes[{i}]", f"unknown class {c!r}")
        at = doc.get(t, "at", w)
        if not is_location(at):
            raise doc.fail(f"{w}.at", f"unknown place {at!r}: not a hex, zone or box")
        rules.append(_ArrivalRule(doc.get(t, "side", w), classes, at, doc.source(t, w), doc.get(t, "note", w, default="")))
    return rules


# ---------------------------------------------------------------------------------------
# the whole game


def load_game(path: str | Path) -> GameData:
    """Read and check every file of a game folder (game.toml, the CSV files, scenarios/)."""
    root = Path(path)
    if not (root / "game.toml").is_file():
        raise BadInput(root, "not a game folder: game.toml is missing")
    doc = _Toml(root / "game.toml")
    info = _read_info(doc)
    grid = _read_grid(doc)

    zone_rows = _read_table(root / "zones.csv", ZONE_COLUMNS)
    _check_zones(root / "zones.csv", zone_rows, info)
    zones = {z.name: z for z in _records(zone_rows, Zone, ZONE_COLUMNS)}

    unit_rows = _read_table(root / "units.csv", UNIT_COLUMNS)
    _check_units(root / "units.csv", unit_rows, info)
    units = {u.id: u for u in _records(unit_rows, Unit, UNIT_COLUMNS)}

    hex_rows = _read_table(root / "hexes.csv", HEX_COLUMNS)
    _check_hexes(root / "hexes.csv", hex_rows, grid, zones, info)
    hexes = {h.hex: h for h in _records(hex_rows, Hex, HEX_COLUMNS)}

    side_rows = _read_table(root / "hexsides.csv", HEXSIDE_COLUMNS)
    _check_hexsides(root / "hexsides.csv", side_rows, grid)

    place_rows = _read_table(root / "places.csv", PLACE_COLUMNS)
    _check_places(root / "places.csv", place_rows, grid, hexes, zones)
    places = tuple(_records(place_rows, Place, PLACE_COLUMNS))

    border_rows = _read_table(root / "zone_adjacency.csv", ZONE_BORDER_COLUMNS)
    _check_zone_borders(root / "zone_adjacency.csv", border_rows, zones)

    place_names = {p.name for p in places} | {a for p in places for a in p.aliases}
    box_places = {
        "carrier": lambda s: s in units and units[s].type == "CV",
        "turn": lambda s: s in info.turn_names,
        "weather": lambda s: s in info.weather_sections,
        "gunfire_support": lambda s: s in zones and zones[s].kind == "sea",
    }
    box_rows = _read_table(root / "boxes.csv", BOX_COLUMNS)
    _check_boxes(root / "boxes.csv", box_rows,
                 lambda kind, place: box_places.get(kind, lambda s: s in place_names or s in zones)(place))
    boxes = {b.id: b for b in _records(box_rows, Box, BOX_COLUMNS)}

    _check_game_references(doc, info, zones, place_names)

    def is_location(at: str) -> bool:
        return at in hexes or at in zones or at in boxes

    scenarios = {}
    for scenario_path in sorted((root / "scenarios").glob("*.toml")):
        scenario = _read_scenario(scenario_path, units, info.turn_names, is_location)
        if scenario.id in scenarios:
            raise BadInput(scenario_path, f"duplicate scenario id {scenario.id!r}", "id")
        scenarios[scenario.id] = scenario

    return GameData(root, info, grid, units, hexes, tuple(_records(side_rows, Hexside, HEXSIDE_COLUMNS)), places, zones,
                    tuple(_records(border_rows, ZoneBorder, ZONE_BORDER_COLUMNS)), boxes, scenarios)


def _check_game_references(doc: _Toml, info: GameInfo, zones: Mapping[str, Zone], place_names: set[str]) -> None:
    """game.toml entries that name zones or places, checked once those files are read."""
    for i, thaw in enumerate(info.thaw):
        if thaw.zone not in zones and thaw.zone not in place_names:
            raise doc.fail(f"thaw[{i}].zone", f"unknown zone {thaw.zone!r}")
