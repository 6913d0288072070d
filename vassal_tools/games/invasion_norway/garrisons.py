"""German Naval Infantry (15.4) and German Garrisons (15.7).

15.4: "Whenever an Allied Bombing Combat or Naval Combat sinks a German ship or DD point is sunk in
a German-controlled port, the German player places a German Naval Infantry Battalion in the Port
hex." A naval infantry battalion that comes into play (placed, or brought on from nowhere; not in
the set-up nor in the record's first phase, whose placements may be a snapshot of what is already
in play) goes to a German-controlled port where a German ship or DD point was sunk in the phase, one
battalion for each.

15.7: "If, at the end of any German Operations Segment, there is not at least one German infantry
or mountain infantry battalion (at full or reduced-strength) occupying a German-controlled
Norwegian airbase or port with an Unloading Capacity greater than two, the Allied player is
immediately awarded three VPs." Exception: ungarrisoned German-controlled Oslo gives six. When the
segment ends (its last phase ends and the record goes on outside it), each such place without a
garrison is owed its VPs: a record that keeps the score (has ``vp`` entries) and gives the Allies
fewer for the place (``"for"`` its name or hex) by the end of the next phase is a finding. The
Unloading Capacities are places.csv's, mostly sample.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Place, Remove, Steps, VictoryPoints
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class NavalInfantry(Check):
    """15.4."""

    def start_phase(self, audit: Audit) -> None:
        self.sunk: Counter[str] = Counter()  # German-controlled port -> German ships and DD points sunk there

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, (Remove, Steps)) or not audit.position.on_map(entry.unit):
            return
        u, loc = audit.units[entry.unit], audit.position.loc(entry.unit) or ""
        if u.side != "german" or not self.kinds.is_naval(u) or loc not in self.game.ports:
            return
        if not self.game.ports[loc].operational or not self.rules.controls("german", loc):
            return
        now = audit.position.strength(entry.unit)
        point = self.kinds.is_point_unit(u)
        if isinstance(entry, Remove):
            self.sunk[loc] += now if point else 1
        elif point and entry.to < now:
            self.sunk[loc] += now - entry.to
        elif not point and entry.to == 0:
            self.sunk[loc] += 1

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Place, Move)) or self.rules.in_snapshot(audit):
            return
        u = audit.units[entry.unit]
        arriving = previous is None or previous.loc is None or previous.removed or self.game.off_map(previous.loc)
        loc = entry.at if isinstance(entry, Place) else entry.to
        if not arriving or u.side != "german" or not self.kinds.type_in(u, self.cfg["garrison"]["naval_infantry_types"]) \
                or self.game.off_map(loc):
            return
        if self.sunk[loc] > 0:
            self.sunk[loc] -= 1
            return
        audit.report(self.rules.rule(self.cfg["garrison"]["naval_infantry_rule"]),
                     f"{entry.unit} comes into play in {loc}, where no German ship or DD point was sunk in a "
                     f"German-controlled port in this phase (or one battalion already came for each)",
                     where=loc, units=[entry.unit])


class Garrisons(Check):
    """15.7."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        g = self.cfg["garrison"]
        self.segment = set(g["segment_phases"])
        self.places: dict[str, str] = {}  # hex -> name: Operational Map airbases, ports over two
        for base in self.game.airbases.values():
            if base.kind == "airbase" and base.hex:
                self.places.setdefault(base.hex, base.loc.partition(":")[2])
        for port in self.game.ports.values():
            if port.operational and port.unloading is not None and port.unloading > g["port_capacity_over"]:
                self.places[port.loc] = port.name
        self.sources = {p.hex: p.source for p in self.game.data.places if p.kind == "port" and p.hex}
        self.keeps_score = False
        self.due: dict[str, int] = {}  # hex -> VPs owed at the end of the segment
        self.window: str | None = None  # the phase by whose end the VPs are awarded
        self.awarded: Counter[str] = Counter()
        self.last_phase: str | None = None

    def start_phase(self, audit: Audit) -> None:
        if self.keeps_score is False:
            self.keeps_score = any(isinstance(e, VictoryPoints) for e in audit.record.entries)
        phase = audit.position.phase
        if self.last_phase in self.segment and phase not in self.segment and self.due:
            self.window = phase
        elif self.window is not None and phase != self.window:
            self.window = None
        self.last_phase = phase

    def end_phase(self, audit: Audit) -> None:
        phase = audit.position.phase
        if phase in self.segment:
            self.due = self.owed(audit)
            self.awarded = Counter()
        elif phase is not None and phase == self.window:
            self.judge(audit)
            self.window, self.due = None, {}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, VictoryPoints) and entry.side == "allied" and entry.for_key:
            key = entry.for_key.strip().lower()
            at = self.game.hex_of(entry.for_key)  # a hex, an airbase, a port's SP track (how a log names Oslo)
            for hex_, name in self.places.items():
                if key in (hex_, name.lower(), f"airbase:{name.lower()}") or at == hex_:
                    self.awarded[hex_] += entry.add

    def owed(self, audit: Audit) -> dict[str, int]:
        g, pos = self.cfg["garrison"], audit.position
        out = {}
        for hex_, name in self.places.items():
            if not self.rules.controls("german", hex_):
                continue
            garrisoned = any(audit.units[uid].side == "german" and self.kinds.is_battalion(audit.units[uid])
                             and self.kinds.type_in(audit.units[uid], g["garrison_types"]) for uid in pos.at(hex_))
            if not garrisoned:
                out[hex_] = g["oslo_vps"] if name == g["oslo"] else g["vps"]
        return out

    def judge(self, audit: Audit) -> None:
        if not self.keeps_score:
            return
        g = self.cfg["garrison"]
        for hex_, owed in sorted(self.due.items()):
            given = self.awarded[hex_]
            if given < owed:
                name = self.places[hex_]
                sample = self.sources.get(hex_, "")
                audit.report(self.rules.rule(g["rule"]),
                             f"German-controlled {name} ({hex_}) has no German infantry or mountain infantry "
                             f"battalion at the end of the German Operations Segment: the Allies are owed {owed} "
                             f"VPs for it, and the record gives {given}", where=hex_, excess=owed - given,
                             samples=[f"{name}'s Unloading Capacity (places.csv, sample)"] if "sample" in sample else [],
                             case="oslo" if name == g["oslo"] else "")
