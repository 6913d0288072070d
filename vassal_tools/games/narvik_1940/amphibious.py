"""Allied amphibious movement (narvik-1940.txt 13.0, 13.1), judged per unit over an amphibious action.

13.0: "All units conducting amphibious movement must either begin the action in a coastal hex, or one of
the Allied Staging Areas" (an amphibious assault, 13.2, moves "using the procedures in 13.1" too). 13.1:
"Allied units may conduct three different types of amphibious movement, however only one type may be
conducted per action": "1) From the Harstad Staging Area to a coastal hex; or, 2) From a coastal hex to
the Harstad Staging Area; or, 3) From one staging area to the other staging area." "Units cannot
amphibiously depart from one coastal hex to land at another coastal hex." Where a unit ends is judged on
the place the record leaves it at the action's end (an enemy-occupied hex is 9.0's). The coast is the
map's real geography (approximate): a coastal hex is a land hex on open sea or on an inlet.
"""

from __future__ import annotations

from ...record import Action, Entry, Move
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules


class Amphibious(Check):
    """Where each unit of an amphibious action begins and ends, and one type of movement an action."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.began: dict[str, str] = {}  # unit -> where it stood when the action began

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        if (not isinstance(entry, Move) or action is None or action.kind not in self.cfg["amphibious"]["kinds"]
                or previous is None or previous.loc is None):
            return
        unit = audit.units[entry.unit]
        if unit.unit_class == "land" and unit.side == action.side:
            self.began.setdefault(unit.id, previous.loc)

    def coastal(self, hex_: str) -> bool:
        row = self.pack.data.hexes.get(hex_)
        return row is not None and row.terrain != "sea" and row.coast in self.cfg["amphibious"]["coasts"]

    def end_action(self, audit: Audit, action: Action | None) -> None:
        began, self.began = self.began, {}
        if action is None:
            return
        a = self.cfg["amphibious"]
        samples = (self.cfg["samples"]["coast"],)
        kinds: dict[str, list[str]] = {}
        for uid, start in sorted(began.items()):
            name = audit.units[uid].name or uid
            if not (start in a["staging"] or (is_hex(start) and self.coastal(start))):
                self.report(audit, a["rule"], f"{name} moves amphibiously from {start}: units conducting amphibious "
                            f"movement begin the action in a coastal hex or an Allied staging area", where=start,
                            units=[uid], samples=samples if is_hex(start) else (), case="start")
                continue
            if action.kind != a["kinds"][0]:
                continue  # 13.2: the assault's end is its own
            end = str(audit.position.loc(uid))
            kind, fault = self.kind(start, end)
            if fault:
                self.report(audit, a["procedure_rule"], f"{name} moves amphibiously from {start} to {end}: {fault}",
                            where=end, units=[uid], samples=samples if is_hex(end) else (), case="type")
            elif kind:
                kinds.setdefault(kind, []).append(uid)
        if len(kinds) > 1:
            self.report(audit, a["procedure_rule"], f"one amphibious action conducts {len(kinds)} types of amphibious "
                        f"movement ({', '.join(sorted(kinds))}): only one type may be conducted per action",
                        units=sorted(uid for ids in kinds.values() for uid in ids), case="one-type")

    def kind(self, start: str, end: str) -> tuple[str, str]:
        """The 13.1 type of a move from ``start`` to ``end``, or what is wrong with it."""
        a = self.cfg["amphibious"]
        harstad = a["staging"][0]
        if start == end:
            return "", ""
        if is_hex(start) and is_hex(end):
            return "", "units cannot amphibiously depart from one coastal hex to land at another"
        if is_hex(end):
            if start != harstad:
                return "", f"amphibious movement to a coastal hex is from the {harstad} Staging Area"
            if not self.coastal(end):
                return "", f"{end} is not a coastal hex"
            return "Harstad to a coastal hex", ""
        if end not in a["staging"]:
            return "", f"amphibious movement ends in a coastal hex or an Allied staging area, not {end}"
        if is_hex(start):
            return ("a coastal hex to Harstad", "") if end == harstad else \
                ("", f"amphibious movement from a coastal hex is to the {harstad} Staging Area")
        return "one staging area to the other", ""
