"""The state of a game at one moment of its record: where every unit is, and the map's state.

The engine updates a :class:`Position` entry by entry; rule checks read it. It
knows nothing of any particular game: a game's rule pack keeps whatever extra
state its rules need (what moved this segment, which stacks were searched for...).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ..record import Unit


@dataclass
class UnitState:
    """Where a unit is and how strong: ``loc`` is None before it is placed and after removal."""

    loc: str | None = None
    steps: int | None = None
    points: int | None = None
    stack: str | None = None
    removed: bool = False


class Position:
    """Units to LOCs, plus control, hits, weather, turn and phase."""

    def __init__(self, units: Mapping[str, Unit]):
        self.units = units
        self.state: dict[str, UnitState] = {
            uid: UnitState(steps=u.steps, points=u.points) for uid, u in units.items()
        }
        self._at: dict[str, set[str]] = defaultdict(set)
        self.control: dict[str, str] = {}
        self.hits: dict[str, int] = {}
        self.weather: dict[str, str] = {}
        self.turn: str | None = None
        self.phase: str | None = None
        self.moved: set[str] = set()  # units that moved in the current phase
        # Bumped whenever a unit appears, disappears or changes strength, so that
        # anything derived from unit positions (ZOCs, blocked hexes) can be cached.
        self.version = 0

    # -- reading

    def loc(self, uid: str) -> str | None:
        state = self.state.get(uid)
        return state.loc if state is not None else None

    def on_map(self, uid: str) -> bool:
        state = self.state.get(uid)
        return state is not None and state.loc is not None and not state.removed

    def at(self, loc: str) -> set[str]:
        """Ids of the units at a LOC now (do not modify)."""
        return self._at.get(loc, set())

    def occupied(self) -> Iterator[tuple[str, set[str]]]:
        """(LOC, unit ids) for every LOC that holds a unit."""
        return ((loc, ids) for loc, ids in self._at.items() if ids)

    def strength(self, uid: str) -> int:
        """Steps, or points for point units; 1 when the record does not say."""
        state = self.state[uid]
        for value in (state.points, state.steps):
            if value is not None:
                return value
        return 1

    def stack(self, uid: str) -> str | None:
        state = self.state.get(uid)
        return state.stack if state is not None else None

    # -- changing

    def put(self, uid: str, loc: str, stack: str | None = None, moved: bool = False) -> None:
        state = self.state.setdefault(uid, UnitState())
        if state.loc is not None:
            self._at[state.loc].discard(uid)
        state.loc, state.removed, state.stack = loc, False, stack
        self._at[loc].add(uid)
        if moved:
            self.moved.add(uid)
        self.version += 1

    def remove(self, uid: str) -> None:
        state = self.state.setdefault(uid, UnitState())
        if state.loc is not None:
            self._at[state.loc].discard(uid)
        state.loc, state.removed = None, True
        self.version += 1

    def set_strength(self, uid: str, value: int) -> None:
        state = self.state.setdefault(uid, UnitState())
        unit = self.units.get(uid)
        if unit is not None and unit.points is not None and unit.steps is None:
            state.points = value
        else:
            state.steps = value
        if value == 0:
            self.remove(uid)
        self.version += 1
