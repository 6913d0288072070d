"""Map boards for the module: draw each map and export what the builder needs.

>>> arts = render_maps("module_src/invasion_norway", "build/maps")   # doctest: +SKIP
>>> arts["Strategic Map"].zones["Troms"]                              # doctest: +SKIP
[(456, 202), (796, 202), (796, 312), (456, 312)]

For every map, :class:`MapArt` gives the image, its pixel size, the **zones** drawn on it
(name -> polygon, ready for a ZonedGrid ``path``; sub-zones come before the zone that
contains them, because VASSAL takes the first zone that contains a point, vassal-formats.md
6.6) and the **boxes** (x, y, width, height) keyed by boxes.csv id (what scenarios' ``at``
names), with ``<id>/<section>`` for the Ready/Flown parts and ``<id>/<n>`` for numbered
track spaces. All coordinates are board pixels. ``maps.json`` in the output folder repeats
this for tools that do not import Python.

Maps: "Operational Map", "Operational Map Panel", "Strategic Map", and one per
``[displays]`` table of maps.toml ("Airbase Display", "Turn Record Track", "Norwegian
Mobilization Display", "Supply Tracks", "Air-Naval Combat Display").

The Operational Map's hexes come from the grid definition (operational_grid.json) through
:mod:`vassal_tools.geometry`, so the art lines up with VASSAL's snapping. Its image is
exactly the grid's board size (descending hex numbers count from the board width); the
Gunfire Support boxes and the key are the "Operational Map Panel", a board of its own
(put it beside the map board, or in its own window).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import BadInput
from ..formats.archive import atomic_write
from .counter_set import renderer_digest
from .displays import display_names, draw_display
from .drawn import Drawn
from .map_data import GameSource, MapData, carriers, map_data
from .map_style import MapStyle, load_map_style
from .operational import draw_operational, draw_operational_panel
from .png import png_bytes, write_file
from .strategic import draw_strategic

MANIFEST = "maps.json"


@dataclass(frozen=True)
class MapArt:
    """One drawn map: image file, pixel size, zone polygons and box rectangles."""

    image_path: Path
    size: tuple[int, int]
    zones: dict[str, list[tuple[int, int]]]
    boxes: dict[str, tuple[int, int, int, int]]
    geography: dict | None = None  # where real positions fall on it (geometry.projection), if drawn from them

    def zone_path(self, name: str) -> str:
        """The zone as a ZonedGrid ``path`` attribute: ``x,y;x,y;...``."""
        return ";".join(f"{x},{y}" for x, y in self.zones[name])


Painter = Callable[[MapData, MapStyle], Drawn]

BOARDS: dict[str, tuple[str, Painter]] = {
    "Operational Map": ("operational_map.png", draw_operational),
    "Operational Map Panel": ("operational_panel.png", draw_operational_panel),
    "Strategic Map": ("strategic_map.png", draw_strategic),
}


def map_painters(style: MapStyle, data: MapData | None = None) -> dict[str, tuple[str, Painter]]:
    """Every map: the boards above, then the displays of maps.toml ``[displays]`` (with
    ``data``, only the displays that have boxes to show)."""
    found = dict(BOARDS)
    kinds = {b.get("kind") for b in data.boxes} if data is not None else None
    for key, title in display_names(style).items():
        if kinds is None or kinds & set(style.get(f"displays.{key}.kinds")):
            found[title] = (f"{_slug(title)}.png", draw_display(key))
    return found


def _slug(text: str) -> str:
    return "_".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def render_maps(game: GameSource, outdir: str | Path, only: Iterable[str] | None = None, *, templates: str | Path | None = None) -> dict[str, MapArt]:
    """Draw the maps of ``game`` (all, or the names in ``only``) into ``outdir``.

    ``game`` is a module_src folder, a ``gamedata.GameData`` or a mapping with the tables
    of :mod:`map_data`. Without ``only``, displays with no boxes in the data are left
    out. A map whose inputs did not change since the last run (same data, style and
    renderer) is not redrawn. Output is deterministic.
    """
    style = load_map_style(templates)
    painters = map_painters(style)
    unknown = [n for n in only or () if n not in painters]
    if unknown:
        raise BadInput(None, f"no such map: {', '.join(unknown)} (maps: {', '.join(painters)})")
    data = map_data(game)
    names = list(only) if only is not None else list(map_painters(style, data))
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    old = _read_manifest(out)
    digest = _data_digest(data)
    arts: dict[str, MapArt] = {}
    entries = dict(old)
    for name in names:
        filename, painter = painters[name]
        key = _key(name, digest, style)
        entry = old.get(name)
        if not (entry and entry.get("key") == key and (out / filename).exists()):
            entry = _draw(name, filename, painter, data, style, out, key)
        entries[name] = entry
        arts[name] = _art(out, entry)
    atomic_write(out / MANIFEST, (json.dumps(entries, indent=1) + "\n").encode())
    return arts


def _draw(name: str, filename: str, painter: Painter, data: MapData, style: MapStyle, out: Path, key: str) -> dict:
    drawn = painter(data, style)
    image = drawn.canvas.image()
    write_file(out / filename, png_bytes(image))
    return {
        "image": filename,
        "size": list(image.size),
        # A list, not an object: zone order matters (first match wins) and must survive JSON.
        "zones": [[z, [list(p) for p in ring]] for z, ring in drawn.zones.items()],
        "boxes": {b: list(r) for b, r in drawn.boxes.items()},
        "geography": drawn.geography,
        "key": key,
    }


def _art(out: Path, entry: dict) -> MapArt:
    return MapArt(
        image_path=out / entry["image"],
        size=(entry["size"][0], entry["size"][1]),
        zones={z: [(p[0], p[1]) for p in ring] for z, ring in entry["zones"]},
        boxes={b: (r[0], r[1], r[2], r[3]) for b, r in entry["boxes"].items()},
        geography=entry.get("geography"),
    )


def _data_digest(data: MapData) -> str:
    """Hash of everything in the game data that maps are drawn from."""
    grid = data.layout.grid if data.layout else None
    doc = {
        # Of the units only the carriers are drawn: a change to any other unit must not redraw maps.
        "tables": [data.hexes, data.hexsides, data.places, data.zones, carriers(data.units), data.boxes, data.turns,
                   data.tables, data.weather],
        "words": [data.words.zone_lines, data.words.turn_notes],
        "grid": repr(grid) + repr(getattr(grid, "numbering", None)) + repr(data.layout.size if data.layout else None),
        "renderer": renderer_digest(),
        "geography": data.real.digest if data.real is not None else None,
        "stacks": data.stacks,
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True, default=str).encode()).hexdigest()


def _key(name: str, data_digest: str, style: MapStyle) -> str:
    """Hash of everything a map's pixels depend on."""
    return hashlib.sha256(f"{name}\n{data_digest}\n{style.digest}".encode()).hexdigest()


def _read_manifest(out: Path) -> dict:
    try:
        doc = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return doc if isinstance(doc, dict) else {}
    except (OSError, ValueError):
        return {}
