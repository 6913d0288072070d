"""The game data the maps are drawn from, gathered from a module_src folder or a game object.

Tables are kept as lists of plain ``dict`` rows (csv.DictReader style); the map painters
read the columns documented in module_src/invasion_norway/README.md:
hexes (``hex``, ``terrain``, ``zone``), hexsides (``hex_a``, ``hex_b``, ``feature``),
places (``name``, ``kind``, ``hex``, ``zone``, ``capacity``, ``hexes``, ``omp``), zones
(``name``, ``kind``, ``parent``, capacities, ``weather``, and the game's own columns),
boxes (``id``, ``name``, ``kind``, ``place``, ``capacity``, ``sections``), plus game.toml's
turns, the units, and what the game's data says its maps print of its own data (game.toml
``[art.maps]``: :class:`MapWords`). A folder without a boxes.csv has no boxes to draw.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..gamedata import GameData, load_game
from ..gamedata.gametoml import read_toml
from ..gamedata.geography import draws_real_geography, fit_game
from ..gamedata.tables import read_csv
from .game_art import counter_sizes
from .geography import RealMap
from .hexmap import HexLayout, read_grid

__all__ = ["GameSource", "MapData", "MapWords", "map_data", "read_csv", "carriers"]

TABLES = ("hexes", "hexsides", "places", "zones", "units", "boxes")


@dataclass(frozen=True)
class MapWords:
    """What a game's maps print of its own data (game.toml ``[art.maps]``), in its own words.

    ``zone_lines``: lines a Strategic Map zone prints under its name, each a template of the
    zone's columns (``"NDV {a_value}"``), printed when one of its columns is given, ``-`` for
    one that is not. ``turn_notes``: what the Turn Record Track prints on a turn, in order:
    ``{flag = COLUMN, text = ...}`` on a turn whose column is yes, ``{table = NAME, text = ...,
    list = FIELD}`` on a turn a game.toml table's rows name (the text, then their FIELD joined
    by ", "); ``colour = KEY`` highlights the turn (maps.toml ``[box_colours]`` KEY).
    """

    zone_lines: tuple[str, ...] = ()
    turn_notes: tuple[Mapping[str, Any], ...] = ()

    @classmethod
    def of(cls, game_toml: Mapping[str, Any]) -> MapWords:
        maps = (game_toml.get("art") or {}).get("maps") or {}
        return cls(tuple(maps.get("zone_lines") or ()), tuple(maps.get("turn_notes") or ()))

    @property
    def tables(self) -> tuple[str, ...]:
        """The game.toml tables the notes print from."""
        return tuple(str(n["table"]) for n in self.turn_notes if n.get("table"))


@dataclass
class MapData:
    hexes: list[dict[str, str]] = field(default_factory=list)
    hexsides: list[dict[str, str]] = field(default_factory=list)
    places: list[dict[str, str]] = field(default_factory=list)
    zones: list[dict[str, str]] = field(default_factory=list)
    units: list[dict[str, str]] = field(default_factory=list)
    boxes: list[dict[str, str]] = field(default_factory=list)  # boxes.csv
    turns: list[dict[str, Any]] = field(default_factory=list)
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # game.toml tables the words print
    words: MapWords = field(default_factory=MapWords)
    weather: dict[str, Any] = field(default_factory=dict)
    layout: HexLayout | None = None
    source: str = "game"
    real: RealMap | None = None  # the game's real geography under its hexes (geo.toml), if any
    # hex -> (pieces, counter width, counter height) of the largest opening stack any scenario puts there:
    # the map's labels and symbols keep clear of it
    stacks: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def zone(self, name: str) -> dict[str, str] | None:
        for row in self.zones:
            if row.get("name") == name:
                return row
        return None


GameSource = GameData | MapData | Mapping[str, Any] | str | os.PathLike[str]
"""What the art is drawn from: the loaded game (what the builder passes), map tables already
gathered, a mapping of tables (tests, other tools), or a data folder that need not be a
whole game (its tables are read as they are, through :mod:`vassal_tools.gamedata`)."""


def map_data(game: GameSource) -> MapData:
    """Gather the map tables of ``game`` (see :data:`GameSource`)."""
    if isinstance(game, (str, os.PathLike)):
        return _from_folder(Path(game))
    if isinstance(game, MapData):
        return game
    if isinstance(game, GameData):
        return _from_game_data(game)
    data = MapData(source=type(game).__name__)
    for name in TABLES:
        setattr(data, name, [_row(r) for r in _values(_get(game, name))])
    data.turns = [_row(t) for t in _get(game, "turns") or []]
    words = _get(game, "words")
    data.words = words if isinstance(words, MapWords) else MapWords()
    data.tables = {name: [_row(t) for t in _get(game, name) or []] for name in data.words.tables}
    weather = _get(game, "weather")
    data.weather = dict(weather) if isinstance(weather, Mapping) else {}
    layout = _get(game, "layout")
    if isinstance(layout, HexLayout):
        data.layout = layout
    return data


def _from_game_data(game: GameData) -> MapData:
    """The loaded game (``load_game``): its records, in the CSV columns' shape."""
    info = game.info
    data = MapData(source=str(game.root))
    data.hexes = [_row(h) for h in _values(game.hexes)]
    data.hexsides = [{"hex_a": s.a, "hex_b": s.b, "feature": s.feature} for s in game.hexsides]
    data.places = [_row(p) for p in game.places]
    data.zones = [_zone_row(z) for z in _values(game.zones)]
    data.units = [_row(u) for u in _values(game.units)]
    data.turns = [_row(t) for t in info.turns]
    data.words = MapWords.of(info.raw)
    data.tables = {name: [_row(t) for t in info.extra.get(name) or info.raw.get(name) or ()] for name in data.words.tables}
    data.weather = {"sections": list(info.weather_sections), "states": list(info.weather_states)}
    data.boxes = [_box_row(b) for b in game.boxes.values()]
    grid_name = (info.raw.get("operational_map") or {}).get("grid_file", "operational_grid.json")
    if (Path(game.root) / grid_name).exists():
        data.layout = read_grid(Path(game.root) / grid_name)
        data.real = _real_map(game, data.layout)
        data.stacks = opening_stacks(game)
    return data


def opening_stacks(game: GameData) -> dict[str, tuple[int, int, int]]:
    """Each hex where a scenario sets up pieces: the most pieces any scenario stacks there and the
    largest counter among them, at VASSAL's 100%."""
    hexes = {h for h in game.hexes} if isinstance(game.hexes, Mapping) else set()
    sizes: dict[str, tuple[int, int]] | None = None
    found: dict[str, tuple[int, int, int]] = {}
    for scenario in game.scenarios.values():
        stacks: dict[str, list[str]] = {}
        for placement in scenario.setup:
            if placement.at in hexes:
                stacks.setdefault(placement.at, []).append(placement.unit)
        for at, units in stacks.items():
            sizes = sizes if sizes is not None else counter_sizes(game)
            width = max(sizes.get(u, (0, 0))[0] for u in units)
            height = max(sizes.get(u, (0, 0))[1] for u in units)
            old = found.get(at, (0, 0, 0))
            found[at] = (max(old[0], len(units)), max(old[1], width), max(old[2], height))
    return found


def _box_row(box: Any) -> dict[str, Any]:
    row = _row(box)
    row["sections"] = "|".join(getattr(box, "sections", ()) or ())
    row["capacity"] = "unlimited" if getattr(box, "capacity", 0) is None else str(getattr(box, "capacity", "") or "")
    return row


def _zone_row(zone: Any) -> dict[str, Any]:
    """gamedata keeps capacities as int (0 = none) or None (unlimited): back to CSV words."""
    row = _row(zone)
    for key in ("airbase_capacity", "port_capacity"):
        value = getattr(zone, key, 0)
        row[key] = "unlimited" if value is None else str(value)
    return row


def _values(table: Any) -> list[Any]:
    if table is None:
        return []
    return list(table.values()) if isinstance(table, Mapping) else list(table)


def _from_folder(folder: Path) -> MapData:
    if not folder.is_dir():
        raise BadInput(folder, "not a module_src folder")
    data = MapData(source=str(folder))
    for name in TABLES:
        path = folder / f"{name}.csv"
        if path.exists():
            setattr(data, name, read_csv(path))
    game_toml = folder / "game.toml"
    grid_name = "operational_grid.json"
    if game_toml.exists():
        doc = read_toml(game_toml)
        data.turns = list(doc.get("turns") or [])
        data.words = MapWords.of(doc)
        data.tables = {name: list(doc.get(name) or []) for name in data.words.tables}
        data.weather = dict(doc.get("weather") or {})
        grid_name = (doc.get("operational_map") or {}).get("grid_file", grid_name)
    if (folder / grid_name).exists():
        data.layout = read_grid(folder / grid_name)
        if draws_real_geography(folder) or (folder / "scenarios").is_dir():
            game = load_game(folder)  # the fit needs the whole game (its grid and places' sources), as do stacks
            data.real = _real_map(game, data.layout)
            data.stacks = opening_stacks(game)
    return data


def _real_map(game: GameData, layout: HexLayout) -> RealMap | None:
    if not draws_real_geography(Path(game.root)):
        return None
    fitted = fit_game(Path(game.root), game.grid, game.places)
    return RealMap(*fitted, layout) if fitted is not None else None


def _get(obj: Any, name: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


def _row(row: Any) -> dict[str, Any]:
    """A record as a dict of CSV-like text: None -> "", bools -> yes/no, tuples joined; a record's
    ``extra`` (the game's own columns) as columns of their own."""
    if isinstance(row, Mapping):
        items = dict(row)
    elif dataclasses.is_dataclass(row) and not isinstance(row, type):
        items = {f.name: getattr(row, f.name) for f in dataclasses.fields(row)}
        own = items.pop("extra", None)
        items.update(own if isinstance(own, Mapping) else {})
    elif hasattr(row, "__dict__"):
        items = dict(vars(row))
    else:
        raise BadInput(None, f"cannot read a table row from {type(row).__name__}")
    return {str(k): _cell(v) for k, v in items.items()}


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return value


def carriers(units: list[dict]) -> list[dict]:
    """The carriers (CVs): the only units the maps draw (their holding boxes, 5.1.4)."""
    return [u for u in units if u.get("type") == "CV"]
