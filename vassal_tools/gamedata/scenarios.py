"""Scenario files: at-start set-up and where reinforcements arrive."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .gametoml import TomlDoc
from .records import Placement, Scenario, Unit, Withdrawal
from .sources import citations
from .terms import UNIT_CLASSES


def read_scenario(path: Path, units: Mapping[str, Unit], turns: tuple[str, ...],
                   is_location: Callable[[str], bool]) -> Scenario:
    """A scenario file: its set-up, and its turns' share of the units' schedules.

    Reinforcements and withdrawals are the ``reinforcement`` and ``withdrawal`` turns
    of units.csv that fall within the scenario; ``[[arrivals]]`` rules say where each
    side's reinforcements of each class enter (4.1).
    """
    doc = TomlDoc(path)
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


def _setup(doc: TomlDoc, units: Mapping[str, Unit], is_location: Callable[[str], bool]) -> tuple[Placement, ...]:
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


def _arrival_rules(doc: TomlDoc, is_location: Callable[[str], bool]) -> list[_ArrivalRule]:
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


