"""Air replacements that bring eliminated air units back (4.2.1, 4.2.2).

4.2.1: "Each player receives one Air Replacement on every odd-numbered turn after the Invasion
Turn. Air unit replacements must be used or lost on the turn they are received" (the turns are
game.toml's ``air_replacement``); "German Ju-90 and Fw-200 air transports and He-59 and D0-26
seaplane transports cannot be replaced." 4.2.2: a replacement may "bring an eliminated air unit
back into play on its one-point side", only "at airbases where air reinforcements can be
placed" (4.1). An air unit the record eliminated that comes back into play is judged (unless, in the same phase, a unit of its type and nationality lost a point:
a two-point unit split into two, 1.5): in the
Reinforcement and Replacement Segment (4.0) of a replacement turn, at most one a side a turn, not
one of those types, on its one-point side, where its side's air reinforcements are placed. A
one-point unit flipped to two points is not judged: consolidation (1.5) does that too. 4.2.3:
"Air Replacements may only be used to rebuild eliminated air points; they cannot be used to bring
new air points into play": an air unit given more points than its counter prints (units.csv
``points``), or an air unit brought into play in the segment before its Reinforcement Schedule turn
(units.csv, sample: it was never in play, so never eliminated), is a finding.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Place, Remove, Steps
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class AirReplacements(Check):
    """4.2.1 and 4.2.2: eliminated air units brought back; 4.2.3: no new air points."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.eliminated: set[str] = set()
        self.used: Counter[tuple[str | None, str]] = Counter()  # (turn, side) -> replacements used
        self.returned: dict[str, str] = {}  # units brought back in this phase -> where (judged at its end)
        self.split: Counter[tuple[str, str]] = Counter()  # (nationality, type) -> points split off this phase

    def start_phase(self, audit: Audit) -> None:
        self.returned, self.split = {}, Counter()

    def end_phase(self, audit: Audit) -> None:
        """4.2.2, once the phase has set the returned units' points (a record places, then flips)."""
        r = self.cfg["air_replacements"]
        for uid, loc in sorted(self.returned.items()):
            u = audit.units[uid]
            zones = self.cfg["reinforcements"]["zones"].get(u.side or "", {}).get("air", [])
            if audit.position.strength(uid) > 1 or self.rules.zone_root(self.game.zone_of(loc)) not in zones:
                audit.report(self.rules.rule(r["function_rule"]), f"{uid} comes back with {audit.position.strength(uid)} "
                             f"point(s) in {loc}; an eliminated air unit returns on its one-point side where its "
                             f"side's air reinforcements are placed ({', '.join(zones)})", where=loc, units=[uid])

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Steps):
            self.new_points(audit, entry)
        if isinstance(entry, (Remove, Steps)) and audit.units[entry.unit].unit_class == "air":
            state = audit.position.state.get(entry.unit)
            if state is None or state.removed or audit.position.strength(entry.unit) <= 0:
                self.eliminated.add(entry.unit)
            elif previous is not None and isinstance(entry, Steps) and (previous.points or 0) > entry.to:
                self.split[self.kind(audit, entry.unit)] += 1  # a point split off (1.5), or lost
            return
        if not isinstance(entry, (Place, Move)):
            return
        if entry.unit not in self.eliminated:
            self.early(audit, entry, previous)
            return
        loc = self.rules.arrived(entry, previous)
        if loc is None or self.game.off_map(loc):
            return
        self.eliminated.discard(entry.unit)
        if self.split[self.kind(audit, entry.unit)] > 0:
            self.split[self.kind(audit, entry.unit)] -= 1  # 1.5: "two-point units can be split up"
            return
        self.judge(audit, entry.unit, loc)

    def new_points(self, audit: Audit, entry: Steps) -> None:
        """4.2.3: no air unit above the points its counter prints."""
        u = audit.units[entry.unit]
        full = u.points
        if u.unit_class != "air" or not full or entry.to <= full:
            return
        audit.report(self.rules.rule(self.cfg["air_replacements"]["restriction_rule"]),
                     f"{entry.unit} ({u.type}) is given {entry.to} air points; its counter has {full} at full "
                     f"strength, and air replacements rebuild eliminated points only", where=audit.position.loc(entry.unit),
                     units=[entry.unit], excess=entry.to - full)

    def early(self, audit: Audit, entry: Place | Move, previous: UnitState | None) -> None:
        """4.2.3: an air unit that comes into play in the segment before its Reinforcement Schedule
        turn (units.csv, sample) was never in play, so never eliminated: new air points."""
        r, pos, u = self.cfg["air_replacements"], audit.position, audit.units[entry.unit]
        loc = self.rules.arrived(entry, previous)
        arriving = previous is None or previous.removed or previous.loc is None or self.game.off_map(previous.loc)
        schedule = self.game.data.units.get(u.ref or "")  # the game data's unit the record's refers to
        due = schedule.reinforcement if schedule is not None else ""
        if u.unit_class != "air" or pos.phase != r["phase"] or loc is None or not arriving or self.game.off_map(loc) \
                or not due or self.rules.turn_at_least(pos.turn, due):
            return
        audit.report(self.rules.rule(r["restriction_rule"]), f"{entry.unit} ({u.type}) comes into play on {pos.turn}; "
                     f"it is a reinforcement of {due}, never eliminated, and air replacements rebuild eliminated "
                     f"points only", where=loc, units=[entry.unit], samples=r["sample"])

    def kind(self, audit: Audit, uid: str) -> tuple[str, str]:
        u = audit.units[uid]
        return (u.nationality or "", u.type or "")

    def judge(self, audit: Audit, uid: str, loc: str) -> None:
        r, pos = self.cfg["air_replacements"], audit.position
        u = audit.units[uid]
        rule = self.rules.rule(r["rule"])
        turn = next((t for t in self.game.data.info.turns if t.name == pos.turn), None)
        if pos.phase != r["phase"] or turn is None or not turn.extra.get("air_replacement"):
            audit.report(rule, f"the eliminated {uid} comes back into play in the {pos.phase or 'set-up'} phase of "
                         f"{pos.turn}; air replacements are received in the Reinforcement and Replacement Segment "
                         f"of every odd-numbered turn after the Invasion Turn", where=loc, units=[uid])
            return
        if self.kinds.type_in(u, r["not_replaced"]):
            audit.report(rule, f"{uid} ({u.type}) comes back into play; {', '.join(r['not_replaced'])} units cannot "
                         f"be replaced", where=loc, units=[uid])
            return
        self.used[(pos.turn, u.side or "")] += 1
        if self.used[(pos.turn, u.side or "")] > 1:
            audit.report(rule, f"{uid} is the {(u.side or '').capitalize()} player's second air replacement on {pos.turn}; he receives "
                         f"one", where=loc, units=[uid], excess=self.used[(pos.turn, u.side or "")] - 1)
            return
        self.returned[uid] = loc
