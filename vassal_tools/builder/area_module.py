"""Build the module of an area game (its pack gives ``area_map()``): one map, its board drawn from
the areas' polygons, and a VASSAL ZonedGrid with one Zone per area (vassal-formats.md 6.6), so a
piece placed in an area is named by that area's Zone exactly as VASSAL names it; a counter per
piece with its Marker properties (``UnitId``, ``Side``...), a turn tracker of the game's turns and
phases, a dice button per die roll of its game.toml (:mod:`.dice_buttons`, as the hex builder's),
and the opening save of the game's set-up.

    from vassal_tools.builder.area_module import build_area_module, write_area_setup
    build_area_module("module_src/kampen_om_norge", "dist")    # dist/kampen-om-norge.vmod
    write_area_setup("module_src/kampen_om_norge", "start.vsav")

The build is deterministic (fixed zip times, fixed order, no clock unless SOURCE_DATE_EPOCH).
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from ..art.areamap import StackSpot, draw_area_map, draw_piece, opening_room, piece_size
from ..art.hexmap import stack_box as hex_stack_box
from ..errors import BadInput
from ..formats.archive import Archive, atomic_write, write_archive
from ..formats.buildfile import BuildFile
from ..formats.metadata import write_metadata
from ..formats.obfuscation import DEFAULT_FORM, Form
from ..formats.pieces import Piece, prototype_pieces
from ..formats.traits import BasicPiece, Marker
from ..gamedata.areas import AreaMap, AreaPiece
from ..gamedata.gametoml import TomlDoc, read_dice
from ..gamedata.records import GameDice, Phase, Segment
from ..games.folders import area_pack_at
from ..geometry.projection import ENTRY as GEOGRAPHY_ENTRY
from . import dice_buttons, palette, standard, turns
from .area_decks import deck_component, mask, piece_back
from .art import CounterImages
from .boards import BoardPlan, MapPlan, ZoneDef, layout_command
from .counters import face_layer, slot_text
from .locations import Locator
from .module import VASSAL_VERSION, default_cache
from .opening_decks import opening_decks
from .savegame import SETUP_STACK, PlacedPiece, opening_stream, source_date_ms, write_save
from .scenario import StartStack


@dataclass
class AreaAssembly:
    """Everything built from an area map: the buildFile and what the archive and the opening save need."""

    area_map: AreaMap
    buildfile: BuildFile
    moduledata: bytes
    images: dict[str, Path]
    plans: list[MapPlan]
    locator: Locator
    definitions: dict[str, Piece]
    gpids: dict[str, str]
    stacks: list[StartStack]
    piece_images: dict[str, Path]
    piece_backs: dict[str, Path] = field(default_factory=dict)  # face-down pieces: the back others see

    @property
    def version(self) -> str:
        return self.buildfile.version


def area_archive(assembly: AreaAssembly) -> Archive:
    """The ``.vmod`` entries: buildFile.xml, moduledata, then images/ by name (vassal-formats.md 1.1)."""
    archive = Archive(None)
    archive.put("buildFile.xml", assembly.buildfile.to_bytes())
    archive.put("moduledata", assembly.moduledata)
    geography = {board.name: board.geography for plan in assembly.plans for board in plan.boards if board.geography}
    if geography:  # a board cut from real geography: for `locate --lonlat`; VASSAL does not read it
        archive.put(GEOGRAPHY_ENTRY, (json.dumps({"boards": geography}, sort_keys=True, indent=1) + "\n").encode())
    for name in sorted(assembly.images):  # PNGs are compressed already: stored
        archive.put("images/" + name, assembly.images[name].read_bytes(), zipfile.ZIP_STORED)
    return archive


@dataclass(frozen=True)
class TrackerInfo:
    """What the turn tracker needs of a game: its turns and one segment listing every phase."""

    turn_names: tuple[str, ...]
    segments: tuple[Segment, ...]
    phases: dict[str, Phase]


def area_game(game_dir: str | os.PathLike) -> AreaMap | None:
    """The area map of the game in ``game_dir`` if its game.toml names an area game (read from that
    folder, wherever it is); None for a hex game."""
    pack = area_pack_at(game_dir)
    return None if pack is None else pack.area_map()


def board_plan(area_map: AreaMap, image: str) -> BoardPlan:
    """The board and its ZonedGrid: a Zone per area (areas do not overlap: VASSAL's first-match
    rule, 6.6, only settles points on a shared edge)."""
    plan = BoardPlan(area_map.board, image, area_map.size,
                     geography=area_map.real.geography if area_map.real is not None else None)
    plan.zones = [ZoneDef(shape.name, shape.points) for shape in area_map.shapes]
    return plan


def tracker_info(area_map: AreaMap) -> TrackerInfo:
    phases = {p: Phase(p, p, "both", "sample") for p in area_map.phases}
    return TrackerInfo(area_map.turns, (Segment("phase", "Phase", area_map.phases, "sample"),), phases)


def _cached(cache: Path, name: str, data: bytes) -> Path:
    path = cache / name
    if not path.exists():
        atomic_write(path, data)
    return path


def piece_definition(piece: AreaPiece, image: Path, back: Path | None = None) -> Piece:
    props = {"UnitId": piece.id, "Side": piece.side, "Nationality": piece.nationality, "Class": piece.unit_class,
             "Type": piece.type, "Size": piece.size or ("battalion" if piece.unit_class == "land" else ""),
             "Steps": "" if piece.points is None else str(piece.points)}
    layers = [face_layer(CounterImages(image, None, piece_size()), 1.0), Marker.new(props),
              BasicPiece.new("", piece.name)]
    return Piece(([mask(back)] if back is not None else []) + layers)


def assemble_areas(area_map: AreaMap, cache: Path, dice: GameDice) -> AreaAssembly:
    """The module of an area map; ``dice``: the game's die and rolls (its game.toml's), a button each."""
    cache.mkdir(parents=True, exist_ok=True)
    room = opening_room(area_map)  # the opening stacks' spots first: the labels keep clear of them
    png, labels = draw_area_map(area_map, room)
    image = f"{area_map.game}-board-{hashlib.sha1(png).hexdigest()[:10]}.png"
    images = {image: _cached(cache, image, png)}
    plans = [MapPlan(area_map.board, [board_plan(area_map, image)])]
    bf = BuildFile.new("module", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
        "description": area_map.title, "name": area_map.title, "nextPieceSlotId": "1",
        "version": area_map.version,
    })
    definitions: dict[str, Piece] = {}
    gpids: dict[str, str] = {}
    piece_images: dict[str, Path] = {}
    piece_backs: dict[str, Path] = {}
    window = palette.piece_window()
    sides = palette.tabs("Sides")
    window.append(sides)
    lists: dict[str, object] = {}
    for piece in area_map.pieces:
        data = draw_piece(piece)
        name = f"{area_map.game}-{hashlib.sha1(data).hexdigest()[:10]}.png"
        images[name] = piece_images[piece.id] = _cached(cache, name, data)
        if piece.masked:
            piece_backs[piece.id] = piece_back(piece, area_map.game, cache, images)
        definitions[piece.id] = piece_definition(piece, images[name], piece_backs.get(piece.id))
        gpid = bf.allocate_gpid()
        gpids[piece.id] = gpid
        if piece.side not in lists:
            lists[piece.side] = palette.listing(piece.side.capitalize())
            sides.append(lists[piece.side])
        text = slot_text(definitions[piece.id], gpid)
        lists[piece.side].append(palette.piece_slot(f"{piece.name} ({piece.id})", gpid,  # type: ignore[attr-defined]
                                                    piece_size(), text))
    for element in standard.module_components_before_maps(area_map.sides):
        bf.append(element)
    for plan in plans:
        element = plan.component()
        for deck in area_map.decks:  # the card decks lie on the map (their CardSlots' gpids after the pieces')
            element.append(deck_component(deck, area_map.board, area_map.game, cache, images, bf.allocate_gpid))
        bf.append(element)
    bf.append(standard.global_properties())
    bf.append(window)
    for element in standard.module_components_after_maps():
        bf.append(element)
    bf.append(turns.turn_tracker(tracker_info(area_map)))
    for element in dice_buttons.dice_buttons(dice):
        bf.append(element)
    moduledata = write_metadata("module", version=bf.version, extra1="", extra2="", vassal_version=VASSAL_VERSION,
                                date_saved=source_date_ms(), description=bf.description, name=bf.name)
    locator = Locator(plans)
    stacks = opening_stacks(area_map, locator, [box(*label.box) for label in labels], room)
    return AreaAssembly(area_map, bf, moduledata, images, plans, locator, definitions, gpids, stacks, piece_images,
                        piece_backs)


def stack_box(x: float, y: float, pieces: int, size: tuple[int, int] | None = None) -> BaseGeometry:
    """The board pixels a stack at (x, y) covers (:func:`art.hexmap.stack_box`): a counter (``size``,
    else the template's), each piece above it drawn UNEXPANDED_SEPARATION right of and above the
    one under it (VASSAL's StackMetrics), and a margin."""
    return box(*hex_stack_box((x, y), pieces, size or piece_size()))


def opening_stacks(area_map: AreaMap, locator: Locator, labels: list,
                   room: list[StackSpot] | None = None) -> list[StartStack]:
    """The opening set-up's stacks, each at a point of its area whose stack lies inside it and keeps
    clear of every label (names and their symbols) and of the stacks placed before it, where there
    is room: the spot the art left it (``room``, :func:`art.areamap.opening_room`) first."""
    keep_clear = list(labels)
    stacks = []
    size = piece_size()
    spots = room if room is not None else [None] * len(area_map.setup)
    for (area, units), near in zip(area_map.setup, spots, strict=True):
        count = len(units)
        spot = locator.spot(area, clear_of=keep_clear, cover=partial(stack_box, pieces=count, size=size), near=near)
        keep_clear.append(stack_box(*spot.local, count, size))
        stacks.append(StartStack(spot, list(units)))
    return stacks


def area_setup_stream(assembly: AreaAssembly) -> str:
    """The opening save's command stream: the set-up's stacks, the board, the tracker at the first turn."""
    area_map = assembly.area_map
    info = tracker_info(area_map)
    components = [layout_command(plan) for plan in assembly.plans] + [SETUP_STACK]
    components.append(turns.turn_command(turns.tracker_state(info, area_map.first_turn, area_map.first_phase or area_map.phases[0])))
    placed = {}
    for stack in assembly.stacks:
        for unit in stack.units:
            # A fresh copy of the definition: the stream writer sets its map, place and id.
            piece = next(p for p in area_map.pieces if p.id == unit)
            placed[unit] = PlacedPiece(piece_definition(piece, assembly.piece_images[unit],
                                                        assembly.piece_backs.get(unit)), assembly.gpids[unit])
    decks = opening_decks(assembly.buildfile, assembly.plans, prototype_pieces(assembly.buildfile))
    return opening_stream([p.name for p in assembly.plans], assembly.stacks, placed, components, decks)


def build_area_module(game_dir: str | os.PathLike, outdir: str | os.PathLike, *, cache: Path | None = None) -> Path:
    """Build the ``.vmod`` of the area game in ``game_dir`` into ``outdir``; its path."""
    assembly = area_assembly(game_dir, cache)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    return write_archive(area_archive(assembly), out / f"{assembly.area_map.game}.vmod")


def write_area_setup(game_dir: str | os.PathLike, out: str | os.PathLike, *, cache: Path | None = None,
                     form: Form = DEFAULT_FORM) -> Path:
    """Write the opening save of the area game's set-up to the file ``out``."""
    return write_area_opening(area_assembly(game_dir, cache), out, form=form)


def write_area_opening(assembly: AreaAssembly, out: str | os.PathLike, *, form: Form = DEFAULT_FORM) -> Path:
    """The opening save of the assembled area game's set-up, written to the file ``out``."""
    return write_save(Path(out), area_setup_stream(assembly), moduledata=assembly.moduledata,
                      module_version=assembly.version, vassal_version=VASSAL_VERSION,
                      description=f"{assembly.buildfile.name}: set-up", date_saved=source_date_ms(), form=form)


def area_assembly(game_dir: str | os.PathLike, cache: Path | None = None) -> AreaAssembly:
    """The assembly of the area game in ``game_dir``: its pack's map, its game.toml's dice."""
    area_map = area_game(game_dir)
    if area_map is None:
        raise BadInput(Path(game_dir), "not the data folder of an area game")
    dice = read_dice(TomlDoc(Path(game_dir) / "game.toml"))
    return assemble_areas(area_map, Path(cache) if cache is not None else default_cache(game_dir), dice)
