"""Sub-commands and staging areas (narvik-1940.txt 11.0, 18.1, 18.2, 20.0).

11.0: the phasing player "Declares the sub-command that will execute the action"; ground movement,
fire, close assault, amphibious movement, regroup and engineer actions use units of one sub-command
(12.0, 13.0, 14.0, 17.0, 23.1). 18.1: when the Dietl sub-command (KGD) is activated, units of any
other sub-command "stacked with or adjacent to the hex that Dietl occupies when the action is
declared" are activated too. Judged where the record names the action's ``subcommand`` and the unit's:
a phasing unit that moves or fires in the action must be of it (regroup is judged by 17.0). Moves of
the other side (retreats) and counterattacks are not the phasing player's action.
20.0: "Only Axis units may be placed in the Axis Staging Area (Swedish Transit). Only Allied units may
enter the Allied Staging Areas (Harstad, Bardufoss)". 18.2: Auchinleck "may not leave the staging area"
(once in one, to no other place: the map, or the other staging area).
"""

from __future__ import annotations

from ...record import Action, Attack, Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules

DIETL_COMMAND = "KGD"


class SubCommands(Check):
    """The units that act in an action belong to its declared sub-command (or stand by Dietl)."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.by_dietl: set[str] = set()  # units stacked with or next to Dietl when the action was declared
        self.reported: set[str] = set()

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Action):
            return
        self.reported = set()
        self.by_dietl = set()
        grid = self.pack.data.grid
        for uid, unit in audit.units.items():
            loc = audit.position.loc(uid)
            if unit.side == "german" and unit.type == "leader" and audit.position.on_map(uid) and is_hex(loc):
                assert loc is not None
                near = [loc, *grid.neighbours(loc)]
                self.by_dietl |= {other for hex_ in near for other in audit.position.at(hex_)}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        if action is None or action.kind in self.cfg["commands"]["free_kinds"]:
            return
        declared = str(action.inner.get("subcommand") or "").upper()
        if not declared:
            return
        if isinstance(entry, Move) and is_hex(audit.position.loc(entry.unit)):
            acting = [entry.unit]
        elif isinstance(entry, Attack):
            acting = list(entry.attackers)
        else:
            return
        for uid in acting:
            self.judge(audit, uid, declared, action)

    def judge(self, audit: Audit, uid: str, declared: str, action: Action) -> None:
        unit = audit.units[uid]
        own = str(unit.get("subcommand") or "").upper()
        if unit.side != action.side or unit.unit_class != "land" or not own or own == declared:
            return
        if declared == DIETL_COMMAND and uid in self.by_dietl:
            return  # 18.1
        if uid in self.reported:
            return
        self.reported.add(uid)
        audit.report(self.rule(self.cfg["commands"]["rule"]), f"{unit.name or uid} ({own}) acts in a {action.side} "
                     f"{action.kind} action of sub-command {declared}: an action is executed by one sub-command"
                     + (" (and, for KGD, units stacked with or adjacent to Dietl, 18.1)" if declared == DIETL_COMMAND
                        else ""), where=audit.position.loc(uid), units=[uid])


class StagingAreas(Check):
    """20.0: each staging area holds its own side's units; 18.2: Auchinleck stays in one."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Move, Place)):
            return
        unit = audit.units[entry.unit]
        loc = audit.position.loc(entry.unit)
        c = self.cfg["commands"]
        owner = c["staging_sides"].get(loc or "")
        if owner is not None and unit.side != owner and unit.unit_class != "marker":
            self.report(audit, c["staging_rule"], f"{unit.name or unit.id} ({unit.side}) in {loc}: only {owner} "
                        f"units may be in the {loc} Staging Area", where=loc, units=[unit.id],
                        case="german" if owner == "german" else "side")  # 20.0 words each side's own
        # 18.2: "may not leave the staging area": for the map or for the other staging area alike.
        if (unit.type == "leader" and unit.side == "allied" and previous is not None
                and previous.loc in c["staging_sides"] and loc != previous.loc):
            audit.report(self.rule(c["auchinleck_rule"]), f"{unit.name or unit.id} leaves the {previous.loc} staging "
                         f"area for {loc or 'no place'}: Auchinleck is not a combat unit and may not leave the "
                         f"staging area", where=loc, units=[unit.id])
