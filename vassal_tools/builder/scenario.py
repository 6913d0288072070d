"""A scenario's set-up as stacks: which counters start where (scenarios/*.toml ``[[setup]]``).

Units placed at the same location share one stack, bottom to top in the order the
scenario lists them. Stacks are in the order their locations first appear. Units
that arrive later (reinforcements, 4.1) are not on the maps at the start.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from shapely.geometry import box as rectangle
from shapely.geometry.base import BaseGeometry

from ..art.hexmap import stack_box
from ..errors import BadInput
from ..formats.components import Component
from . import standard
from .locations import Locator, Spot

POOL_STACK = 10  # units a stack of a pool holds when the pool is laid out in its box


@dataclass
class StartStack:
    """Units (ids, bottom to top) that start at one spot."""

    spot: Spot
    units: list[str] = field(default_factory=list)


def find_scenario(game, name: str | None):
    """The scenario ``name`` (its id, or its title); without a name, the first one."""
    scenarios = game.scenarios
    if not scenarios:
        raise BadInput(game.root / "scenarios", "the game has no scenario (scenarios/*.toml)")
    if name is None:
        return next(iter(scenarios.values()))
    for scenario in scenarios.values():
        if name in (scenario.id, scenario.title):
            return scenario
    known = ", ".join(sorted(scenarios))
    raise BadInput(game.root / "scenarios", f"no scenario {name!r} (scenarios: {known})")


def scenario_file(game, scenario) -> Path:
    """The file a scenario was read from (its id names it, or its ``id`` key does)."""
    folder = game.root / "scenarios"
    named = folder / f"{scenario.id}.toml"
    if named.is_file():
        return named
    for path in sorted(folder.glob("*.toml")):
        try:
            if tomllib.loads(path.read_text(encoding="utf-8")).get("id") == scenario.id:
                return path
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
    return folder


def start_stacks(game, scenario, locator: Locator,
                 counter_size: Callable[[str], tuple[int, int]] | None = None) -> list[StartStack]:
    """The scenario's opening stacks; BadInput names the placement whose location no map shows.

    A pool of more than :data:`POOL_STACK` units in one box is laid out in the box as stacks
    of about that many (``counter_size`` gives a unit's counter size): VASSAL fans an unexpanded
    stack ``unexSepX``, ``unexSepY`` per piece, so 79 counters in one stack would run 316 px up
    across the map, and off it when expanded."""
    stacks: dict[tuple[str, int, int], StartStack] = {}
    source = scenario_file(game, scenario)
    for placement in scenario.setup:
        where = f"scenario {scenario.id!r}, unit {placement.unit!r} at {placement.at!r}"
        spot = locator.spot(placement.at, source, where)
        # Two names of one place (a box's id and its drawn name) give one stack.
        stacks.setdefault((spot.map, spot.x, spot.y), StartStack(spot)).units.append(placement.unit)
    if counter_size is None:
        return list(stacks.values())
    laid_out = {id(stack): _laid_out(stack, locator, counter_size)  # the smaller pools first: the boxes they fill
                for stack in sorted(stacks.values(), key=lambda s: len(s.units))}  # are smaller (a box in a box)
    return [part for stack in stacks.values() for part in laid_out[id(stack)]]


def _laid_out(stack: StartStack, locator: Locator, counter_size: Callable[[str], tuple[int, int]]) -> list[StartStack]:
    """A pool split into stacks of about :data:`POOL_STACK` units, side by side in its box; a smaller
    one in a box or zone at the point nearest its middle where the whole stack lies inside it."""
    width = max(counter_size(unit)[0] for unit in stack.units)
    height = max(counter_size(unit)[1] for unit in stack.units)
    if len(stack.units) <= POOL_STACK:
        cover = partial(_covers, pieces=len(stack.units), size=(width, height))
        return [StartStack(locator.inside(stack.spot, cover), stack.units)]
    fan = (standard.UNEXPANDED_SEPARATION[0] * (POOL_STACK - 1), standard.UNEXPANDED_SEPARATION[1] * (POOL_STACK - 1))
    spots = locator.spread(stack.spot, -(-len(stack.units) // POOL_STACK), (width, height), fan)
    share = -(-len(stack.units) // len(spots))
    return [StartStack(spot, stack.units[i * share:(i + 1) * share]) for i, spot in enumerate(spots)
            if stack.units[i * share:(i + 1) * share]]


def _covers(x: int, y: int, pieces: int, size: tuple[int, int]) -> BaseGeometry:
    """The board pixels a stack of ``pieces`` counters of ``size`` at (x, y) covers (art.hexmap.stack_box)."""
    return rectangle(*stack_box((x, y), pieces, size))


def setup_folder(scenario, stacks: list[StartStack], slot: Callable[[str], Component]) -> Component:
    """A map folder with one SetupStack per location of the scenario on one map.

    The stack's x, y are relative to its owning board (vassal-formats.md 7); ``slot``
    makes each unit's PieceSlot.
    """
    folder = standard.component("VASSAL.build.module.folder.MapSubFolder",
                                {"desc": "", "name": f"At start: {scenario.title}"})
    for stack in stacks:
        spot = stack.spot
        element = standard.component("VASSAL.build.module.map.SetupStack", {
            "location": spot.label, "name": spot.label, "owningBoard": spot.board, "useGridLocation": "false",
            "x": str(spot.local[0]), "y": str(spot.local[1]),
        })
        for unit in stack.units:
            element.append(slot(unit))
        folder.append(element)
    return folder
