"""Naval missions on the Operational Map (8.1.3-8.1.5, 8.3, 8.6, 8.6.1, 8.7.2).

A naval unit enters the Operational Map (an Operational Map hex) "to perform the following
missions" (8.1.4): enter a friendly-controlled port, or one that is declared. A declaration is an
``action`` entry of one of the kinds pack.toml ``[naval_missions]`` lists (in chat: ``action
german port-combat with Koln, DD in 4332``): Naval Combat in a Port (8.3), Amphibious Assault
(8.6) and Naval Bombardment (8.7.2). Naval Gunfire Support needs no declaration: the units go
to their sea zone's Gunfire Support box, a box and no hex.

Who controls a hex is judged only where the record shows it (it starts at the beginning of
play or gives control, or a unit took the hex in it): a record that starts mid-game without
control entries leaves the rest unknown, and no finding rests on an unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...record import Action, Attack, Entry, Move
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import NAVAL_MOVEMENT, Check
from .situation import enemy


@dataclass(frozen=True)
class Declared:
    """A naval mission declared: its kind (port-combat, assault, bombardment), hex and units."""

    kind: str
    hex: str
    units: frozenset[str]


def control_shown(check: Check, audit: Audit, hex_: str) -> str | None:
    """Who controls a hex, if the record shows it: from the start of play or a control entry,
    or a unit took it in the record; else None."""
    if check.rules.control_given or hex_ in audit.position.control:
        return check.rules.situation.controller(hex_)
    return None


def mission_kind(cfg, kind: str) -> str | None:
    """port-combat, assault or bombardment for an action's kind; None for any other action."""
    m = cfg["naval_missions"]
    for name, kinds in (("port-combat", m["port_combat_kinds"]), ("assault", m["assault_kinds"]),
                        ("bombardment", m["bombardment_kinds"])):
        if kind.lower() in kinds:
            return name
    return None


class NavalMissions(Check):
    """8.1.3, 8.1.4, 8.1.5, 8.3, 8.6, 8.7.2: where naval units go on the Operational Map, what
    they declare there, and that they retreat after."""

    def start_phase(self, audit: Audit) -> None:
        self.side = NAVAL_MOVEMENT.get(audit.position.phase or "")
        self.declared: list[Declared] = []
        self.entered: dict[str, tuple[str, bool]] = {}  # naval unit -> (last hex entered, mission-free?)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Action):
            kind = mission_kind(self.cfg, entry.kind)
            if kind is not None:
                self.declaration(audit, entry, kind)
            return
        if not isinstance(entry, Move) or self.side is None or entry.to not in self.game.hexes:
            return
        if self.game.hexes[entry.to].terrain == "sea":
            return  # an all-sea hex is its sea zone's, where the unit stays on the Strategic Map (8.1.3)
        u = audit.units[entry.unit]
        if u.side != self.side or not self.kinds.is_naval(u):
            return
        m = self.cfg["naval_missions"]
        if self.kinds.naval_type(u) in m["no_mission_types"]:
            audit.report(self.rules.rule(m["rule"]), f"{entry.unit}, a carrier, enters {entry.to} on the "
                         f"Operational Map; CVs do not execute missions there", where=entry.to, units=[entry.unit],
                         case="carrier")
            return
        start = previous.loc if previous is not None and not previous.removed else None
        if start is not None and start not in self.game.hexes:
            self.adjacent(audit, entry, start)
        self.entered[entry.unit] = (entry.to, self.free_port(audit, entry.to, self.side))

    def adjacent(self, audit: Audit, entry: Move, start: str) -> None:
        """8.1.3: from a sea zone (or its Gunfire Support box) only into a land zone it borders. A move
        from a Strategic Map land zone (a port in Germany or Scotland) passed through sea zones the
        record does not show: not judged."""
        sea, land = self.game.zone_of(start), self.game.hex_zone(entry.to)
        if sea is None or land is None or sea == land or sea not in self.game.zones:
            return
        if self.game.zones[sea].kind != "sea":
            return
        if land not in self.game.zone_borders.get(sea, frozenset()):
            audit.report(self.rules.rule(self.cfg["naval_missions"]["adjacent_rule"]),
                         f"{entry.unit} goes from {sea} to {entry.to}, in {land}, a land zone that {sea} does not "
                         f"border", where=entry.to, units=[entry.unit])

    def free_port(self, audit: Audit, hex_: str, side: str) -> bool:
        """A port the side may enter with no declaration: friendly-controlled (or not shown to be
        the enemy's), or an enemy port that is empty or holds only SPs and trucks (8.5.1 Exception)."""
        if hex_ not in self.game.ports:
            return False
        if control_shown(self, audit, hex_) != enemy(side):
            return True
        return not any(audit.units[o].side == enemy(side) and not self.beside(audit, o)
                       for o in audit.position.at(hex_))

    def beside(self, audit: Audit, uid: str) -> bool:
        """A unit cargo may be unloaded beside (8.5.1 Exception): an SP, ASP or truck, or a marker."""
        u = audit.units[uid]
        return u.unit_class not in ("land", "naval", "air") or self.kinds.is_truck(u)

    # -- declarations

    def declaration(self, audit: Audit, entry: Action, kind: str) -> None:
        m, side = self.cfg["naval_missions"], entry.side
        hex_ = entry.hex
        if self.side != side:
            audit.report(self.rules.rule(m["rule"]), f"a naval mission ({entry.kind}) is declared in "
                         f"{audit.position.phase}; missions are declared in the side's Naval Movement Phase",
                         where=hex_, units=list(entry.units), case="when")
            return
        if hex_ is None or hex_ not in self.game.hexes:
            rule = m["assault_units_rule"] if kind == "assault" else m["bombardment_rule"] if kind == "bombardment" \
                else m["port_combat_rule"]
            audit.report(self.rules.rule(rule), f"a naval mission ({entry.kind}) against {hex_ or 'no hex'}, not "
                         f"a hex of the Operational Map", where=hex_, units=list(entry.units),
                         case="" if kind == "port-combat" else "strategic")
            return
        self.declared.append(Declared(kind, hex_, frozenset(entry.units)))
        pos, foe = audit.position, enemy(side)
        foe_naval = [o for o in pos.at(hex_) if audit.units[o].side == foe and self.kinds.is_naval(audit.units[o])]
        foe_land = [o for o in pos.at(hex_) if audit.units[o].side == foe and self.kinds.has_defense(audit.units[o])]
        held = control_shown(self, audit, hex_)
        port = hex_ in self.game.ports
        if kind == "port-combat":
            why = ("no port" if not port else f"a port {side.capitalize()}-controlled" if held == side
                   else "no enemy naval units there" if not foe_naval else None)
            if why:
                audit.report(self.rules.rule(m["port_combat_rule"]), f"naval combat in a port declared against "
                             f"{hex_}: {why}; it is declared against enemy naval units in an enemy-controlled port",
                             where=hex_, units=list(entry.units))
        elif kind == "assault":
            after_combat = any(d.kind == "port-combat" and d.hex == hex_ for d in self.declared)
            why = ("no port" if not port else f"a port {side.capitalize()}-controlled" if held == side
                   else "enemy naval units are there" if foe_naval and not after_combat
                   else "no enemy land unit with a Defense Factor defends it" if not foe_land else None)
            if why:
                audit.report(self.rules.rule(m["assault_rule"]), f"an amphibious assault declared against {hex_}: "
                             f"{why}", where=hex_, units=list(entry.units))
        else:
            coast = self.game.hexes[hex_].coast
            target = port or self.game.airbase_in(hex_) is not None
            why = ("no airbase or port" if not target else "not a partial-sea or partial-fjord hex"
                   if coast not in m["coasts"] else f"{side.capitalize()}-controlled" if held == side
                   else "enemy naval units are there" if foe_naval else None)
            if why:
                audit.report(self.rules.rule(m["bombardment_rule"]), f"a naval bombardment declared against "
                             f"{hex_}: {why}; it targets an enemy-controlled airbase or port in a partial-sea or "
                             f"partial-fjord hex with no enemy naval units", where=hex_, units=list(entry.units))

    # -- the phase's end

    def end_phase(self, audit: Audit) -> None:
        if self.side is None:
            return
        m = self.cfg["naval_missions"]
        for uid, (hex_, free) in sorted(self.entered.items()):
            if free or any(d.hex == hex_ and (not d.units or uid in d.units) for d in self.declared):
                continue
            audit.report(self.rules.rule(m["rule"]), f"{uid} enters {hex_} on the Operational Map for no mission: "
                         f"not a friendly-controlled port, and no naval combat in a port, amphibious assault or "
                         f"bombardment is declared there", where=hex_, units=[uid])
        self.retreats(audit)

    def retreats(self, audit: Audit) -> None:
        """8.1.5: at the end of the phase a naval unit that performed a mission stands in the sea
        zone, or remains in a port its side controls; never where it bombarded."""
        m, pos = self.cfg["naval_missions"], audit.position
        bombarded = {uid for d in self.declared if d.kind == "bombardment" for uid in d.units}
        for uid in sorted(self.entered):
            loc = pos.loc(uid)
            if loc is None or loc not in self.game.hexes or not pos.on_map(uid) or self.game.hexes[loc].terrain == "sea":
                continue
            if uid in bombarded:
                why = "it bombarded, and naval units that conduct a Naval Bombardment must retreat"
            elif loc in self.game.ports and control_shown(self, audit, loc) in (self.side, None):
                continue
            else:
                why = "it does not remain in a friendly port"
            audit.report(self.rules.rule(m["retreat_rule"]), f"{uid} ends the phase in {loc} after its mission: "
                         f"{why}", where=loc, units=[uid])


class AmphibiousAssaults(Check):
    """8.6.1: "Only Leg and Mountain infantry units may conduct Amphibious Assaults" (tanks if they
    use Landing Craft): the attackers of an attack on a hex where an amphibious assault was
    declared in the same Naval Movement Phase."""

    def start_phase(self, audit: Audit) -> None:
        self.assaults: dict[str, frozenset[str]] = {}  # hex -> the naval units declared in the assault

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Action) and mission_kind(self.cfg, entry.kind) == "assault" and entry.hex:
            self.assaults[entry.hex] = frozenset(entry.units)
            return
        if not isinstance(entry, Attack) or entry.hex not in self.assaults:
            return
        m = self.cfg["naval_missions"]
        group = self.assaults[entry.hex]
        places = {audit.position.loc(uid) for uid in group} - {None}
        craft = any(self.kinds.naval_type(audit.units[o]) == m["landing_craft"]
                    for o in set(group) | {o for loc in places for o in audit.position.at(loc or "")})
        wrong = []
        for uid in entry.attackers:
            u = audit.units[uid]
            if not self.kinds.is_land(u):
                continue
            if self.kinds.type_in(u, m["tank_types"]) and craft:
                continue
            if not (self.kinds.type_in(u, m["assault_types"]) and self.kinds.move_class(u) in m["assault_move_classes"]):
                wrong.append(uid)
        if wrong:
            audit.report(self.rules.rule(m["assault_units_rule"]), f"{', '.join(wrong)} attack in the amphibious "
                         f"assault on {entry.hex}; only Leg and Mountain infantry units (tanks with Landing Craft) may",
                         where=entry.hex, units=wrong)
