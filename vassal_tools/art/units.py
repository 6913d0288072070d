"""What a counter shows, read from one unit of the game data (units.csv).

Renderers accept a unit as a csv.DictReader row, a ``gamedata.Unit`` record, or any
mapping / dataclass / object with the units.csv column names (README of
module_src/invasion_norway). :func:`counter_data` normalises it once into
:class:`CounterData`, so painters never care which one they got.

Factors are columns (``attack``, ``naval_attack``, ``sma`` ...); the reverse side's are
the ``r_``-prefixed columns, and a column without an ``r_`` value prints the same on both
sides (an air unit's bombing factors). ``back`` says what the reverse is (``reduced``,
``damaged``, ``one point``, a marker's back text ...); empty means no reverse.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from ..gamedata.terms import UNIT_CLASSES

SIDES = ("front", "back")
KINDS = UNIT_CLASSES  # the counter kinds are the unit classes
_TRUE = {"yes", "true", "1", "y", "t"}

# field -> accepted column names, in order of preference.
FIELDS: dict[str, tuple[str, ...]] = {
    "id": ("id",),
    "kind": ("class", "unit_class", "kind"),
    "name": ("name",),
    "side": ("side",),
    "nationality": ("nationality",),
    "formation": ("formation",),
    "type": ("type",),
    "size": ("size",),
    "move_class": ("move_class",),
    "back": ("back",),
}


@dataclass(frozen=True)
class CounterData:
    """One counter, normalised; ``fields`` keeps every column as text (for factors and cache keys)."""

    id: str
    kind: str
    name: str
    side: str
    nationality: str
    formation: str
    type: str
    size: str
    move_class: str
    steps: int  # steps (land) or points (naval points, air) on the front; 1 when not given
    back: str
    fields: dict[str, str]

    @property
    def has_back(self) -> bool:
        """Whether the counter has a printed reverse."""
        return bool(self.back)

    def value(self, column: str, side: str) -> str:
        """A factor as printed on ``side``: ``r_<column>`` on the back when given."""
        if side == "back" and self.has_back:
            reverse = self.fields.get(f"r_{column}", "")
            if reverse != "":
                return reverse
        return self.fields.get(column, "")

    def flag(self, column: str) -> bool:
        """A yes/no column (torpedo, night_bomber, carrier, seaplane)."""
        return self.fields.get(column, "").lower() in _TRUE

    def steps_on(self, side: str) -> int:
        """Steps or points the counter stands for with ``side`` face up."""
        if side == "back" and self.has_back and self.steps >= 2:
            return self.steps - 1
        return self.steps


def _row(unit: Any) -> dict[str, Any]:
    if isinstance(unit, Mapping):
        return dict(unit)
    if dataclasses.is_dataclass(unit) and not isinstance(unit, type):
        return {f.name: getattr(unit, f.name) for f in dataclasses.fields(unit)}
    if hasattr(unit, "_asdict"):
        return dict(unit._asdict())
    if hasattr(unit, "__dict__"):
        return dict(vars(unit))
    raise TypeError(f"cannot read a unit from {type(unit).__name__}")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (list, tuple)):
        return " ".join(_text(v) for v in value)
    return str(value).strip()


def counter_data(unit: Any, source: str = "units.csv") -> CounterData:
    """Normalise a unit; BadInput (naming ``source`` and the unit) if it cannot be drawn."""
    if isinstance(unit, CounterData):
        return unit
    fields = {str(k): _text(v) for k, v in _row(unit).items()}
    values = {name: next((fields[c] for c in columns if fields.get(c)), "") for name, columns in FIELDS.items()}
    where = f"unit {values['id'] or values['name'] or '?'}"
    if not values["id"]:
        raise BadInput(source, "unit has no id", where)
    kind = values["kind"].lower()
    if kind not in KINDS:
        raise BadInput(source, f"class must be one of {', '.join(KINDS)}, not {values['kind']!r}", where)
    return CounterData(
        id=values["id"],
        kind=kind,
        name=values["name"],
        side=values["side"],
        nationality=values["nationality"],
        formation=values["formation"],
        type=values["type"],
        size=values["size"],
        move_class=values["move_class"].lower(),
        steps=_count(fields, source, where),
        back=values["back"],
        fields=fields,
    )


def _count(fields: dict[str, str], source: str, where: str) -> int:
    for column in ("steps", "points"):
        value = fields.get(column, "")
        if value:
            if not re.fullmatch(r"\d+", value) or int(value) < 1:
                raise BadInput(source, f"{column} must be a whole number of at least 1, not {value!r}", where)
            return int(value)
    return 1
