"""A module's piece definitions, indexed as VASSAL's GpIdChecker indexes them.

Every PieceSlot and CardSlot (palette, at-start stacks, decks) is a definition with
its gpid; so is every Place Marker / Replace trait that carries its marker inline
(its ``gpid`` field names the pieces it places; vassal-formats.md 2.6, 4.4.11).
:class:`ModuleDefinitions` finds a definition by gpid or by the innermost BasicPiece
name (what VASSAL's "match by name" compares) and expands prototypes as VASSAL
does when a piece is placed (PieceCloner), caching the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..errors import BadInput
from ..formats.components import simple_name
from ..formats.files import Module
from ..formats.moduleviews import PieceSlot
from ..formats.pieces import Piece, expand_prototypes, parse_definition
from ..formats.traits import Comment, PlaceMarker, Prototype


@dataclass
class Definition:
    """One piece definition of a module."""

    gpid: str
    text: str  # the AddPiece text: +/null/TYPE/STATE
    where: str  # for messages: which slot or trait
    context: str  # "palette", "at-start stack 'X' (map 'M')", "deck 'D' (map 'M')", "place marker in ..."
    entry_name: str | None = None
    palette_path: tuple[str, ...] = ()
    slot: PieceSlot | None = field(default=None, repr=False)  # the PieceSlot view, None for a marker
    marker_of: Definition | None = field(default=None, repr=False)

    @cached_property
    def piece(self) -> Piece:
        """The definition as stored: prototypes referenced, not expanded."""
        return parse_definition(self.text, where=self.where)[1]

    @property
    def basic_name(self) -> str:
        """The innermost BasicPiece's name: what VASSAL's refresh matches by name."""
        basic = self.piece.basic
        return basic.name if basic is not None else ""

    @property
    def name(self) -> str:
        """The name a maintainer sees in the editor: the slot's entry name, else the piece's."""
        return self.entry_name or self.piece.basic_name

    @property
    def label(self) -> str:
        place = " / ".join(self.palette_path) if self.palette_path else self.context
        return f"{self.name!r} (gpid {self.gpid or 'none'}, {place})"


class ModuleDefinitions:
    """The piece definitions and prototypes of one module (or extension)."""

    def __init__(self, module: Module, base: ModuleDefinitions | None = None):
        """``base``: for an extension, its module's definitions, whose prototypes the extension's
        pieces may use (the extension's own win on a shared name: it is loaded after)."""
        self.module = module
        self.base = base
        self.source = str(module.path) if module.path is not None else None
        buildfile = module.buildfile
        self.prototype_views = buildfile.prototypes
        self.definitions: list[Definition] = []
        for slot in buildfile.piece_slots:
            text = slot.text or ""
            if not text.strip():
                continue
            definition = Definition(slot.gpid, text, _slot_where(slot), _slot_context(slot),
                                    slot.entry_name, tuple(slot.palette_path), slot)
            self.definitions.append(definition)
        self.definitions += list(self._marker_definitions())
        self._expanded: dict[int, Piece] = {}

    @cached_property
    def prototypes(self) -> dict[str, Piece]:
        """Prototype pieces by name; the last definition of a name wins, as in VASSAL."""
        out: dict[str, Piece] = dict(self.base.prototypes) if self.base is not None else {}
        for view in self.prototype_views:
            text = view.text or ""
            if not text.strip():
                continue
            out[view.name] = parse_definition(text, self.source, f"PrototypeDefinition {view.name!r}")[1]
        return out

    @cached_property
    def by_gpid(self) -> dict[str, Definition]:
        """Definitions by gpid; with duplicates the first wins (lint reports them)."""
        out: dict[str, Definition] = {}
        for definition in self.definitions:
            if definition.gpid:
                out.setdefault(definition.gpid, definition)
        return out

    @cached_property
    def by_basic_name(self) -> dict[str, list[Definition]]:
        out: dict[str, list[Definition]] = {}
        for definition in self.definitions:
            try:
                name = definition.basic_name
            except BadInput:
                continue
            out.setdefault(name, []).append(definition)
        return out

    def expanded(self, definition: Definition, copy: bool = True) -> Piece:
        """The definition with prototypes expanded (missing ones dropped, as VASSAL does): a fresh copy,
        or with ``copy=False`` the cached piece itself, for callers that only read it."""
        key = id(definition)
        cached = self._expanded.get(key)
        if cached is None:
            piece = definition.piece
            try:
                # Nothing to expand or drop: the piece as stored is its expansion (and keeps its
                # decoded strings, so its type is not rebuilt).
                cached = piece if not any(isinstance(t, (Prototype, Comment)) for t in piece.traits) \
                    else expand_prototypes(piece, self.prototypes)
            except BadInput as err:
                raise err.located(self.source, definition.where) from None
            self._expanded[key] = cached
        return cached.copy() if copy else cached

    def _marker_definitions(self):
        """Place Marker / Replace traits with an inline marker: slots and prototypes (GpIdChecker.checkTrait)."""
        # Only a definition whose text names one of the two traits can hold one: skip parsing the rest.
        owners = [(d.where, d) for d in self.definitions if _may_place(d.text)]
        owners += [(f"PrototypeDefinition {view.name!r}", view) for view in self.prototype_views
                   if _may_place(view.text or "")]
        for where, owner in owners:
            try:
                piece = owner.piece if isinstance(owner, Definition) else parse_definition(owner.text, self.source, where)[1]
            except BadInput:
                continue
            for trait in piece.traits:
                if isinstance(trait, PlaceMarker) and trait.gpid and trait.is_standalone:
                    yield Definition(trait.gpid, trait.marker_spec, f"{where}: {trait.editor_name} {trait.command_name!r}",
                                     f"place marker in {where}",
                                     marker_of=owner if isinstance(owner, Definition) else None)


def _may_place(text: str) -> bool:
    return "placemark;" in text or "replace;" in text


def _slot_where(slot) -> str:
    return f"{slot.class_name} {slot.entry_name or ''!r} (gpid {slot.gpid or 'none'})"


def _slot_context(slot) -> str:
    """Where a slot sits: the palette, an at-start stack or a deck (with its map)."""
    holder = None
    map_name = None
    for ancestor in slot.element.iterancestors():
        name = simple_name(ancestor.tag)
        if holder is None and name in ("SetupStack", "DrawPile"):
            holder = ancestor
        if ancestor.get("mapName") is not None and any(simple_name(c.tag).endswith("BoardPicker") for c in ancestor):
            map_name = ancestor.get("mapName")
            break
    if holder is None:
        return "palette"
    kind = "at-start stack" if simple_name(holder.tag) == "SetupStack" else "deck"
    on_map = f" (map {map_name!r})" if map_name is not None else ""
    return f"{kind} {holder.get('name', '')!r}{on_map}"
