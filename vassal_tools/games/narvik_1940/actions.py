"""The Actions Phase (narvik-1940.txt 5.1, 11.0, 6.2, 6.3, 13.0), judged on the record's ``action`` entries.

5.1: actions are conducted in the Actions Phase; the players alternate "until: a) Neither player has any
AP remaining; or, b) Both players sequentially do not conduct an action (pass)"; "The Action Phase only
ends if both players sequentially pass." 11.0: "If both players pass sequentially (in either order) the
Actions Phase ends"; "When a player has expended all available AP, that player may not conduct any
further actions during the current Actions Phase. The opposing player may then conduct one action at a
time". So an action after two sequential passes is a finding; and a side that takes two actions in a
row shows that its opponent had no AP left (the record gives no AP track: this is the only trace of
it), after which an action of that opponent in the phase is a finding (a pass is not an action).
6.3 / 13.0 / 2.3.8: amphibious movement and assault, and naval strikes, are the Allied player's only.
A record without action entries (made from a log) shows none of this: nothing is judged there.
"""

from __future__ import annotations

from ...record import Action, Entry
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, NarvikRules

PASS = "pass"


class ActionSequence(Check):
    """Alternating actions, two passes ending the phase, a side out of AP, Allied-only actions."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.previous: Action | None = None  # the phase's last action
        self.passes = 0                       # sequential passes, by alternating sides
        self.out_of_ap: set[str] = set()      # sides shown to have no AP left this phase
        self.ended = False                    # two sequential passes ended the phase
        self.reported: set[str] = set()       # sides already found acting out of AP this phase

    def start_phase(self, audit: Audit) -> None:
        self.previous, self.passes, self.out_of_ap, self.ended, self.reported = None, 0, set(), False, set()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Action):
            return
        a = self.cfg["actions"]
        if audit.position.phase != a["phase"]:
            self.report(audit, a["phase_rule"], f"a {entry.side} {entry.kind} action in the "
                        f"{audit.position.phase or 'set-up'}: actions are conducted in the Actions Phase")
            return
        allied_only = a["allied_only"].get(entry.kind)
        if allied_only and entry.side != "allied":
            self.report(audit, allied_only, f"a {entry.side} {entry.kind} action: it is the Allied player's only",
                        case="allied-only")
        if self.ended:
            self.report(audit, a["rule"], f"a {entry.side} {entry.kind} action after both players passed in sequence: "
                        f"the Actions Phase had ended", case="after-passes")
        elif entry.kind != PASS and entry.side in self.out_of_ap - self.reported:
            self.reported.add(entry.side)  # once a phase: the actions after it follow from the same fact
            self.report(audit, a["ap_rule"], f"a {entry.side} {entry.kind} action after the other player took two "
                        f"actions in a row (the {entry.side} player had expended all AP): that player may not "
                        f"conduct any further actions in this Actions Phase", case="out-of-ap")
        last = self.previous
        if last is not None and last.side == entry.side:
            self.out_of_ap.update(side for side in self.pack.vocabulary.sides if side != entry.side)
        if entry.kind == PASS:
            self.passes = self.passes + 1 if last is not None and last.kind == PASS and last.side != entry.side else 1
            self.ended = self.ended or self.passes >= 2
        else:
            self.passes = 0
        self.previous = entry
