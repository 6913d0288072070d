"""The builder's side of the art: counter and map images, drawn (or reused) in a cache folder.

The art package draws; this module asks it for every counter and map of a game and
reads back what the module needs: image file names, pixel sizes, the scale a Layer
shows a counter at, and the zones and boxes drawn on each map. Both renderers key
each image by a hash of its inputs, so a second build redraws only what changed
(a one-unit edit redraws that unit's two sides). Counters and maps are drawn at the
same time, in two processes, when the machine has two cores.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BadInput
from ..formats.archive import atomic_write

if TYPE_CHECKING:  # the art loads only when something is drawn
    from ..art.map_data import GameSource
    from ..gamedata import GameData

COUNTERS = "counters"
MAPS = "maps"


@dataclass(frozen=True)
class CounterImages:
    """The image files of one counter: front and (if printed) back, ``size`` at 100% zoom."""

    front: Path
    back: Path | None
    size: tuple[int, int]

    @property
    def names(self) -> list[str]:
        """Image names as pieces refer to them (the file names, stored under images/)."""
        return [p.name for p in (self.front, self.back) if p is not None]


@dataclass(frozen=True)
class CounterArt:
    """Every counter's images; ``scale`` is the Layer scale that shows them at template size."""

    scale: float
    counters: dict[str, CounterImages]

    def of(self, unit_id: str) -> CounterImages:
        try:
            return self.counters[unit_id]
        except KeyError:
            raise BadInput(None, f"the counter art has no image for unit {unit_id!r}") from None


@dataclass(frozen=True)
class BoardArt:
    """One drawn map board: image, pixel size, zone polygons (first match wins) and box rectangles."""

    name: str
    image: Path
    size: tuple[int, int]
    zones: dict[str, list[tuple[int, int]]]
    boxes: dict[str, tuple[int, int, int, int]]
    geography: dict | None = None  # where real positions fall on it (geometry.projection), if drawn from them


def draw_counters(game: GameSource, cache: Path) -> CounterArt:
    """Draw (or reuse) every counter of ``game`` under ``cache``/counters."""
    from ..art.counter_set import MANIFEST, render_all

    folder = cache / COUNTERS
    render_all(game, folder)
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise BadInput(folder / MANIFEST, f"the counter renderer left no readable manifest: {err}") from None
    scale = float(manifest.get("layer_scale", 1.0))
    counters = {}
    for unit_id, entry in manifest.get("counters", {}).items():
        width, height = entry["size"]
        back = entry.get("back")
        counters[unit_id] = CounterImages(
            folder / entry["front"],
            folder / back if back else None,
            (round(width * scale), round(height * scale)),
        )
    return CounterArt(scale, counters)


def draw_boards(game: GameSource, cache: Path) -> dict[str, BoardArt]:
    """Draw (or reuse) every map board of ``game`` under ``cache``/maps, by map name."""
    from ..art.maps import render_maps

    arts = render_maps(game, cache / MAPS)
    boards = {
        name: BoardArt(name, Path(art.image_path), (art.size[0], art.size[1]), dict(art.zones), dict(art.boxes),
                       art.geography)
        for name, art in arts.items()
    }
    return boards | scanned_boards(game, cache / MAPS)


def scanned_boards(game: GameSource, folder: Path) -> dict[str, BoardArt]:
    """The boards a maintainer scanned (gamedata.scan), in place of the drawn ones: the scan's
    image copied into the cache under its own name, no zones or boxes drawn on it."""
    from ..gamedata import GameData
    from ..gamedata.scan import read_scans

    if isinstance(game, GameData):
        root = game.root
    elif isinstance(game, (str, os.PathLike)):
        root = Path(game)
    else:  # map tables without a folder: nothing scanned
        return {}
    out = {}
    for name, scan in read_scans(root).items():
        target = folder / f"scan-{scan.image.name}"
        if not target.is_file() or target.read_bytes() != scan.image.read_bytes():
            atomic_write(target, scan.image.read_bytes())
        out[name] = BoardArt(name, target, scan.size, {}, {})
    return out


def draw_all(game: GameData, cache: Path) -> tuple[CounterArt, dict[str, BoardArt]]:
    """Counters and map boards: the maps in a second process while this one draws counters.

    The counters are drawn from the loaded game, so its game.toml ``[art]`` (a template of its
    own, a details table) is honoured; the worker reads the boards from the game's folder.
    """
    if (os.cpu_count() or 1) < 2:
        return draw_counters(game, cache), draw_boards(game.root, cache)
    methods = multiprocessing.get_all_start_methods()
    # fork starts the worker with every module already imported.
    context = multiprocessing.get_context("fork" if "fork" in methods else methods[0])
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        boards = pool.submit(_boards_or_fault, game.root, cache)
        counters = draw_counters(game, cache)
        outcome = boards.result()
    if isinstance(outcome, tuple):
        raise BadInput(*outcome)
    return counters, outcome


def _boards_or_fault(game: GameSource, cache: Path):
    """draw_boards in a worker; a BadInput comes back as its parts (its __init__ does not unpickle)."""
    try:
        return draw_boards(game, cache)
    except BadInput as err:
        return (err.source, err.what, err.where)
