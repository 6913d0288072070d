"""Weather fixed by the rules: April #2 and #3 (3.1.1).

3.1.1: "The weather is pre-determined for the April #2 and April #3 turns." The
turn record (game.toml ``[[turns]]``, source 3.1.1) holds those turns' weather by
section; a ``weather`` entry on such a turn that sets another state is a finding.
Turns whose weather is rolled (3.1.2) are not judged: the record does not show the
Weather Tables.
"""

from __future__ import annotations

from ...record import Entry, Weather
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check


class FixedWeather(Check):
    """3.1.1: no other weather than the pre-determined one on April #2 and #3."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Weather):
            return
        fixed = next((t for t in self.game.data.info.turns if t.name == audit.position.turn), None)
        if fixed is None or not fixed.weather:
            return
        wrong = {s: w for s, w in entry.sections.items() if s in fixed.weather and fixed.weather[s] != w}
        if wrong:
            said = "; ".join(f"{s} {w}, not {fixed.weather[s]}" for s, w in sorted(wrong.items()))
            audit.report(self.rules.rule(self.cfg["weather"]["fixed_rule"]),
                         f"the weather of {fixed.name} is pre-determined; the record sets {said}",
                         where=", ".join(sorted(wrong)))
