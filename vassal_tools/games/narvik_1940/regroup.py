"""Regrouping (narvik-1940.txt 17.0; 19.2), judged where a regrouped unit is deployed.

17.0: a regroup action returns units "from one sub-command" from the Available for Regroup display.
A unit that regroups is placed: British, French and Polish in the Harstad Staging Area; Norwegian in
the Bardufoss Staging Area; German "in any German-occupied objective hex. The hex may not be in an
EZOC" (10.0: a hex next to a hex holding enemy combat units; strikes project none, and none reaches
into or out of a staging area). A unit may instead go to its Permanently Eliminated display.
19.2: the German railroad artillery, if regrouped, "must be deployed in Narvik or Bjornfjell, and an
engineer unit must be present in the hex". The Regroup Table (17.0, last page): a unit's die (a
``regroup`` roll with its ``unit``, in the regroup action) of 1 sends it to the Permanently Eliminated
display, 2-4 (elite) or 2-3 (non-elite) leaves it in the display, 5-6 or 4-6 regroups it; where the
record shows the die, the unit's fate must match it. A unit leaving the display in an actions phase outside a
regroup action is a finding (a record without action entries cannot show one: not judged there).
The text names no objective hex: the pack's (Narvik and Bjornfjell) are a sample, and so is the grid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...record import Action, Entry, Move, Place, Roll
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .firing import flag
from .rules import Check, NarvikRules

# The Regroup Table's results by their names in 17.0, and what the record shows done with the unit.
RESULTS = {"permanently-eliminated": "Perm. Elimin.", "no-effect": "No Effect", "regroup": "Regroup Unit"}
DONE = {"permanently-eliminated": "placed in the Permanently Eliminated Display", "regroup": "deployed (regrouped)",
        "no-effect": "left in the Available for Regroup Display"}


def regroup_box(config: Mapping[str, Any], side: str) -> str:
    return str(config["regroup"]["boxes"][side])


def is_regroup_deployment(config: Mapping[str, Any], side: str, previous: UnitState | None,
                          action: Action | None) -> bool:
    """A German unit leaving its Available for Regroup display for a hex by regroup (17.0)."""
    if side != "german" or previous is None or previous.loc != regroup_box(config, side):
        return False
    return action is None or action.kind == "regroup"


class Regroup(Check):
    """Where each unit leaving an Available for Regroup display goes, and in which action."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.commands: dict[str, list[str]] = {}  # sub-command -> units regrouped in this action
        self.rolls: dict[str, int] = {}  # unit -> its Regroup Table die in this action

    def outcome(self, unit: Unit, die: int) -> str:
        """The Regroup Table (17.0): 1 permanently eliminated; elite 2-4, non-elite 2-3 no effect; else regroup."""
        table = self.cfg["regroup"]["table"]["elite" if flag(unit.get("elite")) else "non_elite"]
        return str(table[die - 1]) if 1 <= die <= len(table) else ""

    def judge_roll(self, audit: Audit, unit: Unit, got: str, where: str | None) -> None:
        die = self.rolls.pop(unit.id, None)
        if die is None:
            return
        table = self.outcome(unit, die)
        if table and table != got:
            kind = "an elite" if flag(unit.get("elite")) else "a non-elite"
            audit.report(self.rule(self.cfg["regroup"]["rule"]), f"{unit.name or unit.id} rolled {die} on the Regroup "
                         f"Table ({kind} unit: {RESULTS.get(table, table)}) but is {DONE.get(got, got)}",
                         where=where, units=[unit.id], case="roll")

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        if isinstance(entry, Roll) and entry.unit and entry.purpose == "regroup" and entry.single:
            if action is not None and action.kind == "regroup":
                self.rolls[entry.unit] = entry.dice[0]
            return
        if not isinstance(entry, (Move, Place)) or previous is None:
            return
        unit = audit.units[entry.unit]
        if unit.unit_class != "land" or previous.loc != regroup_box(self.cfg, unit.side):
            return
        to = audit.position.loc(entry.unit)
        if to is None or to == previous.loc or to == self.cfg["reinforcements"]["transfer_box"]:
            return  # the troop transfer is 7.1's
        rule = self.rule(self.cfg["regroup"]["rule"])
        if to == self.cfg["regroup"]["eliminated"][unit.side]:
            self.judge_roll(audit, unit, "permanently-eliminated", to)
            return  # the Regroup Table's "Perm. Elimin."
        self.judge_roll(audit, unit, "regroup", to)
        if self.rules.shows_actions and audit.position.phase == "actions" and (
                action is None or action.kind != "regroup"):
            audit.report(rule, f"{unit.name or unit.id} leaves the {previous.loc} display outside a regroup action",
                         where=to, units=[unit.id], case="outside")
            return
        if action is not None:
            self.commands.setdefault(str(unit.get("subcommand") or "?").upper(), []).append(unit.id)
        fault, cited, samples = self.fault(audit, unit, to)
        if fault:
            audit.report(self.rule(cited), f"{unit.name or unit.id} regroups to {to}: {fault}", where=to,
                         units=[unit.id], samples=samples, case=deployment_case(fault))

    def fault(self, audit: Audit, unit: Unit, to: str) -> tuple[str, str, tuple[str, ...]]:
        r = self.cfg["regroup"]
        if unit.side == "allied":
            box = r["norwegian_box"] if unit.nationality == "norwegian" else r["allied_box"]
            return ("" if to == box else f"{unit.nationality} units regroup to the {box} Staging Area"), r["rule"], ()
        return self.german(audit, unit, to)

    def german(self, audit: Audit, unit: Unit, to: str) -> tuple[str, str, tuple[str, ...]]:
        r, samples = self.cfg["regroup"], self.cfg["samples"]
        if not is_hex(to):
            return "German units regroup to a German-occupied objective hex", r["rule"], ()
        if to not in self.cfg["places"]["objective_hexes"]:
            return "not an objective hex", r["rule"], (samples["objectives"],)
        here = [uid for uid in audit.position.at(to) if uid != unit.id and audit.units[uid].side == "german"
                and audit.units[uid].unit_class == "land"]
        if not here:
            return "the objective hex is not German-occupied", r["rule"], ()
        enemy = self.enemy_next_to(audit, to)
        if enemy:
            return f"the hex is in an enemy zone of control ({', '.join(enemy)} adjacent)", r["rule"], (samples["grid"],)
        if unit.type == "railroad_artillery":
            places = self.cfg["places"]
            if to not in (places["narvik"], places["bjornfjell"]):
                return "the railroad artillery regroups to Narvik or Bjornfjell", r["railroad_rule"], ()
            if not any(audit.units[uid].type == "engineer" for uid in here):
                return "no engineer unit is present in the hex", r["railroad_rule"], ()
        return "", r["rule"], ()

    def enemy_next_to(self, audit: Audit, hex_: str) -> list[str]:
        """The enemy combat units whose zone of control covers ``hex_`` (10.0: strikes project none)."""
        grid = self.pack.data.grid
        return sorted(uid for other in grid.neighbours(hex_) for uid in audit.position.at(other)
                      if audit.units[uid].side == "allied" and audit.units[uid].unit_class == "land"
                      and audit.units[uid].type != "leader")

    def end_action(self, audit: Audit, action: Action | None) -> None:
        self.rolls.clear()  # a unit the record leaves where it was is not judged: a record may omit a move
        commands, self.commands = self.commands, {}
        if action is None or action.kind != "regroup":
            return
        declared = str(action.inner.get("subcommand") or "").upper()
        named = set(commands) | ({declared} if declared else set())
        if len(named) > 1:
            units = sorted(uid for ids in commands.values() for uid in ids)
            audit.report(self.rule(self.cfg["regroup"]["rule"]),
                         f"a {action.side} regroup action returns units of {len(named)} sub-commands "
                         f"({', '.join(sorted(named))}): a regroup action returns units from one sub-command",
                         units=units)


def deployment_case(fault: str) -> str:
    """Which sentence of 17.0 decides where a regrouped unit went wrong (explain.toml's cases): an enemy
    zone of control, the German objective hexes, the Allied staging areas; "" for 19.2's railroad artillery."""
    if "zone of control" in fault:
        return "ezoc"
    if "objective" in fault:
        return "german"
    return "staging" if "Staging Area" in fault else ""
