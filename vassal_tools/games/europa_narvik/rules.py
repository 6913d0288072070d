"""The engine hooks of the Europa Narvik pack: which player turn and phase it is, and the checks that see them.

A phase id is the phasing side and the phase (``german-air``; 5); the checks get the phase's start
and end and every entry before and after the engine applies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...record import Control, Entry, Mark, Move, Place, Remove, Unmark
from ...record.entries import Unit
from ...rules import engine
from ...rules.engine import Audit, Checks
from ...rules.position import UnitState
from .catalogue import is_hex

if TYPE_CHECKING:
    from . import EuropaNarvik


def cite(config: Mapping[str, Any], rule: str) -> str:
    """A finding's citation: ``europa-narvik.txt 8A``."""
    return f"{config['rulebook']} {rule}"


def phasing(audit: Audit) -> tuple[str | None, str | None]:
    """(side, phase kind) of the current phase: ``german-air`` -> (german, air); the set-up -> (None, None)."""
    phase = audit.position.phase
    if phase is None:
        return None, None
    side, _, kind = phase.partition("-")
    return side, kind


def hex_loc(loc: str | None) -> str | None:
    """The hex of a hex LOC or of an ``airbase:HEX`` box; None for any other LOC."""
    if loc is not None and loc.startswith("airbase:"):
        loc = loc[len("airbase:"):]
    return loc if is_hex(loc) else None


def is_ground(unit: Unit) -> bool:
    """A ground unit that takes a hex (7): not a truck, which belongs to whoever has ground units there (21)."""
    return unit.unit_class == "land" and unit.type != "truck"


class Check(engine.Check):
    """One rule of the pack; the hooks default to nothing."""

    def __init__(self, rules: EuropaRules):
        self.rules = rules
        self.pack = rules.pack
        self.cfg = rules.pack.config

    def rule(self, number: str) -> str:
        return cite(self.cfg, number)


class EuropaRules(Checks):
    """Fresh per audit: the statuses the record marks (disrupted, out-of-supply) and the checks in order."""

    def __init__(self, pack: EuropaNarvik, checks: tuple[type[Check], ...]):
        self.pack = pack
        self.marks: dict[str, set[str]] = {}
        # 7: "A mobilization center, airfield, port, or city belongs to the last player to occupy its hex with
        # a ground unit. If both players have a ground unit occupying such a hex, then it belongs to the last
        # player whose ground unit solely occupied the hex." Hex (XXYY or MAP:XXYY) -> side; a hex no ground
        # unit of the record has held is unknown (a record that starts mid-game does not show it).
        self.control: dict[str, str] = {}
        super().__init__(check(self) for check in checks)

    def controller(self, loc: str | None) -> str | None:
        """The side a hex (or ``airbase:HEX``) belongs to by 7, or None when the record does not show it."""
        hex_ = hex_loc(loc)
        return self.control.get(hex_) if hex_ is not None else None

    def occupy(self, audit: Audit, loc: str | None) -> None:
        """7: the hex belongs to the side whose ground units alone are in it now, if one side's are."""
        if not is_hex(loc) or loc is None:
            return
        sides = {audit.units[u].side for u in audit.position.at(loc) if is_ground(audit.units[u])}
        if len(sides) == 1:
            side = next(iter(sides))
            if side is not None:
                self.control[loc] = side

    def marked(self, unit: str, status: str) -> bool:
        return status in self.marks.get(unit, set())

    def hex_of(self, audit: Audit, unit: str) -> str | None:
        """The hex a unit is in: its own, or its HQ's when absorbed (8C1: in the HQ's hex for all else)."""
        loc = audit.position.loc(unit)
        seen: set[str] = set()
        while loc is not None and loc.startswith("hq:") and loc not in seen:
            seen.add(loc)
            hq = self.hq_unit(audit, loc[3:])
            loc = audit.position.loc(hq) if hq is not None else None
        return loc if is_hex(loc) else None

    def hq_unit(self, audit: Audit, name: str) -> str | None:
        """The HQ an ``hq:`` box names, by unit id or name."""
        if name in audit.units:
            return name
        return next((uid for uid, u in audit.units.items() if (u.name or "").lower() == name.lower()), None)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, (Place, Move)) and is_ground(audit.units[entry.unit]):
            self.occupy(audit, entry.at if isinstance(entry, Place) else entry.to)
            self.occupy(audit, previous.loc if previous is not None else None)
        elif isinstance(entry, Remove) and previous is not None:
            self.occupy(audit, previous.loc)
        elif isinstance(entry, Control) and hex_loc(entry.hex):
            self.control[hex_loc(entry.hex) or ""] = entry.side
        if isinstance(entry, Mark):
            self.marks.setdefault(entry.unit, set()).add(entry.status)
        elif isinstance(entry, Unmark):
            self.marks.get(entry.unit, set()).discard(entry.status)
        super().after(audit, entry, previous)
