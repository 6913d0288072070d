"""What the Kampen om Norge checks read off an audit's position: whose turn and phase it is, who holds
an area, the ships in a sea zone, the air fields Germany holds (kampen-om-norge.txt 2.3, 4, 7, 8.2).

Read by every check of the game (:mod:`.checks` lists them).
"""

from __future__ import annotations

from collections import Counter

from ...record import Move, PhaseStart, Place
from ...rules.engine import Audit
from .data import KampenData

FILE = "kampen-om-norge.txt"
SAMPLE_MAP = "the adjacency of the sample map"
APRIL = "9. April"


def rule(number: str) -> str:
    return f"{FILE} {number}"


def word(value: object) -> str:
    """A record word in any capitalisation and spacing (``Advanced``, ``Tung krysser``, ``Mobilization``)."""
    return "-".join(str(value).split()).casefold() if isinstance(value, str) else ""


class KampenBoard:
    """The game's data and the reading of a position in its terms."""

    def __init__(self, data: KampenData):
        self.data = data
        self.friends = {s["id"]: set(s.get("friends", ())) | {s["id"]} for s in data.toml["sides"]}
        self.limits = data.toml["limits"]
        self.sea = data.toml["sea"]
        self.variant: bool | None = None  # the record's game is the advanced one (read once an audit)

    # -- the turn

    def kind(self, audit: Audit) -> str | None:
        """The phase without its faction: movement, combat, reinforcement, new-cards, initial."""
        phase = audit.position.phase
        if not phase:
            return None
        head, _, rest = phase.partition("-")
        return rest if head in self.friends else phase

    def faction(self, audit: Audit) -> str | None:
        """The faction whose player turn it is; None in the 9. April turn, which all play (7)."""
        head = (audit.position.phase or "").split("-", 1)[0]
        return head if head in self.friends else None

    def attacker(self, audit: Audit) -> str | None:
        """Who attacks: the faction whose turn it is; Germany all through the 9. April turn (7.1, 7.2)."""
        return "german" if audit.position.turn == APRIL else self.faction(audit)

    def advanced(self, audit: Audit) -> bool:
        """The advanced game, judged by the advanced rules all through (5-8): the record's ``variant`` says
        so; a record that does not say shows what only the advanced game has, the 9. April turn (7) or
        ships on the board (6.1: ship cards "are also only used in the Advanced version")."""
        if self.variant is None:
            self.variant = self.read_variant(audit)
        return self.variant or audit.position.turn == APRIL

    @staticmethod
    def read_variant(audit: Audit) -> bool:
        said = word(audit.record.extra.get("variant"))
        if said in ("advanced", "basic"):
            return said == "advanced"
        for entry in audit.record.entries:
            if isinstance(entry, PhaseStart) and entry.turn == APRIL:
                return True
            if isinstance(entry, (Place, Move)) and entry.unit in audit.units \
                    and audit.units[entry.unit].unit_class == "naval":
                return True
        return False

    def set_up(self, audit: Audit) -> str | None:
        """``basic`` or ``april`` while the set-up the rules give is placed (3, 7.0), else None.

        records-four-games.md: entries before the first phase are the set-up only when the record's first
        turn is the game's first (``Round 1`` of the basic game); the advanced set-up is the ``initial``
        phase of ``9. April``."""
        phase, turn = audit.position.phase, audit.position.turn
        if turn == APRIL and phase in (None, "initial"):
            return "april"
        if turn == "Round 1" and phase is None and not self.advanced(audit):
            return "basic"
        return None

    # -- units

    def side(self, audit: Audit, uid: str) -> str:
        return audit.units[uid].side

    def ship_type(self, audit: Audit, uid: str) -> str:
        """A ship card's type as 6.1 names it, however the record spells it (``Tung krysser``: ``tung-krysser``)."""
        return word(audit.units[uid].type)

    def klass(self, audit: Audit, uid: str) -> str:
        return audit.units[uid].unit_class

    def area_kind(self, loc: str | None) -> str | None:
        area = self.data.areas.get(loc) if loc is not None else None
        return area.kind if area is not None else None

    def enemies_in(self, audit: Audit, area: str, side: str) -> list[str]:
        return sorted(u for u in audit.position.at(area)
                      if self.klass(audit, u) == "land" and self.side(audit, u) not in self.friends[side])

    def battalions(self, audit: Audit, area: str, sides: set[str]) -> list[str]:
        """The battalions (pieces and chips, 2.2) of these factions in an area."""
        return sorted(u for u in audit.position.at(area)
                      if self.klass(audit, u) in ("land", "chip") and self.side(audit, u) in sides)

    def strength(self, audit: Audit, units: list[str]) -> int:
        """How many battalions: a piece written with ``points`` counts that many (2.2)."""
        return sum(audit.position.strength(u) for u in units)

    def held_by(self, audit: Audit, area: str, side: str) -> bool:
        return bool(self.battalions(audit, area, {side}))

    def ships_in(self, audit: Audit, zone: str) -> dict[str, int]:
        count: Counter[str] = Counter()
        for uid in audit.position.at(zone):
            if self.klass(audit, uid) == "naval":
                count[self.side(audit, uid)] += 1
        return dict(count)

    def ships_of(self, audit: Audit, zone: str, sides: set[str], type: str | None = None) -> list[str]:
        return sorted(u for u in audit.position.at(zone) if self.klass(audit, u) == "naval"
                      and self.side(audit, u) in sides and (type is None or self.ship_type(audit, u) == type))

    def german_controlled(self, audit: Audit, zone: str) -> bool:
        """8.2: a faction alone with ships in a sea zone controls it."""
        return set(self.ships_in(audit, zone)) == {"german"}

    def airfields_held(self, audit: Audit) -> set[str]:
        """Air fields Germany controls: a German battalion occupies them and no enemy is there (2.3; example
        3: Bardufoss, under attack, does not count)."""
        return {a for a in self.data.airfields()
                if self.held_by(audit, a, "german") and not self.enemies_in(audit, a, "german")}

    def samples(self, *areas: str) -> tuple[str, ...]:
        named = all("2.3" in self.data.areas[a].source for a in areas if a in self.data.areas)
        return () if named else (SAMPLE_MAP,)
