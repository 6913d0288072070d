"""Norwegian mobilization of the infantry and artillery regiments (14.1.2, 14.2.1).

A regiment's battalions are the Norwegian units named "I/2", "II/2", "L/2" (2nd Infantry
Regiment), "I/A1" (1st Artillery Regiment): the part after "/" is the code of the regiment's
mobilization center (14.1.1), whose hex is the game data's (places.csv, sample).

14.2.1: "one battalion mobilizes at the mobilization center of each Norwegian infantry or
artillery regiment"; "A regiment's first ("I") battalion must be mobilized before its second
("II"); the 2nd battalion must be mobilized before its Landsvern ("L" = second-line reserve)
battalion". A regimental battalion coming into play in the Norwegian Mobilization Phase
elsewhere than its center, or as a second of its regiment in the phase, is a finding. So is one whose higher battalion (II before I, L before II) mobilized earlier in the
record: a record starting mid-game does not show what mobilized before it. Exception #1: on the Invasion Turn a Landsvern battalion may mobilize within two
hexes of a captured center (and is not counted against its regiment's one).

14.1.2: "If any German ground unit moves or Advances into a hex that contains a Norwegian
mobilization center, remove all the corresponding units from the Norwegian Mobilization
Display (they are permanently eliminated)." A battalion of such a regiment mobilizing later is
a finding (its Landsvern battalion excepted when the center fell on the Invasion Turn).
Norwegian units placed in other phases are not judged: records starting mid-game place the
units already in play.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from ...record import Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules

_BATTALION = re.compile(r"^(I|II|III|L)/(A?\d+)$")
ORDER = ("I", "II", "III", "L")


class Mobilization(Check):
    """14.1.2 and 14.2.1, for the regiments' battalions."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.centers = {p.extra.get("code"): p.hex for p in self.game.data.places
                        if p.kind == "mobilization_center" and p.hex}
        m = self.cfg["mobilization"]
        # 14.2.3: Alta's center is a Strategic Map space, Haugesund's a hex
        self.special = {p.extra.get("code"): p.hex or p.zone for p in self.game.data.places
                        if p.kind == "mobilization_center" and p.extra.get("code") in (m["alta"], m["haugesund"])}
        self.captured: dict[str, str] = {}  # regiment code -> the turn its center fell
        self.in_play: set[str] = set()
        self.mobilized: Counter[str] = Counter()  # regiment code -> battalions mobilized this phase
        self.ranks: dict[str, set[str]] = defaultdict(set)  # regiment code -> ranks mobilized in the record

    def start_phase(self, audit: Audit) -> None:
        self.mobilized = Counter()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Place, Move)):
            return
        u = audit.units[entry.unit]
        loc = self.rules.arrived(entry, previous)
        if loc is None or self.game.off_map(loc):
            return
        if isinstance(entry, Move) and u.side == "german" and self.kinds.is_land(u):
            for code, hex_ in self.centers.items():
                if hex_ == loc and code is not None:
                    self.captured.setdefault(code, audit.position.turn or "")
            return
        if not self.kinds.is_norwegian(u):
            return
        arriving = previous is None or previous.removed or previous.loc is None or self.game.off_map(previous.loc)
        mobilizing = arriving and audit.position.phase == self.cfg["mobilization"]["phase"]
        found = _BATTALION.match(u.name or "")
        if found is None:
            if mobilizing:
                self.battalion(audit, entry.unit, loc)
            return
        if mobilizing:
            self.mobilize(audit, entry.unit, found.group(1), found.group(2), loc)
        self.in_play.add(entry.unit)

    def battalion(self, audit: Audit, uid: str, loc: str) -> None:
        """14.2.2: dragoon and mountain artillery battalions; 14.2.3: the Alta and Haugesund battalions.
        All mobilize on the Invasion Turn: dragoons and mountain artillery at their centers, unless
        captured; Alta on the Strategic Map (its center's space); Haugesund's within four Leg MPs of it."""
        m, u, turn = self.cfg["mobilization"], audit.units[uid], audit.position.turn
        center: str | None
        if u.name in (m["alta"], m["haugesund_unit"]):
            rule, center = self.rules.rule(m["special_rule"]), self.special[m["alta" if u.name == m["alta"] else "haugesund"]]
        elif self.kinds.type_in(u, m["dragoon_types"]) or self.kinds.type_in(u, m["mountain_artillery_types"]):
            digits = "".join(ch for ch in u.name or "" if ch.isdigit())
            code = ("D" + digits) if self.kinds.type_in(u, m["dragoon_types"]) else (u.name or "")
            rule, center = self.rules.rule(m["battalions_rule"]), self.centers.get(code)
            fell = self.captured.get(code)
            if fell is not None:
                audit.report(rule, f"{uid} mobilizes although a German unit entered its mobilization center "
                             f"({center}) on {fell}", where=loc, units=[uid], samples=m["sample"])
                return
        else:
            return
        if not self.rules.invasion_turn(turn):
            audit.report(rule, f"{uid} mobilizes on {turn}; it mobilizes on the Invasion Turn "
                         f"({self.cfg['invasion_turn']})", where=loc, units=[uid])
        if center is None or loc == center:
            return
        if u.name == m["haugesund_unit"]:
            at = self.game.hex_of(loc)
            cost = self.rules.move_cost(center, at, "leg", m["haugesund_mps"], turn) if at else None
            if cost is None:
                audit.report(rule, f"{uid} is placed in {loc}, not within {m['haugesund_mps']} Leg MPs of "
                             f"{m['haugesund']} ({center})", where=loc, units=[uid],
                             samples=[*m["sample"], *self.rules.terrain.samples])
            return
        audit.report(rule, f"{uid} mobilizes in {loc}, not at its mobilization center ({center})", where=loc,
                     units=[uid], samples=m["sample"])

    def mobilize(self, audit: Audit, uid: str, rank: str, code: str, loc: str) -> None:
        m, turn = self.cfg["mobilization"], audit.position.turn
        invasion = self.rules.invasion_turn(turn)
        center = self.centers.get(code)
        fell = self.captured.get(code)
        landsvern_exception = rank == "L" and invasion
        if fell is not None and not (rank == "L" and self.rules.invasion_turn(fell)):
            audit.report(self.rules.rule(m["disrupt_rule"]), f"{uid} mobilizes although a German unit entered its "
                         f"mobilization center ({center}) on {fell}: the regiment's units left on the display were "
                         f"eliminated", where=loc, units=[uid], samples=m["sample"])
            return
        rule = self.rules.rule(m["rule"])
        at = self.game.hex_of(loc)
        near = center is not None and at is not None and self.game.data.grid.distance(at, center) <= m["landsvern_hexes"]
        if center is not None and at != center and not (landsvern_exception and near):
            audit.report(rule, f"{uid} mobilizes in {loc}, not at its regiment's mobilization center ({center})",
                         where=loc, units=[uid], samples=m["sample"])
        if not landsvern_exception:
            self.mobilized[code] += 1
            if self.mobilized[code] > 1:
                audit.report(rule, f"{uid} is battalion {self.mobilized[code]} of regiment {code} to mobilize in this "
                             f"phase; one battalion of each regiment mobilizes a phase", where=loc, units=[uid],
                             excess=self.mobilized[code] - 1)
        later = [r for r in self.ranks[code] if ORDER.index(r) > ORDER.index(rank) and not (r == "L" and fell)]
        if later and not (rank == "L" and fell):
            audit.report(rule, f"{uid} ({rank}) mobilizes after the regiment's {', '.join(later)} battalion; a "
                         f"regiment's battalions mobilize in order (I, II, then L)", where=loc, units=[uid])
        self.ranks[code].add(rank)


class CenterCaptures(Check):
    """15.1.1 and 15.2: what the Germans place at a mobilization center they capture.

    15.1.1: "If the German player captures the mobilization center of a Norwegian infantry regiment
    on the Invasion Turn (only), he immediately places two Supply Points in the hex." German SPs
    placed (not moved) in such a center in the phase a German land unit entered it are that award:
    more than two points, or any on another turn, is a finding.

    15.2: "If any of a Norwegian artillery regiment's three artillery battalions remain on the
    Norwegian Mobilization Display when the Germans capture its mobilization center, immediately
    place a German "captured" artillery battalion in the hex. These units cannot move in the same
    Movement Phase that they enter on the Operational Map". One placed elsewhere than an artillery
    center a German land unit has entered, at a center whose three battalions had all mobilized in
    the record, as a second at one center (the Note), or moved in the phase it entered is a finding.
    """

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.centers: dict[str, list[str]] = defaultdict(list)  # hex -> the codes of its centers
        for p in self.game.data.places:
            if p.kind == "mobilization_center" and p.hex and p.extra.get("code"):
                self.centers[p.hex].append(str(p.extra["code"]))
        self.entered: dict[str, str] = {}  # center hex -> the turn a German land unit first entered it
        self.mobilized: dict[str, set[str]] = defaultdict(set)  # artillery regiment code -> its battalions in play
        self.artillery_at: dict[str, str] = {}  # center hex -> the captured artillery placed there

    def start_phase(self, audit: Audit) -> None:
        self.entered_now: set[str] = set()  # centers a German land unit entered in this phase
        self.awarded: Counter[str] = Counter()  # center hex -> SP points placed there in this phase
        self.arrived: set[str] = set()  # captured artillery placed in this phase

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Place, Move)):
            return
        u = audit.units[entry.unit]
        loc = self.rules.arrived(entry, previous)
        if loc is None:
            return
        m = self.cfg["mobilization"]
        found = _BATTALION.match(u.name or "")
        if self.kinds.is_norwegian(u) and found and found.group(2).startswith("A") and self.kinds.is_artillery(u):
            self.mobilized[found.group(2)].add(entry.unit)
        if u.side != "german":
            return
        # A counter brought onto the map in a movement phase is a move in a log's record: its arrival.
        arriving = previous is None or previous.removed or previous.loc is None or self.game.off_map(previous.loc)
        if not arriving and entry.unit in self.arrived and audit.position.phase in self.movement_phases:
            audit.report(self.rules.rule(m["artillery_rule"]), f"{entry.unit} moves in the Movement Phase it "
                         f"entered the map; captured artillery cannot move in it", where=loc, units=[entry.unit])
            self.arrived.discard(entry.unit)
        if not arriving and self.kinds.is_land(u) and loc in self.centers:
            self.entered.setdefault(loc, audit.position.turn or "")
            self.entered_now.add(loc)
        if arriving and audit.position.phase is not None:
            if self.kinds.is_sp(u) and loc in self.entered_now and self.infantry_center(loc):
                self.supply(audit, entry.unit, loc)
            elif self.kinds.is_land(u) and m["captured_artillery"] in (u.name or ""):
                self.artillery(audit, entry.unit, loc)

    @property
    def movement_phases(self) -> list[str]:
        return self.cfg["land_movement"]["movement_phases"]

    def infantry_center(self, hex_: str) -> bool:
        return any(code.isdigit() for code in self.centers.get(hex_, ()))

    def supply(self, audit: Audit, uid: str, hex_: str) -> None:
        m = self.cfg["mobilization"]
        rule = self.rules.rule(m["supply_rule"])
        points = audit.position.strength(uid)
        if not self.rules.invasion_turn(audit.position.turn):
            audit.report(rule, f"{uid} ({points} SP) is placed at the mobilization center in {hex_}, captured on "
                         f"{audit.position.turn}; captured centers give SPs on the Invasion Turn only", where=hex_,
                         units=[uid], excess=points, samples=m["sample"])
            return
        self.awarded[hex_] += points
        if self.awarded[hex_] > m["supply_points"]:
            audit.report(rule, f"{self.awarded[hex_]} SPs are placed at the captured mobilization center in {hex_}; "
                         f"the Germans place {m['supply_points']}", where=hex_, units=[uid],
                         excess=self.awarded[hex_] - m["supply_points"], samples=m["sample"])

    def artillery(self, audit: Audit, uid: str, loc: str) -> None:
        m = self.cfg["mobilization"]
        rule = self.rules.rule(m["artillery_rule"])
        self.arrived.add(uid)
        codes = [c for c in self.centers.get(loc, ()) if c.startswith("A")]
        if not codes or loc not in self.entered:
            audit.report(rule, f"{uid} is placed in {loc}, not at an artillery regiment's mobilization center the "
                         f"Germans captured", where=loc, units=[uid], samples=m["sample"])
            return
        if all(len(self.mobilized[c]) >= m["artillery_battalions"] for c in codes):
            audit.report(rule, f"{uid} is placed at {loc}, but all three artillery battalions of the regiment "
                         f"mobilized before the Germans captured its center", where=loc, units=[uid])
        first = self.artillery_at.setdefault(loc, uid)
        if first != uid:
            audit.report(rule, f"{uid} is a second captured artillery battalion at {loc}; only one is placed per "
                         f"captured artillery regiment mobilization center", where=loc, units=[uid], excess=1)
