"""The game data the maps are drawn from, gathered from a module_src folder or a game object.

Tables are kept as lists of plain ``dict`` rows (csv.DictReader style); the map painters
read the columns documented in module_src/invasion_norway/README.md:
hexes (``hex``, ``terrain``, ``zone``), hexsides (``hex_a``, ``hex_b``, ``feature``),
places (``name``, ``kind``, ``hex``, ``zone``, ``capacity``, ``hexes``, ``omp``), zones
(``name``, ``kind``, ``parent``, NDV/ADV, capacities, ``weather``), boxes (``id``,
``name``, ``kind``, ``place``, ``capacity``, ``sections``), plus game.toml's turns and thaw
table and the units. Without a boxes.csv the boxes are derived (:func:`derived_boxes`).
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
from ..gamedata.geography import fit_game
from ..gamedata.tables import read_csv
from .geography import RealMap
from .hexmap import HexLayout, read_grid

__all__ = ["GameSource", "MapData", "map_data", "derived_boxes", "read_csv", "carriers"]

TABLES = ("hexes", "hexsides", "places", "zones", "units", "boxes")


@dataclass
class MapData:
    hexes: list[dict[str, str]] = field(default_factory=list)
    hexsides: list[dict[str, str]] = field(default_factory=list)
    places: list[dict[str, str]] = field(default_factory=list)
    zones: list[dict[str, str]] = field(default_factory=list)
    units: list[dict[str, str]] = field(default_factory=list)
    boxes: list[dict[str, str]] = field(default_factory=list)  # boxes.csv; derived if absent
    turns: list[dict[str, Any]] = field(default_factory=list)
    thaw: list[dict[str, Any]] = field(default_factory=list)
    weather: dict[str, Any] = field(default_factory=dict)
    layout: HexLayout | None = None
    source: str = "game"
    real: RealMap | None = None  # the game's real geography under its hexes (geo.toml), if any

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
    data.thaw = [_row(t) for t in _get(game, "thaw") or []]
    weather = _get(game, "weather")
    data.weather = dict(weather) if isinstance(weather, Mapping) else {}
    layout = _get(game, "layout")
    if isinstance(layout, HexLayout):
        data.layout = layout
    if not data.boxes:
        data.boxes = derived_boxes(data)
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
    data.thaw = [_row(t) for t in info.thaw]
    data.weather = {"sections": list(info.weather_sections), "states": list(info.weather_states)}
    data.boxes = [_box_row(b) for b in game.boxes.values()] or derived_boxes(data)
    grid_name = (info.raw.get("operational_map") or {}).get("grid_file", "operational_grid.json")
    if (Path(game.root) / grid_name).exists():
        data.layout = read_grid(Path(game.root) / grid_name)
        data.real = _real_map(game, data.layout)
    return data


def _box_row(box: Any) -> dict[str, Any]:
    row = _row(box)
    row["sections"] = "|".join(getattr(box, "sections", ()) or ())
    row["capacity"] = "unlimited" if getattr(box, "capacity", 0) is None else str(getattr(box, "capacity", "") or "")
    return row


def derived_boxes(data: MapData) -> list[dict[str, str]]:
    """The boxes a boxes.csv would list, from the other tables (same columns).

    Airbase holding boxes (5.1), carriers' (5.1.4), three Frozen Lake Airbases a side
    (5.1.4), Strategic Map zones' holding boxes (7.1.6), the turns (2.0), the Weather
    Tracks (3.1.3) and the Gunfire Support boxes (8.4).
    """
    boxes: list[dict[str, str]] = []

    def add(id_: str, name: str, kind: str, place: str = "", capacity: str = "", sections: str = "") -> None:
        boxes.append({"id": id_, "name": name, "kind": kind, "place": place, "capacity": capacity, "sections": sections})

    for p in data.places:
        if p.get("kind") == "airbase":
            add(f"airbase-{_slug(p['name'])}", f"{p['name']} Airbase", "airbase", p["name"], str(p.get("capacity", "")), "ready|flown")
    for u in carriers(data.units):
        add(f"carrier-{_slug(u.get('name') or u['id'])}", u.get("name") or u["id"], "carrier", u["id"], "", "ready|flown")
    for side, short in (("German", "ger"), ("Allied", "all")):
        for i in range(1, 4):
            add(f"frozen-lake-{short}-{i}", f"Frozen Lake Airbase {i} ({side})", "frozen_lake", "", "2", "ready|flown")
    for z in data.zones:
        capacity = str(z.get("airbase_capacity", "")).strip()
        if not z.get("parent") and capacity and capacity != "0":
            add(f"zone-{_slug(z['name'])}", f"{z['name']} air units", "strategic", z["name"], capacity, "ready|flown")
    for t in data.turns:
        add(f"turn-{_slug(str(t.get('name', '')))}", str(t.get("name", "")), "turn", str(t.get("name", "")), "unlimited")
    states = "|".join(data.weather.get("states") or ["clear", "cloudy", "foul", "stormy"])
    for section in data.weather.get("sections") or ["north", "central", "south"]:
        add(f"weather-{section}", f"Weather Track ({section})", "weather", section, "", states)
    for z in data.zones:
        if z.get("kind") == "sea" and str(z.get("operational_map", "")).lower() in ("yes", "true", "1"):
            add(f"gunfire-{_slug(z['name'])}", f"Gunfire Support {z['name']}", "gunfire_support", z["name"], "unlimited")
    return boxes


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


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
        data.thaw = list(doc.get("thaw") or [])
        data.weather = dict(doc.get("weather") or {})
        grid_name = (doc.get("operational_map") or {}).get("grid_file", grid_name)
    if (folder / grid_name).exists():
        data.layout = read_grid(folder / grid_name)
        if (folder / "geo.toml").exists():  # the fit needs the whole game: its grid and places' sources
            game = load_game(folder)
            data.real = _real_map(game, data.layout)
    if not data.boxes:
        data.boxes = derived_boxes(data)
    return data


def _real_map(game: GameData, layout: HexLayout) -> RealMap | None:
    fitted = fit_game(Path(game.root), game.grid, game.places)
    return RealMap(*fitted, layout) if fitted is not None and fitted[0].drawn else None


def _get(obj: Any, name: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


def _row(row: Any) -> dict[str, Any]:
    """A record as a dict of CSV-like text: None -> "", bools -> yes/no, tuples joined."""
    if isinstance(row, Mapping):
        items = dict(row)
    elif dataclasses.is_dataclass(row) and not isinstance(row, type):
        items = {f.name: getattr(row, f.name) for f in dataclasses.fields(row)}
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
    """The Allied CVs: the only units the maps draw (their holding boxes, 5.1.4)."""
    return [u for u in units if u.get("type") == "CV" and (u.get("side") or "").lower() != "german"]
