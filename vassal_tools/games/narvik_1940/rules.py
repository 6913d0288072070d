"""The engine hooks of the Narvik 1940 pack: actions, and the checks that see them.

An action (``records-four-games.md``: an ``action`` entry) lasts until the next action or the end of
its phase; 9.0 judges stacking "at the end of each phase, segment, and/or action", so every check
gets ``end_action`` then, before the next action begins or the phase ends. :class:`NarvikRules` is the
engine's composite of the checks (:class:`~vassal_tools.rules.engine.Checks`) with these moments added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...gamedata.vocabulary import word_key
from ...record import Action, Entry, PhaseStart, Record, Roll
from ...rules import engine
from ...rules.engine import Audit, Checks
from ...rules.findings import Finding

if TYPE_CHECKING:
    from . import Narvik1940


def cite(config: Mapping[str, Any], rule: str) -> str:
    """A finding's citation: ``narvik-1940.txt 9.0``."""
    return f"{config['rulebook']} {rule}"


class Check(engine.Check):
    """One rule of the pack; the hooks default to nothing. Besides the engine's moments, a check may
    judge when the audit begins (:meth:`start`) and when an action ends (:meth:`end_action`); the
    current action is ``rules.action``."""

    def __init__(self, rules: NarvikRules):
        self.rules = rules
        self.pack = rules.pack
        self.cfg = rules.pack.config

    def rule(self, number: str) -> str:
        return cite(self.cfg, number)

    def rolled(self, entry: Roll, words: list[str]) -> bool:
        """A one-die roll whose ``for`` is one of ``words`` (any case, spaces or hyphens)."""
        return entry.single and word_key(entry.purpose) in {word_key(word) for word in words}

    def report(self, audit: Audit, number: str, message: str, *, case: str = "", **more: Any) -> Finding:
        """A finding on rule ``number``; ``case`` says which case of the rule it is (explain.toml quotes the
        sentence that decides it)."""
        return audit.report(self.rule(number), message, case=case, **more)

    def start(self, audit: Audit) -> None:
        """The audit begins (the set-up)."""

    def end_action(self, audit: Audit, action: Action | None) -> None:
        """An action (or, with None, a phase's stretch before its first action) ends."""


class NarvikRules(Checks):
    """Fresh per audit: the current action and the checks composed, in order."""

    def __init__(self, pack: Narvik1940, checks: tuple[type[Check], ...]):
        self.pack = pack
        self.action: Action | None = None
        self.narvik_checks = [check(self) for check in checks]
        super().__init__(self.narvik_checks)
        self.started = False
        self.shows_actions = False  # a record made from a log has no action entries

    def first_turn(self, record: Record) -> str | None:
        return next((e.turn for e in record.entries if isinstance(e, PhaseStart)), None)

    def start_phase(self, audit: Audit) -> None:
        if not self.started:
            self.started = True
            self.shows_actions = any(isinstance(e, Action) for e in audit.record.entries)
            for check in self.narvik_checks:
                check.start(audit)
        super().start_phase(audit)

    def end_phase(self, audit: Audit) -> None:
        self.close_action(audit)
        super().end_phase(audit)

    def close_action(self, audit: Audit) -> None:
        for check in self.narvik_checks:
            check.end_action(audit, self.action)
        self.action = None

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.close_action(audit)
            self.action = entry
        super().before(audit, entry)
