"""What a record holds: its units, its entries in order and the Record; and the one table of entry kinds.

Each kind of entry is defined once, in :data:`ENTRY_KINDS`: the key that tells it, the
dataclass it reads into and its fields (:class:`Field`: JSON key, attribute, type, whether it
is required, when it is written). The reader (:mod:`.reader`), the writer (:meth:`Entry.to_dict`),
the builder (:mod:`.builder`) and the format's documentation all work from that table.

A game may add entries of its own (Kampen om Norge's ``card``, Narvik 1940's ``reveal``): its pack
declares each as an :class:`EntryKind` of a :class:`GameEntry` subclass, in the same terms, and
hands them to the reader with its catalogue and vocabulary (:class:`RecordGame`). The record
format stays fixed; only the game named in ``"game"`` says which of its own kinds it reads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

from ..gamedata.vocabulary import Vocabulary
from .format_words import FORMAT


class Catalogue(Protocol):
    """What a game tells the record reader about its data."""

    game: str

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        """The attributes of a unit of the game's data, in record vocabulary, or None."""

    def location(self, loc: str) -> str | None:
        """The canonical spelling of a LOC of this game, or None if it is not one."""

    def unit_ids(self) -> list[str]:
        """Every unit of the game's data, in the data's order (what a mapping is drafted against)."""

    def place_names(self) -> list[str]:
        """The names of the game's places as it spells them (what an ASCII spelling is matched to)."""


class RecordGame(Protocol):
    """What the reader of a record needs from the game the record names (its caller hands it in)."""

    @property
    def id(self) -> str: ...

    @property
    def vocabulary(self) -> Vocabulary:
        """The game's words: phases, sides, turns, weather, unit classes and sizes."""
        ...

    @property
    def catalogue(self) -> Catalogue:
        """The game's units and places."""
        ...

    @property
    def record_terms(self) -> RecordTerms:
        """What the game adds to the record format: its own entry kinds, its rolls and keys."""
        ...


@dataclass(frozen=True)
class RecordTerms:
    """What a game adds to the record format, declared by its pack.

    ``entry_kinds``: entries of the game's own (read only in its records). For the docs
    (docs/record-format.md): ``rolls``, the words of a roll's ``for`` the game's checks read
    (word -> what the roll decides, with its rule); ``keys``, the top-level keys of a record the
    game reads (key -> its values and meaning); ``lists``, further words of the game a record
    uses (what they are -> the words). ``checks``: what the game asks more of an entry of the format's
    own kinds, by kind key (Invasion: Norway: a detection roll names the side that rolls).
    """

    entry_kinds: tuple[EntryKind, ...] = ()
    checks: Mapping[str, EntryCheck] = field(default_factory=dict)
    rolls: Mapping[str, str] = field(default_factory=dict)
    keys: Mapping[str, str] = field(default_factory=dict)
    lists: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


#: Finds the game a record names, by id (None: no such game). The record's caller provides it.
GameLookup = Callable[[str], "RecordGame | None"]


@dataclass
class Unit:
    """One unit of the record, its attributes resolved (``attrs`` holds the rest)."""

    id: str
    side: str | None  # None only for a marker of no side
    unit_class: str
    nationality: str | None = None
    type: str | None = None
    size: str | None = None
    steps: int | None = None
    points: int | None = None
    formation: str | None = None
    leader: str | None = None
    name: str | None = None
    ref: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    inline: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """An attribute by its record name (``class``, ``defense``, ...)."""
        if key == "class":
            return self.unit_class
        if key in _UNIT_FIELDS:
            value = getattr(self, key)
            return default if value is None else value
        return self.attrs.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """The record form: the ref and inline attributes as written."""
        out: dict[str, Any] = {}
        if self.ref is not None:
            out["ref"] = self.ref
        out.update(self.inline)
        return out


_UNIT_FIELDS = {"side", "nationality", "type", "size", "steps", "points", "formation", "leader", "name"}


# -- field types: how a field's value is read (the reader has one method per type) and shown in the docs

UNIT = "unit"  # a unit id of the record or of the game's data
UNITS = "units"  # a list of unit ids (one id alone is read as a list of one)
LOC = "loc"  # a place of the game: hex, area, zone, box
SIDE = "side"  # one of the game's sides
PHASE = "phase"  # one of the game's phases
TURN = "turn"  # one of the game's turns (left out: the turn of the entry before)
COUNT = "count"  # a whole number >= 0
INTEGER = "integer"  # a whole number
WORD = "word"  # a word, spelled lower-case with hyphens ("Naval Detection" is naval-detection)
TEXT = "text"  # a text, its spacing tidied
NAME = "name"  # a name (a number is read as its text)
FLAG = "flag"  # true when given and true
BOOLEAN = "boolean"  # true or false
DICE = "dice"  # a die as rolled, or a list of the dice thrown at once
WEATHER = "weather"  # the game's weather sections to their states
UNITS_OR_KEY = "units-or-key"  # a list of unit ids, or a key (a place's name is spelled as the game does)

#: How each field type is shown in docs/record-format.md, and what it stands for there.
FIELD_TYPES: Mapping[str, tuple[str, str]] = {
    UNIT: ("U", "a unit: its id in `units`, or a unit id of the game's data"),
    UNITS: ("[U...]", "a list of units (one unit alone may be written without the list)"),
    LOC: ("LOC", "a place of the game (Locations, above)"),
    SIDE: ("S", "one of the game's sides"),
    PHASE: ("P", "one of the game's phases"),
    TURN: ("T", "one of the game's turns"),
    COUNT: ("N", "a whole number (0 or more for a count)"),
    INTEGER: ("N", "a whole number (0 or more for a count)"),
    WORD: ("W", "a word, in any case, spaces or underscores read as hyphens (`Naval Detection` is `naval-detection`)"),
    TEXT: ("TEXT", "a text as printed (its spacing tidied)"),
    NAME: ("NAME", "a name of your choice"),
    FLAG: ("true", "true, or left out"),
    BOOLEAN: ("true/false", "true or false"),
    DICE: ("D or [D...]", "a die as rolled, or the list of the dice thrown at once (`[6, 1, 4]`)"),
    WEATHER: ("{SECTION: W}", "the game's weather sections, each to one of its weather states"),
    UNITS_OR_KEY: ("[U...] or KEY", "a list of units, or a word (a place's name is read as the game spells it)"),
}


@dataclass(frozen=True)
class Field:
    """One field of an entry: its JSON ``key``, the entry's ``attr`` it reads into, its ``type``.

    ``required``: the entry is refused without it (for UNITS: without at least one unit).
    ``default``: the value when it is left out; a value equal to it is not written, unless
    ``always`` (an attack writes ``"supply": []``). ``needs`` is how a missing field is named in
    the reader's message, ``what`` what the field means (its fault message and the docs).
    """

    key: str
    attr: str
    type: str
    required: bool = False
    default: Any = None
    always: bool = False
    needs: str = ""
    what: str = ""

    def written(self, value: Any) -> bool:
        return self.always or value != self.default

    @property
    def asked(self) -> str:
        """The field as a message asks for it: ``'hex'``, or the field's own words."""
        return self.needs or repr(self.key)


#: Judges an entry's fields read together (by attribute): the fault and the key of its field, or None.
EntryCheck = Callable[[Mapping[str, Any]], "tuple[str, str] | None"]


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry: the key that tells it, its class, its fields and what it says happened.

    A ``nested`` kind holds its fields in an object under its key (``{"attack": {"hex": ...}}``);
    otherwise the key's value is its first field and the others sit beside it (``{"move": U, "to": LOC}``).
    ``check`` judges the fields read together (:data:`EntryCheck`).
    ``example`` is the entry as the docs show it, ``what`` what it says happened.
    """

    key: str
    entry: type[Entry]
    fields: tuple[Field, ...]
    nested: bool = False
    check: EntryCheck | None = None
    example: str = ""
    what: str = ""

    def __post_init__(self) -> None:
        if not self.nested and self.fields[0].key != self.key and self.key != "phase":
            raise ValueError(f"the first field of a flat entry kind is its key {self.key!r}")

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys this kind reads (its own key and, for a flat kind, the fields beside it)."""
        return (self.key,) if self.nested else tuple(f.key for f in self.fields)

    def shape(self, *values: Any, **more: Any) -> dict[str, Any]:
        """The entry as the format writes it, its fields given in order (``more`` are further keys)."""
        given = dict(zip((f.key for f in self.fields), values, strict=False))
        if self.nested:
            return {self.key: {**given, **more}}
        return {**given, **more}


@dataclass(frozen=True, kw_only=True)
class Entry:
    """One thing that happened; ``index`` is its place in ``entries``, ``step`` the log step.

    ``extra`` keeps the unknown keys beside the entry's own, ``inner`` those inside a nested
    entry's object: both are written back as they were.
    """

    index: int
    step: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    inner: Mapping[str, Any] = field(default_factory=dict)

    KIND: ClassVar[EntryKind]  # set where the kind is declared (:func:`entry_kind`)
    KEY: ClassVar[str]  # the key that tells the kind (``KIND.key``)

    def body(self) -> dict[str, Any]:
        """The entry's own keys, as the format writes them."""
        kind = self.KIND
        fields = {}
        for spec in kind.fields:
            value = getattr(self, spec.attr)
            if spec.written(value):
                fields[spec.key] = _written(value)
        written = self.written_fields(fields)
        if kind.nested:
            return {kind.key: {**written, **self.inner}}
        return written

    def written_fields(self, fields: dict[str, Any]) -> dict[str, Any]:
        """Where a kind writes a field its own way (a turn left out, one die as a number)."""
        return fields

    @classmethod
    def as_written(cls, body: Mapping[str, Any]) -> dict[str, Any]:
        """What a kind keeps of how its fields were written, to write them back so (see :meth:`written_fields`)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        out = self.body()
        if self.step is not None:
            out["step"] = self.step
        out.update(self.extra)
        return out


class GameEntry(Entry):
    """An entry of one game's own, defined by its pack; the record format reads it as any other."""


E = TypeVar("E", bound=Entry)


def _written(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else dict(value) if isinstance(value, Mapping) else value


def entry_kind(key: str, *fields: Field, nested: bool = False, check: Any = None, example: str = "",
               what: str = "") -> Callable[[type[E]], type[E]]:
    """Declare an entry class's kind (a class decorator): the class gets ``KIND`` and ``KEY``."""

    def define(cls: type[E]) -> type[E]:
        cls.KIND = EntryKind(key, cls, fields, nested, check, example, what)
        cls.KEY = key
        return cls

    return define


# -- the record format's own kinds, in the order the docs list them

@entry_kind("phase", Field("turn", "turn", TURN), Field("phase", "phase", PHASE, required=True),
            example='{"turn": T, "phase": P}',
            what="what follows happens in phase P of turn T (`turn` may be left out after the first)")
@dataclass(frozen=True, kw_only=True)
class PhaseStart(Entry):
    """``{"turn": T, "phase": P}``: what follows happens in phase P of turn T."""

    turn: str
    phase: str
    turn_given: bool = True

    def written_fields(self, fields):
        return fields if self.turn_given else {k: v for k, v in fields.items() if k != "turn"}

    @classmethod
    def as_written(cls, body):
        return {"turn_given": "turn" in body}


@entry_kind("place", Field("place", "unit", UNIT, required=True), Field("at", "at", LOC, required=True),
            Field("stack", "stack", NAME, what="names its naval or air group"),
            what="U is at LOC without having moved there: set-up, arrival, mobilization, a snapshot")
@dataclass(frozen=True, kw_only=True)
class Place(Entry):
    """A unit is at LOC without having moved there (set-up, arrival, snapshot)."""

    unit: str
    at: str
    stack: str | None = None


@entry_kind("move", Field("move", "unit", UNIT, required=True), Field("to", "to", LOC, required=True),
            Field("stack", "stack", NAME, what="names its naval or air group"),
            what="U moves to LOC (one entry per unit, per hex or zone if you like)")
@dataclass(frozen=True, kw_only=True)
class Move(Entry):
    """A unit moves to LOC."""

    unit: str
    to: str
    stack: str | None = None


@entry_kind("steps", Field("steps", "unit", UNIT, required=True), Field("to", "to", COUNT, required=True),
            what="U now has N steps (points for point units); 0 eliminates it")
@dataclass(frozen=True, kw_only=True)
class Steps(Entry):
    """A unit now has N steps (points, for air and naval point units)."""

    unit: str
    to: int


@entry_kind("remove", Field("remove", "unit", UNIT, required=True),
            what="U leaves play: eliminated, surrendered, withdrawn, a supply unit expended")
@dataclass(frozen=True, kw_only=True)
class Remove(Entry):
    """A unit leaves play (eliminated, surrendered, withdrawn, expended)."""

    unit: str


@entry_kind("control", Field("control", "hex", LOC, required=True), Field("side", "side", SIDE, required=True),
            what="LOC is now controlled by S")
@dataclass(frozen=True, kw_only=True)
class Control(Entry):
    """A hex (or box) is now controlled by a side."""

    hex: str
    side: str


@entry_kind("hits", Field("hits", "loc", LOC, required=True), Field("to", "to", COUNT, required=True),
            what="the installation at LOC now has N hits")
@dataclass(frozen=True, kw_only=True)
class Hits(Entry):
    """An installation at LOC now has N hits."""

    loc: str
    to: int


@entry_kind("weather", Field("weather", "sections", WEATHER, required=True),
            example='{"weather": {SECTION: W}}', what="the weather of any of the game's sections")
@dataclass(frozen=True, kw_only=True)
class Weather(Entry):
    """The weather of some or all of the game's sections."""

    sections: Mapping[str, str]


@entry_kind("attack", Field("hex", "hex", LOC, required=True),
            Field("attackers", "attackers", UNITS, required=True, default=()),
            Field("supply", "supply", UNITS, default=(), always=True, what="the supply units expended for it"),
            Field("overrun", "overrun", FLAG, default=False, what="an overrun"),
            Field("target", "target", UNITS, default=(), what="the units attacked where a rule needs them"),
            nested=True, what="a declared attack on LOC")
@dataclass(frozen=True, kw_only=True)
class Attack(Entry):
    """An attack on a LOC: the attackers, the supply spent for it, the units attacked where a rule needs them."""

    hex: str
    attackers: tuple[str, ...]
    supply: tuple[str, ...] = ()
    overrun: bool = False
    target: tuple[str, ...] = ()


@entry_kind("defend", Field("hex", "hex", LOC, required=True),
            Field("supply", "supply", UNITS, default=(), always=True, what="the supply units expended for it"),
            nested=True, what="the defence of an attacked LOC")
@dataclass(frozen=True, kw_only=True)
class Defend(Entry):
    """The defence of an attacked hex, with the supply expended for it."""

    hex: str
    supply: tuple[str, ...] = ()


@entry_kind("mission", Field("side", "side", SIDE, required=True),
            Field("kind", "kind", WORD, required=True, needs="a 'kind' (the mission's word in the game)"),
            Field("units", "units", UNITS, required=True, default=()),
            Field("from", "origin", LOC), Field("target", "target", LOC),
            Field("supply", "supply", UNITS, what="the air supply units spent for it"),
            nested=True, what="an air mission of kind W")
@dataclass(frozen=True, kw_only=True)
class Mission(Entry):
    """An air mission: who flies, from where, to what target, with which air supply."""

    side: str
    kind: str
    units: tuple[str, ...]
    origin: str | None = None
    target: str | None = None
    supply: tuple[str, ...] | None = None


@entry_kind("roll", Field("side", "side", SIDE),
            Field("for", "purpose", WORD, required=True, needs="'for' (the roll's word in the game)",
                  what="what the roll is for: one of the game's rolls (its section below); any other word "
                       "is read, but no check judges the roll and the audit's warnings name it"),
            Field("zone", "zone", LOC), Field("unit", "unit", UNIT, what="the one unit a per-unit roll is for"),
            Field("target", "target", UNITS, default=()),
            Field("result", "dice", DICE, required=True, what="the die as rolled (unmodified)"),
            Field("outcome", "outcome", WORD, what="the outcome claimed"),
            Field("detected", "detected", BOOLEAN, what="the detection claimed"),
            Field("modified", "modified", INTEGER, what="the die as modified"),
            nested=True, what="a die roll")
@dataclass(frozen=True, kw_only=True)
class Roll(Entry):
    """A die roll: who rolled, what for, where, against which units, the dice thrown.

    ``dice`` holds every die thrown at once; the record writes one die as a number
    (``"result": 4``) and several as a list (``"result": [4, 6, 1]``), and
    ``written_as_list`` keeps which, so a record reads back as it was written.
    """

    side: str | None
    purpose: str
    zone: str | None
    target: tuple[str, ...]
    dice: tuple[int, ...]
    written_as_list: bool = False
    unit: str | None = None
    outcome: str | None = None
    detected: bool | None = None
    modified: int | None = None

    @property
    def result(self) -> int:
        """The die of a one-die roll; a roll of several dice gives their sum (what a d6 total reads)."""
        return sum(self.dice)

    @property
    def single(self) -> bool:
        """True when one die was thrown."""
        return len(self.dice) == 1

    def written_fields(self, fields):
        return {**fields, "result": list(self.dice) if self.written_as_list else self.dice[0]}

    @classmethod
    def as_written(cls, body):
        return {"written_as_list": isinstance(body["result"], list)}


def _intercept_check(fields: Mapping[str, Any]) -> tuple[str, str] | None:
    if not fields["naval"] and not fields["air"]:
        return "an intercept names at least one naval or air unit", "naval"
    return None


@entry_kind("intercept", Field("side", "side", SIDE, required=True),
            Field("zone", "zone", LOC, required=True, needs="the 'zone' of the detected force"),
            Field("naval", "naval", UNITS, default=(), always=True),
            Field("air", "air", UNITS, default=(), always=True),
            nested=True, check=_intercept_check, what="interceptors sent after a detection in that zone")
@dataclass(frozen=True, kw_only=True)
class Intercept(Entry):
    """Naval and/or air units intercepting after a detection."""

    side: str
    zone: str
    naval: tuple[str, ...] = ()
    air: tuple[str, ...] = ()


@entry_kind("action", Field("side", "side", SIDE, required=True),
            Field("kind", "kind", WORD, required=True, needs="a 'kind' (the action's word in the game)"),
            Field("units", "units", UNITS, default=()), Field("hex", "hex", LOC),
            nested=True, what="an action begins; it lasts until the next action or the end of the phase")
@dataclass(frozen=True, kw_only=True)
class Action(Entry):
    """An action begins: it lasts until the next action or the phase's end."""

    side: str
    kind: str
    units: tuple[str, ...] = ()
    hex: str | None = None


@entry_kind("vp", Field("side", "side", SIDE, required=True),
            Field("add", "add", INTEGER, required=True, what="a whole number of victory points"),
            Field("for", "reason", UNITS_OR_KEY,
                  what="the enemy units whose elimination scores, a special reinforcement's key, "
                       "or the place whose control scores"),
            Field("roll", "roll", INTEGER, what="the die of a variable award"),
            nested=True, what="N victory points to S")
@dataclass(frozen=True, kw_only=True)
class VictoryPoints(Entry):
    """Victory points awarded: to which side, how many, for what, and the die of a variable award.

    ``reason`` is the eliminated enemy units that score (:attr:`for_units`) or a special
    reinforcement's key or the LOC whose control scores (:attr:`for_key`).
    """

    side: str
    add: int
    reason: tuple[str, ...] | str | None = None
    roll: int | None = None

    @property
    def for_units(self) -> tuple[str, ...]:
        return self.reason if isinstance(self.reason, tuple) else ()

    @property
    def for_key(self) -> str | None:
        return self.reason if isinstance(self.reason, str) else None


@entry_kind("mark", Field("mark", "unit", UNIT, required=True),
            Field("as", "status", WORD, required=True, needs="'as' (the status, e.g. \"out-of-supply\")"),
            example='{"mark": U, "as": M}', what="U gets status M (`disrupted`, `out-of-supply`)")
@dataclass(frozen=True, kw_only=True)
class Mark(Entry):
    """A unit gets a status (``disrupted``, ``out-of-supply``)."""

    unit: str
    status: str


@entry_kind("unmark", Field("unmark", "unit", UNIT, required=True),
            Field("as", "status", WORD, required=True, needs="'as' (the status, e.g. \"out-of-supply\")"),
            example='{"unmark": U, "as": M}', what="U loses status M")
@dataclass(frozen=True, kw_only=True)
class Unmark(Entry):
    """A unit loses a status it was marked with."""

    unit: str
    status: str


@entry_kind("end", Field("end", "phase", PHASE, required=True), what="phase P ends (must be the current phase)")
@dataclass(frozen=True, kw_only=True)
class End(Entry):
    """The end of a phase."""

    phase: str


#: The record format's own entries (a game adds its own through its pack: :class:`RecordGame`).
ENTRY_KINDS: tuple[EntryKind, ...] = tuple(cls.KIND for cls in (
    PhaseStart, Place, Move, Steps, Remove, Control, Hits, Weather, Attack, Defend, Mission, Roll, Intercept,
    Action, VictoryPoints, Mark, Unmark, End))
KIND_BY_KEY: Mapping[str, EntryKind] = {kind.key: kind for kind in ENTRY_KINDS}


@dataclass
class Record:
    """A whole game record: the game, the units and the entries in order."""

    game: str
    units: dict[str, Unit]
    entries: list[Entry]
    source: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # What the reader read otherwise than written (``place 'Honefoss' read as ... 'Hønefoss'``):
    # said in every report, never written back.
    notes: list[str] = field(default_factory=list, compare=False)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "game": self.game}
        out.update(self.extra)
        out["units"] = {uid: unit.to_dict() for uid, unit in self.units.items()}
        out["entries"] = [entry.to_dict() for entry in self.entries]
        return out

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text; loading it again gives an equal record."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False) + "\n"
