"""Air and naval basing (5.1-5.2, 8.7.1), judged whenever a phase ends.

Air units: the Airbase Capacity less hits; friendly-controlled bases only; seaplanes at
friendly-controlled ports (5.1.1);
Bardufoss before its upgrade (5.1.3); frozen lake airbases (5.1.4); Whitley,
Wellington and Hampden only in England and Scotland, at most two points in
Scotland (5.1); carriers: capacity and carrier-capable types (8.7.1).
Naval units: the port basing limit (5.2.1) and British capital ships on the
Operational Map (5.2.3).

A state that stays illegal over several phases is reported once, when it appears.
"""

from __future__ import annotations

import re

from ...record import Entry, Move, Place, Roll
from ...rules.engine import Audit
from ...rules.position import UnitState
from .data import Airbase
from .rules import Check

_UPGRADED = re.compile(r"^\s*upgraded", re.I)  # the marker's "Upgraded 3" side, not "Not Upgraded 1"


# The findings whose rule has a sentence of its own for them (explain.toml): the two-point limit of
# night bombers in Scotland is decided by 5.1's Exception, not by its first sentence.
CASES = {"5.1-scotland": "scotland"}


class Basing(Check):
    """5.1, 5.1.1, 5.1.3, 5.1.4, 5.2.1, 5.2.3, 8.7.1."""

    # -- Bardufoss upgrade and frozen lake markers, as they happen

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        a = self.cfg["airbase"]
        if isinstance(entry, Roll) and ("upgrade" in entry.purpose or "bardufoss" in entry.purpose):
            low, high = a["bardufoss_upgrade_success"]
            if self.upgrade_allowed(audit) and entry.single and low <= entry.result <= high:
                self.rules.bardufoss_upgraded = True
            return
        loc = self.rules.arrived(entry, previous)
        if loc is None or not isinstance(entry, (Place, Move)):
            return
        u = audit.units[entry.unit]
        if u.unit_class != "marker":
            return
        label = f"{u.type or ''} {u.name or ''}"
        if _UPGRADED.search(u.name or "") and self.game.hex_of(loc) == self.bardufoss_hex():
            self.rules.bardufoss_upgraded = True
        elif "frozen lake" in label.lower():
            self.check_frozen_lake_marker(audit, entry.unit, loc)

    def upgrade_allowed(self, audit: Audit) -> bool:
        """5.1.3: an upgrade attempt needs a friendly Air Mission Phase, a full-strength British
        infantry battalion in the hex, and no Stormy weather in the Northern section. An attempt
        without them is a finding, and its roll upgrades nothing."""
        a, pos = self.cfg["airbase"], audit.position
        hex_ = self.bardufoss_hex()
        why = []
        if pos.phase not in a["bardufoss_upgrade_phases"]:
            why.append(f"it is rolled in the {pos.phase or 'set-up'} phase, not an Allied Air Mission Phase")
        battalions = [uid for uid in pos.at(hex_ or "") if self.full_british_infantry(audit, uid)]
        if not battalions:
            why.append(f"no full-strength British infantry battalion is in {hex_}")
        weather = self.rules.weather(audit, a["bardufoss_upgrade_section"])
        if weather is not None and weather in a["bardufoss_upgrade_no_weather"]:
            why.append(f"the Northern weather section is {weather.capitalize()}")
        if why:
            audit.report(self.rules.rule(a["bardufoss_rule"]),
                         f"Bardufoss may not be upgraded here: {'; '.join(why)}. The roll does not count",
                         where=f"airbase:{a['bardufoss']}")
        return not why

    def full_british_infantry(self, audit: Audit, uid: str) -> bool:
        u = audit.units[uid]
        return (self.kinds.is_british(u) and self.kinds.is_battalion(u)
                and self.kinds.type_in(u, self.cfg["airbase"]["bardufoss_upgrade_types"])
                and audit.position.strength(uid) >= (u.steps or 1))

    def bardufoss_hex(self) -> str | None:
        base = self.game.airbases.get(f"airbase:{self.cfg['airbase']['bardufoss']}")
        return base.hex if base else None

    def check_frozen_lake_marker(self, audit: Audit, uid: str, loc: str) -> None:
        rule = self.rules.rule(self.cfg["airbase"]["frozen_lake_rule"])
        hex_ = self.game.hex_of(loc)
        if hex_ is None:
            return
        if not self.game.hexes[hex_].lake:
            audit.report(rule, f"a Frozen Lake Airbase is placed in {hex_}, a hex without a lake symbol",
                         where=hex_, units=[uid])
        # A marker placed where the Thaw has begun is reported by the end-of-phase check.

    # -- end of phase

    def end_phase(self, audit: Audit) -> None:
        found: dict[tuple, tuple] = {}
        air: dict[str, list[str]] = {}
        naval: dict[str, list[str]] = {}
        for loc, ids in audit.position.occupied():
            base = self.game.airbase(loc) or self.game.airbase_in(loc)
            for uid in ids:
                u = audit.units[uid]
                if u.unit_class == "air":
                    air.setdefault(base.loc if base else loc, []).append(uid)
                elif self.kinds.is_naval(u):
                    naval.setdefault(loc, []).append(uid)
        for loc, air_ids in air.items():
            self.airbase(audit, loc, sorted(air_ids), found)
        self.scotland_bombers(audit, air, found)
        self.seaplanes(audit, air, found)
        self.thawed_lakes(audit, found)
        for loc, naval_ids in naval.items():
            self.port(audit, loc, sorted(naval_ids), found)
        for key in sorted(audit.standing("basing", found), key=str):
            rule, message, where, units, excess = found[key]
            audit.report(self.rules.rule(rule), message, where=where, units=units, excess=excess,
                         case=CASES.get(key[0], ""))

    def seaplanes(self, audit: Audit, air: dict[str, list[str]], found: dict) -> None:
        """5.1.1: seaplanes "are based at friendly-controlled port hexes instead of airbases", any
        number of them. Judged on the Operational Map (a Strategic Map zone is its flag's)."""
        for loc, ids in air.items():
            hex_ = self.game.hex_of(loc)
            planes = sorted(uid for uid in ids if self.kinds.is_seaplane(audit.units[uid]))
            if hex_ is None or loc.startswith("carrier:") or not planes:
                continue
            for side in ("german", "allied"):
                mine = [uid for uid in planes if audit.units[uid].side == side]
                if not mine:
                    continue
                if hex_ not in self.game.ports:
                    why = f"{loc} is no port"
                elif not self.rules.controls(side, hex_):
                    why = f"the port in {hex_} is not {side.capitalize()}-controlled"
                else:
                    continue
                found[("5.1.1", loc, side)] = (
                    self.cfg["airbase"]["seaplane_rule"], f"seaplanes are based at {loc}: {why}; seaplanes are "
                    f"based at friendly-controlled port hexes instead of airbases", loc, mine, None)

    def points(self, audit: Audit, ids) -> int:
        return sum(audit.position.strength(uid) for uid in ids)

    def airbase(self, audit: Audit, loc: str, ids: list[str], found: dict) -> None:
        base = self.game.airbase(loc)
        if base is None:
            return  # over a hex or sea zone without an airbase, or a seaplane in port (5.1.1)
        a = self.cfg["airbase"]
        based = [uid for uid in ids if not self.kinds.is_seaplane(audit.units[uid])]
        if not based:
            return
        for side in ("german", "allied"):
            mine = [uid for uid in based if audit.units[uid].side == side]
            if mine and base.kind != "carrier" and not self.base_friendly(audit, base, side):
                found[("5.1-control", loc, side)] = (
                    a["rule"], f"{side.capitalize()} air units are based at {loc}, which the {side.capitalize()} side does not control",
                    loc, mine, None)
        self.night_bombers(audit, base, based, found)
        if base.kind == "carrier":
            self.carrier(audit, base, based, found)
            return
        capacity, rule, why = self.capacity(audit, base, based, found)
        if capacity is None:
            return
        hits = self.hits(audit, base)
        points = self.points(audit, based)
        if points > capacity - hits:
            limit = capacity - hits
            found[("5.1-capacity", loc)] = (
                rule, f"{points} air points are based at {loc}, over its Airbase Capacity of {capacity}"
                      f"{f' less {hits} hits' if hits else ''}{why}", loc, based, points - max(limit, 0))

    def lake_hex(self, audit: Audit, base: Airbase) -> str | None:
        """The hex of a frozen lake airbase: its own, or where the marker of its box stands."""
        if base.hex is not None:
            return base.hex
        marker = f"mk-{base.loc}"
        return self.game.hex_of(audit.position.loc(marker)) if marker in audit.position.state else None

    def base_friendly(self, audit: Audit, base: Airbase, side: str) -> bool:
        if base.kind == "frozen_lake":
            return True  # 5.1.4: placement does not require a friendly-controlled hex
        return self.rules.controls(side, base.loc)

    def capacity(self, audit: Audit, base: Airbase, ids: list[str], found: dict):
        """The base's capacity now, the rule that sets it, and why (for the message)."""
        a = self.cfg["airbase"]
        if base.kind == "frozen_lake":
            wrong = [uid for uid in ids if not self.kinds.type_is(audit.units[uid], a["frozen_lake_types"])]
            if wrong:
                found[("5.1.4-types", base.loc)] = (
                    a["frozen_lake_rule"], f"only Gladiator, Fokker and Ju-52 units may be based on a frozen lake "
                                           f"({base.loc})", base.loc, wrong, len(wrong))
            return a["frozen_lake_capacity"], a["frozen_lake_rule"], " (frozen lake airbase)"
        if base.loc == f"airbase:{a['bardufoss']}" and not self.rules.bardufoss_upgraded:
            wrong = [uid for uid in ids if (audit.units[uid].nationality or "") != a["bardufoss_nationality_before_upgrade"]]
            if wrong:
                found[("5.1.3-nationality", base.loc)] = (
                    a["bardufoss_rule"], "only Norwegian air units may be based at Bardufoss before it is upgraded",
                    base.loc, wrong, len(wrong))
            return a["bardufoss_capacity_before_upgrade"], a["bardufoss_rule"], " (Bardufoss not upgraded)"
        return base.capacity, a["rule"], ""

    def hits(self, audit: Audit, base: Airbase) -> int:
        hits = audit.position.hits.get(base.loc, 0)
        if base.hex and base.hex not in self.game.ports:
            hits += audit.position.hits.get(base.hex, 0)  # a hit on the hex of an airbase without a port
        return hits

    def night_bombers(self, audit: Audit, base: Airbase, ids: list[str], found: dict) -> None:
        a = self.cfg["airbase"]
        bombers = [uid for uid in ids if self.kinds.type_is(audit.units[uid], a["night_bombers"])]
        if bombers and self.rules.zone_root(base.zone if base.kind == "zone" else None) not in a["night_bomber_zones"]:
            found[("5.1-night", base.loc)] = (
                a["rule"], f"Whitley, Wellington and Hampden units may only be based in England and Scotland, "
                           f"not at {base.loc}", base.loc, bombers, self.points(audit, bombers))

    def scotland_bombers(self, audit: Audit, air: dict[str, list[str]], found: dict) -> None:
        a = self.cfg["airbase"]
        bombers = [uid for loc, ids in air.items() if self.rules.zone_root(loc) == "Scotland"
                   for uid in ids if self.kinds.type_is(audit.units[uid], a["night_bombers"])]
        points = self.points(audit, bombers)
        if points > a["night_bomber_scotland_max"]:
            found[("5.1-scotland",)] = (
                a["rule"], f"{points} Whitley, Wellington and Hampden points are based in Scotland, "
                           f"over the maximum of {a['night_bomber_scotland_max']}",
                "Scotland", sorted(bombers), points - a["night_bomber_scotland_max"])

    def carrier(self, audit: Audit, base: Airbase, ids: list[str], found: dict) -> None:
        a = self.cfg["airbase"]
        name = base.loc.partition(":")[2]
        wrong = []
        for uid in ids:
            u = audit.units[uid]
            if self.kinds.is_carrier_capable(u) or self.kinds.type_is(u, a["carrier_any_types"]):
                continue
            if self.kinds.type_is(u, ["Hurricane"]) and name == a["carrier_only_hurricane"]:
                continue
            wrong.append(uid)
        if wrong:
            found[("8.7.1-types", base.loc)] = (
                a["carrier_rule"], f"air units that are not carrier-capable are based on {name}",
                base.loc, wrong, len(wrong))
        capacity = self.carrier_capacity(audit, name)
        points = self.points(audit, ids)
        if capacity is not None and points > capacity:
            found[("8.7.1-capacity", base.loc)] = (
                a["carrier_rule"], f"{points} air points are based on {name}, over its Airbase Capacity of {capacity}",
                base.loc, ids, points - capacity)

    def carrier_capacity(self, audit: Audit, name: str) -> int | None:
        if name in self.game.carrier_capacity:
            return self.game.carrier_capacity[name]
        for u in audit.units.values():  # a carrier defined inline by the record
            if u.type == "CV" and name in (u.id, u.name) and u.get("capacity") is not None:
                return int(u.get("capacity"))
        return None

    def thawed_lakes(self, audit: Audit, found: dict) -> None:
        """5.1.4 Exception #1: frozen lake airbases leave a zone when its Thaw begins."""
        rule = self.cfg["airbase"]["frozen_lake_rule"]
        lakes: dict[str, list[str]] = {}
        for loc, ids in audit.position.occupied():
            base = self.game.airbase(loc)
            on_lake = base is not None and base.kind == "frozen_lake"
            hex_ = self.lake_hex(audit, base) if base is not None and on_lake else self.game.hex_of(loc)
            if hex_ is None or not self.game.thawed(self.game.hexes[hex_].zone, audit.position.turn):
                continue
            for uid in ids:
                u = audit.units[uid]
                if (on_lake and u.unit_class == "air") or (
                        u.unit_class == "marker" and "frozen lake" in f"{u.type} {u.name}".lower()):
                    lakes.setdefault(hex_, []).append(uid)
        for hex_, lake_ids in lakes.items():
            zone = self.game.hexes[hex_].zone
            found[("5.1.4-thaw", hex_)] = (
                rule, f"a Frozen Lake Airbase is still in {hex_} although the Thaw has begun in {zone}",
                hex_, sorted(lake_ids), None)

    # -- naval basing

    def port(self, audit: Audit, loc: str, ids: list[str], found: dict) -> None:
        port = self.game.ports.get(loc)
        if port is None:
            return  # at sea, or in a gunfire support box
        p = self.cfg["port"]
        for side in ("german", "allied"):
            mine = [uid for uid in ids if audit.units[uid].side == side]
            if not mine:
                continue
            if not self.rules.controls(side, loc):
                found[("5.2.1-control", loc, side)] = (
                    p["basing_rule"], f"{side.capitalize()} naval units are based in {port.name} ({loc}), "
                                      f"a port the {side.capitalize()} side does not control", loc, mine, None)
            if port.operational:
                capital = [uid for uid in mine if self.kinds.is_british(audit.units[uid])
                           and self.kinds.naval_type(audit.units[uid]) in p["british_capital_types"]]
                if capital:
                    found[("5.2.3", loc)] = (
                        p["capital_ships_rule"], f"British BBs, BCs and CVs may not be based at Operational Map "
                                                 f"ports ({port.name}, {loc})", loc, capital, len(capital))
            count = sum(audit.position.strength(uid) if self.kinds.is_point_unit(audit.units[uid]) else 1
                        for uid in mine)
            if port.basing is not None and count > port.basing:
                found[("5.2.1-limit", loc, side)] = (
                    p["basing_rule"], f"{count} ships and naval points are based in {port.name} ({loc}), "
                                      f"over its basing limit of {port.basing}", loc, mine, count - port.basing)
