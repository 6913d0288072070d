"""A log as one self-contained HTML page with step controls: ``vassal-tools replay``.

The page is drawn in the browser from the module's own images, not from one
picture per step. Python replays the log once and writes:

* every image the game shows (boards, pieces, layer levels) once, as a data URI;
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
import json
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from ..errors import BadInput
from ..formats.archive import atomic_write, same_file
from ..formats.files import Module
from ..formats.kinds import open_game, open_module
from ..formats.match import require_match
from ..games.play import pack_of
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

    def __init__(self, log: str | os.PathLike, module: Module, mapping: Mapping_ | None, audit: AuditResult | None):
        self.replay = Replayer(log)
        self.module = module
        self.audit = audit
        state = self.replay.restore()
        self.geometry = geometry_of(module, state)
        self.painter = BoardPainter(module, self.geometry)
        self.images = ImageTable(module)
        self.map_names = [name for name in self.geometry.map_names() if _drawable(self.geometry, name)]
        self.map_index = {name: i for i, name in enumerate(self.map_names)}
        self.data = PageData(Path(os.fspath(log)).name)
        self._looks: dict[tuple, int] = {}
        self._look_of_state: dict[tuple[str, str | None, bool, bool], int] = {}
        self._piece_index: dict[str, int] = {}
        self._drawn: dict[int, Drawn] = {}
        self._z: dict[int, int] = {}
        self._units = _unit_reader(module, mapping, audit)
        self._turn_words = turn_words(module)

    def build(self) -> PageData:
        self.data.maps = [self._map(name) for name in self.map_names]
        teller = StepTeller(self.replay, self.module, self.geometry)
        self._record_step(self.replay.state, ["the opening position"])
        for done in self.replay.steps(before=teller.before):
            self._record_step(done.state, teller.after(done.step))
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
        return {"name": name, "w": geo_map.size[0], "h": geo_map.size[1], "boards": boards}

    # -- one step ---------------------------------------------------------------------

    def _record_step(self, state: GameState, words: list[str]) -> None:
        drawn: dict[int, Drawn] = {}
        orders: list[list[int]] = []
        for map_number, name in enumerate(self.map_names):
            order = []
            for piece, (x, y) in self.painter.fanned_pieces(state, name):
                index = self._piece(piece)
                drawn[index] = Drawn(map_number, x, y, self._look(piece))
                order.append(index)
            orders.append(order)
        moved_z = self._reorder(orders)
        changes: list[list[int]] = []
        for index, now in drawn.items():
            if self._drawn.get(index) != now or index in moved_z:
                changes.append([index, now.map, now.x, now.y, now.look, self._z[index]])
        changes += [[index] for index in self._drawn if index not in drawn]
        for index in self._drawn.keys() - drawn.keys():
            self._z.pop(index, None)
        self._drawn = drawn
        self.data.changes.append(sorted(changes))
        self.data.words.append(words)
        self.data.turns.append(self._tracker_values(state))

    def _reorder(self, orders: list[list[int]]) -> set[int]:
        """Give pieces drawing-order keys increasing along each map's order; the pieces whose key changed."""
        changed: set[int] = set()
        for order in orders:
            keys = [self._z.get(i) for i in order]
            if all(k is not None for k in keys) and all(a < b for a, b in zip(keys, keys[1:])):  # type: ignore[operator]
                continue
            kept = _increasing_run(keys)
            changed |= self._fill(order, kept)
        return changed

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
            if values:
                return values
        return []

    # -- findings ---------------------------------------------------------------------

    def _findings(self, audit: AuditResult) -> list[dict[str, Any]]:
        locations = audit.recorded.locations if audit.recorded is not None else None
        places = Places(locations) if locations is not None else None
        units: dict[str, list[int]] = {}
        for index, piece in enumerate(self.data.pieces):
            if "unit" in piece:
                units.setdefault(piece["unit"], []).append(index)
        return [_finding(f, places, self.map_index, units, audit) for f in audit.findings]


def _finding(f: Finding, places: Places | None, map_index: dict[str, int], units: dict[str, list[int]],
             audit: AuditResult) -> dict[str, Any]:
    out: dict[str, Any] = {"rule": f.rule, "message": f.message,
                           "step": f.step if isinstance(f.step, int) else None,
                           "turn": f.turn, "phase": f.phase, "where": f.where,
                           "units": [_unit_name(audit, u) for u in f.units],
                           "pieces": [p for u in f.units for p in units.get(u, ())]}
    outline = places.outline(f.where) if places is not None else None
    if outline is not None and outline.map in map_index:
        out["map"] = map_index[outline.map]
        out["outline"] = [list(p) for p in outline.points]
    return out


def _unit_name(audit: AuditResult, uid: str) -> str:
    unit = audit.record.units.get(uid)
    name = unit.name if unit is not None else None
    return f"{name} ({uid})" if name and name != uid else uid


def _increasing_run(keys: list[int | None]) -> set[int]:
    """Positions of a longest strictly increasing subsequence of the known keys (patience sorting)."""
    tails: list[int] = []  # positions
    parent: dict[int, int | None] = {}
    for position, key in enumerate(keys):
        if key is None:
            continue
        low, high = 0, len(tails)
        while low < high:
            middle = (low + high) // 2
            if keys[tails[middle]] < key:  # type: ignore[operator]
                low = middle + 1
            else:
                high = middle
        parent[position] = tails[low - 1] if low > 0 else None
        if low == len(tails):
            tails.append(position)
        else:
            tails[low] = position
    kept: set[int] = set()
    at = tails[-1] if tails else None
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


def _unit_reader(module: Module, mapping: Mapping_ | None, audit: AuditResult | None) -> UnitReader | None:
    if audit is None:
        return None
    try:
        pack = pack_of(module, mapping, audit.record.game)
    except BadInput:
        return None
    return UnitReader(mapping, pack.catalogue, pack.vocabulary.sides)


# -- the page ---------------------------------------------------------------------------


def audit_for_page(log: str | os.PathLike, module: Module, mapping: Mapping_ | None = None,
                   game: str | None = None, allow_mismatch: bool = False) -> AuditResult | None:
    """The audit shown on the page; None when no rule pack knows the module (the page then has no findings)."""
    try:
        pack_of(module, mapping, game)
    except BadInput:
        return None
    return audit_file(log, module, mapping, game, allow_mismatch=allow_mismatch)


def page_data(log: str | os.PathLike, module: Module | str | os.PathLike, mapping: Mapping_ | None = None,
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


def replay_page(log: str | os.PathLike, module: Module | str | os.PathLike, mapping: Mapping_ | None = None,
                game: str | None = None, audit: AuditResult | None = None, *, allow_mismatch: bool = False) -> str:
    """The whole page for a log, as HTML text."""
    return render_page(page_data(log, module, mapping, game, audit, allow_mismatch=allow_mismatch))


def render_page(data: PageData) -> str:
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = environment.from_string(resources.files(__package__).joinpath(TEMPLATE).read_text(encoding="utf-8"))
    return template.render(title=data.title, data=_script_json(data.to_json()), steps=len(data.changes) - 1,
                           findings=len(data.findings))


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
