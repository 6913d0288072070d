"""Engineer actions (narvik-1940.txt 23.1-23.4.3, optional), judged on the markers they place and remove.

The pack's counters hold no Entrenched, Pontoon Bridge or Demolished marker; a record names them as its own
units of class ``marker`` and type ``entrenched``, ``pontoon`` or ``demolished`` (2.4). Judged:

- 23.1: "Expend one AP and then perform any or all Engineer operations with engineers of one sub-command";
  "Non-engineer units cannot perform actions in the same impulse": an attack in an engineer action (a
  demolition attack, 23.4) is by engineer units only, and the markers are placed or removed in one.
- 23.2: an entrenchment is placed in the engineer's hex ("If the table result is Succeed, place an
  Entrenchment marker in the hex"); 23.2.2: it "remains in place until ... There are no friendly units in
  the hex" (at the end of an action or phase, an entrenchment in a hex with no unit of its side, or of any
  side when the marker has none, is a finding).
- 23.3: "The engineer must be adjacent to an inlet hex" and the marker goes "across the hexside": an
  engineer of the acting side in or next to the marker's hex (the map's inlets are not in the data).
- 23.4.1: "The unit must be in either the town or village hex, or adjacent to the pontoon bridge marker":
  a Demolished marker placed in an engineer's hex; a pontoon bridge removed by demolition with an
  engineer in or next to its hex (outside an engineer action a pontoon may be lifted after a crossing,
  23.3.2: not judged). 23.4.3: "The engineer must be in the hex with the marker" to remove it.
A record without action entries (made from a log) is judged on where the engineers stand only.
"""

from __future__ import annotations

from ...gamedata.vocabulary import word_key
from ...record import Action, Attack, Entry, Move, Place, Remove
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules


class Engineers(Check):
    """The markers of engineer operations, and who acts in an engineer action."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        e = self.cfg["engineers"]
        self.entrenchments = False  # whether the record has any entrenchment marker (23.2.2 is judged only then)
        self.kinds = {word_key(word): kind for kind, words in e["markers"].items() for word in words}

    def start(self, audit: Audit) -> None:
        self.entrenchments = any(self.kind(unit) == "entrenched" for unit in audit.units.values())

    def kind(self, unit: Unit) -> str | None:
        return self.kinds.get(word_key(str(unit.type or ""))) if unit.unit_class == "marker" else None

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        if isinstance(entry, Attack):
            self.attackers(audit, entry, action)
            return
        if not isinstance(entry, (Place, Move, Remove)):
            return
        unit = audit.units[entry.unit]
        kind = self.kind(unit)
        if kind is None or audit.position.phase is None:
            return
        frm = previous.loc if previous is not None else None
        to = audit.position.loc(entry.unit)
        if is_hex(to) and to != frm:
            assert to is not None
            self.operation(audit, unit, kind, to, "placed", action)
        elif is_hex(frm) and not is_hex(to) and kind != "entrenched":
            assert frm is not None
            if kind == "pontoon" and (action is None or action.kind != self.cfg["engineers"]["kind"]):
                return  # 23.3.2: lifted after a crossing, by either player
            self.operation(audit, unit, kind, frm, "removed", action)

    def attackers(self, audit: Audit, attack: Attack, action: Action | None) -> None:
        e = self.cfg["engineers"]
        if action is None or action.kind != e["kind"]:
            return
        others = sorted(uid for uid in attack.attackers if audit.units[uid].type != "engineer")
        if others:
            self.report(audit, e["rule"], f"{', '.join(others)} attack {attack.hex} in an engineer action: non-engineer "
                        f"units cannot perform actions in the same impulse", where=attack.hex, units=others)

    def operation(self, audit: Audit, marker: Unit, kind: str, hex_: str, done: str, action: Action | None) -> None:
        e = self.cfg["engineers"]
        rule = e["rules"][kind if done == "placed" else f"{kind}-removed"]
        what = f"a {kind} marker {done} {'in' if done == 'placed' else 'from'} {hex_}"
        if self.rules.shows_actions and (action is None or action.kind != e["kind"]):
            self.report(audit, e["rule"], f"{what} outside an engineer action: engineer operations are an "
                        f"engineer action's", where=hex_, units=[marker.id])
            return
        side = action.side if action is not None else marker.side
        near = kind == "pontoon"
        grid = self.pack.data.grid
        hexes = [hex_, *grid.neighbours(hex_)] if near else [hex_]
        if not any(audit.units[uid].type == "engineer" and (side is None or audit.units[uid].side == side)
                   for h in hexes for uid in audit.position.at(h)):
            where = "in or next to that hex" if near else "in that hex"
            self.report(audit, rule, f"{what} with no {side or ''} engineer {where}".replace("  ", " "),
                        where=hex_, units=[marker.id], samples=(self.cfg["samples"]["grid"],) if near else ())

    def end_action(self, audit: Audit, action: Action | None) -> None:
        self.abandoned(audit)

    def end_phase(self, audit: Audit) -> None:
        self.abandoned(audit)

    def abandoned(self, audit: Audit) -> None:
        """23.2.2: an entrenchment with no friendly unit in its hex is removed."""
        if not self.entrenchments:
            return
        e = self.cfg["engineers"]
        empty: dict[tuple[str, str], str] = {}
        for loc, ids in audit.position.occupied():
            if not is_hex(loc):
                continue
            for uid in ids:
                marker = audit.units[uid]
                if self.kind(marker) != "entrenched":
                    continue
                if not any(audit.units[other].unit_class == "land" and marker.side in (None, audit.units[other].side)
                           for other in ids):
                    empty[(loc, uid)] = loc
        for key in sorted(audit.standing("23.2.2 entrenchments", empty)):
            self.report(audit, e["rules"]["entrenched-left"], f"an entrenchment stays in {key[0]} with no "
                        f"{audit.units[key[1]].side or ''} unit in the hex: it is removed".replace("  ", " "),
                        where=key[0], units=[key[1]])
