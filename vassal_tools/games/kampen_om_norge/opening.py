"""The set-up of Kampen om Norge: the basic game's opening position (kampen-om-norge.txt 3) and the
placement of the 9. April turn's initial phase (7.0), judged unit by unit as it is placed.

Which entries are a set-up is :meth:`.board.KampenBoard.set_up`. Units a record leaves out are not judged.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Place
from ...rules.engine import Audit
from ...rules.findings import counted
from .board import rule
from .rules import KampenCheck, KampenRules

FINNMARK, OSLO = "Finnmark", "Oslo"


class SetUp(KampenCheck):
    """3, 7.0: the set-up's places, judged as each is made; what it has placed so far."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.listed: Counter[tuple[str, str]] = Counter()
        for line in self.data.toml.get("setup", []):
            self.listed[(line["side"], line["area"])] += line["battalions"]
        self.placed: Counter[tuple[str, str]] = Counter()
        self.norway: Counter[str] = Counter()  # 7.0: Finnmark, by Oslo, mobilization point, either of the two

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Place) and self.rules.placing in ("ship", "set-up") and self.rules.set_up(audit, entry):
            self.place(audit, entry)

    def place(self, audit: Audit, entry: Place) -> None:
        kind = self.board.set_up(audit)
        uid, at = entry.unit, entry.at
        side, klass = self.board.side(audit, uid), self.board.klass(audit, uid)
        if klass == "naval":
            if kind == "april":
                self.ship(audit, uid, at)
            return
        if klass not in ("land", "chip"):
            return
        count = audit.position.strength(uid)
        if kind == "basic":
            self.basic(audit, uid, side, at, count)
        elif side == "norwegian":
            self.norwegian(audit, uid, at, count)
        else:
            audit.report(rule("7.0"), f"{side.capitalize()} battalion {uid} placed in {at} in the initial phase: "
                         "only Norway places battalions then (Germany lands them, 7.2)", where=at, units=[uid],
                         case="others")

    def basic(self, audit: Audit, uid: str, side: str, at: str, count: int) -> None:
        """3: Germany and Norway place the listed battalions; the Allies' six come as reinforcements."""
        before = self.placed[(side, at)]
        self.placed[(side, at)] += count
        allowed = self.listed[(side, at)]
        if before <= allowed < self.placed[(side, at)]:
            what = f"{allowed} listed there" if allowed else "none listed there"
            if side == "allied":
                what = "the Allies start with none on the board (their six arrive as reinforcements)"
            audit.report(rule("3"), f"the set-up puts {counted(self.placed[(side, at)], side + ' battalion')} in {at}: {what}",
                         where=at, units=[uid], excess=self.placed[(side, at)] - allowed)

    def norwegian(self, audit: Audit, uid: str, at: str, count: int) -> None:
        """7.0: 1 battalion in Finnmark, 1 in Oslo or an area bordering it, 2 on any mobilization points."""
        by_oslo = at == OSLO or at in self.data.land_neighbours(OSLO)
        point = at in self.data.mobilization_points()
        slot = "finnmark" if at == FINNMARK else "either" if by_oslo and point else "oslo" if by_oslo \
            else "point" if point else None
        if slot is None:
            audit.report(rule("7.0"), f"Norway places {uid} in {at}: neither Finnmark, Oslo or an area by it, nor "
                         "a mobilization point", where=at, units=[uid], samples=self.board.samples(at))
            return
        self.norway[slot] += count
        n = self.norway
        if n["finnmark"] > 1 or n["oslo"] > 1 or n["point"] > 2 or n["oslo"] + n["point"] + n["either"] > 3:
            audit.report(rule("7.0"), f"Norway places {uid} in {at}: more than 1 in Finnmark, 1 in or by Oslo "
                         "and 2 on mobilization points", where=at, units=[uid])
            self.norway[slot] -= count  # judged once

    def ship(self, audit: Audit, uid: str, at: str) -> None:
        """7.0: ships go to sea zones; Eidsvoll & Norge face up in any but Sea Zone VIII."""
        if self.board.area_kind(at) != "sea":
            audit.report(rule("7.0"), f"ship {uid} placed in {at}: ships are placed in sea zones", where=at,
                         units=[uid], case="ships")
        elif self.board.ship_type(audit, uid) == "panserskip" and at == "Sea Zone VIII":
            audit.report(rule("7.0"), f"{uid} placed in Sea Zone VIII: Eidsvoll & Norge goes in any sea zone but "
                         "VIII", where=at, units=[uid], case="eidsvoll")
