"""The audit engine: walk a record entry by entry, keep the Position, let a rule pack check.

The engine is game-independent. It applies what every game shares (units placed,
moved, reduced, removed; control, hits, weather, turn and phase) and calls the
game's :class:`Checks` (its :class:`Check` s composed) at the moments rules are judged:

* ``start_phase`` / ``end_phase``: a phase begins, or ends (at its ``end`` entry,
  at the next phase entry, or at the end of the record, whichever comes first;
  once per phase). Entries before the first phase entry form the set-up, a
  phase whose ``position.phase`` is None, judged as of the record's first turn;
* ``before(entry)`` with the position as it was, and ``after(entry, previous)``
  with the position updated (``previous`` is the unit's state before a place,
  move, steps or remove entry).

Checks report through :meth:`Audit.report`, which stamps the entry, step, turn and
phase on each finding.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import TypeVar

from ..record import (
    Control,
    End,
    Entry,
    Hits,
    Move,
    PhaseStart,
    Place,
    Record,
    Remove,
    Steps,
    Weather,
)
from .findings import Finding
from .position import Position, UnitState

Key = TypeVar("Key", bound=Hashable)  # what a state check names its violations by
HOOKS = ("start_phase", "end_phase", "before", "after")


class Check:
    """One family of rules of a game: the hooks it overrides are the moments it judges; the others
    do nothing."""

    def start_phase(self, audit: Audit) -> None:
        pass

    def end_phase(self, audit: Audit) -> None:
        pass

    def before(self, audit: Audit, entry: Entry) -> None:
        pass

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        pass


def judges_at(check: Check, hook: str) -> bool:
    """Whether a check overrides the hook (judges at that moment)."""
    return getattr(type(check), hook) is not getattr(Check, hook)


class Checks(Check):
    """A game's rules for one audit, as the engine walks with them: its checks composed, in order.

    Each hook goes to the checks that judge at it. What the audit says it checked is counted here,
    the same way for every game: ``families``, the checks composed; ``checks_made``, each check
    judging an entry (before and/or after the engine applies it: once) or a phase's end.
    A game's composite may subclass this to keep what its checks share and add moments of its own.
    """

    def __init__(self, checks: Iterable[Check]):
        self.checks = list(checks)
        self.hooked = {hook: [c for c in self.checks if judges_at(c, hook)] for hook in HOOKS}
        self.entry_judges = sum(1 for c in self.checks if judges_at(c, "before") or judges_at(c, "after"))
        self.checks_made = 0

    @property
    def families(self) -> int:
        """The families of rules the audit judged by: the checks composed."""
        return len(self.checks)

    def start_phase(self, audit: Audit) -> None:
        for check in self.hooked["start_phase"]:
            check.start_phase(audit)

    def end_phase(self, audit: Audit) -> None:
        self.checks_made += len(self.hooked["end_phase"])
        for check in self.hooked["end_phase"]:
            check.end_phase(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        self.checks_made += self.entry_judges
        for check in self.hooked["before"]:
            check.before(audit, entry)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        for check in self.hooked["after"]:
            check.after(audit, entry, previous)


class Audit:
    """One walk through one record with one pack's rules."""

    def __init__(self, record: Record, rules: Checks):
        self.record = record
        self.rules = rules
        self.position = Position(record.units)
        self.findings: list[Finding] = []
        self.entry: Entry | None = None
        self._phase_open = False
        self._standing: dict[Hashable, set[Hashable]] = {}

    @property
    def units(self):
        return self.record.units

    def run(self) -> list[Finding]:
        # Entries before the first phase entry are the set-up: a phase of its own (phase None),
        # the position at the start of the record's first turn. It is judged as of that turn,
        # by no phase's rules: a scenario sets up what its turn allows.
        self.position.turn = next((e.turn for e in self.record.entries if isinstance(e, PhaseStart)), None)
        self._phase_open = True
        self.rules.start_phase(self)
        for entry in self.record.entries:
            self.entry = entry
            self.step(entry)
        self.entry = None
        self.close_phase()
        return self.findings

    def step(self, entry: Entry) -> None:
        if isinstance(entry, PhaseStart):
            self.close_phase()
            self.position.turn, self.position.phase = entry.turn, entry.phase
            self.position.moved = set()
            self._phase_open = True
            self.rules.start_phase(self)
            return
        if isinstance(entry, End):
            if not self._phase_open:  # an end with no phase entry before it
                self.position.phase = entry.phase
                self._phase_open = True
                self.rules.start_phase(self)
            self.close_phase()
            return
        self.rules.before(self, entry)
        previous = self.apply(entry)
        self.rules.after(self, entry, previous)

    def close_phase(self) -> None:
        if self._phase_open:
            self._phase_open = False
            self.rules.end_phase(self)

    def apply(self, entry: Entry) -> UnitState | None:
        """Update the position; return the unit's state before a unit entry."""
        pos = self.position
        if isinstance(entry, (Place, Move, Steps, Remove)):
            previous = replace(pos.state[entry.unit]) if entry.unit in pos.state else UnitState()
            if isinstance(entry, Place):
                pos.put(entry.unit, entry.at, entry.stack)
            elif isinstance(entry, Move):
                pos.put(entry.unit, entry.to, entry.stack, moved=True)
            elif isinstance(entry, Steps):
                pos.set_strength(entry.unit, entry.to)
            else:
                pos.remove(entry.unit)
            return previous
        if isinstance(entry, Control):
            pos.control[entry.hex] = entry.side
        elif isinstance(entry, Hits):
            pos.hits[entry.loc] = entry.to
        elif isinstance(entry, Weather):
            pos.weather.update(entry.sections)
        return None

    # -- reporting

    def report(self, rule: str, message: str, *, where: str | None = None, units: Iterable[str] = (),
               excess: float | int | None = None, samples: Iterable[str] = (), entry: Entry | None = None) -> Finding:
        """Record a finding at the current entry (or ``entry``), turn and phase."""
        at = entry if entry is not None else self.entry
        if isinstance(excess, float) and excess.is_integer():
            excess = int(excess)
        finding = Finding(
            rule=rule, message=message,
            entry=at.index if at is not None else None,
            step=at.step if at is not None else None,
            turn=self.position.turn, phase=self.position.phase,
            where=where, units=tuple(units), excess=excess,
            samples=tuple(dict.fromkeys(samples)),
        )
        self.findings.append(finding)
        return finding

    def standing(self, check: Hashable, keys: Iterable[Key]) -> set[Key]:
        """Of the violations a state check sees now, the ones it did not see last time.

        A state that stays illegal over several phases (an overstacked hex nobody
        fixes) is one violation, reported when it appears; it is reported again
        only if it is fixed and then happens anew.
        """
        now = set(keys)
        before = self._standing.get(check, set())
        self._standing[check] = set(now)
        return now.difference(before)
