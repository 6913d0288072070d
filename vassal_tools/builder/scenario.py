"""A scenario's set-up as stacks: which counters start where (scenarios/*.toml ``[[setup]]``).

Units placed at the same location share one stack, bottom to top in the order the
scenario lists them. Stacks are in the order their locations first appear. Units
that arrive later (reinforcements, 4.1) are not on the maps at the start.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BadInput
from ..formats.components import Component
from . import standard
from .locations import Locator, Spot


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


def start_stacks(game, scenario, locator: Locator) -> list[StartStack]:
    """The scenario's opening stacks; BadInput names the placement whose location no map shows."""
    stacks: dict[tuple[str, int, int], StartStack] = {}
    source = scenario_file(game, scenario)
    for placement in scenario.setup:
        where = f"scenario {scenario.id!r}, unit {placement.unit!r} at {placement.at!r}"
        spot = locator.spot(placement.at, source, where)
        # Two names of one place (a box's id and its drawn name) give one stack.
        stacks.setdefault((spot.map, spot.x, spot.y), StartStack(spot)).units.append(placement.unit)
    return list(stacks.values())


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
