"""Stacking allowances counted by weights.

A game's stacking rule is described as slot groups with a capacity (for example
"infantry: 4 battalions, artillery: 2 battalions") plus a number of *spare* places
that each take one small piece of any group ("one company or battery of any
kind"). Big pieces (battalions) fill the slots of their own group; small pieces
(companies) take the spare places first and then count their weight (half a
battalion) in free slots, of their own group or, if the allowance says so, of any
group. :func:`excess` says by how much a set of pieces exceeds the allowance, in
the groups' unit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

SMALL = "small pieces"  # the group name an overflow of small pieces is reported under


@dataclass(frozen=True)
class Piece:
    """One counter for stacking: its slot group, its weight, and whether a spare place takes it."""

    id: str
    group: str
    weight: float
    small: bool = False


@dataclass(frozen=True)
class Allowance:
    """Capacities per slot group; spare places for small pieces; may small pieces use any group's slots."""

    capacity: Mapping[str, float]
    spare: int = 0
    small_any_group: bool = False

    def scaled(self, factor: float) -> Allowance:
        """The allowance multiplied (Oslo doubles the stacking limit, for instance)."""
        return Allowance({g: c * factor for g, c in self.capacity.items()}, int(self.spare * factor),
                         self.small_any_group)


@dataclass(frozen=True)
class Overstack:
    """By how much a stack is over, per group (``SMALL`` for small pieces with no free slot) and in all."""

    over: Mapping[str, float]

    @property
    def total(self) -> float:
        return sum(self.over.values())

    def __bool__(self) -> bool:
        return self.total > 0


def excess(pieces: Iterable[Piece], allowance: Allowance) -> Overstack:
    """How far the pieces exceed the allowance. Pieces of weight 0 never count; a group
    without a capacity has none."""
    big: dict[str, float] = defaultdict(float)
    small: dict[str, list[float]] = defaultdict(list)
    for piece in pieces:
        if piece.weight <= 0:
            continue
        if piece.small:
            small[piece.group].append(piece.weight)
        else:
            big[piece.group] += piece.weight
    cap = allowance.capacity
    over = {g: w - cap.get(g, 0.0) for g, w in big.items() if w > cap.get(g, 0.0)}
    free = {g: max(0.0, c - big.get(g, 0.0)) for g, c in cap.items()}
    if allowance.small_any_group:
        weights = sorted((w for ws in small.values() for w in ws), reverse=True)[allowance.spare:]
        left = sum(weights) - sum(free.values())
        if left > 0:
            over[SMALL] = left
    else:
        left_by_group = {g: sum(ws) - free.get(g, 0.0) for g, ws in small.items()}
        for _ in range(allowance.spare):
            # A spare place relieves the group whose small pieces overflow most.
            worst = max((g for g in left_by_group if left_by_group[g] > 0 and small[g]),
                        key=lambda g: left_by_group[g], default=None)
            if worst is None:
                break
            heaviest = max(small[worst])
            small[worst].remove(heaviest)
            left_by_group[worst] -= heaviest
        for g, value in left_by_group.items():
            if value > 0:
                over[g] = over.get(g, 0.0) + value
    return Overstack(over)
