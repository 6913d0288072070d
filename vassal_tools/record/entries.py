"""What a record holds: its units, its entries in order (one class per kind) and the Record."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .format_words import FORMAT


class Catalogue(Protocol):
    """What a rule pack tells the record reader about its game."""

    game: str

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        """The attributes of a unit of the game's data, in record vocabulary, or None."""

    def location(self, loc: str) -> str | None:
        """The canonical spelling of a LOC of this game, or None if it is not one."""

    def unit_ids(self) -> list[str]:
        """Every unit of the game's data, in the data's order (what a mapping is drafted against)."""


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
    """An attack on a LOC: the attackers, the supply spent for it, the units attacked where a rule needs them."""

    hex: str
    attackers: tuple[str, ...]
    supply: tuple[str, ...] = ()
    overrun: bool = False
    target: tuple[str, ...] = ()
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "attack"

    def body(self):
        inner = {"hex": self.hex, "attackers": list(self.attackers), "supply": list(self.supply)}
        if self.overrun:
            inner["overrun"] = True
        if self.target:
            inner["target"] = list(self.target)
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
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "roll"

    @property
    def result(self) -> int:
        """The die of a one-die roll; a roll of several dice gives their sum (what a d6 total reads)."""
        return sum(self.dice)

    @property
    def single(self) -> bool:
        """True when one die was thrown."""
        return len(self.dice) == 1

    def body(self):
        inner = _drop_none({"side": self.side, "for": self.purpose, "zone": self.zone, "unit": self.unit})
        if self.target:
            inner["target"] = list(self.target)
        inner["result"] = list(self.dice) if self.written_as_list else self.dice[0]
        inner.update(_drop_none({"outcome": self.outcome, "detected": self.detected, "modified": self.modified}))
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
class Action(Entry):
    """An action begins (narvik-1940, norway-1940): it lasts until the next action or the phase's end."""

    side: str
    kind: str
    units: tuple[str, ...] = ()
    hex: str | None = None
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "action"

    def body(self):
        inner = _drop_none({"side": self.side, "kind": self.kind, "units": list(self.units) or None,
                            "hex": self.hex})
        inner.update(self.inner)
        return {"action": inner}


@dataclass(frozen=True, kw_only=True)
class Reveal(Entry):
    """Units of the enemy of side ``to`` are shown to that side (narvik-1940 fog of war)."""

    units: tuple[str, ...]
    to: str
    KEY = "reveal"

    def body(self):
        return {"reveal": {"units": list(self.units), "to": self.to}}


@dataclass(frozen=True, kw_only=True)
class Card(Entry):
    """A card played (kampen-om-norge): by whom, which card, where it acts, how, and on which units."""

    side: str
    name: str
    zone: str | None = None
    use: str | None = None
    units: tuple[str, ...] = ()
    symbols: int | None = None
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "card"

    def body(self):
        inner = _drop_none({"side": self.side, "name": self.name, "zone": self.zone, "use": self.use,
                            "units": list(self.units) or None, "symbols": self.symbols})
        inner.update(self.inner)
        return {"card": inner}


@dataclass(frozen=True, kw_only=True)
class VictoryPoints(Entry):
    """Victory points awarded (norway-1940): to which side, how many, for what, and the die of a variable award.

    ``for_units`` are the eliminated enemy units that score; ``for_key`` a special
    reinforcement's key or the LOC whose control scores (one of the two is given).
    """

    side: str
    add: int
    for_units: tuple[str, ...] = ()
    for_key: str | None = None
    roll: int | None = None
    inner: Mapping[str, Any] = field(default_factory=dict)
    KEY = "vp"

    def body(self) -> dict[str, Any]:
        inner: dict[str, Any] = {"side": self.side, "add": self.add}
        if self.for_units:
            inner["for"] = list(self.for_units)
        elif self.for_key is not None:
            inner["for"] = self.for_key
        if self.roll is not None:
            inner["roll"] = self.roll
        inner.update(self.inner)
        return {"vp": inner}


@dataclass(frozen=True, kw_only=True)
class Mark(Entry):
    """A unit gets a status (``disrupted``, ``out-of-supply``)."""

    unit: str
    status: str
    KEY = "mark"

    def body(self):
        return {"mark": self.unit, "as": self.status}


@dataclass(frozen=True, kw_only=True)
class Unmark(Entry):
    """A unit loses a status it was marked with."""

    unit: str
    status: str
    KEY = "unmark"

    def body(self):
        return {"unmark": self.unit, "as": self.status}


@dataclass(frozen=True, kw_only=True)
class End(Entry):
    """The end of a phase."""

    phase: str
    KEY = "end"

    def body(self):
        return {"end": self.phase}


ENTRY_KINDS = (PhaseStart, Place, Move, Steps, Remove, Control, Hits, Weather,
               Attack, Defend, Mission, Roll, Intercept, Action, Reveal, Card, VictoryPoints, Mark, Unmark, End)
KIND_BY_KEY = {kind.KEY: kind for kind in ENTRY_KINDS}


def _drop_none(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None}



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


