"""Weather as module-level global properties, one per weather section.

Each property's description cites the game's rule for its weather: the first rule of game.toml
``[weather] source``, in the book game.toml ``rulebook`` names.

``WeatherNorth``, ``WeatherCentral``, ``WeatherSouth`` (from game.toml
``[weather] sections``) hold one of the weather states. A new game starts with the
pre-determined weather of the first turn of the Turn Record (3.1.1); a scenario's
opening save sets the weather of its own first turn when the rules fix it.

A weather marker (a marker of type Weather whose note names its section) has one face per
weather state: its "Face" Layer shows the weather it means ("Worse weather" / "Better
weather" turn it as the player moves it along its track), at the start the first turn's.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..formats.components import Component
from ..formats.moduleviews import GlobalProperty
from ..formats.pieces import Piece
from ..formats.sequence import encode
from ..formats.traits import Embellishment, KeyStroke
from ..gamedata import GameInfo, citations
from .counters import LAYER

FOLDER = "weather-markers"  # under the art cache
WORSE, BETTER = "Worse weather", "Better weather"

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


def weather_markers(game) -> dict[str, str]:
    """Each weather marker's unit id and the section it is for: a marker of type Weather whose note
    names a weather section of game.toml."""
    sections = set(game.info.weather_sections)
    return {u.id: u.note for u in game.units.values()
            if u.unit_class == "marker" and u.type.casefold() == "weather" and u.note in sections}


def draw_faces(game, markers: Mapping[str, str], cache: Path) -> dict[str, list[Path]]:
    """One face per weather state of each weather marker (its state's name and icon, its section),
    drawn with the game's marker art."""
    from ..art.counter_set import DEFAULT_SCALE
    from ..art.counters import render_counter
    from ..art.palette import game_palette
    from ..art.png import png_bytes, write_file

    folder = cache / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    palette = game_palette(game)
    faces: dict[str, list[Path]] = {}
    for unit_id, section in markers.items():
        unit = game.units[unit_id]
        for state in game.info.weather_states:
            row = {"id": f"{unit_id}-{state}", "class": "marker", "name": state.title(), "side": unit.side,
                   "nationality": unit.nationality, "type": unit.type, "note": section}
            data = png_bytes(render_counter(row, "front", DEFAULT_SCALE, palette=palette))
            path = folder / f"{unit_id}-{state}.png"
            if not path.exists() or path.read_bytes() != data:
                write_file(path, data)
            faces.setdefault(unit_id, []).append(path)
    return faces


def with_faces(piece: Piece, faces: list[Path], states: list[str], state: str) -> Piece:
    """``piece`` (a weather marker) whose Face Layer shows ``faces``, one per weather state, at ``state``'s."""
    layer = next(t for t in piece.traits if isinstance(t, Embellishment) and t.name == LAYER)
    layer.image_list = [p.name for p in faces]
    layer.level_name_list = [f"+ ({s})" for s in states]
    layer.up_command, layer.increase_keystroke = WORSE, KeyStroke.named(WORSE)
    layer.down_command, layer.decrease_keystroke = BETTER, KeyStroke.named(BETTER)
    layer.loop_levels = False
    layer.value = states.index(state) + 1
    return piece
