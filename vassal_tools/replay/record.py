"""The game record: what happened in a game, as JSON a person can also write by hand.

A record (``"format": "vassal-tools/record@1"``) is the interchange between VASSAL
logs and the rules checks: the replay code writes records from logs, players may
write them from an e-mail game, and the rules read nothing else. The format is
documented for people in ``docs/record-format.md``.

:func:`load_record` reads one and checks it completely before anything uses it:
a record that is not well formed raises ONE :class:`~vassal_tools.errors.BadInput`
naming the file, the entry index (and log step) and the field at fault. Whether the
game it describes keeps the rules is not this module's business; that is the
audit's (``vassal_tools.rules``).

Units are resolved here: ``{"ref": ID}`` takes a unit's attributes from the game's
data (through the rule pack's catalogue), inline attributes override them.
Unknown extra keys, on the record, a unit or an entry, are kept and written back.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Protocol

from ..errors import BadInput

FORMAT = "vassal-tools/record@1"

#: The phases of a game turn, in the order of play (invasion-norway.txt 2.0).
PHASES = (
    "weather",
    "reinforcement",
    "allied-naval-detection",
    "german-naval-detection",
    "allied-naval-movement",
    "german-naval-movement",
    "german-land-movement",
    "german-air-missions",
    "german-ops-allied-air-missions",
    "german-land-combat",
    "german-motorized-movement",
    "norwegian-surrender",
    "allied-land-movement",
    "allied-air-missions",
    "allied-ops-german-air-missions",
    "allied-land-combat",
    "allied-motorized-movement",
    "norwegian-mobilization",
    "repair",
)
SIDES = ("german", "allied")
UNIT_CLASSES = ("land", "naval", "air", "supply", "marker")
SIZES = ("platoon", "company", "battery", "battalion", "regiment", "brigade", "division")
WEATHER = ("clear", "cloudy", "foul", "stormy")
SECTIONS = ("north", "central", "south")

_TURN = re.compile(r"^\s*([A-Za-z]+)\s*#\s*(\d+)\s*$")
_MONTHS = {"march": 3, "april": 4, "may": 5, "june": 6, "july": 7}


class Catalogue(Protocol):
    """What a rule pack tells the record reader about its game."""

    game: str

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        """The attributes of a unit of the game's data, in record vocabulary, or None."""

    def location(self, loc: str) -> str | None:
        """The canonical spelling of a LOC of this game, or None if it is not one."""


@dataclass
class Unit:
    """One unit of the record, its attributes resolved (``attrs`` holds the rest)."""

    id: str
    side: str
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


# ------------------------------------------------------------------ entries


@dataclass(frozen=True, kw_only=True)
class Entry:
    """One thing that happened; ``index`` is its place in ``entries``, ``step`` the log step."""

    index: int
    step: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    KEY = ""  # the key that tells this kind of entry

    def body(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        out = self.body()
        if self.step is not None:
            out["step"] = self.step
        out.update(self.extra)
        return out


@dataclass(frozen=True, kw_only=True)
class PhaseStart(Entry):
    """``{"turn": T, "phase": P}``: what follows happens in phase P of turn T."""

    turn: str
    phase: str
    turn_given: bool = True
    KEY = "phase"

    def body(self):
        return {"turn": self.turn, "phase": self.phase} if self.turn_given else {"phase": self.phase}


@dataclass(frozen=True, kw_only=True)
class Place(Entry):
    """A unit is at LOC without having moved there (set-up, arrival, snapshot)."""

    unit: str
    at: str
    stack: str | None = None
    KEY = "place"

    def body(self):
        return _drop_none({"place": self.unit, "at": self.at, "stack": self.stack})


@dataclass(frozen=True, kw_only=True)
class Move(Entry):
    """A unit moves to LOC."""

    unit: str
    to: str
    stack: str | None = None
    KEY = "move"

    def body(self):
        return _drop_none({"move": self.unit, "to": self.to, "stack": self.stack})


@dataclass(frozen=True, kw_only=True)
class Steps(Entry):
    """A unit now has N steps (points, for air and naval point units)."""

    unit: str
    to: int
    KEY = "steps"

    def body(self):
        return {"steps": self.unit, "to": self.to}


@dataclass(frozen=True, kw_only=True)
class Remove(Entry):
    """A unit leaves play (eliminated, surrendered, withdrawn, expended)."""

    unit: str
    KEY = "remove"

    def body(self):
        return {"remove": self.unit}


@dataclass(frozen=True, kw_only=True)
class Control(Entry):
    """A hex (or box) is now controlled by a side."""

    hex: str
    side: str
    KEY = "control"

    def body(self):
        return {"control": self.hex, "side": self.side}


@dataclass(frozen=True, kw_only=True)
class Hits(Entry):
    """An installation at LOC now has N hits."""

    loc: str
    to: int
    KEY = "hits"

    def body(self):
        return {"hits": self.loc, "to": self.to}


@dataclass(frozen=True, kw_only=True)
class Weather(Entry):
    """The weather of some or all of the three sections."""

    sections: Mapping[str, str]
    KEY = "weather"

    def body(self):
        return {"weather": dict(self.sections)}


@dataclass(frozen=True, kw_only=True)
class Attack(Entry):
    """A declared land attack on a hex, with the SPs expended for it."""

    hex: str
    attackers: tuple[str, ...]
    supply: tuple[str, ...] = ()
    overrun: bool = False
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "attack"

    def body(self):
        inner = {"hex": self.hex, "attackers": list(self.attackers), "supply": list(self.supply)}
        if self.overrun:
            inner["overrun"] = True
        inner.update(self.inner)
        return {"attack": inner}


@dataclass(frozen=True, kw_only=True)
class Defend(Entry):
    """The defence of an attacked hex, with the SP expended for it."""

    hex: str
    supply: tuple[str, ...] = ()
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "defend"

    def body(self):
        inner = {"hex": self.hex, "supply": list(self.supply)}
        inner.update(self.inner)
        return {"defend": inner}


@dataclass(frozen=True, kw_only=True)
class Mission(Entry):
    """An air mission: who flies, from where, to what target, with which ASPs."""

    side: str
    kind: str
    units: tuple[str, ...]
    origin: str | None = None
    target: str | None = None
    supply: tuple[str, ...] | None = None
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "mission"

    def body(self):
        inner = _drop_none({"side": self.side, "kind": self.kind, "units": list(self.units),
                            "from": self.origin, "target": self.target})
        if self.supply is not None:
            inner["supply"] = list(self.supply)
        inner.update(self.inner)
        return {"mission": inner}


@dataclass(frozen=True, kw_only=True)
class Roll(Entry):
    """A die roll: who rolled, what for, where, against which units, the result."""

    side: str | None
    purpose: str
    zone: str | None
    target: tuple[str, ...]
    result: int
    detected: bool | None = None
    modified: int | None = None
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "roll"

    def body(self):
        inner = _drop_none({"side": self.side, "for": self.purpose, "zone": self.zone})
        if self.target:
            inner["target"] = list(self.target)
        inner["result"] = self.result
        inner.update(_drop_none({"detected": self.detected, "modified": self.modified}))
        inner.update(self.inner)
        return {"roll": inner}


@dataclass(frozen=True, kw_only=True)
class Intercept(Entry):
    """Naval and/or air units intercepting after a detection."""

    side: str
    zone: str
    naval: tuple[str, ...] = ()
    air: tuple[str, ...] = ()
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "intercept"

    def body(self):
        inner = {"side": self.side, "zone": self.zone, "naval": list(self.naval), "air": list(self.air)}
        inner.update(self.inner)
        return {"intercept": inner}


@dataclass(frozen=True, kw_only=True)
class End(Entry):
    """The end of a phase."""

    phase: str
    KEY = "end"

    def body(self):
        return {"end": self.phase}


ENTRY_KINDS = (PhaseStart, Place, Move, Steps, Remove, Control, Hits, Weather,
               Attack, Defend, Mission, Roll, Intercept, End)
_BY_KEY = {kind.KEY: kind for kind in ENTRY_KINDS}


def _drop_none(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None}


# ------------------------------------------------------------------ record


@dataclass
class Record:
    """A whole game record: the rule pack, the units and the entries in order."""

    game: str
    units: dict[str, Unit]
    entries: list[Entry]
    source: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "game": self.game}
        out.update(self.extra)
        out["units"] = {uid: unit.to_dict() for uid, unit in self.units.items()}
        out["entries"] = [entry.to_dict() for entry in self.entries]
        return out

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text; loading it again gives an equal record."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False) + "\n"


def turn_order(turn: str) -> tuple[int, int]:
    """A sortable key of a turn name such as ``"April #5"`` (month, number)."""
    m = _TURN.match(turn)
    if not m or m.group(1).lower() not in _MONTHS:
        raise ValueError(f"not a turn: {turn!r}")
    return _MONTHS[m.group(1).lower()], int(m.group(2))


def canonical_turn(turn: str) -> str:
    m = _TURN.match(turn)
    assert m
    return f"{m.group(1).capitalize()} #{int(m.group(2))}"


def load_record(source: str | os.PathLike | Mapping[str, Any], catalogue: Catalogue | None = None) -> Record:
    """Read and check a record from a file path or an already parsed dict.

    ``catalogue`` resolves unit refs and LOCs; by default it is the catalogue of the
    rule pack the record's ``"game"`` names. Raises BadInput on the first fault.
    """
    if isinstance(source, Mapping):
        name, data = "<record>", source
    else:
        name, data = os.fspath(source), _read_json(source)
    return _Reader(name, catalogue).read(data)


def write_record(record: Record, path: str | os.PathLike) -> Path:
    """Write a record as JSON, atomically (a crash leaves the old file whole)."""
    from ..formats.archive import atomic_write

    return atomic_write(path, record.to_json().encode("utf-8"))


def _read_json(path: str | os.PathLike) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except UnicodeDecodeError as err:
        raise BadInput(path, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    except OSError as err:
        raise BadInput(path, f"cannot read: {err.strerror or err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInput(path, f"not JSON: {err.msg}", f"line {err.lineno} column {err.colno}") from None


def _default_catalogue(game: str) -> Catalogue | None:
    from ..rules import pack_for  # the rules know the games; imported late to avoid a cycle

    pack = pack_for(game)
    return pack.catalogue if pack is not None else None


class _Reader:
    """Checks one record, keeping the file name for its error messages."""

    def __init__(self, source: str, catalogue: Catalogue | None):
        self.source = source
        self.catalogue = catalogue
        self.units: dict[str, Unit] = {}

    def fail(self, what: str, where: str = "") -> BadInput:
        return BadInput(self.source, what, where)

    def read(self, data: Any) -> Record:
        if not isinstance(data, Mapping):
            raise self.fail("a record is a JSON object")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise self.fail(f"format is {fmt!r}, expected {FORMAT!r}", "field 'format'")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise self.fail("'game' must name a rule pack, e.g. \"invasion-norway\"", "field 'game'")
        if self.catalogue is None:
            self.catalogue = _default_catalogue(game)
            if self.catalogue is None:
                raise self.fail(f"unknown game {game!r} (no rule pack of that id)", "field 'game'")
        units = data.get("units", {})
        if not isinstance(units, Mapping):
            raise self.fail("'units' must be an object of unit id to attributes", "field 'units'")
        for uid, spec in units.items():
            self.units[uid] = self.read_unit(uid, spec, f"units[{uid!r}]")
        entries = data.get("entries")
        if not isinstance(entries, list):
            raise self.fail("'entries' must be a list", "field 'entries'")
        parsed = self.read_entries(entries)
        extra = {k: v for k, v in data.items() if k not in ("format", "game", "units", "entries")}
        return Record(game, self.units, parsed, self.source, extra)

    # -- units

    def read_unit(self, uid: str, spec: Any, where: str) -> Unit:
        if not isinstance(spec, Mapping):
            raise self.fail("a unit is an object ({\"ref\": ID} or inline attributes)", where)
        attrs: dict[str, Any] = {}
        ref = spec.get("ref")
        if ref is not None:
            if not isinstance(ref, str):
                raise self.fail("'ref' must be a unit id of the game's data", f"{where}.ref")
            known = self.catalogue.unit(ref)
            if known is None:
                raise self.fail(f"unknown unit {ref!r} in the {self.catalogue.game} data", f"{where}.ref")
            attrs.update(known)
        inline = {k: v for k, v in spec.items() if k != "ref"}
        attrs.update(inline)
        return self.build_unit(uid, attrs, ref, inline, where)

    def build_unit(self, uid: str, attrs: dict[str, Any], ref: str | None, inline: dict, where: str) -> Unit:
        cls = _lower(attrs.pop("class", None))
        if cls not in UNIT_CLASSES:
            raise self.fail(f"'class' is {cls!r}, expected one of {', '.join(UNIT_CLASSES)}", f"{where}.class")
        nationality = _lower(attrs.pop("nationality", None))
        side = _lower(attrs.pop("side", None))
        if side is None and nationality is not None:
            side = "german" if nationality.startswith("german") else "allied"
        if side not in SIDES:
            raise self.fail(f"'side' is {side!r}, expected german or allied", f"{where}.side")
        size = _lower(attrs.pop("size", None))
        if size is not None and size not in SIZES:
            raise self.fail(f"'size' is {size!r}, expected one of {', '.join(SIZES)}", f"{where}.size")
        counts = {}
        for key in ("steps", "points"):
            value = attrs.pop(key, None)
            if value is not None and not _is_count(value):
                raise self.fail(f"'{key}' must be a whole number >= 0, not {value!r}", f"{where}.{key}")
            counts[key] = value
        text = {}
        for key in ("type", "formation", "leader", "name"):
            value = attrs.pop(key, None)
            if value is not None and not isinstance(value, (str, bool)):
                value = str(value)
            text[key] = value
        return Unit(uid, side, cls, nationality=nationality, size=size, ref=ref, attrs=attrs,
                    inline=inline, **counts, **text)

    def unit_id(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(f"a unit id is a string, not {value!r}", where)
        if value not in self.units:
            known = self.catalogue.unit(value)
            if known is None:
                raise self.fail(f"unknown unit {value!r} (not in 'units' nor in the {self.catalogue.game} data)", where)
            # A unit of the game's data used without a 'units' line: take it as a ref.
            self.units[value] = self.build_unit(value, dict(known), value, {}, where)
        return value

    def unit_list(self, value: Any, where: str, *, required: bool = False) -> tuple[str, ...]:
        if value is None and not required:
            return ()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or (required and not value):
            raise self.fail("expected a list of unit ids" + (" (at least one)" if required else ""), where)
        return tuple(self.unit_id(v, f"{where}[{i}]") for i, v in enumerate(value))

    # -- locations and words

    def loc(self, value: Any, where: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9999:
            value = f"{value:04d}"
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"a LOC is a hex number, a zone or a box, not {value!r}", where)
        canonical = self.record_carrier(value.strip()) or self.catalogue.location(value.strip())
        if canonical is None:
            raise self.fail(f"{value!r} is not a hex, zone, airbase or carrier box of {self.catalogue.game}", where)
        return canonical

    def record_carrier(self, text: str) -> str | None:
        """``carrier:NAME`` for a carrier the record itself defines (by unit id or name)."""
        kind, sep, rest = text.partition(":")
        if not sep or kind.strip().lower() != "carrier":
            return None
        rest = rest.strip()
        for unit in self.units.values():
            if unit.inline and unit.ref is None and str(unit.type or "").upper() == "CV" and rest in (unit.id, unit.name):
                return f"carrier:{unit.name or unit.id}"
        return None

    def side(self, value: Any, where: str) -> str:
        side = _lower(value)
        if side not in SIDES:
            raise self.fail(f"side is {value!r}, expected german or allied", where)
        return side

    def count(self, value: Any, where: str) -> int:
        if not _is_count(value):
            raise self.fail(f"expected a whole number >= 0, not {value!r}", where)
        return value

    def phase(self, value: Any, where: str) -> str:
        phase = _word(value) if isinstance(value, str) else value
        if phase not in PHASES:
            raise self.fail(f"unknown phase {value!r}", where)
        return phase

    # -- entries

    def read_entries(self, entries: list) -> list[Entry]:
        out: list[Entry] = []
        turn: str | None = None
        phase: str | None = None
        for index, raw in enumerate(entries):
            where = f"entry {index}"
            if isinstance(raw, Mapping) and raw.get("step") is not None:
                where += f" (step {raw['step']})"
            if not isinstance(raw, Mapping):
                raise self.fail("an entry is a JSON object", where)
            entry = self.read_entry(index, raw, where, turn)
            if isinstance(entry, PhaseStart):
                turn, phase = entry.turn, entry.phase
            elif isinstance(entry, End):
                if phase is not None and entry.phase != phase:
                    raise self.fail(f"end of {entry.phase!r} but the current phase is {phase!r}", f"{where}, field 'end'")
                phase = None
            out.append(entry)
        return out

    def read_entry(self, index: int, raw: Mapping, where: str, turn: str | None) -> Entry:
        keys = [k for k in raw if k in _BY_KEY]
        if not keys and "turn" in raw:
            raise self.fail("a turn entry also needs a 'phase'", where)
        if len(keys) != 1:
            what = "has none of" if not keys else f"has more than one ({', '.join(keys)}) of"
            raise self.fail(f"entry {what} the keys {', '.join(_BY_KEY)}", where)
        key = keys[0]
        reader = getattr(self, f"_entry_{key}")
        entry_fields, used = reader(raw, where, turn)
        used = set(used) | {key, "step"}
        extra = {k: v for k, v in raw.items() if k not in used}
        return _BY_KEY[key](index=index, step=raw.get("step"), extra=extra, **entry_fields)

    def _entry_phase(self, raw, where, turn):
        phase = self.phase(raw["phase"], f"{where}, field 'phase'")
        given = "turn" in raw
        if given:
            value = raw["turn"]
            try:
                turn_order(value) if isinstance(value, str) else turn_order("")
            except ValueError:
                raise self.fail(f"turn is {value!r}, expected a name like \"April #5\"", f"{where}, field 'turn'") from None
            turn = canonical_turn(value)
        elif turn is None:
            raise self.fail("the first phase entry must say its 'turn' (e.g. \"April #5\")", where)
        return {"turn": turn, "phase": phase, "turn_given": given}, ("turn",)

    def _entry_place(self, raw, where, turn):
        unit = self.unit_id(raw["place"], f"{where}, field 'place'")
        if "at" not in raw:
            raise self.fail("a place entry needs 'at'", where)
        at = self.loc(raw["at"], f"{where}, field 'at'")
        return {"unit": unit, "at": at, "stack": self.stack(raw, where)}, ("at", "stack")

    def _entry_move(self, raw, where, turn):
        unit = self.unit_id(raw["move"], f"{where}, field 'move'")
        if "to" not in raw:
            raise self.fail("a move entry needs 'to'", where)
        to = self.loc(raw["to"], f"{where}, field 'to'")
        return {"unit": unit, "to": to, "stack": self.stack(raw, where)}, ("to", "stack")

    def stack(self, raw, where) -> str | None:
        value = raw.get("stack")
        if value is None:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(f"'stack' is a name, not {value!r}", f"{where}, field 'stack'")
        return value

    def _entry_steps(self, raw, where, turn):
        unit = self.unit_id(raw["steps"], f"{where}, field 'steps'")
        if "to" not in raw:
            raise self.fail("a steps entry needs 'to'", where)
        return {"unit": unit, "to": self.count(raw["to"], f"{where}, field 'to'")}, ("to",)

    def _entry_remove(self, raw, where, turn):
        return {"unit": self.unit_id(raw["remove"], f"{where}, field 'remove'")}, ()

    def _entry_control(self, raw, where, turn):
        hex_ = self.loc(raw["control"], f"{where}, field 'control'")
        if "side" not in raw:
            raise self.fail("a control entry needs 'side'", where)
        return {"hex": hex_, "side": self.side(raw["side"], f"{where}, field 'side'")}, ("side",)

    def _entry_hits(self, raw, where, turn):
        loc = self.loc(raw["hits"], f"{where}, field 'hits'")
        if "to" not in raw:
            raise self.fail("a hits entry needs 'to'", where)
        return {"loc": loc, "to": self.count(raw["to"], f"{where}, field 'to'")}, ("to",)

    def _entry_weather(self, raw, where, turn):
        value = raw["weather"]
        if not isinstance(value, Mapping) or not value:
            raise self.fail("'weather' maps sections (north, central, south) to clear, cloudy, foul or stormy", f"{where}, field 'weather'")
        sections = {}
        for section, state in value.items():
            section = _lower(section)
            if section not in SECTIONS:
                raise self.fail(f"unknown weather section {section!r}", f"{where}, field 'weather.{section}'")
            if _lower(state) not in WEATHER:
                raise self.fail(f"weather is {state!r}, expected one of {', '.join(WEATHER)}", f"{where}, field 'weather.{section}'")
            sections[section] = _lower(state)
        return {"sections": sections}, ()

    def inner(self, raw, key, where) -> Mapping:
        value = raw[key]
        if not isinstance(value, Mapping):
            raise self.fail(f"'{key}' must be an object", f"{where}, field '{key}'")
        return value

    def _entry_attack(self, raw, where, turn):
        inner = self.inner(raw, "attack", where)
        at = f"{where}, field 'attack."
        if "hex" not in inner:
            raise self.fail("an attack needs 'hex'", where)
        out = {
            "hex": self.loc(inner["hex"], at + "hex'"),
            "attackers": self.unit_list(inner.get("attackers"), at + "attackers'", required=True),
            "supply": self.unit_list(inner.get("supply"), at + "supply'"),
            "overrun": bool(inner.get("overrun", False)),
            "inner": {k: v for k, v in inner.items() if k not in ("hex", "attackers", "supply", "overrun")},
        }
        return out, ()

    def _entry_defend(self, raw, where, turn):
        inner = self.inner(raw, "defend", where)
        at = f"{where}, field 'defend."
        if "hex" not in inner:
            raise self.fail("a defend entry needs 'hex'", where)
        out = {
            "hex": self.loc(inner["hex"], at + "hex'"),
            "supply": self.unit_list(inner.get("supply"), at + "supply'"),
            "inner": {k: v for k, v in inner.items() if k not in ("hex", "supply")},
        }
        return out, ()

    def _entry_mission(self, raw, where, turn):
        inner = self.inner(raw, "mission", where)
        at = f"{where}, field 'mission."
        kind = inner.get("kind")
        if not isinstance(kind, str) or not kind.strip():
            raise self.fail("a mission needs a 'kind' (e.g. \"naval-bombing\")", at + "kind'")
        supply = inner.get("supply")
        out = {
            "side": self.side(inner.get("side"), at + "side'"),
            "kind": _word(kind),
            "units": self.unit_list(inner.get("units"), at + "units'", required=True),
            "origin": self.loc(inner["from"], at + "from'") if inner.get("from") is not None else None,
            "target": self.loc(inner["target"], at + "target'") if inner.get("target") is not None else None,
            "supply": self.unit_list(supply, at + "supply'") if supply is not None else None,
            "inner": {k: v for k, v in inner.items() if k not in ("side", "kind", "units", "from", "target", "supply")},
        }
        return out, ()

    def _entry_roll(self, raw, where, turn):
        inner = self.inner(raw, "roll", where)
        at = f"{where}, field 'roll."
        purpose = inner.get("for")
        if not isinstance(purpose, str) or not purpose.strip():
            raise self.fail("a roll needs 'for' (e.g. \"naval-detection\")", at + "for'")
        if "result" not in inner:
            raise self.fail("a roll needs 'result'", where)
        result = inner["result"]
        if not isinstance(result, int) or isinstance(result, bool):
            raise self.fail(f"result must be a whole number, not {result!r}", at + "result'")
        purpose = _word(purpose)
        side = inner.get("side")
        if side is None and purpose in ("naval-detection", "air-detection"):
            raise self.fail("a detection roll needs the 'side' that rolls", at + "side'")
        detected = inner.get("detected")
        if detected is not None and not isinstance(detected, bool):
            raise self.fail(f"'detected' is true or false, not {detected!r}", at + "detected'")
        modified = inner.get("modified")
        if modified is not None and (not isinstance(modified, int) or isinstance(modified, bool)):
            raise self.fail(f"'modified' must be a whole number, not {modified!r}", at + "modified'")
        zone = inner.get("zone")
        out = {
            "side": self.side(side, at + "side'") if side is not None else None,
            "purpose": purpose,
            "zone": self.loc(zone, at + "zone'") if zone is not None else None,
            "target": self.unit_list(inner.get("target"), at + "target'"),
            "result": result,
            "detected": detected,
            "modified": modified,
            "inner": {k: v for k, v in inner.items()
                      if k not in ("side", "for", "zone", "target", "result", "detected", "modified")},
        }
        return out, ()

    def _entry_intercept(self, raw, where, turn):
        inner = self.inner(raw, "intercept", where)
        at = f"{where}, field 'intercept."
        if inner.get("zone") is None:
            raise self.fail("an intercept needs the 'zone' of the detected force", at + "zone'")
        out = {
            "side": self.side(inner.get("side"), at + "side'"),
            "zone": self.loc(inner["zone"], at + "zone'"),
            "naval": self.unit_list(inner.get("naval"), at + "naval'"),
            "air": self.unit_list(inner.get("air"), at + "air'"),
            "inner": {k: v for k, v in inner.items() if k not in ("side", "zone", "naval", "air")},
        }
        if not out["naval"] and not out["air"]:
            raise self.fail("an intercept names at least one naval or air unit", where)
        return out, ()

    def _entry_end(self, raw, where, turn):
        return {"phase": self.phase(raw["end"], f"{where}, field 'end'")}, ()


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _word(value: str) -> str:
    """``"Naval Detection"`` and ``"naval_detection"`` both become ``"naval-detection"``."""
    return re.sub(r"[\s_]+", "-", value.strip().lower())


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def entries_of(record: Record, kinds: Iterable[type]) -> list[Entry]:
    """The record's entries of the given kinds, in order (a convenience for reports)."""
    kinds = tuple(kinds)
    return [e for e in record.entries if isinstance(e, kinds)]
