"""Build the module of an area game (its pack gives ``area_map()``): one map, its board drawn from
the areas' polygons, and a VASSAL ZonedGrid with one Zone per area (vassal-formats.md 6.6), so a
piece placed in an area is named by that area's Zone exactly as VASSAL names it.

    from vassal_tools.builder.area_module import build_area_module
    build_area_module("module_src/kampen_om_norge", "dist")    # dist/kampen-om-norge.vmod

The build is deterministic (fixed zip times, fixed order, no clock unless SOURCE_DATE_EPOCH).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from ..art.areamap import draw_area_map
from ..errors import BadInput
from ..formats.archive import atomic_write, write_archive
from ..formats.buildfile import BuildFile
from ..formats.metadata import write_metadata
from ..games import pack_for
from ..games.areas import AreaMap
from ..games.gamedata.gametoml import read_toml
from . import standard
from .boards import BoardPlan, MapPlan, ZoneDef
from .locations import Locator
from .module import (
    STAGES,
    VASSAL_VERSION,
    Assembly,
    Progress,
    build_module,
    default_cache,
    module_archive,
)
from .savegame import source_date_ms


def area_game(game_dir: str | os.PathLike) -> AreaMap | None:
    """The area map of the game in ``game_dir`` if its pack draws areas; None for a hex game."""
    toml = Path(game_dir) / "game.toml"
    if not toml.is_file():
        return None
    game_id = read_toml(toml).get("id")
    pack = pack_for(game_id) if isinstance(game_id, str) else None
    if pack is None or not hasattr(pack, "area_map"):
        return None
    if Path(pack.data_folder).resolve() != Path(game_dir).resolve():
        return None  # a copy of the data elsewhere: read as a game folder of its own
    return pack.area_map()


def board_plan(area_map: AreaMap, image: str) -> BoardPlan:
    """The board and its ZonedGrid: a Zone per area, smallest first (VASSAL names a point after
    the first zone that holds it, 6.6; areas do not overlap, so the order only settles edges)."""
    zones = [ZoneDef(shape.name, shape.points) for shape in area_map.shapes]
    plan = BoardPlan(area_map.board, image, area_map.size)
    plan.zones = zones
    return plan


def assemble_areas(area_map: AreaMap, cache: Path) -> Assembly:
    png, _ = draw_area_map(area_map)
    image = f"{area_map.game}-board-{hashlib.sha1(png).hexdigest()[:10]}.png"
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / image
    if not path.exists():
        atomic_write(path, png)
    plans = [MapPlan(area_map.board, [board_plan(area_map, image)])]
    bf = BuildFile.new("module", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
        "description": area_map.title, "name": area_map.title, "nextPieceSlotId": "1",
        "version": area_map.version,
    })
    for element in standard.module_components_before_maps(area_map.sides):
        bf.append(element)
    for plan in plans:
        bf.append(plan.component())
    bf.append(standard.global_properties())
    for element in standard.module_components_after_maps():
        bf.append(element)
    moduledata = write_metadata("module", version=bf.version, extra1="", extra2="", vassal_version=VASSAL_VERSION,
                                date_saved=source_date_ms(), description=bf.description, name=bf.name)
    return Assembly(area_map, bf, moduledata, {image: path}, plans, Locator(plans))


def build_area_module(game_dir: str | os.PathLike, outdir: str | os.PathLike, *, cache: Path | None = None) -> Path:
    """Build the ``.vmod`` of the area game in ``game_dir`` into ``outdir``; its path."""
    area_map = area_game(game_dir)
    if area_map is None:
        raise BadInput(Path(game_dir), "not the data folder of an area game")
    assembly = assemble_areas(area_map, Path(cache) if cache is not None else default_cache(game_dir))
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    return write_archive(module_archive(assembly), out / f"{area_map.game}.vmod")


def build_game(game_dir: str | os.PathLike, outdir: str | os.PathLike, *, scenario: str | None = None,
               cache: Path | None = None, progress: Progress | None = None) -> Path:
    """Build the module of any game folder: an area game's here, a hex game's by :func:`build_module`."""
    if area_game(game_dir) is None:
        if progress is None:
            return build_module(game_dir, outdir, scenario=scenario, cache=cache)
        return build_module(game_dir, outdir, scenario=scenario, cache=cache, progress=progress)
    total = len(STAGES)
    if progress is not None:
        progress(STAGES[1], 1, total)
    path = build_area_module(game_dir, outdir, cache=cache)
    if progress is not None:
        progress(STAGES[-1], total, total)
    return path
