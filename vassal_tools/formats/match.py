"""Is this the module the log was played with? A log read against the wrong module is a
smaller, cleaner game: pieces fall off unknown maps, units go unrecognised, findings vanish.

:func:`compare` checks, as VASSAL's own loading would notice: the module name stored in
the log's ``moduledata``, the maps the log puts pieces on, and the piece definitions it
adds (by gpid, or by name for files older than gpids, as VASSAL's refresh matches them;
a module that defines no pieces at all is not checked piece by piece).
A different module version is said but is no mismatch on its own: a module updated
between turns keeps its maps and pieces, and those are checked. A reader that takes a
*new version* on purpose (refresh) asks with ``new_version``: a new version may drop and
rename pieces (the reader reports those itself), so a game that names the module's own name
is not checked piece by piece, and one that names no module (VASSAL 2.x) only fails when
most of its pieces match nothing: a new version keeps most pieces, another game few or none.

:func:`require_match` turns the differences into one line of bad input, or, when the user
allowed it, into warnings every report shows first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from ..errors import BadInput
from .commands import AddPiece, walk
from .files import Module, SavedGame
from .piececommands import MovePiece
from .pieces import parse_definition
from .traits import PlaceMarker

#: The option that lets a reader go on with a module that does not match.
ALLOW_OPTION = "--allow-mismatch"
_SHOWN = 5


@dataclass
class ModuleMatch:
    """How a game and a module differ: ``problems`` make it the wrong module, ``notes`` do not."""

    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def matches(self) -> bool:
        return not self.problems


def compare(game: SavedGame, module: Module, *, new_version: bool = False) -> ModuleMatch:
    """The differences between ``game`` and the module it is read against (``new_version``:
    a new version of the game's module is wanted, see above)."""
    out = ModuleMatch()
    meta = game.module_metadata
    named = meta is not None and bool(meta.name) and bool(module.name)
    if named and meta is not None and meta.name != module.name:
        out.problems.append(f"it was saved with module {meta.name!r}, this is {module.name!r}")
    elif meta is not None and meta.version and module.version and meta.version != module.version:
        out.notes.append(f"it was saved with version {meta.version} of {module.name!r}, this is {module.version}")
    maps, pieces = _maps_and_pieces(game)
    known = {name for m in module.buildfile.maps for name in (m.identifier, m.map_id, m.name) if name}
    unknown_maps = sorted(set(maps) - known)
    if unknown_maps:
        out.problems.append(f"it puts pieces on maps the module does not have: {_listed(unknown_maps, repr)}")
    if new_version and named:
        return out
    definitions = PieceIndex(module)
    # A module that defines no pieces (maps only) cannot be checked piece by piece.
    unmatched = _unmatched(pieces, definitions) if definitions.texts else Counter()
    total = sum(unmatched.values())
    if total and (not new_version or 2 * total > sum(pieces.values())):
        of_all = f" of {sum(pieces.values())}" if new_version else ""
        out.problems.append(f"{total}{of_all} piece{'s' if total != 1 else ''} it adds match no piece definition of "
                            f"the module by gpid or name ({_listed(sorted(unmatched), repr)})")
    return out


class ModuleMismatch(BadInput):
    """A game read against a module it was not played with: one line, and the differences
    (``problems``) for whoever reports them otherwise (an archive's row)."""

    def __init__(self, source, what: str, problems: list[str]):
        super().__init__(source, what)
        self.problems = problems


def require_match(game: SavedGame, module: Module, allow: bool = False, *, new_version: bool = False) -> list[str]:
    """Nothing (or a version note) when the module matches; otherwise BadInput in one line,
    or, with ``allow``, the differences as warnings for the top of every report.

    An extension is never the module a game was played with: it is refused whatever ``allow``."""
    if module.buildfile.kind == "extension":
        extension = module.buildfile.extension
        base = f" of module {extension.module!r}" if extension is not None and extension.module else ""
        said = f"is an extension{base}, not a module: give the module it extends"
        raise ModuleMismatch(module.path, said, [said])
    found = compare(game, module, new_version=new_version)
    if found.problems and not allow:
        raise ModuleMismatch(game.path, f"does not match module {module.path}: {'; '.join(found.problems)} "
                                        f"(pass {ALLOW_OPTION} to read it anyway)", found.problems)
    name = module.path.name if module.path is not None else module.name
    warnings = [f"WARNING: read against a module it does not match ({name}): {'; '.join(found.problems)}"] \
        if found.problems else []
    return warnings + [f"note: {note}" for note in found.notes]


def _maps_and_pieces(game: SavedGame) -> tuple[Counter[str], Counter[tuple[str, str]]]:
    """Map names the game uses (pieces, stacks, moves) and its added pieces by (gpid, name)."""
    maps: Counter[str] = Counter()
    pieces: Counter[tuple[str, str]] = Counter()
    for command in walk(game.commands):
        if isinstance(command, MovePiece):
            if command.new_map:
                maps[command.new_map] += 1
        elif isinstance(command, AddPiece):
            if command.type == "stack" or command.type.startswith("deck;"):
                where = command.state.split(";", 1)[0]
                if where and where != "null" and command.type == "stack":
                    maps[where] += 1
                continue
            try:
                basic = command.piece().basic
            except BadInput:
                continue  # a damaged piece is the damage check's business
            if basic is None:
                continue
            if basic.map and basic.map != "null":
                maps[basic.map] += 1
            pieces[(basic.gpid or "", basic.name or "")] += 1
    return maps, pieces


class PieceIndex:
    """The gpids and BasicPiece names of a module's piece definitions, as VASSAL's GpIdChecker
    finds them: every PieceSlot and CardSlot, and every Place Marker / Replace trait that
    carries its marker inline (vassal-formats.md 2.6, 4.4.11). Names are parsed only when
    a piece's gpid is not enough."""

    def __init__(self, module: Module):
        slots = [slot for slot in module.buildfile.piece_slots if (slot.text or "").strip()]
        self.source = str(module.path)
        self.texts = [slot.text or "" for slot in slots]
        self.gpids = {slot.gpid for slot in slots if slot.gpid}
        placing = [t for t in self.texts if _may_place(t)]
        placing += [view.text or "" for view in module.buildfile.prototypes if _may_place(view.text or "")]
        for text in placing:
            for trait in self._piece_traits(text):
                if isinstance(trait, PlaceMarker) and trait.gpid and trait.is_standalone:
                    self.gpids.add(trait.gpid)
                    self.texts.append(trait.marker_spec)

    @cached_property
    def names(self) -> set[str]:
        out = set()
        for text in self.texts:
            try:
                basic = parse_definition(text, self.source)[1].basic
            except BadInput:
                continue
            if basic is not None:
                out.add(basic.name)
        return out

    def _piece_traits(self, text: str) -> list:
        try:
            return parse_definition(text, self.source)[1].traits
        except BadInput:
            return []


def _may_place(text: str) -> bool:
    return "placemark;" in text or "replace;" in text


def _unmatched(pieces: Counter[tuple[str, str]], definitions: PieceIndex) -> Counter[str]:
    out: Counter[str] = Counter()
    for (gpid, name), count in pieces.items():
        if gpid and gpid in definitions.gpids:
            continue
        if name in definitions.names:
            continue
        out[name or f"gpid {gpid}"] += count
    return out


def _listed(items: list[str], show=str) -> str:
    shown = ", ".join(show(i) for i in items[:_SHOWN])
    return shown + (f" and {len(items) - _SHOWN} more" if len(items) > _SHOWN else "")
