"""A log as one self-contained HTML page with step controls: ``vassal-tools replay``.

The page is drawn in the browser from the module's own images, not from one
picture per step. Python replays the log once and writes:

* every image the game shows (boards, pieces, layer levels) once, as a data URI; on the page
  the SVG images are packed into one gzip (counters share most of their text: a large module's
  thousands of SVG counters shrink tenfold, and the page the browser reads by half), each image
  then named by its slice ``[start, end]`` of the unpacked text;
* a table of *looks*: the images a piece shows at one moment, with their offsets
  and scales (:func:`.board.shown_images`, what :class:`.board.BoardPainter` draws);
* per step, the changes of what is drawn: for each piece that moved, changed look
  or changed place in the drawing order ``[piece, map, x, y, look, z]``, and
  ``[piece]`` for one no longer drawn. Step 0 lists the opening position;
* per step, the log's words (chat and dice included) and the turn tracker's values,
  from which the page makes its jumps to each turn and phase;
* the audit's findings with the outline of their place and the pieces of their units.

A stacked piece is drawn where VASSAL draws it in an unexpanded stack (the map's
StackMetrics), so positions are map points. ``z`` orders the pieces of a map the
way VASSAL paints them: it is renumbered only where the order changed.
"""

from __future__ import annotations

import base64
import gzip
import json
import operator
import os
from bisect import bisect_left
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, cast

import jinja2
from markupsafe import Markup

from ..errors import BadInput
from ..formats.archive import atomic_write, same_file
from ..formats.commands import (
    AddPiece,
    BeginSave,
    ChangePiece,
    MovePiece,
    RemovePiece,
    SetBoards,
    walk,
)
from ..formats.files import Module, SavedGame
from ..formats.kinds import open_game, open_module
from ..formats.match import require_match
from ..games.play import pack_of
from ..geometry.grid import Grid
from ..geometry.hexgrid import HexGrid
from ..geometry.zonedgrid import ZonedGrid
from ..pack import PrintedNames
from ..replay.replayer import Replayer
from ..replay.state import GameState, PieceState
from ..replay.turns import turn_words
from ..replay.units import Mapping_, UnitReader
from ..rules.findings import Finding
from .audit import AuditResult, audit_file
from .board import BoardPainter, faded, shown_images, shows_mask
from .html import StepTeller
from .places import Places
from .render import geometry_of

TEMPLATE = "replay_page.html"
Z_GAP = 1024  # room left between neighbours of the drawing order for pieces put between them

_MIME = ((b"\x89PNG", "image/png"), (b"\xff\xd8", "image/jpeg"), (b"GIF8", "image/gif"), (b"<svg", "image/svg+xml"),
         (b"<?xml", "image/svg+xml"), (b"BM", "image/bmp"))


@dataclass
class Drawn:
    """How one piece is drawn at one moment (map index, point, look)."""

    map: int
    x: int
    y: int
    look: int


@dataclass
class DrawnTop:
    """A map's top-level piece or stack as last drawn: its map, its pieces' looks, their order."""

    map: int
    drawn: list[tuple[int, Drawn]]
    order: list[int]


@dataclass
class MapShown:
    """A map as last drawn: its top-level pieces (in order), their ids, every piece drawn."""

    tops: list[PieceState]
    top_ids: set[str]
    drawn: dict[int, Drawn]


@dataclass
class PageData:
    """Everything the page's script reads, JSON-ready."""

    title: str
    maps: list[dict[str, Any]] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    looks: list[list[Any]] = field(default_factory=list)
    pieces: list[dict[str, Any]] = field(default_factory=list)
    changes: list[list[list[int]]] = field(default_factory=list)
    words: list[list[str]] = field(default_factory=list)
    turns: list[list[str]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class ImageTable:
    """Module images as data URIs, each stored once (by name, and by content)."""

    def __init__(self, module: Module):
        self.module = module
        self.uris: list[str] = []
        self._by_name: dict[str, int | None] = {}
        self._by_data: dict[bytes, int] = {}

    def index(self, name: str) -> int | None:
        """The image's index in the table; None when the module lacks it."""
        if name not in self._by_name:
            data = self.module.image_bytes(name) if name else None
            self._by_name[name] = None if data is None else self._store(data)
        return self._by_name[name]

    def _store(self, data: bytes) -> int:
        if data not in self._by_data:
            self._by_data[data] = len(self.uris)
            self.uris.append(f"data:{_mime(data)};base64,{base64.b64encode(data).decode('ascii')}")
        return self._by_data[data]


def _mime(data: bytes) -> str:
    head = data[:64].lstrip()
    return next((mime for magic, mime in _MIME if head.startswith(magic)), "application/octet-stream")


class PageBuilder:
    """Replays a log once and collects the page's data."""

    def __init__(self, log: SavedGame | str | os.PathLike, module: Module, mapping: Mapping_ | None,
                 audit: AuditResult | None):
        self.replay = Replayer(log)
        self.module = module
        self.audit = audit
        state = self.replay.restore()
        self.geometry = geometry_of(module, state)
        self.painter = BoardPainter(module, self.geometry)
        self.images = ImageTable(module)
        self.map_names = [name for name in self.geometry.map_names() if _drawable(self.geometry, name)]
        self.map_index = {name: i for i, name in enumerate(self.map_names)}
        self.data = PageData(Path(str(self.replay.game.path) if isinstance(log, SavedGame) else os.fspath(log)).name)
        self._looks: dict[tuple, int] = {}
        self._look_of_state: dict[tuple[str, str | None, bool, bool], int] = {}
        self._piece_index: dict[str, int] = {}
        self._drawn: dict[int, Drawn] = {}
        self._z: dict[int, int] = {}
        self._tops: dict[str, DrawnTop] = {}  # top id -> its pieces as last drawn
        self._top_of: dict[str, str] = {}  # piece id -> the top-level piece it was last drawn in
        self._orders: dict[int, list[int]] = {}  # each map's drawing order at the last step
        self._shown: dict[int, MapShown] = {}  # each map's top-level pieces and pieces at the last step
        self._units = _unit_reader(module, mapping, audit)
        self._names = _printed_names(module, mapping, audit)
        self._turn_words = turn_words(module)

    def build(self) -> PageData:
        self.data.maps = [self._map(name) for name in self.map_names]
        teller = StepTeller(self.replay, self.module, self.geometry, self._names)
        self._record_step(self.replay.state, ["the opening position"])
        for done in self.replay.steps(before=teller.before):
            self._record_step(done.state, teller.after(done.step), touched_pieces(done.step.commands))
        self.data.images = self.images.uris
        if self.audit is not None:
            self.data.findings = self._findings(self.audit)
            self.data.notes = list(self.audit.warnings)
        return self.data

    # -- maps and boards --------------------------------------------------------------

    def _map(self, name: str) -> dict[str, Any]:
        geo_map = self.geometry.map(name)
        boards = [{"name": placed.name, "image": self.images.index(placed.board.image), "x": placed.x, "y": placed.y,
                   "w": placed.width, "h": placed.height, "reversed": bool(placed.reversed)}
                  for placed in geo_map.boards]
        out: dict[str, Any] = {"name": name, "w": geo_map.size[0], "h": geo_map.size[1], "boards": boards}
        cells = [cell for placed in geo_map.boards for cell in _hex_cells(placed.board.grid)]
        if cells:
            out["cell"] = round(min(cells), 1)  # a hex map: the page never draws it smaller than it reads
        return out

    # -- one step ---------------------------------------------------------------------

    def _record_step(self, state: GameState, words: list[str], touched: set[str] | None = None) -> None:
        """The step's changes against the step before: every piece's map, point, look and drawing
        order. ``touched``: the ids of the pieces the step's commands named (None: any may have
        changed); only the maps and top-level pieces holding them, now or before, are drawn again."""
        dirty = self._dirty_tops(state, touched)
        redrawn: set[int] = set()
        left: set[int] = set()  # pieces no longer drawn on a map where they were
        moved_z: set[int] = set()
        now: dict[int, Drawn] = {}  # the pieces of the maps drawn again
        for number, name in enumerate(self.map_names):
            tops = state.maps.get(name, [])
            shown = self._shown.get(number)
            # The same tops in the same order (compared by identity, in C) and none of them touched.
            if shown is not None and dirty is not None and shown.tops == tops and dirty.isdisjoint(shown.top_ids):
                continue
            drawn: dict[int, Drawn] = {}
            order: list[int] = []
            for top in tops:
                kept = self._tops.get(top.id) if dirty is not None and top.id not in dirty else None
                if kept is None or kept.map != number:
                    kept = self._tops[top.id] = self._fan(top, name, number)
                    redrawn.update(kept.order)
                drawn.update(kept.drawn)  # C-level: a long log's unchanged stacks cost next to nothing
                order.extend(kept.order)
            top_ids = {top.id for top in tops}
            if shown is not None:
                left |= shown.drawn.keys() - drawn.keys()
                for top_id in shown.top_ids - top_ids:
                    if top_id in self._tops and self._tops[top_id].map == number:
                        del self._tops[top_id]
            moved_z |= self._reorder(number, order)
            self._shown[number] = MapShown(list(tops), top_ids, drawn)
            now.update(drawn)
        changes: list[list[int]] = []
        for index in redrawn | moved_z:
            drawn_now = now.get(index)
            if drawn_now is not None and (self._drawn.get(index) != drawn_now or index in moved_z):
                changes.append([index, drawn_now.map, drawn_now.x, drawn_now.y, drawn_now.look, self._z[index]])
        gone = left - now.keys()
        changes += [[index] for index in gone]
        for index in gone:
            self._z.pop(index, None)
            del self._drawn[index]
        self._drawn.update(now)
        self.data.changes.append(sorted(changes))
        self.data.words.append(words)
        self.data.turns.append(self._tracker_values(state))

    def _dirty_tops(self, state: GameState, touched: set[str] | None) -> set[str] | None:
        """The top-level pieces to draw again: those the touched pieces are in or were in, and
        those the pieces now in them came from. None: all of them."""
        if touched is None:
            return None
        dirty: set[str] = set()
        for piece_id in touched:
            dirty.add(piece_id)
            before = self._top_of.get(piece_id)
            if before is not None:
                dirty.add(before)
            piece = state.get(piece_id)
            if piece is not None:
                holder = piece.parent if piece.parent is not None else piece
                dirty.add(holder.id)
                for child in holder.children or ():
                    came_from = self._top_of.get(child.id)
                    if came_from is not None:
                        dirty.add(came_from)
        return dirty

    def _fan(self, top: PieceState, name: str, map_number: int) -> DrawnTop:
        """A top-level piece's (or stack's) pieces where they are drawn, noting which top holds each."""
        drawn = []
        for piece, (x, y) in self.painter.fanned_top(top, name):
            drawn.append((self._piece(piece), Drawn(map_number, x, y, self._look(piece))))
            self._top_of[piece.id] = top.id
        self._top_of[top.id] = top.id
        return DrawnTop(map_number, drawn, [index for index, _ in drawn])

    def _reorder(self, number: int, order: list[int]) -> set[int]:
        """Give the pieces of map ``number`` drawing-order keys increasing along its order; the
        pieces whose key changed."""
        before = self._orders.get(number)
        self._orders[number] = order
        if before == order:
            return set()  # the same order: its keys are increasing already
        keys = [self._z.get(i) for i in order]
        if None not in keys:
            known = cast(list[int], keys)
            if all(map(operator.lt, known, known[1:])):
                return set()
        return self._fill(order, _increasing_run(keys))

    def _fill(self, order: list[int], kept: set[int]) -> set[int]:
        """New keys for the pieces of ``order`` not in ``kept`` (positions), between their kept neighbours."""
        changed: set[int] = set()
        position = 0
        while position < len(order):
            if position in kept:
                position += 1
                continue
            end = position
            while end < len(order) and end not in kept:
                end += 1
            low = self._z[order[position - 1]] if position > 0 else 0
            high = self._z[order[end]] if end < len(order) else low + Z_GAP * (end - position + 1)
            room = (high - low) // (end - position + 1)
            if room < 1:  # no integer left between the neighbours: number the whole map again
                for i, index in enumerate(order):
                    self._z[index] = (i + 1) * Z_GAP
                return set(order)
            for k in range(position, end):
                self._z[order[k]] = low + room * (k - position + 1)
                changed.add(order[k])
            position = end
        return changed

    def _piece(self, piece: PieceState) -> int:
        index = self._piece_index.get(piece.id)
        if index is None:
            index = self._piece_index[piece.id] = len(self.data.pieces)
            entry: dict[str, Any] = {"id": piece.id, "name": piece.name}
            unit = self._units.unit(piece) if self._units is not None else None
            if unit is not None:
                entry["unit"] = unit.id
            self.data.pieces.append(entry)
        return index

    def _look(self, piece: PieceState) -> int:
        key = (piece.type, piece.state, shows_mask(piece), faded(piece))  # a deck's card: its place decides
        found = self._look_of_state.get(key)
        if found is None:
            layers = tuple((self.images.index(name), ox, oy, scale) for name, ox, oy, scale in shown_images(piece))
            look = (tuple(layer for layer in layers if layer[0] is not None), key[3])
            found = self._looks.get(look)
            if found is None:
                found = self._looks[look] = len(self.data.looks)
                self.data.looks.append([[list(layer) for layer in look[0]], int(key[3])])
            self._look_of_state[key] = found
        return found

    def _tracker_values(self, state: GameState) -> list[str]:
        for tracker_id, tracker_state in state.turns.items():
            values = [v for v in self._turn_words(tracker_id, tracker_state) if v]
            if values:  # a phase the tracker shows by its id (an area game's) by the rulebook's name
                return [self._names.phase(v) or v for v in values] if self._names is not None else values
        return []

    # -- findings ---------------------------------------------------------------------

    def _findings(self, audit: AuditResult) -> list[dict[str, Any]]:
        locations = audit.recorded.locations if audit.recorded is not None else None
        places = Places(locations) if locations is not None else None
        units: dict[str, list[int]] = {}
        for index, piece in enumerate(self.data.pieces):
            if "unit" in piece:
                units.setdefault(piece["unit"], []).append(index)
        return [_finding(f, places, self.map_index, units) for f in audit.findings]


# The commands that change which pieces a map shows, where and how; any other changes nothing drawn.
PIECE_COMMANDS = (AddPiece, ChangePiece, MovePiece, RemovePiece)
REDRAW_ALL = (BeginSave, SetBoards)  # a new game, new boards: every piece is drawn again


def touched_pieces(commands) -> set[str] | None:
    """The ids of the pieces a step's commands name; None when the step may change any."""
    out: set[str] = set()
    for command in walk(commands):
        if isinstance(command, REDRAW_ALL):
            return None
        if isinstance(command, PIECE_COMMANDS) and command.id is not None:
            out.add(command.id)
    return out


def _finding(f: Finding, places: Places | None, map_index: dict[str, int],
             units: dict[str, list[int]]) -> dict[str, Any]:
    out: dict[str, Any] = {"rule": f.rule, "message": f.message,
                           "step": f.step if isinstance(f.step, int) else None,
                           "turn": f.turn, "phase": f.phase_name or f.phase, "where": f.where,
                           "units": list(f.unit_names or f.units),
                           "pieces": [p for u in f.units for p in units.get(u, ())]}
    outline = places.outline(f.where) if places is not None else None
    if outline is not None and outline.map in map_index:
        out["map"] = map_index[outline.map]
        out["outline"] = [list(p) for p in outline.points]
    return out


def _hex_cells(grid: Grid | None) -> list[float]:
    """The size of a hex (the smaller of its spacings) of each hex grid of a board, its zones' included."""
    if isinstance(grid, HexGrid):
        return [min(grid.dx, grid.dy)]
    if isinstance(grid, ZonedGrid):
        return [cell for zone in grid.zones for cell in _hex_cells(zone.grid)] + _hex_cells(grid.background)
    return []


def _increasing_run(keys: list[int | None]) -> set[int]:
    """Positions of a longest strictly increasing subsequence of the known keys (patience sorting,
    the piles' tops searched by bisection)."""
    tops: list[int] = []  # the smallest key ending an increasing run of each length
    ends: list[int] = []  # the position of that key
    parent: dict[int, int | None] = {}
    for position, key in enumerate(keys):
        if key is None:
            continue
        low = bisect_left(tops, key)
        parent[position] = ends[low - 1] if low > 0 else None
        if low == len(tops):
            tops.append(key)
            ends.append(position)
        else:
            tops[low] = key
            ends[low] = position
    kept: set[int] = set()
    at = ends[-1] if ends else None
    while at is not None:
        kept.add(at)
        at = parent[at]
    return kept


def _drawable(geometry, name: str) -> bool:
    try:
        geometry.map(name)
    except BadInput:
        return False
    return True


def _printed_names(module: Module, mapping: Mapping_ | None, audit: AuditResult | None) -> PrintedNames | None:
    """How the game of the log names its phases, when a pack knows the module."""
    try:
        return pack_of(module, mapping, audit.record.game if audit is not None else None).printed_names
    except BadInput:
        return None


def _unit_reader(module: Module, mapping: Mapping_ | None, audit: AuditResult | None) -> UnitReader | None:
    if audit is None:
        return None
    try:
        pack = pack_of(module, mapping, audit.record.game)
    except BadInput:
        return None
    return UnitReader(mapping, pack.catalogue, pack.vocabulary.sides)


# -- the page ---------------------------------------------------------------------------


def audit_for_page(log: SavedGame | str | os.PathLike, module: Module, mapping: Mapping_ | None = None,
                   game: str | None = None, allow_mismatch: bool = False) -> AuditResult | None:
    """The audit shown on the page; None when no rule pack knows the module (the page then has no findings)."""
    try:
        pack_of(module, mapping, game)
    except BadInput:
        return None
    return audit_file(log, module, mapping, game, allow_mismatch=allow_mismatch)


def page_data(log: SavedGame | str | os.PathLike, module: Module | str | os.PathLike, mapping: Mapping_ | None = None,
              game: str | None = None, audit: AuditResult | None = None, *, allow_mismatch: bool = False) -> PageData:
    """The page's data: images, looks, per-step changes, words, turns and findings.

    A module that is not the log's is bad input unless ``allow_mismatch``: the page would show
    an empty or wrong board; allowed, the page's notes start with the differences. A given
    ``audit`` has checked the module already."""
    if not isinstance(module, Module):
        module = open_module(module)
    unaudited = f"no rule pack knows the module {module.name!r}: the page shows no findings"
    if audit is None:
        said = require_match(open_game(log), module, allow_mismatch)
        try:
            audit = audit_for_page(log, module, mapping, game, allow_mismatch)
        except BadInput as err:
            if not said:
                raise
            # Allowed on purpose: the board is drawn, the rules of the wrong game are not applied.
            unaudited = f"not audited: the rules of {module.name!r} cannot read this log ({err.what})"
    else:
        said = list(audit.mismatch)
    data = PageBuilder(log, module, mapping, audit).build()
    data.notes = said + data.notes
    if audit is None:
        data.notes.append(unaudited)
    return data


def replay_page(log: SavedGame | str | os.PathLike, module: Module | str | os.PathLike, mapping: Mapping_ | None = None,
                game: str | None = None, audit: AuditResult | None = None, *, allow_mismatch: bool = False) -> str:
    """The whole page for a log (a path, or the log already read), as HTML text."""
    return render_page(page_data(log, module, mapping, game, audit, allow_mismatch=allow_mismatch))


def render_page(data: PageData) -> str:
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = environment.from_string(resources.files(__package__).joinpath(TEMPLATE).read_text(encoding="utf-8"))
    shown = data.to_json()
    shown["images"], shown["svg"] = packed_svg(data.images)
    return template.render(title=data.title, data=_script_json(shown), steps=len(data.changes) - 1,
                           findings=len(data.findings))


SVG_URI = "data:image/svg+xml;base64,"


def packed_svg(uris: list[str]) -> tuple[list[str | list[int]], str]:
    """The images with each SVG data URI replaced by its slice ``[start, end]`` of the SVG images'
    text laid end to end, and that text gzipped, in base64 (the page unpacks it once)."""
    pack = bytearray()
    out: list[str | list[int]] = []
    for uri in uris:
        if uri.startswith(SVG_URI):
            svg = base64.b64decode(uri[len(SVG_URI):])
            out.append([len(pack), len(pack) + len(svg)])
            pack += svg
        else:
            out.append(uri)
    return out, base64.b64encode(gzip.compress(bytes(pack), compresslevel=6, mtime=0)).decode("ascii") if pack else ""


def _script_json(value: Any) -> Markup:
    """JSON safe inside a <script> element: no ``</`` and no ``<!--`` can end it early."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c"))


def write_replay_page(log: str | os.PathLike, module: str | os.PathLike, output: str | os.PathLike,
                      mapping: Mapping_ | None = None, game: str | None = None, *, allow_mismatch: bool = False) -> Path:
    """Write the page atomically; refuses to write over the log or the module."""
    if same_file(output, module):
        raise BadInput(output, "refusing to overwrite the module (write the page elsewhere)")
    html = replay_page(log, module, mapping, game, allow_mismatch=allow_mismatch)
    return atomic_write(output, html.encode("utf-8"), protect=log)
