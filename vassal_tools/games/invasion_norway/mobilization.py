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
        found = _BATTALION.match(u.name or "") if self.kinds.is_norwegian(u) else None
        if found is None:
            return
        arriving = previous is None or previous.removed or previous.loc is None or self.game.off_map(previous.loc)
        if arriving and audit.position.phase == self.cfg["mobilization"]["phase"]:
            self.mobilize(audit, entry.unit, found.group(1), found.group(2), loc)
        self.in_play.add(entry.unit)

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
