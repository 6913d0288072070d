"""The die (narvik-1940.txt 2.0): "one six-sided die"; a roll outside 1-6 is a finding."""

from __future__ import annotations

from ...record import Entry, Roll
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check


class SixSidedDie(Check):
    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Roll):
            return
        for die in entry.dice:
            if not 1 <= die <= 6:
                audit.report(self.rule("2.0"), f"a {entry.purpose} roll of {die}: the game's die is a d6 (1-6)",
                             where=entry.zone)
