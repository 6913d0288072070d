"""Weather: set in the Weather Segment (3.0), fixed on April #2 and #3 (3.1.1).

3.0: "The weather conditions in each section are determined during the Weather Segment of each
game turn." A ``weather`` entry in another phase that changes a section's weather the record
already showed is a finding; one that shows a section for the first time (a log's markers start
where its save left them) or repeats it is none. 3.1.1: "The weather is pre-determined for the
April #2 and April #3 turns." The turn record (game.toml ``[[turns]]``, source 3.1.1) holds those
turns' weather by section; a ``weather`` entry on such a turn that sets another state is a
finding. Turns whose weather is rolled (3.1.2) are not judged: the record does not show the
Weather Tables.
"""

from __future__ import annotations

from ...record import Entry, Weather
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class FixedWeather(Check):
    """3.0: weather changed in the Weather Segment only; 3.1.1: no other weather than the
    pre-determined one on April #2 and #3."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.shown: dict[str, str] = {}  # each section's weather before the entry at hand
        self.segment_turn: str | None = None  # the last turn whose Weather Segment the record showed

    def start_phase(self, audit: Audit) -> None:
        if audit.position.phase == self.cfg["weather"]["phase"]:
            self.segment_turn = audit.position.turn

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Weather):
            self.shown = dict(audit.position.weather)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Weather):
            return
        self.segment(audit, entry)
        fixed = next((t for t in self.game.data.info.turns if t.name == audit.position.turn), None)
        if fixed is None or not fixed.weather:
            return
        wrong = {s: w for s, w in entry.sections.items() if s in fixed.weather and fixed.weather[s] != w}
        if wrong:
            said = "; ".join(f"{s} {w}, not {fixed.weather[s]}" for s, w in sorted(wrong.items()))
            audit.report(self.rules.rule(self.cfg["weather"]["fixed_rule"]),
                         f"the weather of {fixed.name} is pre-determined; the record sets {said}",
                         where=", ".join(sorted(wrong)))

    def segment(self, audit: Audit, entry: Weather) -> None:
        w, phase = self.cfg["weather"], audit.position.phase
        if phase is None or phase == w["phase"] or audit.position.turn != self.segment_turn:
            return
        changed = {s: v for s, v in entry.sections.items() if self.shown.get(s) not in (None, v)}
        if changed:
            said = "; ".join(f"{s} {self.shown[s]} to {v}" for s, v in sorted(changed.items()))
            audit.report(self.rules.rule(w["segment_rule"]), f"the weather changes in the {phase} phase ({said}); "
                         f"the weather is determined in the Weather Segment", where=", ".join(sorted(changed)))
