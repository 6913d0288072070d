"""The typed, frozen records a game folder is read into."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .hexes import MapGrid
from .terms import LAND_TERRAINS


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
    extra: Mapping[str, Any] = field(default_factory=dict)  # the game's own keys of a turn (game.toml [extra])


@dataclass(frozen=True)
class DieRoll:
    id: str
    name: str
    success: str
    source: str
    several: bool = False  # the roller says how many dice (a die per battalion): the button asks


@dataclass(frozen=True)
class GameDice:
    """A game's die (its faces, lowest first) and the die rolls its rules name, by id."""

    faces: tuple[int, ...]
    rolls: Mapping[str, DieRoll]


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
    sides: Mapping[str, Side]
    nationalities: Mapping[str, Nationality]
    formations: Mapping[str, Formation]
    segments: tuple[Segment, ...]
    phases: Mapping[str, Phase]
    turns: tuple[Turn, ...]
    die_faces: tuple[int, ...]
    weather_sections: tuple[str, ...]
    weather_states: tuple[str, ...]
    die_rolls: Mapping[str, DieRoll]
    land_types: tuple[str, ...]
    naval_types: tuple[str, ...]
    supply_types: tuple[str, ...]
    air_types: Mapping[str, AirType]
    marker_types: tuple[str, ...]
    move_class_of: Mapping[str, str]  # land type -> leg / motorized / mountain
    raw: Mapping[str, Any]
    terrains: tuple[str, ...] = ()  # the hex terrains of the game: the common ones and its own
    hexside_features: tuple[str, ...] = ()
    # The game's own game.toml keys and tables (game.toml [extra], :mod:`.extra`), by name.
    extra: Mapping[str, Any] = field(default_factory=dict)

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
    hexes: tuple[str, ...] = ()  # a place that covers hexes rather than sits in one
    aliases: tuple[str, ...] = ()
    note: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)  # the game's own columns (game.toml [extra])


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
    airbase_capacity: int | None = 0
    port_capacity: int | None = 0
    note: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)  # the game's own columns (game.toml [extra])


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

    def hexsides_of(self, a: str, b: str) -> list[Hexside]:
        """Features of the side (or ferry link) between two hexes, in either order."""
        return [s for s in self.hexsides if {s.a, s.b} == {a, b}]

    def zone_neighbours(self, zone: str) -> list[str]:
        return sorted({s.b if s.a == zone else s.a for s in self.zone_borders if zone in (s.a, s.b)})


