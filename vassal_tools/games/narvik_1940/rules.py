"""The engine hooks of the Narvik 1940 pack: actions, and the checks that see them.

An action (``records-four-games.md``: an ``action`` entry) lasts until the next action or the end of
its phase; 9.0 judges stacking "at the end of each phase, segment, and/or action", so every check
gets ``end_action`` then, before the next action begins or the phase ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...record import Action, Entry, PhaseStart, Record
from ...rules.engine import Audit, GameRules
from ...rules.position import UnitState

if TYPE_CHECKING:
    from . import Narvik1940


def cite(config: Mapping[str, Any], rule: str) -> str:
    """A finding's citation: ``narvik-1940.txt 9.0``."""
    return f"{config['rulebook']} {rule}"


class Check:
    """One rule of the pack; the hooks default to nothing."""

    def __init__(self, rules: NarvikRules):
        self.rules = rules
        self.pack = rules.pack
        self.cfg = rules.pack.config

    def rule(self, number: str) -> str:
        return cite(self.cfg, number)

    def start(self, audit: Audit) -> None:
        """The audit begins (the set-up)."""

    def end_action(self, audit: Audit, action: Action | None) -> None:
        """An action (or, with None, a phase's stretch before its first action) ends."""

    def end_phase(self, audit: Audit) -> None:
        """A phase (or the set-up) ends, after its last action ended."""

    def before(self, audit: Audit, entry: Entry, action: Action | None) -> None:
        """An entry, with the position as it was."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None, action: Action | None) -> None:
        """An entry, with the position updated."""


class NarvikRules(GameRules):
    """Fresh per audit: the current action and the checks in order."""

    def __init__(self, pack: Narvik1940, checks: tuple[type[Check], ...]):
        self.pack = pack
        self.action: Action | None = None
        self.checks = [check(self) for check in checks]
        self.started = False
        self.shows_actions = False  # a record made from a log has no action entries


    def first_turn(self, record: Record) -> str | None:
        return next((e.turn for e in record.entries if isinstance(e, PhaseStart)), None)

    def start_phase(self, audit: Audit) -> None:
        if not self.started:
            self.started = True
            self.shows_actions = any(isinstance(e, Action) for e in audit.record.entries)
            for check in self.checks:
                check.start(audit)

    def end_phase(self, audit: Audit) -> None:
        self.close_action(audit)
        for check in self.checks:
            check.end_phase(audit)

    def close_action(self, audit: Audit) -> None:
        for check in self.checks:
            check.end_action(audit, self.action)
        self.action = None

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.close_action(audit)
            self.action = entry
        for check in self.checks:
            check.before(audit, entry, self.action)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        for check in self.checks:
            check.after(audit, entry, previous, self.action)
