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

from ...record import Attack, Entry, Intercept, Mission, Move, PhaseStart, Place, Roll
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import OFF_MAP_AIRBASES, OPEN_GRID, ROLE_LETTERS, is_hex
from .rules import Check, EuropaRules, is_ground, phasing
from .terrain import FULL_SEA


def neutralized(audit: Audit, loc: str, hits: int) -> bool:
    """12C3f: "An airbase is "neutralized" when it receives two or more hits" (the record's ``hits`` on the hex or
    on its ``airbase:`` box)."""
    hex_ = loc.removeprefix("airbase:")
    return max(audit.position.hits.get(hex_, 0), audit.position.hits.get(f"airbase:{hex_}", 0)) >= hits


def air_role(air_types: Mapping[str, Any], audit: Audit, uid: str) -> str | None:
    """An air unit's role letter (F, NF, FB, B, T, ...): as the record gives it, else its plane's in the
    data; None when neither says (nothing is judged)."""
    unit = audit.units.get(uid)
    if unit is None:
        return None
    role = str(unit.get("role") or "").upper()
    if role:
        return role
    known = air_types.get(str(unit.type or ""))
    return ROLE_LETTERS.get(known.role) if known is not None else None


class AirBasing(Check):
    """13A-13E at the end of every air phase."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.a: Mapping[str, Any] = self.cfg["airbases"]
        self.off_carrier: set[str] = set()  # air units that took off from a carrier this air phase
        self.entered: set[str] = set()  # hexes ground units entered this phase (13A)

    def start_phase(self, audit: Audit) -> None:
        self.off_carrier = set()
        self.entered = set()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Mission) and (entry.origin or "").startswith("carrier:"):
            self.off_carrier.update(entry.units)
        if isinstance(entry, (Move, Place)) and is_ground(audit.units[entry.unit]):
            self.entered.add(entry.to if isinstance(entry, Move) else entry.at)

    def end_phase(self, audit: Audit) -> None:
        if phasing(audit)[1] in ("movement", "combat", "exploitation"):
            self.overrun(audit)
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

    def overrun(self, audit: Audit) -> None:
        """13A: air units on an airfield an enemy ground unit enters escape (1-3) or are eliminated; "If all
        friendly ground units are eliminated or retreated from the hex, the air units are automatically
        eliminated." (13D, 13E: lake airfields and ports alike.) Air units still there at the end of the phase in
        which a ground unit entered the hex, with enemy ground units and no friendly one in it, are the finding."""
        left: dict[str, list[str]] = {}
        for loc, ids in audit.position.occupied():
            hex_ = loc.removeprefix("airbase:")
            if not is_hex(hex_) or hex_ not in self.entered:
                continue
            planes = sorted(u for u in ids if audit.units[u].unit_class == "air")
            if not planes:
                continue
            ground = {audit.units[u].side for u in (*audit.position.at(hex_), *audit.position.at(f"airbase:{hex_}"))
                      if is_ground(audit.units[u])}
            lost = [u for u in planes if ground and audit.units[u].side not in ground]
            if lost:
                left[loc] = lost
        for loc in sorted(audit.standing("13A overrun airbases", left)):
            audit.report(self.rule(self.a["airfield_rule"]), f"{', '.join(left[loc])} still at {loc} at the end of "
                         f"the {audit.position.phase}, where enemy ground units and no friendly one are: air units there "
                         "escape (a roll of 1-3) or are eliminated", where=loc, units=left[loc], case="overrun")

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
        floats = self.floatplanes(base, units)
        if floats is not None:
            out["float"] = floats
        if base in OFF_MAP_AIRBASES:
            if base == "Danish" and len(units) > a["danish"]:
                out["capacity"] = (a["off_map_rule"], f"{len(units)} air units at the Danish airbase, over its "
                                   f"{a['danish']}", units)
            return out
        if not is_hex(base):
            out["none"] = (a["rule"], f"air units in {base}, which is no airbase", units)
            return out
        return {**out, **self.on_map(audit, base, units, named)}

    def floatplanes(self, base: str, units: list[Unit]) -> tuple[str, str, list[Unit]] | None:
        """13E, wherever floatplanes are: "Floatplanes may not land at normal airbases except for the German
        off-map airbases at Hamburg and Sylt. They may, however, use friendly ports as airbases." A hex of a
        printed map, which the sheet does not hold, may be a port: not judged; a port whose owner (7) the record
        does not show is taken as friendly."""
        floats = [u for u in units if self.marked(u, "floatplane")]
        if not floats:
            return None
        a, sheet = self.a, self.pack.sheet
        if base in OFF_MAP_AIRBASES:
            if base in a["floatplane_bases"]:
                return None
            return a["floatplane_rule"], f"floatplanes land at Hamburg, Sylt and friendly ports, not {base}", floats
        if not is_hex(base) or sheet.is_port(base) is None:
            return None
        if sheet.is_port(base) is False:
            return (a["floatplane_rule"], f"floatplanes in {base}, which is no port: they may not land at normal "
                    "airbases (Hamburg and Sylt excepted), only at friendly ports (sample: the sheet's ports)", floats)
        enemy = [u for u in floats if self.rules.controller(base) not in (None, u.side)]
        if enemy:
            return (a["floatplane_rule"], f"floatplanes in the port {base}, which belongs to the "
                    f"{self.rules.controller(base)} player (7: the last to occupy it): only friendly ports", enemy)
        return None

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
        owner = self.rules.controller(base)
        enemy = [u for u in planes if owner not in (None, u.side)]
        if enemy:
            # 12B: "it may return to any friendly airbase within range"; 7: the airfield is the last occupant's
            out["enemy"] = (a["friendly_rule"], f"{len(enemy)} air units on {what} in {base}, which belongs to the "
                            f"{owner} player (7: the last to occupy its hex with a ground unit)", enemy)
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
                         (FULL_SEA,))

    def role(self, audit: Audit, uid: str) -> str | None:
        return air_role(self.pack.data.info.air_types, audit, uid)

    def intercept(self, audit: Audit, entry: Intercept, side: str | None) -> None:
        if entry.side == side:
            audit.report(self.rule(self.a["intercept_rule"]), f"the {side} player intercepts in his own air phase: "
                         "only the non-phasing player may fly interception", where=entry.zone, units=list(entry.air),
                         case="phasing")
        if self.night.get(entry.zone):
            day = [u for u in entry.air if self.role(audit, u) not in ("NF", None)]
            if day:
                audit.report(self.rule(self.a["night_rule"]), f"{', '.join(day)} {_verb(day, 'intercept')} night bombing in "
                             f"{entry.zone}: night bombing missions may only be intercepted by night fighters (NF)",
                             where=entry.zone, units=day)
        fighters = set(self.a["fighters"])
        wrong = [u for u in entry.air if self.role(audit, u) not in (*fighters, None)]
        if wrong:
            audit.report(self.rule(self.a["intercept_rule"]), f"{', '.join(wrong)} {_verb(wrong, 'intercept')} in {entry.zone}: "
                         "interception may be flown only by fighters (F, NF or FB)", where=entry.zone, units=wrong)


class SixSidedDie(Check):
    """4E: one die; the rules read its 1 to 6 (12C3e, 10F): a die outside 1-6 is a finding."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll):
            for die in entry.dice:
                if not 1 <= die <= 6:
                    audit.report(self.rule(self.cfg["die"]["rule"]), f"a {entry.purpose} roll of {die}: the game's "
                                 "die is a d6 (1-6)", where=entry.zone)


class AirMissions(Check):
    """12C1 interception targets, 12C2 escorts, 12C3 bombers, 12C4 air transport, 12C5 air drops (who flies them,
    what they carry, where parachutes land)."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.m: Mapping[str, Any] = self.cfg["missions"]
        self.targets: set[str] = set()  # hexes phasing missions fly to this air phase
        self.dropped: set[str] = set()  # parachute units dropped this air phase (they may move on, 12C5)
        self.flown: set[str] = set()      # air units on a mission this air phase (12C: one mission)
        self.airlifted: set[str] = set()  # ground units landed by air this air phase (12C4: they stay)
        self.stepped: set[str] = set()    # Turn 1: airlifted units that made 19E's one-hex move

    def start_phase(self, audit: Audit) -> None:
        self.targets = set()
        self.dropped = set()
        self.flown = set()
        self.airlifted = set()
        self.stepped = set()

    def role(self, audit: Audit, uid: str) -> str | None:
        return air_role(self.pack.data.info.air_types, audit, uid)

    def before(self, audit: Audit, entry: Entry) -> None:
        side, kind = phasing(audit)
        if kind != "air":
            if isinstance(entry, (Mission, Intercept)) and audit.position.phase is not None:
                # 5C, 12A: "All air activity must be conducted within this sequence" (the air phase)
                audit.report(self.rule(self.m["sequence_rule"]), f"an air {'mission' if isinstance(entry, Mission) else 'interception'} "
                             f"in the {audit.position.phase}: air units fly their missions in the air phase",
                             where=getattr(entry, "target", None) or getattr(entry, "zone", None))
            return
        if isinstance(entry, Mission):
            self.mission(audit, entry)
        elif isinstance(entry, Intercept) and entry.side != side:
            # 12C1: "Fighters on an interception mission fly to a target hex occupied by enemy air units that have
            # ended their air movement in the hex"
            there = any(audit.units[u].unit_class == "air" and audit.units[u].side == side
                        for u in audit.position.at(entry.zone))
            if entry.zone not in self.targets and not there:
                audit.report(self.rule(self.m["intercept_rule"]), f"interception in {entry.zone}, where no enemy "
                             "mission flies: interceptors fly to a target hex occupied by enemy air units",
                             where=entry.zone, units=list(entry.air))
        elif isinstance(entry, Attack) and entry.target:
            bad = [u for u in entry.target if u in audit.units and audit.units[u].unit_class in ("land", "supply")
                   and (audit.units[u].type == "hq" or audit.units[u].unit_class == "supply")]
            if bad and any(audit.units[u].unit_class == "air" for u in entry.attackers if u in audit.units):
                audit.report(self.rule(self.m["ground_rule"]), f"{', '.join(bad)} bombed in {entry.hex}: any ground "
                             "unit (excluding headquarters and supply counters) may be bombed", where=entry.hex,
                             units=bad)

    def mission(self, audit: Audit, entry: Mission) -> None:
        if entry.target:
            self.targets.add(entry.target)
        if entry.kind != self.m["transfer_kind"]:  # 12C6: a transfer goes with another mission to the same base
            twice = sorted(u for u in entry.units if u in self.flown)
            if twice:
                audit.report(self.rule(self.m["one_mission_rule"]), f"{', '.join(twice)} fly a second mission this "
                             "air phase: an air unit may fly one of the missions", where=entry.target, units=twice)
            self.flown.update(entry.units)
        target = (entry.target or "").removeprefix("airbase:")
        if entry.kind.endswith("-bombing") and target in OFF_MAP_AIRBASES:
            audit.report(self.rule(self.m["off_map_rule"]), f"a {entry.kind} mission against {target}: off-map "
                         "airbases may not be attacked by enemy air units", where=entry.target, units=list(entry.units))
        if entry.origin and neutralized(audit, entry.origin, self.m["neutralized_hits"]):
            audit.report(self.rule(self.m["neutralized_rule"]), f"{', '.join(entry.units)} take off from "
                         f"{entry.origin}, which has {self.m['neutralized_hits']} or more hits: air units may not "
                         "take-off or land from neutralized airbases", where=entry.origin, units=list(entry.units))
        roles = {u: self.role(audit, u) for u in entry.units}
        kind = entry.kind
        if kind == "escort":
            wrong = [u for u, r in roles.items() if r not in (*self.m["fighters"], None)]
            rule, text = self.m["escort_rule"], "only units designated as fighters (F, NF, FB) may fly escort"
        elif kind in ("air-transport", "air-drop"):
            wrong = [u for u, r in roles.items() if r not in (self.m["transport_role"], None)]
            rule = self.m["transport_rule"] if kind == "air-transport" else self.m["drop_rule"]
            text = "transport air units (type T) transport and drop ground units and supply counters"
        elif kind.endswith("-bombing"):
            wrong = [u for u, r in roles.items() if r == self.m["transport_role"]]
            rule, text = self.m["bombing_rule"], "air units with a tactical or strategic bombing strength fly bombing"
        else:
            return
        if wrong:
            audit.report(self.rule(rule), f"{', '.join(wrong)} fly {kind}: {text}", where=entry.target,
                         units=wrong)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Move, Place)) or phasing(audit)[1] != "air":
            return
        unit = audit.units[entry.unit]
        to = entry.to if isinstance(entry, Move) else entry.at
        came_from = previous.loc if previous is not None else None
        if unit.unit_class != "land" or not is_hex(to) or str(came_from or "").startswith("hq:"):
            return
        name = unit.name or unit.id
        if is_hex(came_from) and (unit.id in self.dropped or OPEN_GRID.distance(
                self.pack.sheet.hex_of(came_from) or "", self.pack.sheet.hex_of(to) or "") <= 1):
            self.stays(audit, unit, str(came_from), to)  # a move on the ground after a drop or landing
            return
        self.airlifted.add(unit.id)
        if unit.type not in self.m["air_types"] or unit.get("motorized") is True:
            audit.report(self.rule(self.m["transport_rule"]), f"{name} ({unit.type}) comes by air to {to}: only "
                         "infantry, mountain infantry, parachute, headquarters, mountain artillery and flak units "
                         "(and supply counters), never combat/motorized ones, may be transported by air", where=to,
                         units=[unit.id])
        if unit.type == self.m["parachute_type"] and not self.pack.sheet.airfields & {self.pack.sheet.known(to)}:
            self.dropped.add(unit.id)
            self.drop(audit, unit, to)

    def end_phase(self, audit: Audit) -> None:
        """12C3f: no air unit lands at a neutralized airbase (two hits or more) in the air phase."""
        if phasing(audit)[1] != "air":
            return
        landed = {uid: audit.position.loc(uid) for uid in audit.position.moved
                  if uid in audit.units and audit.units[uid].unit_class == "air" and audit.position.on_map(uid)}
        for uid, loc in sorted(landed.items()):
            if loc and neutralized(audit, loc, self.m["neutralized_hits"]):
                audit.report(self.rule(self.m["neutralized_rule"]), f"{audit.units[uid].name or uid} lands at {loc}, "
                             f"which has {self.m['neutralized_hits']} or more hits: air units may not take-off or land "
                             "from neutralized airbases", where=loc, units=[uid])

    def stays(self, audit: Audit, unit: Unit, came_from: str, to: str) -> None:
        """12C4: units transported by air "must remain in the hex where they diembark. No other movement is
        allowed."; 19E: on the first turn they "may move one hex during the air phase"; 12C5: parachute units
        may move on after dropping."""
        if unit.id not in self.airlifted or unit.id in self.dropped:
            return
        first = audit.position.turn == self.cfg["rolls"]["first_turn"]
        if first and unit.id not in self.stepped:
            self.stepped.add(unit.id)
            return
        rule = self.m["invasion_move_rule"] if first else self.m["transport_rule"]
        why = "on the first turn it may move one hex" if first else "it must remain in the hex where it disembarks"
        audit.report(self.rule(rule), f"{unit.name or unit.id} moves from {came_from} to {to} after coming by air "
                     f"this air phase: {why}", where=to, units=[unit.id])

    def drop(self, audit: Audit, unit: Unit, to: str) -> None:
        """12C5: "Parachute units may only be dropped in a clear or rough terrain hexes" and "may not drop into a
        hex containing an enemy ground unit with a defense strength greater than zero"."""
        name, sheet = unit.name or unit.id, self.pack.sheet
        if sheet.known(to) is not None and sheet.terrain(to) not in self.m["drop_terrain"]:
            audit.report(self.rule(self.m["drop_rule"]), f"{name} drops into {to}, a {sheet.terrain(to)} hex: "
                         "parachute units may only be dropped in clear or rough terrain hexes", where=to,
                         units=[unit.id], samples=("sample: the sheet's terrain",))
        strong = [u for u in audit.position.at(to) if audit.units[u].unit_class == "land" and audit.units[u].type
                  != "truck" and audit.units[u].side != unit.side and float(audit.units[u].get("defense") or 0) > 0]
        if strong:
            audit.report(self.rule(self.m["drop_rule"]), f"{name} drops into {to}, where enemy ground units with a "
                         f"defense strength are ({', '.join(sorted(strong))})", where=to, units=[unit.id])


def _verb(subjects: list[str], verb: str) -> str:
    """The verb agreeing with its subjects: "Ju-88 intercepts", "Ju-88, Ju-88 intercept"."""
    return verb + "s" if len(subjects) == 1 else verb
