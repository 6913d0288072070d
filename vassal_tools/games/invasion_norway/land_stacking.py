"""Land stacking (11.1.1) at the end of movement, combat and motorized movement phases (11.1.2).

Four infantry battalions (of any kind), two artillery battalions and one company
or battery per hex; further companies and batteries count half a battalion in the
slots of their arm; trucks do not count; Oslo doubles it all.
"""

from __future__ import annotations

from ...rules.engine import Audit
from ...rules.findings import counted
from ...rules.stacking import SMALL, Allowance, Piece, excess
from .rules import Check


class LandStacking(Check):
    """11.1.1-11.1.2: no hex overstacked when a movement, combat or motorized phase ends."""

    def __init__(self, rules):
        super().__init__(rules)
        s = self.cfg["stacking"]
        self.allowance = Allowance({"infantry": s["infantry_battalions"], "artillery": s["artillery_battalions"]},
                                   s["spare_small"], s["small_in_any_free_slot"])
        self.doubled = self.allowance.scaled(s["doubling"])

    def end_phase(self, audit: Audit) -> None:
        s = self.cfg["stacking"]
        if audit.position.phase not in s["phases"]:
            return
        found = {}
        for side in ("german", "allied"):
            for hex_, ids in self.rules.situation.land_units(side).items():
                pieces, samples = self.pieces(audit, ids)
                allowance = self.doubled if hex_ in s["doubled_in"] else self.allowance
                over = excess(pieces, allowance)
                if over:
                    found[(hex_, side)] = (ids, over, samples, allowance)
        for key in sorted(audit.standing("11.1.1", found)):
            hex_, side = key
            ids, over, samples, allowance = found[key]
            parts = ", ".join(f"{'companies and batteries' if group == SMALL else group} {value:g} over"
                              for group, value in sorted(over.over.items()))
            limit = (f"{allowance.capacity['infantry']:g} infantry and {allowance.capacity['artillery']:g} artillery "
                     f"battalions and {allowance.spare} company or battery")
            audit.report(self.rules.rule(s["rule"]),
                         f"{side.capitalize()} land units in {hex_} exceed the stacking limit ({limit}) "
                         f"by {counted(over.total, 'battalion')}: {parts}, at the end of the {audit.position.phase} phase "
                         f"({s['when_rule']})",
                         where=hex_, units=sorted(ids), excess=over.total, samples=samples)

    def pieces(self, audit: Audit, ids) -> tuple[list[Piece], list[str]]:
        s = self.cfg["stacking"]
        pieces, samples = [], []
        for uid in ids:
            u = audit.units[uid]
            if self.kinds.type_in(u, s["free_types"]):
                continue
            group = "infantry"
            if self.kinds.type_in(u, s["artillery_types"]):
                group = "artillery"
            elif self.kinds.type_in(u, s["artillery_like_types"]):
                group = "artillery"
                samples.append(s["sample"][0])
            size = u.size or "battalion"
            if self.kinds.is_small(u):
                pieces.append(Piece(uid, group, s["small_weight"], small=True))
            else:
                if size in s["size_battalions"]:
                    samples.append(s["sample"][1])
                pieces.append(Piece(uid, group, float(s["size_battalions"].get(size, 1))))
        return pieces, samples
