"""Weather as module-level global properties, one per weather section.

Each property's description cites the game's rule for its weather: the first rule of game.toml
``[weather] source``, in the book game.toml ``rulebook`` names.

``WeatherNorth``, ``WeatherCentral``, ``WeatherSouth`` (from game.toml
``[weather] sections``) hold one of the weather states. A new game starts with the
pre-determined weather of the first turn of the Turn Record (3.1.1); a scenario's
opening save sets the weather of its own first turn when the rules fix it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..formats.components import Component
from ..formats.moduleviews import GlobalProperty
from ..formats.sequence import encode
from ..gamedata import GameInfo, citations

CONTAINER = "Module"  # container id of a module-level property in commands (5.4)


def property_name(section: str) -> str:
    return "Weather" + section[:1].upper() + section[1:]


def weather_on(info: GameInfo, turn: str) -> dict[str, str]:
    """Section -> state for a turn: the pre-determined weather (3.1.1), else the first state."""
    fixed: Mapping[str, str] = next((t.weather for t in info.turns if t.name == turn), {})
    return {section: fixed.get(section, info.weather_states[0]) for section in info.weather_sections}


def weather_properties(info: GameInfo) -> list[Component]:
    values = weather_on(info, info.turn_names[0])
    said = "; ".join([", ".join(info.weather_states), *_weather_rule(info)])
    return [
        GlobalProperty.new({
            "name": property_name(section), "initialValue": values[section],
            "description": f"Weather in the {section} section ({said})",
        })
        for section in info.weather_sections
    ]


def _weather_rule(info: GameInfo) -> list[str]:
    """The game's rule for its weather, as a citation (``invasion-norway.txt 3.0``), if its data gives one."""
    source = str((info.raw.get("weather") or {}).get("source") or "")
    rules = [c.rule for c in citations(source) if c.rule] if source else []
    return [" ".join(filter(None, (str(info.raw.get("rulebook") or ""), rules[0])))] if rules else []


def restore_commands(info: GameInfo, turn: str) -> list[str]:
    """``GlobalProperty⇥;name;value;Module`` for each section, as a save restores them (5.4)."""
    return [
        "GlobalProperty\t;" + (encode([property_name(section), state, CONTAINER], ";") or "")
        for section, state in weather_on(info, turn).items()
    ]
