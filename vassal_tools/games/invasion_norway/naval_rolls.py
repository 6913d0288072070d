"""Die rolls of naval units and coast artillery whose results the text gives: Naval Gunfire
Support (8.4.1, 8.4.2), Naval Bombardment (8.7.2), the Coast Artillery Surrender Table (9.2) and
Installation Bombing of batteries (9.0.3 with 7.5.1).

A roll names the unit it is for (``unit``), the hex it concerns (``zone``: the hex supported,
bombarded or bombed, the battery's hex) and the ``outcome`` claimed; a roll without an outcome is
judged only for where it is rolled. Support Factors are units.csv's ``gunfire`` (some sample).
"""

from __future__ import annotations

from ...record import Entry, Roll
from ...rules.engine import Audit
from ...rules.position import UnitState
from .naval_missions import control_shown
from .rules import NAVAL_MOVEMENT, Check
from .situation import enemy

LAND_COMBAT = {"german-land-combat": "german", "allied-land-combat": "allied"}


class NavalRolls(Check):
    """8.4.1 and 8.4.2: who may give Naval Gunfire Support, and a point "If the result is less
    than or equal to its Support Factor"; 8.7.2: a bombardment hit on the same terms."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        r = self.cfg["naval_rolls"]
        if not isinstance(entry, Roll) or entry.purpose not in (r["gunfire_roll"], r["bombardment_roll"]):
            return
        uid = entry.unit
        if not entry.single or uid is None or uid not in audit.units:
            return
        gunfire = entry.purpose == r["gunfire_roll"]
        if gunfire:
            self.eligible(audit, entry, uid)
        self.outcome(audit, entry, uid, r["gunfire_rule"] if gunfire else r["bombardment_rule"],
                     "" if gunfire else "roll")

    def support(self, audit: Audit, uid: str) -> int | None:
        data = self.game.data.units.get(uid)
        if data is None:
            return None
        if self.rules.damaged(audit, uid) and data.r_gunfire is not None:
            return data.r_gunfire
        return data.gunfire

    def outcome(self, audit: Audit, entry: Roll, uid: str, rule: str, case: str) -> None:
        r, factor = self.cfg["naval_rolls"], self.support(audit, uid)
        if factor is None or entry.outcome is None:
            return
        die, claimed = entry.result, entry.outcome
        if (claimed in r["hit_words"] and die > factor) or (claimed in r["miss_words"] and die <= factor):
            audit.report(self.rules.rule(rule), f"the roll of {die} for {uid} (Support Factor {factor}) claims "
                         f"{claimed!r}; it scores when the die is at or under the Support Factor",
                         where=entry.zone, units=[uid], samples=r["sample"], case=case)

    def eligible(self, audit: Audit, entry: Roll, uid: str) -> None:
        """8.4.1: in the enemy's Land Combat Phase from a port hex under attack; in the friendly
        one, and in the Naval Movement Phase, from a Gunfire Support box of a sea zone adjacent
        to the land zone of the hex supported (or, for an amphibious assault, with the group)."""
        r, pos, u = self.cfg["naval_rolls"], audit.position, audit.units[uid]
        phase, loc, hex_ = pos.phase or "", pos.loc(uid), entry.zone
        box = self.game.boxes.get(loc or "")
        sea = box.place if box is not None and box.kind == "gunfire_support" else None
        on_map = hex_ is not None and hex_ in self.game.hexes
        land = self.game.hex_zone(hex_) if hex_ is not None and on_map else None
        bordered = sea is not None and (land is None or land in self.game.zone_borders.get(sea, frozenset()))
        coastal = hex_ is None or not on_map or self.game.hexes[hex_].coast != "none"
        if LAND_COMBAT.get(phase) == enemy(u.side or ""):
            why = None if loc in self.game.ports and (hex_ is None or hex_ == loc) else \
                "it is not in the port hex under attack"
        elif LAND_COMBAT.get(phase) == u.side:
            why = (None if bordered and coastal else "it is in no Gunfire Support box" if sea is None
                   else f"{hex_} is no coastal hex" if not coastal else f"{sea} does not border {land}")
        elif NAVAL_MOVEMENT.get(phase) == u.side:
            why = None if bordered or (hex_ is not None and loc == hex_) else \
                "it is neither in a Gunfire Support box bordering the assault's land zone nor with the assault"
        else:
            why = f"in {phase or 'no phase'}, when no Naval Gunfire Support is given"
        if why:
            audit.report(self.rules.rule(r["eligibility_rule"]), f"{uid} rolls for Naval Gunfire Support at "
                         f"{hex_ or 'no hex named'}: {why}", where=hex_ or loc, units=[uid])


class CoastArtilleryRolls(Check):
    """9.2.3: "On a roll of "0-7," the battery surrenders. On a roll of "8-9," it does not"; its
    Exception: "Do not roll for surrender if there is an enemy land unit with a Defense Factor
    greater than zero occupying the same hex as the battery" (it is captured then, 9.2.1): a unit of
    the side that holds the commanding port, with a Defense Factor, in the battery's hex. 9.0.3
    with 7.5.1: a bomber attacking a battery hits "If the modified die roll result is less than or
    equal to the bomber's Installation Bombing Factor" (the modifiers only add: the weather's, 7.5
    Note, and +1 for anti-aircraft; so a die above the factor never hits)."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        c = self.cfg["coast_artillery"]
        if not isinstance(entry, Roll) or not entry.single:
            return
        if entry.purpose == c["surrender_roll"]:
            self.surrender(audit, entry)
        elif entry.purpose == c["bombing_roll"] and entry.unit is not None and entry.unit in audit.units \
                and self.battery_at(audit, entry.zone):
            self.bombing(audit, entry, entry.unit)

    def batteries(self) -> dict[str, str]:
        """Fixed batteries' hexes -> their commanding ports' names ("" for none)."""
        return {p.hex: str(p.extra.get("commanding_port") or "") for p in self.game.data.places
                if p.kind == "coast_artillery" and p.hex}

    def battery_at(self, audit: Audit, hex_: str | None) -> bool:
        if hex_ is None:
            return False
        mobile = any(self.kinds.type_in(audit.units[o], ["coast_artillery"]) for o in audit.position.at(hex_))
        return hex_ in self.batteries() or mobile

    def surrender(self, audit: Audit, entry: Roll) -> None:
        c, hex_ = self.cfg["coast_artillery"], entry.zone
        if hex_ is None or hex_ not in self.batteries():
            return
        captor = self.captor(audit, self.batteries()[hex_])
        if captor is not None:
            occupiers = sorted(o for o in audit.position.at(hex_) if audit.units[o].side == captor
                               and self.kinds.has_defense(audit.units[o]))
            if occupiers:
                audit.report(self.rules.rule(c["surrender_rule"]), f"a surrender roll for the battery in {hex_}, "
                             f"where {', '.join(occupiers)} stand; no roll is made when an enemy land unit with a "
                             f"Defense Factor occupies the battery's hex", where=hex_, units=occupiers, case="occupied")
                return
        die, claimed = entry.result, entry.outcome
        if (claimed in c["surrendered_words"] and die > c["surrender_max"]) or \
                (claimed in c["held_words"] and die <= c["surrender_max"]):
            audit.report(self.rules.rule(c["surrender_rule"]), f"the surrender roll of {die} for the battery in "
                         f"{hex_} claims {claimed!r}; it surrenders on 0-{c['surrender_max']}", where=hex_)

    def captor(self, audit: Audit, port_name: str) -> str | None:
        """Who holds the battery's commanding port, if the record shows it (the side that captured it)."""
        for port in self.game.ports.values():
            if port.name == port_name and port.loc in self.game.hexes:
                return control_shown(self, audit, port.loc)
        return None

    def bombing(self, audit: Audit, entry: Roll, uid: str) -> None:
        c, data = self.cfg["coast_artillery"], self.game.data.units.get(uid)
        factor = data.installation_bombing if data is not None else None
        if factor is None or entry.outcome is None:
            return
        value = entry.modified if entry.modified is not None else entry.result
        hit = self.cfg["naval_rolls"]["hit_words"] + ["damaged"]
        miss = self.cfg["naval_rolls"]["miss_words"]
        if (entry.outcome in hit and value > factor) or \
                (entry.outcome in miss and entry.modified is not None and value <= factor):
            audit.report(self.rules.rule(c["bombing_rule"]), f"{uid} bombs the battery in {entry.zone} with a "
                         f"{'modified ' if entry.modified is not None else ''}roll of {value} and claims "
                         f"{entry.outcome!r}; against a battery it uses its Installation Bombing Factor, "
                         f"{factor}", where=entry.zone, units=[uid])
