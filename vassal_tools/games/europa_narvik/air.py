"""Air units (europa-narvik.txt 12, 13), judged through the record.

13: air basing is judged at the end of every air phase: an airfield counter holds six air units (13A),
a lake airfield three if it is the German counter, one if an Allied one (13D), the Danish off-map
airbase six (13B); Hamburg, Sylt and Danish are German, Hatston Field and Bomber Command Allied (13B);
carriers take carrier aircraft only, and one marked * does not both take off from and land on a carrier
in one air phase (13C); no German air unit starts the game on the Danish airbase (13B); floatplanes use friendly ports, Hamburg and Sylt, no other
airbase (13E). 12C3e: each attack on naval units in an air phase is one wave of five air units or
fewer, and an air unit attacking ships in a full sea hex has first found them: one die for it
(``roll`` for ``find-ships`` with its ``unit``), 4-6 finds. 12C1: interception is flown by the
non-phasing player's fighters (F, NF, FB) only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ...record import Attack, Entry, Intercept, Mission, PhaseStart, Roll
from ...record.entries import Unit
from ...rules.engine import Audit
from .catalogue import OFF_MAP_AIRBASES, ROLE_LETTERS, is_hex
from .rules import Check, EuropaRules, phasing


class AirBasing(Check):
    """13A-13E at the end of every air phase."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.a: Mapping[str, Any] = self.cfg["airbases"]
        self.off_carrier: set[str] = set()  # air units that took off from a carrier this air phase

    def start_phase(self, audit: Audit) -> None:
        self.off_carrier = set()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Mission) and (entry.origin or "").startswith("carrier:"):
            self.off_carrier.update(entry.units)

    def end_phase(self, audit: Audit) -> None:
        if phasing(audit)[1] not in ("air", None):  # every air phase, and the position a record begins with
            return
        self.starred_back_on_carrier(audit)
        self.danish_at_the_start(audit)
        based: dict[str, list[Unit]] = defaultdict(list)
        named: set[str] = set()  # bases a record names as airbase:HEX (the airfield there)
        spelled: dict[str, str] = {}
        for uid, unit in audit.units.items():
            loc = audit.position.loc(uid)
            if unit.unit_class == "air" and loc is not None and audit.position.on_map(uid):
                base = loc[len("airbase:"):] if loc.startswith("airbase:") else loc
                based[base].append(unit)
                if loc.startswith("airbase:"):
                    named.add(base)
                spelled.setdefault(base, loc)  # a finding names the base as the record does (airbase:Danish)
        faults: dict[tuple[str, str], tuple[str, str, list[Unit]]] = {}
        for base, units in based.items():
            for kind, judged in self.judge(audit, base, units, base in named).items():
                faults[(base, kind)] = judged
        for key in sorted(audit.standing("13 air basing", faults)):
            rule, text, wrong = faults[key]
            when = f"the end of the {audit.position.phase}" if audit.position.phase else "the start of the record"
            audit.report(self.rule(rule), f"at {when}: {text}", where=spelled[key[0]],
                         units=sorted(u.id for u in wrong), case=key[1])  # the fault's kind: explain.toml's case

    def starred_back_on_carrier(self, audit: Audit) -> None:
        """13C: an air unit marked * takes off from or lands on a carrier in an air phase, not both."""
        for uid in sorted(self.off_carrier):
            unit, loc = audit.units.get(uid), audit.position.loc(uid) or ""
            if unit is not None and str(unit.get("carrier")) == "*" and loc.startswith("carrier:"):
                audit.report(self.rule(self.a["carrier_rule"]), f"{unit.name or uid} (carrier mark *) took off from a "
                             f"carrier and is back on {loc} at the end of the {audit.position.phase}: an * air unit "
                             "takes off from or lands on a carrier in an air phase, not both", where=loc, units=[uid],
                             case="starred")

    def danish_at_the_start(self, audit: Audit) -> None:
        """13B: German air units may not start the game on Danish airbases (the record begins at Turn 1)."""
        if audit.position.phase is not None or audit.position.turn != self.cfg["supply"]["first_turn"]:
            return
        there = sorted(u for u in audit.position.at("airbase:Danish") if audit.units[u].unit_class == "air")
        if there:
            audit.report(self.rule(self.a["off_map_rule"]), "German air units may not start the game on the Danish "
                         "airbase", where="airbase:Danish", units=there, case="danish-start")

    def marked(self, unit: Unit, mark: str) -> bool:
        """A carrier aircraft (13C: C or *) or floatplane (13E), as the record says, else as its plane in the data."""
        if unit.get(mark):
            return True
        known = self.pack.data.info.air_types.get(str(unit.type or ""))
        return known is not None and (known.carrier if mark == "carrier" else known.seaplane)

    def judge(self, audit: Audit, base: str, units: list[Unit], named: bool) -> dict[str, tuple[str, str, list[Unit]]]:
        a, out = self.a, {}
        if base.startswith("carrier:"):
            wrong = [u for u in units if not self.marked(u, "carrier")]
            if wrong:
                out["carrier"] = (a["carrier_rule"], f"only carrier aircraft use carriers ({base})", wrong)
            return out
        for side in ("german", "allied"):
            barred = a["allied_only"] if side == "german" else a["german_only"]
            wrong = [u for u in units if u.side == side and base in barred]
            if wrong:
                out[f"side-{side}"] = (a["off_map_rule"], f"{side.capitalize()} air units at {base}, "
                                       f"an airbase of the other side only", wrong)
        if base in OFF_MAP_AIRBASES:
            floats_barred = [u for u in units if self.marked(u, "floatplane") and base not in a["floatplane_bases"]]
            if floats_barred:
                out["float"] = (a["floatplane_rule"], f"floatplanes land at Hamburg, Sylt and ports, not {base}",
                                floats_barred)
            if base == "Danish" and len(units) > a["danish"]:
                out["capacity"] = (a["off_map_rule"], f"{len(units)} air units at the Danish airbase, over its "
                                   f"{a['danish']}", units)
            return out
        if not is_hex(base):
            out["none"] = (a["rule"], f"air units in {base}, which is no airbase", units)
            return out
        return {**out, **self.on_map(audit, base, units, named)}

    def on_map(self, audit: Audit, base: str, units: list[Unit], named: bool) -> dict[str, tuple[str, str, list[Unit]]]:
        """An airfield (a counter there, the data's, or the record's ``airbase:HEX``) holds six air units, a lake
        airfield three or one; floatplanes use ports, in any number (13E), and do not count."""
        a, out = self.a, {}
        markers = [audit.units[u] for u in audit.position.at(base) if audit.units[u].unit_class == "marker"]
        lake = next((m for m in markers if m.type == "lake-airfield"), None)
        field = named or any(m.type == "airfield" for m in markers) or \
            self.pack.sheet.hex_of(base) in self.pack.sheet.airfields
        planes = [u for u in units if not self.marked(u, "floatplane")]
        if lake is not None:
            capacity, rule = (a["lake_german"] if lake.side == "german" else a["lake_allied"]), a["lake_rule"]
            what = f"the {lake.side.capitalize()} lake airfield"
        elif field:
            capacity, rule, what = a["airfield"], a["airfield_rule"], "the airfield"
        else:
            if planes:
                out["none"] = (a["rule"], f"air units in {base}, where there is no airfield or lake airfield counter",
                               planes)
            return out
        if len(planes) > capacity:
            out["capacity"] = (rule, f"{len(planes)} air units on {what} in {base}, over its {capacity}", planes)
        return out


class AirAttacks(Check):
    """12C3e waves and finding ships; 12C1 interception."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.a: Mapping[str, Any] = self.cfg["air"]
        self.found: dict[str, list[int]] = {}  # air unit -> its find-ships dice this air phase
        # zone -> dice of find-ships rolls naming no unit (a list thrown at once for the units flown there,
        # one die per air unit): each air unit attacking there takes one die, finding ones first
        self.pooled: dict[str, list[int]] = {}
        self.night: dict[str, bool] = {}  # target hex -> whether every mission flown to it is a night mission

    def before(self, audit: Audit, entry: Entry) -> None:
        side, kind = phasing(audit)
        if isinstance(entry, PhaseStart) or kind != "air":
            return
        if isinstance(entry, Roll) and entry.purpose == self.a["find_roll"]:
            self.roll(audit, entry)
        elif isinstance(entry, Attack):
            self.attack(audit, entry)
        elif isinstance(entry, Intercept):
            self.intercept(audit, entry, side)
        elif isinstance(entry, Mission) and entry.target:
            night = entry.inner.get("night") is True
            self.night[entry.target] = self.night.get(entry.target, True) and night

    def start_phase(self, audit: Audit) -> None:
        self.found = {}
        self.pooled = {}
        self.night = {}

    def roll(self, audit: Audit, entry: Roll) -> None:
        units = [entry.unit] if entry.unit else list(entry.target)
        if not units:  # records-four-games.md: `unit` only for a per-unit roll; no zone either: not judged
            if entry.zone:
                self.pooled.setdefault(entry.zone, []).extend(entry.dice)
            return
        if len(units) != len(entry.dice):
            audit.report(self.rule(self.a["find_rule"]), f"a find-ships roll of {len(entry.dice)} dice for "
                         f"{len(units)} air units: one die is rolled for each air unit", where=entry.zone,
                         units=units)
            return
        for unit, die in zip(units, entry.dice):
            self.found.setdefault(unit, []).append(die)

    def attack(self, audit: Audit, entry: Attack) -> None:
        planes = [u for u in entry.attackers if u in audit.units and audit.units[u].unit_class == "air"]
        targets = list(entry.target) or [u for u in audit.position.at(entry.hex)]
        ships = [u for u in targets if u in audit.units and audit.units[u].unit_class == "naval"]
        if not planes or not ships:
            return
        if len(planes) > self.a["wave"]:
            audit.report(self.rule(self.a["wave_rule"]), f"{len(planes)} air units attack naval units in {entry.hex} "
                         f"in one wave: no attack may consist of more than {self.a['wave']}", where=entry.hex,
                         units=planes, excess=len(planes) - self.a["wave"], case="wave")
        full_sea = self.pack.sheet.is_full_sea(entry.hex)  # None: a printed map's hex, judged by its rolls only
        if full_sea is False:
            return
        finds = set(self.a["finds"])
        pool = self.pooled.get(entry.hex, [])
        for uid in planes:
            dice = self.found.get(uid, [])
            if not dice and pool:  # the unit's die is one of a list thrown at once for the zone
                die = next((d for d in pool if d in finds), pool[0])
                pool.remove(die)
                dice = [die]
            if not dice and full_sea is None:
                continue
            if not dice:
                text = "no find-ships roll for it"
            elif dice[-1] not in finds:
                text = f"its find-ships roll was {dice[-1]}"
            else:
                continue
            audit.report(self.rule(self.a["find_rule"]), f"{audit.units[uid].name or uid} attacks naval units in the "
                         f"full sea hex {entry.hex} without finding them ({text}; one die per air unit, 4-6 finds)",
                         where=entry.hex, units=[uid], samples=() if not is_hex(entry.hex) else
                         ("sample: the sheet's full sea hexes",))

    def role(self, audit: Audit, uid: str) -> str | None:
        """An air unit's role letter (F, NF, FB, B, ...): as the record gives it, else its plane's in the
        data; None when neither says (nothing is judged)."""
        unit = audit.units.get(uid)
        if unit is None:
            return None
        role = str(unit.get("role") or "").upper()
        if role:
            return role
        known = self.pack.data.info.air_types.get(str(unit.type or ""))
        return ROLE_LETTERS.get(known.role) if known is not None else None

    def intercept(self, audit: Audit, entry: Intercept, side: str | None) -> None:
        if entry.side == side:
            audit.report(self.rule(self.a["intercept_rule"]), f"the {side} player intercepts in his own air phase: "
                         "only the non-phasing player may fly interception", where=entry.zone, units=list(entry.air),
                         case="phasing")
        if self.night.get(entry.zone):
            day = [u for u in entry.air if self.role(audit, u) not in ("NF", None)]
            if day:
                audit.report(self.rule(self.a["night_rule"]), f"{', '.join(day)} intercept night bombing in "
                             f"{entry.zone}: only night fighters (NF) may", where=entry.zone, units=day)
        fighters = set(self.a["fighters"])
        wrong = [u for u in entry.air if self.role(audit, u) not in (*fighters, None)]
        if wrong:
            audit.report(self.rule(self.a["intercept_rule"]), f"{', '.join(wrong)} intercept in {entry.zone}: "
                         "interception may be flown only by fighters (F, NF or FB)", where=entry.zone, units=wrong)


class SixSidedDie(Check):
    """4E: one die; the rules read its 1 to 6 (12C3e, 10F): a die outside 1-6 is a finding."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll):
            for die in entry.dice:
                if not 1 <= die <= 6:
                    audit.report(self.rule(self.cfg["die"]["rule"]), f"a {entry.purpose} roll of {die}: the game's "
                                 "die is a d6 (1-6)", where=entry.zone)
