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

Before the walk, :func:`word_warnings` compares the words of a record's fields its checks
read (a roll's ``for``, a card's name) with the words the game declares
(:attr:`~vassal_tools.gamedata.vocabulary.Vocabulary.record_words`), for every game alike: a word
no check knows is judged by nothing, and the audit says so.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TypeVar

from ..gamedata.vocabulary import Vocabulary, word_key
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

# The record fields whose words a game may declare (Vocabulary.record_words), by the key of the
# entry kind that holds them (a game's own kind too: a card's name) -> (its word, how a report
# names one, and the game's words).
WORD_FIELDS: dict[str, tuple[Callable[[Entry], str | None], str, str]] = {
    "roll": (lambda entry: getattr(entry, "purpose", None), "roll for", "its rolls are for"),
    "card": (lambda entry: getattr(entry, "name", None), "card", "its cards are"),
}
_LISTED = 12  # words of the game a warning lists


@dataclass(frozen=True)
class WordWarning:
    """A word of a record the game does not know (``unknown``), or reads as its own word spelled otherwise."""

    text: str
    unknown: bool

    def __str__(self) -> str:
        return self.text


def word_warnings(record: Record, words: Vocabulary) -> list[WordWarning]:
    """Each word of the record the game does not know (no check judged its entries), with the
    words it knows; and each word read as the game's own word spelled otherwise."""
    unknown: dict[tuple[str, str], list[Entry]] = {}
    respelled: dict[tuple[str, str, str], list[Entry]] = {}
    for entry in record.entries:
        for field_name, (word_of, _, _) in WORD_FIELDS.items():
            known = words.record_words.get(field_name)
            word = word_of(entry) if getattr(entry, "KEY", None) == field_name else None
            if known is None or not word:
                continue
            own = known.get(word_key(word))
            if own is None:
                unknown.setdefault((field_name, word), []).append(entry)
            elif word_key(own) != word_key(word):
                respelled.setdefault((field_name, word, own), []).append(entry)
    out = []
    for (field_name, word), entries in unknown.items():
        _, said, its = WORD_FIELDS[field_name]
        out.append(WordWarning(f"{said} {word!r} ({_entries(entries)}): {record.game} has no such {field_name}, so "
                               f"no check judged {'it' if len(entries) == 1 else 'them'}; {its}: "
                               f"{_listed(words.record_words[field_name])}", True))
    for (field_name, word, own), entries in respelled.items():
        out.append(WordWarning(f"{WORD_FIELDS[field_name][1]} {word!r} ({_entries(entries)}) read as "
                               f"{record.game}'s {own!r}", False))
    return out


def _entries(entries: list[Entry]) -> str:
    first = ", ".join(str(e.index) + (f" (step {e.step})" if e.step is not None else "") for e in entries[:3])
    more = f" and {len(entries) - 3} more" if len(entries) > 3 else ""
    return f"entr{'y' if len(entries) == 1 else 'ies'} {first}{more}"


def _listed(known: Mapping[str, str]) -> str:
    own = list(dict.fromkeys(known.values()))
    more = f" and {len(own) - _LISTED} more" if len(own) > _LISTED else ""
    return ", ".join(own[:_LISTED]) + more


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
               excess: float | int | None = None, samples: Iterable[str] = (), entry: Entry | None = None,
               case: str = "") -> Finding:
        """Record a finding at the current entry (or ``entry``), turn and phase; ``case``: which case of its
        rule it is (Finding.case), where the rule's sentences decide several."""
        at = entry if entry is not None else self.entry
        if isinstance(excess, float) and excess.is_integer():
            excess = int(excess)
        finding = Finding(
            rule=rule, message=message,
            entry=at.index if at is not None else None,
            step=at.step if at is not None else None,
            turn=self.position.turn, phase=self.position.phase,
            where=where, units=tuple(units), excess=excess,
            samples=tuple(dict.fromkeys(samples)), case=case,
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
