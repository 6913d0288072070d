"""Where supply points come into play (13.2.2, 13.3.8, 13.3 and 15.6).

13.2.2: "There are an unlimited number of ASPs available to the Allied player in the England,
Scotland, and Scapa Flow zones on the Strategic Map" and to the German player "in the German and
(after the April #4 turn) Denmark zones"; 13.3.8: "SP Availability and Transport is Identical to
ASPs [13.2] with the following exceptions: AOs (Tankers) cannot transport SPs"; 13.3: "Supply Points
must be moved onto the Operational Map by Naval or Air Transport before they may be used."

An SP or ASP marker that comes into play by a ``move`` from nowhere or from off the map (what a log
records of a counter brought on in a movement phase; a ``place`` may be a snapshot of what is
already in play, and is not judged, as nothing is in the record's first phase, where a record
started mid-game may bring on what is already in play) comes from its side's zones. Elsewhere it must be accounted for: unloaded in a port from a
naval unit of its side that entered the port in that Naval Movement Phase (an SP not from tankers
alone, 13.3.8), landed by an air mission of its side to that hex in the phase, converted from an SP
track or Air Base Supply Track (at its port or airbase, or the hex beside it, 13.2.2, 13.3.9), put
in for one captured where an enemy marker left the hex in the phase (15.1), the two SPs at a center
captured on the Invasion Turn (15.1.1, judged by the captured-centers check), or the Swedish
railway's SPs (15.6): "On the April #9 turn (or any one later turn), the German player may bring two
SPs onto the Operational Map from Sweden using Railroad Movement. Both SPs must enter Norway in the
same hex", "during the German Land Movement phase", into a hex beside Sweden. Any other is a finding.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Mission, Move, Place, Remove
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import NAVAL_MOVEMENT, Check, InvasionNorwayRules
from .situation import enemy


class SupplyArrivals(Check):
    """13.2.2 and 13.3.8 (the supply's sources and tankers), 15.6 (Swedish railways)."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        g = self.game
        near = self.rules.terrain.neighbours
        # 13.3.9: SPs "taken from the track and converted into SP counters in the port or adjacent airbase
        # hex"; 13.2.2: ASPs on an Air Base Supply Track (or in an airbase hex) adjacent to a port.
        self.track_hexes = {kind: {h for b, box in g.boxes.items() if box.kind == kind and g.box_hex(b)
                                   for h in (g.box_hex(b), *near.get(g.box_hex(b) or "", ()))}
                            for kind in ("sp_track", "air_supply_track")}
        sweden = set(self.cfg["land_movement"]["sweden_terrain"])
        self.by_sweden = {h for h, info in g.hexes.items() if info.terrain not in sweden
                          and any(g.hexes[o].terrain in sweden for o in near.get(h, ()) if o in g.hexes)}
        self.centers = g.mobilization_centers
        self.swedish_turn: str | None = None
        self.swedish: Counter[str] = Counter()  # hex -> SPs brought from Sweden

    def start_phase(self, audit: Audit) -> None:
        self.ships_in: dict[str, list[str]] = {}  # port -> naval units of the phase's side that entered it
        self.flown_to: set[tuple[str, str]] = set()  # (side, hex) an air mission went to in the phase
        self.left: set[tuple[str, str]] = set()  # (side, hex) a supply marker of that side left in the phase
        self.entered: set[str] = set()  # centers a German land unit entered in the phase

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Remove):
            u, loc = audit.units[entry.unit], audit.position.loc(entry.unit)
            if u.unit_class == "supply" and loc and u.side:
                self.left.add((u.side, self.game.hex_of(loc) or loc))

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Mission):
            target = self.game.hex_of(entry.target) if entry.target else None
            if target:
                self.flown_to.add((entry.side, target))
            return
        if not isinstance(entry, (Place, Move)):
            return
        u = audit.units[entry.unit]
        loc = entry.at if isinstance(entry, Place) else entry.to
        if isinstance(entry, Move):
            if self.kinds.is_naval(u) and NAVAL_MOVEMENT.get(audit.position.phase or "") == u.side:
                self.ships_in.setdefault(loc, []).append(entry.unit)
            if u.side == "german" and self.kinds.is_land(u) and loc in self.centers:
                self.entered.add(loc)
        arriving = previous is None or previous.loc is None or previous.removed or self.game.off_map(previous.loc)
        # A place may be a snapshot of what is already in play (set-up, a record started mid-game): only a
        # move from nowhere is an arrival (a log records a counter brought on in a movement phase so).
        if isinstance(entry, Move) and arriving and u.unit_class == "supply" and u.side \
                and not self.rules.in_snapshot(audit) and not self.game.off_map(loc):
            self.arrived(audit, entry.unit, u.side, loc)

    def arrived(self, audit: Audit, uid: str, side: str, loc: str) -> None:
        s, pos = self.cfg["supply"], audit.position
        u = audit.units[uid]
        zone = self.rules.zone_root(self.game.zone_of(loc))
        sources = list(s["allied_zones"] if side == "allied" else s["german_zones"])
        if side == "german" and self.rules.after_invasion(pos.turn):
            sources += s["german_zones_after_invasion"]
        hex_ = self.game.hex_of(loc)
        track = self.track_hexes["sp_track" if self.kinds.is_sp(u) else "air_supply_track"]
        if zone in sources or loc in self.game.boxes or hex_ in track:
            return
        if hex_ is not None and ((side, hex_) in self.flown_to or (enemy(side), hex_) in self.left):
            return
        if side == "german" and self.kinds.is_sp(u) and hex_ in self.entered:
            return  # 15.1.1: judged by the captured-centers check
        ships = self.ships_in.get(loc)
        if ships:
            tankers = [sid for sid in ships if self.kinds.naval_type(audit.units[sid]) in s["sp_tankers"]]
            if self.kinds.is_sp(u) and len(tankers) == len(ships):
                audit.report(self.rules.rule(s["availability_rule"]),
                             f"{uid} is unloaded in {loc} where only tankers ({', '.join(tankers)}) entered; AOs "
                             f"cannot transport SPs", where=loc, units=[uid, *tankers], case="tankers")
            return
        if side == "german" and self.kinds.is_sp(u) and hex_ in self.by_sweden:
            if pos.phase == s["sweden_phase"]:
                self.sweden(audit, uid, hex_)
            else:
                audit.report(self.rules.rule(s["sweden_rule"]), f"{uid} comes into play in {hex_}, beside Sweden, in "
                             f"the {pos.phase} phase; SPs from Sweden enter in the German Land Movement Phase",
                             where=hex_, units=[uid], case="phase")
            return
        rule = s["availability_rule"] if self.kinds.is_sp(u) else s["asp_availability_rule"]
        audit.report(self.rules.rule(rule),
                     f"{uid} comes into play in {loc}; {side.capitalize()} supply comes from "
                     f"{', '.join(sources)} and is moved onto the Operational Map by naval or air transport",
                     where=loc, units=[uid], case="" if self.kinds.is_sp(u) else "source")

    def sweden(self, audit: Audit, uid: str, hex_: str) -> None:
        s, turn = self.cfg["supply"], audit.position.turn
        rule = self.rules.rule(s["sweden_rule"])
        points = audit.position.strength(uid)
        if not self.rules.turn_at_least(turn, s["sweden_first"]):
            audit.report(rule, f"{uid} is brought from Sweden into {hex_} on {turn}; the Swedish railway opens on "
                         f"{s['sweden_first']}", where=hex_, units=[uid], excess=points)
            return
        if self.swedish_turn not in (None, turn):
            audit.report(rule, f"{uid} is brought from Sweden into {hex_} on {turn}, after SPs came on "
                         f"{self.swedish_turn}; the railway is used on one turn", where=hex_, units=[uid],
                         excess=points)
            return
        self.swedish_turn = turn
        if self.swedish and hex_ not in self.swedish:
            audit.report(rule, f"{uid} enters Norway in {hex_}, the Swedish railway's other SPs in "
                         f"{', '.join(sorted(self.swedish))}; both SPs enter in the same hex", where=hex_,
                         units=[uid], case="hex")
        self.swedish[hex_] += points
        total = sum(self.swedish.values())
        if total > s["sweden_sps"]:
            audit.report(rule, f"{total} SPs are brought from Sweden; the German player may bring {s['sweden_sps']}",
                         where=hex_, units=[uid], excess=min(points, total - s["sweden_sps"]))
