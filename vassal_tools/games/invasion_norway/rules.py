"""The Invasion: Norway rules for one audit: shared helpers, and the checks in turn.

:class:`InvasionNorwayRules` is what the engine calls: the engine's composite of the checks
(:class:`~vassal_tools.rules.engine.Checks`), which also keeps what they share (the game data,
the pack's numbers, the :class:`Situation`, lines of supply). Each check is a small class in
its own module, named for the rules it enforces.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ...record import Control, Entry, Move, PhaseStart, Place, Unit
from ...rules import engine
from ...rules.engine import Audit, Checks
from ...rules.position import UnitState
from ...rules.supply import SupplyLine, SupplyLines
from .situation import Situation

if TYPE_CHECKING:
    from . import InvasionNorway

NAVAL_MOVEMENT = {"allied-naval-movement": "allied", "german-naval-movement": "german"}
NAVAL_DETECTION = {"allied-naval-detection": "allied", "german-naval-detection": "german"}
NAVAL_SEGMENT = ("allied-naval-detection", "german-naval-detection", "allied-naval-movement", "german-naval-movement")
MOTORIZED = {"german-motorized-movement": "german", "allied-motorized-movement": "allied"}


class Check(engine.Check):
    """One group of rules, with what the checks share at hand; override the hooks it needs."""

    def __init__(self, rules: InvasionNorwayRules):
        self.rules = rules
        self.cfg = rules.cfg
        self.kinds = rules.kinds
        self.game = rules.game


class InvasionNorwayRules(Checks):
    """The checks composed for the engine; helpers for the checks."""

    def __init__(self, pack: InvasionNorway, checks: Iterable[type[Check]]):
        """``checks``: the check classes, in the order they run (:data:`.checks.CHECKS`)."""
        self.pack = pack
        self.cfg: Mapping[str, Any] = pack.config
        self.game = pack.game
        self.kinds = pack.kinds
        self.terrain = pack.terrain
        self._situation: Situation | None = None
        self.bardufoss_upgraded = False  # 5.1.3, set by the basing check, read for NDVs (6.1.1)
        # Lines of supply follow 1.6 over the whole map when the record shows who holds every hex:
        # it sets control (control entries), or it starts at the beginning of play, when "all hexes
        # ... are Allied-controlled" and every change after is an entry it holds.
        self.control_given = False
        self.first_turn: str | None = None  # the turn the record starts on (its first phase entry)
        self.phases_begun = 0  # phase entries met so far (the set-up not counted)
        self._lines: dict[frozenset, SupplyLines] = {}
        self._moves: dict[frozenset, SupplyLines] = {}  # movement costs, apart from supply's searches
        super().__init__(cls(self) for cls in checks)

    # -- engine hooks

    def _bind(self, audit: Audit) -> None:
        if self._situation is None:
            self._situation = Situation(audit.position, self.game, self.terrain, self.kinds)
            entries = audit.record.entries
            self.first_turn = next((e.turn for e in entries if isinstance(e, PhaseStart)), None)
            from_start = self.first_turn == self.game.data.info.first_turn
            self.control_given = from_start or any(isinstance(e, Control) for e in entries)

    @property
    def situation(self) -> Situation:
        """Control, ZOCs and units of the audited position; bound by the first engine hook."""
        if self._situation is None:
            raise RuntimeError("the rules are not bound to an audit yet (no engine hook has run)")
        return self._situation

    def start_phase(self, audit: Audit) -> None:
        self._bind(audit)
        self.phases_begun += audit.position.phase is not None
        super().start_phase(audit)

    def end_phase(self, audit: Audit) -> None:
        self._bind(audit)
        super().end_phase(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        self._bind(audit)
        super().before(audit, entry)

    # -- helpers

    def rule(self, number: str) -> str:
        """A rule's citation, e.g. ``invasion-norway.txt 11.1.1``."""
        return f"{self.cfg['rulebook']} {number}"

    def arrived(self, entry: Entry, previous: UnitState | None) -> str | None:
        """The LOC a place or move entry brought a unit to, if it changed; else None."""
        if isinstance(entry, (Place, Move)):
            new = entry.at if isinstance(entry, Place) else entry.to
            if previous is None or previous.loc != new or previous.removed:
                return new
        return None

    def in_snapshot(self, audit: Audit) -> bool:
        """In the set-up or the record's first phase: where a record that starts mid-game puts (places,
        or moves from nowhere) what is already in play, so a unit's first appearance is no arrival."""
        return audit.position.phase is None or self.phases_begun <= 1

    def turn_at_least(self, turn: str | None, first: str) -> bool:
        return turn is not None and self.game.words.turn_order(turn) >= self.game.words.turn_order(first)

    def invasion_turn(self, turn: str | None) -> bool:
        return turn is not None and self.game.words.turn_order(turn) == self.game.words.turn_order(self.cfg["invasion_turn"])

    def after_invasion(self, turn: str | None) -> bool:
        return turn is not None and self.game.words.turn_order(turn) > self.game.words.turn_order(self.cfg["invasion_turn"])

    def damaged(self, audit: Audit, uid: str) -> bool:
        """A ship on its damaged side: fewer steps than its full two (a ship has two, 1.5)."""
        state = audit.position.state[uid]
        full = audit.units[uid].steps or 2
        return state.steps is not None and state.steps < full

    def carrier_unit(self, audit: Audit, loc: str | None) -> str | None:
        """The carrier whose holding box a LOC is (``carrier:Ark Royal``), by its name or id."""
        if not loc or not loc.startswith("carrier:"):
            return None
        name = loc.partition(":")[2]
        for uid, u in audit.units.items():
            if self.kinds.naval_type(u) == "CV" and name in (uid, u.name):
                return uid
        return None

    def weather(self, audit: Audit, section: str | None) -> str | None:
        """A weather section's weather: as the record last set it, else the turn's
        pre-determined weather (3.1.1)."""
        given = audit.position.weather.get(section or "")
        if given:
            return given
        for turn in self.game.data.info.turns:
            if turn.name == audit.position.turn:
                return turn.weather.get(section or "")
        return None

    def controls(self, side: str, loc: str | None) -> bool:
        """Does a side control a LOC: a hex (1.6), an airbase's hex, a flagged Strategic Map zone."""
        if loc is None:
            return False
        hex_ = self.game.hex_of(loc)
        if hex_ is not None:
            return self.situation.controller(hex_) == side
        zone = self.game.zones.get(self.game.zone_of(loc) or "")
        if zone is None:
            return True
        flag = zone.flag or (self.game.zones[zone.parent].flag if zone.parent in self.game.zones else "")
        first = self.cfg["zones"]["controlled_from"].get(zone.name)
        if first is not None and not self.turn_at_least(self.situation.position.turn, first):
            return False
        return flag in ("", side)

    # -- supply

    def auto_supplied(self, u: Unit, loc: str | None, turn: str | None) -> bool:
        """13.1 Automatic Supply, for land and air units alike."""
        s = self.cfg["supply"]
        if self.kinds.is_norwegian(u):
            return True
        if loc is not None and loc.startswith("carrier:"):
            return u.unit_class == "air" and u.side == "allied"
        zone = self.zone_root(self.game.zone_of(loc)) if loc else None
        if u.side == "german":
            if zone in s["german_zones"]:
                return True
            if zone in s["german_zones_after_invasion"] and self.after_invasion(turn):
                return True
            on_map = loc is not None and self.game.hex_of(loc) is not None
            return u.unit_class == "land" and on_map and self.invasion_turn(turn)
        return zone in s["allied_zones"]

    def zone_root(self, zone: str | None) -> str | None:
        """A sub-zone's parent (Scotland (west) is Scotland), else the zone itself."""
        z = self.game.zones.get(zone or "")
        return z.parent if z is not None and z.parent else zone

    def lines(self, turn: str | None) -> SupplyLines:
        thawed = self.game.thawed_zones(turn)
        lines = self._lines.get(thawed)
        if lines is None:
            lines = self._lines[thawed] = SupplyLines(_LazyGraphs(self.terrain, thawed))
        return lines

    def move_cost(self, start: str, goal: str, move_class: str, cap: float, turn: str | None) -> float | None:
        """The fewest MPs of ``move_class`` from hex ``start`` to hex ``goal`` (11.2, terrain only:
        units and ZOCs aside), or None if more than ``cap``."""
        thawed = self.game.thawed_zones(turn)
        lines = self._moves.get(thawed)
        if lines is None:
            lines = self._moves[thawed] = SupplyLines(_LazyGraphs(self.terrain, thawed))
        found = lines.line(start, [goal], move_class, cap, frozenset(), ("move", thawed))
        return found.cost if found else None

    def supply_line(self, side: str, start: str, goals: Iterable[str | None], move_class: str, cap: float,
                    turn: str | None, blocking: bool = True, control: bool = True) -> SupplyLine:
        """A line of ``cap`` MPs of ``move_class`` from hex ``start`` to any goal hex (13.3.2-13.3.3)."""
        hexes = [g for g in goals if g is not None]  # a goal None: a source that is on no hex
        if start in hexes:
            return SupplyLine(True, 0.0)
        sit = self.situation
        blocked = sit.blocked(side) if blocking else frozenset()
        key = sit.situation_key(side) + (blocking,)
        if blocking and control:
            # 1.6: lines of supply trace "into or through friendly-controlled hexes" only; a record
            # that starts mid-game without control entries shows only the hexes taken since.
            blocked = blocked | sit.hostile(side, shown_only=not self.control_given)
            key += (sit.control_key(), self.control_given)
        return self.lines(turn).line(start, hexes, move_class, cap, blocked, key)

    def assumed_friendly(self, side: str, starts: Iterable[str], move_class: str, cap: float,
                         turn: str | None) -> str:
        """For a record that starts mid-game with no control entries: the hexes within reach
        whose control before the record it does not show, that 1.6's start (all Allied) would
        make the enemy's, taken as friendly for the line."""
        if self.control_given:
            return ""
        sit = self.situation
        hostile = sit.hostile(side) - sit.hostile(side, shown_only=True)
        key = sit.situation_key(side) + (True,)
        near: dict[str, float] = {}
        for start in starts:
            for hex_, cost in self.lines(turn).reach(start, move_class, cap, sit.blocked(side), key).items():
                if hex_ in hostile and hex_ != start:
                    near[hex_] = min(cost, near.get(hex_, cost))
        if not near:
            return ""
        nearest = sorted(near, key=lambda h: (near[h], h))  # the hexes a line would use first
        shown = ", ".join(nearest[:12]) + (f" and {len(near) - 12} more" if len(near) > 12 else "")
        return (f"; the record starts mid-game ({self.first_turn or 'no turn given'}) and gives no control "
                f"entries, so who held a hex before it is not shown: these hexes within reach, which no "
                f"unit of the record took, were assumed {side.capitalize()}-controlled for the line (1.6): {shown}")

    def line_fault(self, side: str, start: str, goals: Iterable[str | None], move_class: str, cap: float,
                   turn: str | None) -> str:
        """Why there is no line: ``"range"`` (13.3.2) if terrain alone forbids it; ``"control"``
        (1.6) if one exists but for hexes the side does not control; else ``"blocked"`` (13.3.3:
        enemy units and ZOCs)."""
        if not self.supply_line(side, start, goals, move_class, cap, turn, blocking=False):
            return "range"
        if self.supply_line(side, start, goals, move_class, cap, turn, control=False):
            return "control"
        return "blocked"


class _LazyGraphs(dict):
    """Cost graphs by movement class, built on first use (most audits need Leg and Mountain only)."""

    def __init__(self, terrain, thawed: frozenset):
        super().__init__()
        self.terrain, self.thawed = terrain, thawed

    def __missing__(self, move_class: str):
        graph = self[move_class] = self.terrain.graph(move_class, self.thawed)
        return graph


__all__ = ["Check", "InvasionNorwayRules", "NAVAL_MOVEMENT", "NAVAL_DETECTION", "NAVAL_SEGMENT", "MOTORIZED"]
