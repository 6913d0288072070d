"""Air and naval strikes (narvik-1940.txt 16.0; 2.3.8).

16.0: strikes are used from the friendly Air (& Naval) Strikes Available display, and leave it only in an air (air strikes) or naval (naval strikes)
support action, into enemy-occupied hexes, naval strikes into coastal hexes (not inlet: judged only
where the data knows the coast, which the text does not print); the Allies place up to one air or one naval strike in each target hex, the Germans up to two
air strikes; ground units take no part in a support action. 2.3.8: naval strikes are Allied only.
After its attack a strike returns to its side's Random Reinforcement display (16.0; the Allied one is the
errata's upper half of the Allied Scheduled Reinforcement Display, 2.1.1), not to the Available display (a
record may leave the return out: a strike left on the map is judged when it is next placed, from the
Available display only).
A record without action entries (made from a log) is judged by the strikes standing in a hex at once,
and by where a strike goes from the map.
"""

from __future__ import annotations

from collections import defaultdict

from ...record import Action, Attack, Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules


class Strikes(Check):
    """Strikes per target hex in each support action, and where they may go."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.placed: dict[str, list[str]] = defaultdict(list)  # target hex -> strikes placed this action

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        s = self.cfg["strikes"]
        if isinstance(entry, Attack):
            self.ground_in_support(audit, entry, action)
            return
        if isinstance(entry, Move) and previous is not None and is_hex(previous.loc):
            self.returned(audit, entry.unit, previous.loc)
        if not isinstance(entry, (Place, Move)) or not is_hex(audit.position.loc(entry.unit)):
            return
        unit = audit.units[entry.unit]
        if unit.unit_class != "strike" or audit.position.phase is None:
            return
        hex_ = audit.position.loc(entry.unit)
        assert hex_ is not None
        rule = self.rule(s["rule"])
        self.coast(audit, entry.unit, hex_)
        if not self.rules.shows_actions:
            self.without_actions(audit, entry.unit, hex_)
            return
        kind = s["kinds"][0] if unit.type == "air" else s["kinds"][1]
        if action is None or action.kind != kind or action.side != unit.side:
            # 16.0: strikes stay in the display until "an air support or (for naval strikes) a naval
            # support action" is declared: air strikes in air support, naval strikes in naval support.
            audit.report(rule, f"{unit.type} strike {entry.unit} is placed in {hex_} outside a {unit.side} {kind} "
                               f"action", where=hex_, units=[entry.unit], case="action")
            return
        if unit.side == "german" and unit.type == "naval":
            audit.report(self.rule("2.3.8"), f"German naval strike {entry.unit}: naval strikes are Allied only",
                         where=hex_, units=[entry.unit])
        display = s["available"][unit.side]
        if previous is not None and previous.loc is not None and previous.loc != display:
            audit.report(rule, f"strike {entry.unit} is placed in {hex_} from {previous.loc or 'no place'}: strikes are "
                               f"used from the {display} display", where=hex_, units=[entry.unit], case="display")
        enemy = [uid for uid in audit.position.at(hex_)
                 if audit.units[uid].unit_class == "land" and audit.units[uid].side != unit.side]
        if not enemy:
            audit.report(rule, f"strike {entry.unit} is placed in {hex_}, which holds no enemy unit",
                         where=hex_, units=[entry.unit], case="enemy")
        self.placed[hex_].append(entry.unit)

    def coast(self, audit: Audit, uid: str, hex_: str) -> None:
        """16.0: "Naval strikes may be placed in any coastal hex (not inlet)", where the data knows the coast."""
        s = self.cfg["strikes"]
        if audit.units[uid].type != "naval" or not s["coast_known"]:
            return
        coast = self.pack.data.hexes[hex_].coast if hex_ in self.pack.data.hexes else "none"
        if coast != s["coastal"]:
            what = "an inlet hex" if coast == s["inlet"] else "not a coastal hex"
            audit.report(self.rule(s["rule"]), f"naval strike {uid} is placed in {hex_}, {what}: naval strikes "
                         f"may be placed in any coastal hex (not inlet)", where=hex_, units=[uid],
                         samples=(self.cfg["samples"]["coast"],), case="coast")

    def without_actions(self, audit: Audit, uid: str, hex_: str) -> None:
        """A record with no action entries (made from a log): strikes in a hex at once, over the limit."""
        side = audit.units[uid].side
        limit = self.cfg["strikes"][side]
        here = sorted(other for other in audit.position.at(hex_)
                      if audit.units[other].unit_class == "strike" and audit.units[other].side == side)
        if len(here) > limit:
            audit.report(self.rule(self.cfg["strikes"]["rule"]),
                         f"{len(here)} {side.capitalize()} strikes in target hex {hex_} at once, over the limit of "
                         f"{limit}", where=hex_, units=here, excess=len(here) - limit, case=side)

    def ground_in_support(self, audit: Audit, attack: Attack, action: Action | None) -> None:
        if action is None or action.kind not in self.cfg["strikes"]["kinds"]:
            return
        ground = [uid for uid in attack.attackers if audit.units[uid].unit_class == "land"]
        if ground:
            audit.report(self.rule(self.cfg["strikes"]["rule"]),
                         f"ground units {', '.join(ground)} fire in a {action.kind} action: ground units may not "
                         f"participate in an air or naval support action", where=attack.hex, units=ground,
                         case="ground")

    def returned(self, audit: Audit, uid: str, frm: str | None) -> None:
        """16.0: "After an air or naval strike completes its attack, return the strike to the Random
        Reinforcement Display" (8.4: "They may be randomly picked as reinforcements in subsequent GTs")."""
        unit = audit.units[uid]
        to = audit.position.loc(uid)
        boxes = self.cfg["strikes"]["random"].get(unit.side or "", ())
        if unit.unit_class != "strike" or is_hex(to) or to in boxes:
            return
        self.report(audit, self.cfg["strikes"]["rule"], f"strike {uid} goes from {frm} to {to or 'no place'}: after its "
                    f"attack a strike returns to the {boxes[0]} display", where=frm, units=[uid], case="return")

    def end_action(self, audit: Audit, action: Action | None) -> None:
        s = self.cfg["strikes"]
        for hex_, ids in sorted(self.placed.items()):
            side = audit.units[ids[0]].side
            limit = s[side]
            if len(ids) > limit:
                what = "one air or one naval strike" if side == "allied" else f"{limit} air strikes"
                audit.report(self.rule(s["rule"]),
                             f"{len(ids)} {side.capitalize()} strikes placed in target hex {hex_} in one action; "
                             f"the {side.capitalize()} player may place up to {what} in each target hex",
                             where=hex_, units=sorted(ids), excess=len(ids) - limit, case=side)
        self.placed.clear()
