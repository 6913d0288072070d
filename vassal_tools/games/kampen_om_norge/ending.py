"""The end of a game of Kampen om Norge (kampen-om-norge.txt 1.3): "The game also ends the moment one of the
sides manage to defeat all enemy battalions on the board." The other end, Germany drawing its last card, and
the victory levels are not in a record (no deck, no result entry): not judged.
"""

from __future__ import annotations

from ...rules.engine import Audit
from .board import APRIL, rule
from .rules import KampenCheck, KampenRules

SIDES = {"Germany": ("german",), "Norway and the Allies": ("norwegian", "allied")}


class GameEnd(KampenCheck):
    """1.3: once every battalion of a side (Germany; Norway and the Allies together) is defeated, the game is
    over: no phase follows. Judged in a record that starts at the game's start (its battalions are all
    there); one that starts later may leave units out."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.whole: bool | None = None
        self.had: set[str] = set()  # sides that had battalions on the board
        self.over: str | None = None  # the side all of whose battalions were defeated
        self.reported = False

    def start_phase(self, audit: Audit) -> None:
        if self.whole is None:
            self.whole = audit.position.turn in ("Round 1", APRIL)
        if self.over is not None and not self.reported:
            self.reported = True
            audit.report(rule("1.3"), f"{audit.position.turn} {audit.position.phase} is played after every battalion "
                         f"of {self.over} was defeated: the game ends the moment a side defeats all enemy battalions "
                         "on the board")

    def end_phase(self, audit: Audit) -> None:
        if not self.whole or self.over is not None:
            return
        for name, sides in SIDES.items():
            on_board = any(audit.position.on_map(u) and self.board.area_kind(audit.position.loc(u)) == "land"
                           and self.board.klass(audit, u) in ("land", "chip") and self.board.side(audit, u) in sides
                           for u in audit.units)
            if on_board:
                self.had.add(name)
            elif name in self.had and self.board.kind(audit) == "combat":
                self.over = name
