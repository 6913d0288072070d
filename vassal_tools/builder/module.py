"""Build a game's VASSAL module from its data folder, and its scenarios' opening saves.

::

    from vassal_tools.builder.module import build_module, write_setup

    build_module("module_src/invasion_norway", "dist")             # dist/invasion-norway.vmod
    write_setup("module_src/invasion_norway", "campaign", "start.vsav")

:func:`assemble` does the work both share: load and check the data
(:mod:`.gamedata`), draw or reuse the counter and map art in a cache folder, and put
the buildFile together (maps with their grids and the scenario's at-start stacks,
prototypes, the counter palette with the Control markers, turn tracker, dice,
weather). The result is deterministic: the same data gives a byte-identical
``.vmod`` (fixed zip times, fixed entry order, no clock in the metadata unless
``SOURCE_DATE_EPOCH`` is set).
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BadInput
from ..formats.archive import Archive, Entry, write_archive
from ..formats.buildfile import BuildFile
from ..formats.components import Component
from ..formats.metadata import write_metadata
from ..formats.moduleviews import Prototype as PrototypeView
from ..formats.obfuscation import DEFAULT_FORM, Form
from ..formats.pieces import Piece, encode_definition, expand_prototypes
from ..gamedata import GameData, GameDice, Scenario
from ..geometry.projection import ENTRY as GEOGRAPHY_ENTRY
from . import counters, dice_buttons, palette, play_markers, standard, turns, weather
from .art import BoardArt, CounterArt, CounterImages, draw_all
from .boards import MapPlan, layout_command, plan_maps
from .gpids import GpidLedger, marker_slot, unit_slot
from .locations import Locator, box_aliases, box_label
from .opening_decks import opening_decks
from .savegame import SETUP_STACK, PlacedPiece, opening_stream, source_date_ms, write_save
from .scenario import StartStack, find_scenario, setup_folder, start_stacks

VASSAL_VERSION = "3.7.0"  # >= 3.5, so VASSAL reads buildFile.xml (vassal-formats.md 1.1)
DEFAULT_VERSION = "0.1"
FIRST_GPID = 1

#: progress(stage, done, total): called as the build goes.
Progress = Callable[[str, int, int], None]
STAGES = ("Reading the game data", "Drawing counters and maps", "Placing the set-up", "Assembling the module",
          "Writing")


def _quiet(stage: str, done: int, total: int) -> None:
    pass


@dataclass
class Assembly:
    """Everything built from the data: the buildFile and what the archive and saves need."""

    game: GameData
    buildfile: BuildFile
    moduledata: bytes
    images: dict[str, Path]
    plans: list[MapPlan]
    locator: Locator
    definitions: dict[str, Piece] = field(default_factory=dict)  # unit id -> palette definition
    prototypes: dict[str, Piece] = field(default_factory=dict)
    gpids: dict[str, str] = field(default_factory=dict)  # unit id -> palette slot gpid
    scenario: Scenario | None = None
    stacks: list[StartStack] = field(default_factory=list)
    markers: dict[str, Piece] = field(default_factory=dict)  # play marker id -> palette definition
    marker_gpids: dict[str, str] = field(default_factory=dict)
    ledger: GpidLedger | None = None  # every slot's gpid, kept across releases (gpids.csv)

    @property
    def version(self) -> str:
        return self.buildfile.version


def default_cache(game_dir: str | os.PathLike) -> Path:
    """Where art is kept between builds: the user's cache, one folder per game folder."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = Path(game_dir).resolve()
    digest = hashlib.sha1(str(folder).encode()).hexdigest()[:10]
    return root / "vassal-tools" / f"{folder.name}-{digest}"


def assemble(game_dir: str | os.PathLike, *, scenario: str | None = None, cache: Path | None = None,
             progress: Progress = _quiet) -> Assembly:
    """Load, draw and put together the module of the game in ``game_dir``.

    ``scenario`` (id or title; default the first) is the one whose set-up becomes the
    module's at-start stacks.
    """
    from ..gamedata import load_game
    from ..gamedata.scan import game_grid

    total = len(STAGES)
    progress(STAGES[0], 0, total)
    game = load_game(game_dir)
    cache = Path(cache) if cache is not None else default_cache(game_dir)
    progress(STAGES[1], 1, total)
    art, boards = draw_all(game, cache)
    progress(STAGES[2], 2, total)
    grid_file = game.info.raw.get("operational_map", {}).get("grid_file", "operational_grid.json")
    plans = plan_maps(boards, game_grid(game.root, grid_file, game.hexes), game.root / grid_file,
                      lambda key: box_label(game.boxes, key))
    chosen = find_scenario(game, scenario) if game.scenarios or scenario else None
    turn = chosen.first_turn if chosen is not None else game.info.turn_names[0]
    locator = Locator(plans, box_aliases(game.boxes.values(), weather.weather_on(game.info, turn)))
    stacks = start_stacks(game, chosen, locator, lambda unit: art.of(unit).size) if chosen is not None else []
    progress(STAGES[3], 3, total)
    markers = play_markers.control_markers(game.info)
    marker_art = play_markers.draw(game, markers, cache, art.scale)
    weather_faces = weather.draw_faces(game, weather.weather_markers(game), cache)
    assembly = _compose(game, art, boards, plans, locator, chosen, stacks, markers, marker_art, weather_faces, turn)
    progress(STAGES[4], 4, total)
    return assembly


def _compose(game, art: CounterArt, boards: dict[str, BoardArt], plans: list[MapPlan], locator: Locator,
             scenario, stacks, markers: list[play_markers.PlayMarker],
             marker_art: dict[str, CounterImages], weather_faces: dict[str, list[Path]], turn: str) -> Assembly:
    info = game.info
    bf = BuildFile.new("module", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
        "description": _description(info), "name": info.title or game.root.name,
        "nextPieceSlotId": str(FIRST_GPID), "version": str(info.raw.get("version", DEFAULT_VERSION)),
    })
    prototypes = counters.prototype_pieces()
    masks = bool(info.raw.get("module", {}).get("masks", False))  # fog of war: every unit but markers
    rule = counters.module_rule(info, "counters")
    definitions = {unit.id: counters.unit_piece(unit, art.of(unit.id), art.scale,
                                                masked=masks and unit.unit_class != "marker", rule=rule)
                   for unit in game.units.values()}
    opening_weather = weather.weather_on(info, turn)  # a weather marker shows its section's weather at the start
    for unit_id, section in weather.weather_markers(game).items():
        weather.with_faces(definitions[unit_id], weather_faces[unit_id], list(info.weather_states),
                           opening_weather[section])
    names = palette.entry_names(game.units.values())

    marker_defs = {m.id: play_markers.marker_piece(m, marker_art[m.id], art.scale, rule) for m in markers}
    marker_names = {m.id: m.name for m in markers}

    ledger = GpidLedger.read(game.root)

    def slot(key: str):
        """The palette PieceSlot of a counter or a play marker, with its gpid from the ledger."""
        return make_slot(key, ledger.gpid(marker_slot(key) if key in marker_defs else unit_slot(key)))

    def setup_slot(key: str):
        """A unit's PieceSlot in an at-start stack, with its gpid from the ledger."""
        return make_slot(key, ledger.gpid(ledger.setup_slot(key)))

    def make_slot(key: str, gpid: str):
        """A PieceSlot whose definition carries its gpid too."""
        if key in marker_defs:
            text = counters.slot_text(marker_defs[key], gpid)
            return palette.piece_slot(marker_names[key], gpid, marker_art[key].size, text)
        text = counters.slot_text(definitions[key], gpid)
        return palette.piece_slot(names[key], gpid, art.of(key).size, text)

    window, gpids = palette.counter_palette(game, slot, {play_markers.PALETTE_LIST: list(marker_defs)})
    marker_gpids = {key: gpids.pop(key) for key in marker_defs}
    for element in standard.module_components_before_maps(s.name for s in info.sides.values()):
        bf.append(element)
    for plan in plans:
        map_ = plan.component()
        on_map = [s for s in stacks if s.spot.map == plan.name]
        if on_map:
            map_.append(setup_folder(scenario, on_map, setup_slot))
        bf.append(map_)
    bf.append(standard.global_properties(weather.weather_properties(info)))
    bf.append(standard.component(standard.MODULE + "properties.GlobalTranslatableMessages"))
    bf.append(_prototypes_container(prototypes))
    bf.append(window)
    for element in standard.module_components_after_maps():
        bf.append(element)
    bf.append(turns.turn_tracker(info))
    for element in dice_buttons.dice_buttons(GameDice(info.die_faces, info.die_rolls)):
        bf.append(element)
    bf.next_piece_slot_id = ledger.next_id
    images = _images(art, boards, game)
    images.update({m.front.name: m.front for m in marker_art.values()})
    images.update({face.name: face for faces in weather_faces.values() for face in faces})
    moduledata = write_metadata(
        "module", version=bf.version, extra1="", extra2="", vassal_version=VASSAL_VERSION,
        date_saved=source_date_ms(), description=bf.description, name=bf.name,
    )
    return Assembly(game, bf, moduledata, images, plans, locator, definitions, prototypes, gpids, scenario, stacks,
                    marker_defs, marker_gpids, ledger)


def _description(info) -> str:
    publisher = info.raw.get("publisher")
    return f"{info.title} ({publisher})" if publisher else info.title


def _prototypes_container(prototypes: dict[str, Piece]) -> Component:
    container = standard.component(standard.MODULE + "PrototypesContainer")
    for name, piece in prototypes.items():
        container.append(PrototypeView.new({"name": name, "description": f"every {name.lower()} counter"},
                                           encode_definition(piece)))
    return container


# -- images and the archive -------------------------------------------------------------------


def _images(art: CounterArt, boards: dict[str, BoardArt], game) -> dict[str, Path]:
    """images/ entries by file name: every counter image, then the board images."""
    files = {p.name: p for c in art.counters.values() for p in (c.front, c.back) if p is not None}
    for board in boards.values():
        if board.image.name in files:
            raise BadInput(game.root, f"two images are both named {board.image.name!r} (a counter's and a map's)")
        files[board.image.name] = board.image
    return files


def module_archive(assembly: Assembly) -> Archive:
    """The ``.vmod`` entries: buildFile.xml, moduledata, then images/ by name (1.1)."""
    entries = [
        _entry("buildFile.xml", assembly.buildfile.to_bytes(), zipfile.ZIP_DEFLATED),
        _entry("moduledata", assembly.moduledata, zipfile.ZIP_DEFLATED),
    ]
    geography = {board.name: board.geography for plan in assembly.plans for board in plan.boards if board.geography}
    if geography:  # for `locate --lonlat` (geometry.projection); VASSAL does not read it
        text = json.dumps({"boards": geography}, sort_keys=True, indent=1) + "\n"
        entries.append(_entry(GEOGRAPHY_ENTRY, text.encode("utf-8"), zipfile.ZIP_DEFLATED))
    # PNGs are compressed already: storing them is as small and much faster.
    entries += [_entry("images/" + name, assembly.images[name].read_bytes(), zipfile.ZIP_STORED)
                for name in sorted(assembly.images)]
    return Archive(None, entries)


def _entry(name: str, data: bytes, compress: int) -> Entry:
    # A fixed time (zip cannot store dates before 1980) keeps the archive reproducible.
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = compress
    info.external_attr = 0o644 << 16
    return Entry(info, data)


def module_file_name(game) -> str:
    return f"{game.info.id or game.root.name}.vmod"


def build_module(game_dir: str | os.PathLike, outdir: str | os.PathLike, *, scenario: str | None = None,
                 cache: Path | None = None, progress: Progress = _quiet) -> Path:
    """Build the ``.vmod`` of the game in ``game_dir`` into the folder ``outdir``; its path.

    The game's gpid ledger (``gpids.csv``, :mod:`.gpids`) is written when the build gave
    new slots their gpids.
    """
    assembly = assemble(game_dir, scenario=scenario, cache=cache, progress=progress)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    path = write_archive(module_archive(assembly), out / module_file_name(assembly.game))
    if assembly.ledger is not None:
        assembly.ledger.write()  # new slots' gpids, for the maintainer to commit with the data
    progress(STAGES[4], len(STAGES), len(STAGES))
    return path


# -- opening saves ---------------------------------------------------------------------------


def write_setup(game_dir: str | os.PathLike, scenario: str | None, out: str | os.PathLike, *,
                cache: Path | None = None, progress: Progress = _quiet, form: Form = DEFAULT_FORM) -> Path:
    """Write the opening save of ``scenario`` (id or title) to the file ``out``, stored in FORM.

    Without a scenario, the game's only one; a game with several refuses (which one is meant?)."""
    if scenario is None:
        files = sorted((Path(game_dir) / "scenarios").glob("*.toml"))
        if len(files) > 1:
            raise BadInput(Path(game_dir) / "scenarios", f"the game has {len(files)} scenarios "
                           f"({', '.join(f.stem for f in files)}): name one with --scenario")
    assembly = assemble(game_dir, scenario=scenario, cache=cache, progress=progress)
    if assembly.scenario is None:
        raise BadInput(Path(game_dir) / "scenarios", "the game has no scenario (scenarios/*.toml)")
    path = write_opening(assembly, out, form=form)
    progress(STAGES[4], len(STAGES), len(STAGES))
    return path


def write_opening(assembly: Assembly, out: str | os.PathLike, *, form: Form = DEFAULT_FORM) -> Path:
    """The opening save of the assembled scenario, written to the file ``out``, stored in FORM."""
    title = assembly.scenario.title if assembly.scenario is not None else assembly.game.info.title
    return write_save(
        Path(out), setup_stream(assembly), moduledata=assembly.moduledata, module_version=assembly.version,
        description=f"{title}: opening set-up", vassal_version=VASSAL_VERSION,
        date_saved=source_date_ms(), form=form,
    )


def setup_stream(assembly: Assembly) -> str:
    """The command stream of the assembled scenario's opening save."""
    info = assembly.game.info
    if assembly.scenario is None:
        raise ValueError("an opening save needs a scenario: the assembly has none")
    turn = assembly.scenario.first_turn
    components = [layout_command(plan) for plan in assembly.plans]
    components.append(SETUP_STACK)
    components += weather.restore_commands(info, turn)
    components.append(turns.turn_command(turns.tracker_state(info, turn)))
    placed = {unit: _placed(assembly, unit) for stack in assembly.stacks for unit in stack.units}
    decks = opening_decks(assembly.buildfile, assembly.plans, assembly.prototypes)
    return opening_stream([p.name for p in assembly.plans], assembly.stacks, placed, components, decks)


def _placed(assembly: Assembly, unit: str) -> PlacedPiece:
    """A unit's piece as VASSAL puts it in a game: prototypes expanded, its palette slot's gpid."""
    piece = expand_prototypes(assembly.definitions[unit], assembly.prototypes, strict=True)
    return PlacedPiece(piece, assembly.gpids[unit])
