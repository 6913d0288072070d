"""The composite of Kampen om Norge's checks (:class:`KampenRules`) and what they share, over the shared
audit engine (:mod:`vassal_tools.rules.engine`).

Each check is one family of rules (:mod:`.checks` lists them). What more than one of them reads is
kept here and read once an entry: the cards on the table and whether a card makes a move or place
(so the card checks and the battalions' own rules never both judge it), what kind of move or place
an entry is, the normal moves made this phase, and the battalions fallen in this combat phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ...record import Entry, Move, Place, Remove
from ...rules.engine import Audit, Check, Checks
from .board import APRIL, KampenBoard, word
from .data import Card, KampenData
from .entries import Card as CardEntry
from .table import CardTable, Window


class KampenRules(Checks):
    """One audit's checks composed, and what they share."""

    def __init__(self, data: KampenData, composed: Iterable[type[KampenCheck]]):
        self.data = data
        self.board = KampenBoard(data)
        self.table = CardTable(self.board)
        self.moves: Counter[str] = Counter()  # battalions' normal moves this phase (a paratrooper's placement too)
        self.fallen: dict[str, list[str]] = {}  # area -> battalions removed there this combat phase
        self.paratroopers: set[str] = set()  # battalions Fallskjermtropp placed this turn
        self.transported: set[str] = set()  # reinforcements a Transportfly carried (Appendix Ubåt)
        # What the entry being judged is: its card played for its action, what kind of move or place, the
        # card window that takes its unit.
        self.card: Card | None = None
        self.moving: str | None = None
        self.placing: str | None = None
        self.window: Window | None = None
        super().__init__(check(self) for check in composed)

    def start_phase(self, audit: Audit) -> None:
        self.table.clear()
        self.moves.clear()
        self.fallen = {}
        kind = self.board.kind(audit)
        if kind == "movement":
            self.paratroopers.clear()
        if kind == "reinforcement":
            self.transported.clear()
        super().start_phase(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        self.card, self.moving, self.placing, self.window = None, None, None, None
        if not isinstance(entry, (Move, Place)):
            self.table.end_windows()  # a card's hold is on what follows it at once
        if isinstance(entry, Remove):
            self._fall(audit, entry)
        elif isinstance(entry, Move) and entry.unit in audit.units:
            self.moving = self._move_kind(audit, entry)
        elif isinstance(entry, Place) and entry.unit in audit.units:
            self.placing = self._place_kind(audit, entry)
        elif isinstance(entry, CardEntry):
            self.card = self.table.play(audit, entry)
        super().before(audit, entry)

    def _fall(self, audit: Audit, entry: Remove) -> None:
        """A battalion removed in combat still rolled its die (4.2: the defender rolls for his defeated
        battalions too), and a ship sunk still shoots back (8.2)."""
        if self.board.kind(audit) == "combat" and entry.unit in audit.units:
            loc = audit.position.loc(entry.unit)
            if loc is not None:
                self.fallen.setdefault(loc, []).append(entry.unit)

    def _move_kind(self, audit: Audit, entry: Move) -> str | None:
        """``ship``; a land move in a movement phase: ``march`` (the battalion's own) or ``card``; in combat:
        ``evacuation`` (a card's) or ``retreat``; None for what no rule here judges."""
        origin, areas, board = audit.position.loc(entry.unit), self.data.areas, self.board
        if origin is None or origin not in areas or entry.to not in areas:
            return None
        if board.klass(audit, entry.unit) == "naval":
            return "ship"
        if board.klass(audit, entry.unit) not in ("land", "chip") or areas[entry.to].kind != "land":
            return None
        kind = board.kind(audit)
        if kind in ("movement", "initial"):
            self.window = self.table.window_for(audit, entry.unit, ("move",))
            return "march" if self.window is None else "card"
        if kind == "combat":
            self.window = self.table.window_for(audit, entry.unit, ("evacuate",))
            return "retreat" if self.window is None else "evacuation"
        return None

    def _place_kind(self, audit: Audit, entry: Place) -> str | None:
        """``ship``, ``set-up``, ``card`` (a card places it), ``landing`` (7.2), ``mobilization`` (7.3),
        ``resistance`` (7.2), ``invasjon`` (Appendix Invasjon), ``reinforcement`` (4.3); None for the rest."""
        uid, board = entry.unit, self.board
        if entry.at not in self.data.areas:
            return None
        if board.klass(audit, uid) == "naval":
            return "ship"
        if self.set_up(audit, entry):
            return "set-up"
        if board.klass(audit, uid) not in ("land", "chip"):
            return None
        self.window = self.table.window_for(audit, uid, ("place", "evacuate"))
        side, kind, april = board.side(audit, uid), board.kind(audit), audit.position.turn == APRIL
        if self.window is not None:
            return "card"
        if april and entry.extra.get("from") is not None:
            return "landing"
        if side == "norwegian" and word(entry.extra.get("by")) == "mobilization":
            return "mobilization"
        if april and kind == "combat" and side == "norwegian":
            return "resistance"
        if kind == "movement" and side == "allied" == board.faction(audit) and self._invasion():
            return "invasjon"
        if kind == "reinforcement" and (april or side == board.faction(audit)):
            return "reinforcement"
        return None

    def set_up(self, audit: Audit, entry: Place) -> bool:
        """A place of a set-up the rules give (3, 7.0); a landing from a ship is judged as one (7.2)."""
        return self.board.set_up(audit) is not None and entry.extra.get("from") is None

    def _invasion(self) -> bool:
        return any(card.name == "Invasjon" and played.use != "reinforcement" for card, played in self.table.played)


class KampenCheck(Check):
    """One family of the rules of Kampen om Norge, with what the checks share at hand."""

    def __init__(self, rules: KampenRules):
        self.rules = rules
        self.board = rules.board
        self.data = rules.data
        self.friends = self.board.friends
        self.limits = self.board.limits
        self.sea = self.board.sea
