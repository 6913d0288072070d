"""Lint a module: what will break in play or in a later refresh, each finding with a severity.

Checks (severities: ``error`` breaks play or refresh, ``warning`` is very likely a
mistake, ``info`` is worth a look):

* images referenced but missing (error) and images never used (info). Names resolve
  as VASSAL's DataArchive does: ``images/NAME`` in the archive; a name starting with
  ``/`` is a resource of the engine (``/images/die.gif``), and so is a bare name the
  engine ships (``moved.gif``); an extensionless name may be a ``.gif``. Images a
  GamePieceImage definition draws count as present.
* duplicate, empty or non-numeric gpids, read as VASSAL's GpIdChecker reads them (the number
  after a ``:`` prefix) (error: VASSAL's GpIdChecker refuses to refresh);
* prototypes referenced but missing (error), and prototype cycles;
* at-start stacks whose owning board does not exist, that lie off every board or in no
  zone of a board without a background grid, or whose grid location the grid does not
  read back (warning);
* grids that do not cover their board: a hex or square grid whose origin lies off the
  board or whose cells are larger than it, a region grid with no region on the board
  (warning); zones that leave part of a board with no background grid unnamed (info:
  VASSAL allows it and calls a piece there "offboard"; an at-start stack placed there is a
  warning);
* pieces with an empty name (warning);
* hotkey clashes: one key bound to two different menu commands of one piece (warning),
  reported once where defined: a clash inside a prototype at the prototype, any other once
  for all the pieces that hold it;
* what VASSAL's own editor validation warns about (warning): a map without a Board
  Picker or Stack Metrics, a Board Picker with no board, duplicate board names, a
  board or zone with more than one grid, maps, prototypes and GamePieceImages with a
  blank or duplicate name, global properties with a blank name or a duplicate among
  one container's, an at-start stack placed before its map's Board Picker, a module
  without Documentation or Global Options.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from ..formats.components import child_elements, descendants, is_map_element, simple_name
from ..formats.files import Module
from ..formats.java import parse_java_int
from ..formats.kinds import open_module
from ..formats.pieces import Piece, expand_prototypes
from ..formats.traits import (
    Clone,
    CounterGlobalKeyCommand,
    Delete,
    Embellishment,
    FreeRotator,
    GlobalHotKey,
    Hideable,
    Labeler,
    MovementMarkable,
    Obscurable,
    PlaceMarker,
    ReturnToDeck,
    SendToLocation,
    Trait,
    TriggerAction,
)
from ..geometry.from_module import ModuleGeometry
from ..geometry.images import image_size
from ..geometry.maps import OFFBOARD
from ..geometry.zonedgrid import ZonedGrid
from .definitions import ModuleDefinitions
from .traitdiff import label

SEVERITIES = ("error", "warning", "info")

#: Files in VASSAL's own ``/images/`` resource folder (vassalengine/vassal 3.7, vassal-app/src/main/resources).
ENGINE_IMAGES = frozenset("""
Edit16.gif Help16.gif Save16.gif SaveAs16.gif Splash.gif Splash.png StepForward16.gif Undo16.gif
VASSAL-256x256.png black.jpg camera.gif chart.gif chess_clock.png connect.gif counter.gif die.gif
disconnect.gif getMessages.gif globe_selected.gif globe_unselected.gif inventory.gif keyCommand.gif
lockedRoom.gif map.gif mm-extension-active.png mm-extension-inactive.png mm-file.png
mm-gamefolder-closed.png mm-gamefolder-open.png mm-module.png moved.gif notes.gif overview.gif
playerAway.gif playerLooking.gif postMessage.gif recenter.gif status.gif thread.gif unmoved.gif
zoom.png zoomIn.gif zoomIn.png zoomOut.gif zoomOut.png
""".split())
#: VASSAL's icon themes: ``/icons/<size>/<file>``.
ENGINE_ICON_FOLDERS = ("/icons/16x16/", "/icons/22x22/", "/icons/32x32/", "/icons/48x48/", "/icons/scalable/")

# Attributes that hold an image name (icons of buttons, board images, chart and about pictures).
_IMAGE_ATTRIBUTE = re.compile(r"(?:^|[a-z])(?:[Ii]con|[Ii]mage)(?:Name)?$|^icon$|^image$")
_FILE_IMAGE_CLASSES = ("AboutScreen", "Chart")  # their fileName is a picture (HtmlChart's is a page)
_TEXT_ENTRY = re.compile(r"\.(?:html?|txt|xml|css|properties)$", re.I)


@dataclass
class Finding:
    severity: str
    check: str
    message: str
    where: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"severity": self.severity, "check": self.check, "message": self.message, "where": self.where}


def lint_module(path, base=None) -> list[Finding]:
    """Every finding for the module or extension at ``path``, errors first.

    ``base``: for an extension, the module it extends; its prototypes and images count as
    present. Without it, what only the base could hold is not checked, and a finding says so.
    """
    module = open_module(path)
    base_module = None
    if base is not None:
        if module.kind != "extension":
            raise BadInput(path, "is a module: --module BASE is for linting an extension against its module")
        base_module = open_module(base)
        if base_module.kind != "module":
            raise BadInput(base, "is an extension, not the module an extension extends", "--module")
    linter = _Linter(module, base_module)
    findings = list(linter.run())
    order = {s: i for i, s in enumerate(SEVERITIES)}
    return sorted(findings, key=lambda f: order[f.severity])


class _Linter:
    def __init__(self, module: Module, base: Module | None = None):
        self.module = module
        self.base = base
        self.bf = module.buildfile
        self.definitions = ModuleDefinitions(module, ModuleDefinitions(base) if base is not None else None)
        self.geometry = ModuleGeometry(module)
        # An extension linted alone: names it does not hold may be its module's (counted, not judged).
        self.unjudged: Counter[str] = Counter()

    @property
    def alone(self) -> bool:
        """An extension linted without its module."""
        return self.bf.kind == "extension" and self.base is None

    def run(self) -> Iterator[Finding]:
        yield from self.gpids()
        yield from self.prototypes()
        yield from self.images()
        yield from self.pieces()
        yield from self.setup_stacks()
        yield from self.grids()
        yield from self.validation()
        yield from self.skipped()

    def skipped(self) -> Iterator[Finding]:
        """What an extension's lint left unchecked, so a clean result is not read as more than it is."""
        if self.bf.kind != "extension":
            return
        stacks = sum(1 for e in descendants(self.bf.element, ("SetupStack",)) if _in_base_map(e))
        if stacks:
            yield Finding("info", "skipped", f"{stacks} at-start stack(s) the extension adds to its module's maps "
                          "were not checked (their boards and grids are the module's)", "extension")
        if self.base is not None:
            return
        counts = ", ".join(f"{n} {what}" for what, n in self.unjudged.items()) or "no references"
        yield Finding("info", "skipped", f"linted without its module (give --module BASE): prototypes and images the "
                      f"extension does not hold were not checked ({counts})", "extension")

    # -- gpids and prototypes ----------------------------------------------------------------

    def gpids(self) -> Iterator[Finding]:
        """VASSAL's GpIdChecker.testGpId, as the editor runs it on a module or an extension: a gpid
        holding ``:`` is read as the part after the first ``:`` (an extension's ``e65:0`` is 0), which
        must be an int unique among the file's gpids."""
        missing = [d.where for d in self.definitions.definitions if not d.gpid]
        if missing:
            yield Finding("error", "gpid", f"{len(missing)} piece slot(s) have no gpid: VASSAL's refresh cannot match "
                          "their pieces by gpid (VASSAL's editor gives them one when the module is saved)",
                          _first_of(missing))
        seen: dict[str, tuple[str, str]] = {}
        highest: int | None = None
        for definition in self.definitions.definitions:
            gpid = definition.gpid
            if not gpid:
                continue
            number = gpid_number(gpid)
            if number is None:
                yield Finding("error", "gpid", f"gpid {gpid!r} has no number after its ':': VASSAL's GpIdChecker "
                              "stops on it", definition.where)
                continue
            after = " after its prefix" if number != gpid else ""
            try:
                value = parse_java_int(number)
            except ValueError:
                yield Finding("error", "gpid", f"gpid {gpid!r} is not a number{after}", definition.where)
            else:
                highest = value if highest is None else max(highest, value)
            if number in seen:
                other_gpid, other = seen[number]
                same = f"duplicate gpid {gpid}" if other_gpid == gpid else \
                    f"gpid {gpid} is a duplicate of {other_gpid} (VASSAL compares the number after the prefix)"
                yield Finding("error", "gpid", f"{same} (also {other})", definition.where)
            else:
                seen[number] = (gpid, definition.where)
        next_id = self.bf.next_piece_slot_id
        if next_id is not None and highest is not None and highest >= next_id:
            yield Finding("warning", "gpid", f"nextPieceSlotId {next_id} is not above the highest gpid {highest}: "
                          "the editor would hand out a gpid already in use", "root")

    def prototypes(self) -> Iterator[Finding]:
        known = self.definitions.prototypes
        own = self._own_prototypes()
        owners: list[tuple[str, Piece]] = [(d.where, d.piece) for d in self.definitions.definitions if d.slot is not None]
        owners += [(f"PrototypeDefinition {name!r}", known[name]) for name in own]
        definer = "the module does not define" if self.base is None else "neither the extension nor its module defines"
        for where, piece in owners:
            for name in piece.prototypes:
                if name in known:
                    continue
                if self.alone:
                    self.unjudged["prototype reference(s)"] += 1
                else:
                    yield Finding("error", "prototype", f"uses prototype {name!r}, which {definer}", where)
        for name in own:
            if _cycle(name, known):
                yield Finding("error", "prototype", "prototype refers back to itself through its prototypes",
                              f"PrototypeDefinition {name!r}")

    # -- images -----------------------------------------------------------------------------

    def images(self) -> Iterator[Finding]:
        present = set(self.module.images())
        generated = _generated_images(self.bf)
        available = present | generated
        if self.base is not None:
            available |= set(self.base.images()) | _generated_images(self.base.buildfile)
        used: set[str] = set()
        for name, where in self._image_references():
            found = self._resolve(name, available)
            if found is None and self.alone and not name.startswith("/"):
                self.unjudged["image reference(s)"] += 1
            elif found is None:
                severity = "error" if not name.startswith("/") else "warning"
                what = "engine resource" if name.startswith("/") else "image"
                yield Finding(severity, "image", f"{what} {name!r} is referenced but missing", where)
            elif found != "engine":
                used.add(found)
        mentioned = self._mentioned_text()
        for name in sorted(present - used - generated):
            if name not in mentioned:
                yield Finding("info", "image", f"image {name!r} is never used", f"images/{name}")

    def _image_references(self) -> Iterator[tuple[str, str]]:
        for definition in self.definitions.definitions:
            for name in _piece_images(definition.piece):
                yield name, definition.where
        for view in self.definitions.prototype_views:
            piece = self.definitions.prototypes.get(view.name)
            if piece is not None:
                for name in _piece_images(piece):
                    yield name, f"PrototypeDefinition {view.name!r}"
        for element in self.bf.element.iter():
            if not isinstance(element.tag, str):
                continue
            cls = simple_name(element.tag)
            for attribute, value in element.attrib.items():
                if not value or cls == "GamePieceImage":
                    continue
                if _IMAGE_ATTRIBUTE.search(attribute) or (attribute == "fileName" and cls in _FILE_IMAGE_CLASSES):
                    if attribute in ("useImage", "imageSource") or value in ("true", "false"):
                        continue
                    yield value, f"<{cls}{' ' + repr(_name_of(element)) if _name_of(element) else ''}> {attribute}"

    def _resolve(self, name: str, present: set[str]) -> str | None:
        """The archive image a name loads ('engine' for a resource of VASSAL), None if nothing."""
        if name.startswith("/"):
            return "engine" if _engine_resource(name) else None
        for candidate in (name, name + ".gif"):
            if candidate in present:
                return candidate
            if _engine_resource("/images/" + candidate):
                return "engine"
        return None

    def _mentioned_text(self) -> str:
        """The buildFile and the module's pages as text, where an image may be named in ways not modelled."""
        parts = [self.module.archive.read(self.module.buildfile_entry).decode("utf-8", "replace")]
        for entry in self.module.archive:
            if _TEXT_ENTRY.search(entry.name):
                parts.append(entry.data.decode("utf-8", "replace"))
        return "\n".join(parts)

    # -- pieces -----------------------------------------------------------------------------

    def pieces(self) -> Iterator[Finding]:
        prototype_clashes = self._prototype_clashes()
        users: Counter[str] = Counter()
        piece_clashes: dict[tuple[str, tuple[str, ...]], tuple[list[str], list[str]]] = {}
        for definition in self.definitions.definitions:
            if definition.slot is None:
                continue
            try:
                piece = self.definitions.expanded(definition, copy=False)
            except BadInput as err:
                yield Finding("error", "prototype", err.what, definition.where)
                continue
            if not piece.name.strip() and not (definition.entry_name or "").strip():
                yield Finding("warning", "name", "piece has an empty name", definition.where)
            used = self._prototypes_used(definition.piece)
            users.update(used)
            for key, commands in _key_clashes(piece).items():
                texts = tuple(sorted(commands))
                # A clash a prototype already holds is that prototype's, reported once there.
                if any(tuple(sorted(prototype_clashes.get(name, {}).get(key, {}))) == texts for name in used):
                    continue
                listed, wheres = piece_clashes.setdefault((key, texts), (_commands(commands), []))
                wheres.append(definition.where)
        own = set(self._own_prototypes())
        for name, clashes in prototype_clashes.items():
            if name not in own:
                continue
            count = users[name]
            uses = f" (in {count} piece{'s' if count != 1 else ''})" if count else ""
            for key, commands in clashes.items():
                yield Finding("warning", "hotkey", f"key {key} runs different menu commands: "
                              f"{'; '.join(_commands(commands))}{uses}", f"PrototypeDefinition {name!r}")
        for (key, _texts), (listed, wheres) in piece_clashes.items():
            yield Finding("warning", "hotkey", f"key {key} runs different menu commands: {'; '.join(listed)}",
                          _first_of(wheres))

    def _own_prototypes(self) -> list[str]:
        """The prototypes this file defines (an extension's module's are the module's to lint)."""
        return list(dict.fromkeys(view.name for view in self.definitions.prototype_views if view.name in
                                  self.definitions.prototypes))

    def _prototype_clashes(self) -> dict[str, dict[str, dict[str, str]]]:
        """Hotkey clashes inside each prototype (an extension's module's too), inner prototypes expanded."""
        out = {}
        for name, prototype in self.definitions.prototypes.items():
            try:
                clashes = _key_clashes(expand_prototypes(prototype, self.definitions.prototypes))
            except BadInput:
                continue  # a cycle: prototypes() reports it
            if clashes:
                out[name] = clashes
        return out

    def _prototypes_used(self, piece: Piece) -> set[str]:
        """The prototypes a piece uses, directly or through other prototypes."""
        known = self.definitions.prototypes
        found: set[str] = set()
        todo = list(piece.prototypes)
        while todo:
            name = todo.pop()
            if name in found:
                continue
            found.add(name)
            inner = known.get(name)
            if inner is not None:
                todo += inner.prototypes
        return found

    # -- maps -------------------------------------------------------------------------------

    def setup_stacks(self) -> Iterator[Finding]:
        for view in self.bf.maps:
            boards = {b.name: b for b in view.boards}
            try:
                geometry = self.geometry.map(view.identifier) if view.identifier else None
            except BadInput:
                geometry = None
            for stack in view.setup_stacks:
                where = f"at-start stack {stack.name!r} on map {view.identifier!r}"
                yield from self._setup_stack(stack, boards, geometry, where)

    def _setup_stack(self, stack, boards, geometry, where) -> Iterator[Finding]:
        owner = stack.owning_board
        if owner and owner not in boards:
            yield Finding("warning", "at-start stack", f"owning board {owner!r} is not a board of this map", where)
            return
        if geometry is None:
            return
        if stack.use_grid_location:
            location = stack.location or ""
            board = geometry.board(owner) if owner else None
            boards_to_try = [board] if board is not None else list(geometry.boards)
            if not location or not any(_grid_point(b, location) is not None for b in boards_to_try):
                yield Finding("warning", "at-start stack", f"grid location {location!r} is at no grid location "
                              "of its board", where)
            return
        if owner:
            board = geometry.board(owner)
            if board is None:
                return  # the board is not in the default layout: nothing to measure against
            if not (0 <= stack.x < board.width and 0 <= stack.y < board.height):
                yield Finding("warning", "at-start stack", f"position {stack.x},{stack.y} is off its board "
                              f"{owner!r} ({board.width}x{board.height})", where)
                return
            x, y = board.x + stack.x, board.y + stack.y
        else:
            x, y = geometry.edge[0] + stack.x, geometry.edge[1] + stack.y
            if geometry.find_board(x, y) is None:
                yield Finding("warning", "at-start stack", f"position {stack.x},{stack.y} is off every board", where)
                return
        placed = geometry.find_board(x, y)
        if placed is not None and isinstance(placed.board.grid, ZonedGrid) and geometry.location_name(x, y) == OFFBOARD:
            yield Finding("warning", "at-start stack", f"position {stack.x},{stack.y} lies in no zone of board "
                          f"{placed.name!r}, which has no background grid: VASSAL names its pieces' location "
                          f"{OFFBOARD!r}", where)

    def grids(self) -> Iterator[Finding]:
        for view in self.bf.maps:
            for board_view in view.boards:
                where = f"board {board_view.name!r} on map {view.identifier!r}"
                grid = board_view.grid
                if grid is None:
                    continue
                size = self._board_size(board_view)
                if size is not None:
                    yield from _grid_cover(grid, size, where)

    def _board_size(self, view) -> tuple[int, int] | None:
        """The board image's pixel size, or width/height without an image (None: image unreadable)."""
        if not view.image:
            return view.width, view.height
        data = self.module.image_bytes(view.image)
        return None if data is None else image_size(data, view.image)

    # -- VASSAL's own validation -------------------------------------------------------------------

    def validation(self) -> Iterator[Finding]:
        root = self.bf.element
        if self.bf.kind == "module":
            for needed in ("Documentation", "GlobalOptions"):
                if not any(simple_name(c.tag) == needed for c in child_elements(root)):
                    yield Finding("warning", "validation", f"the module has no {needed}", "root")
        yield from _names("map", [e for e in root.iter() if isinstance(e.tag, str) and is_map_element(e)], "mapName")
        yield from _names("prototype", list(descendants(root, ("PrototypeDefinition",))), "name")
        yield from _names("GamePieceImage", list(descendants(root, ("GamePieceImage",))), "name")
        for element in root.iter():
            if not isinstance(element.tag, str):
                continue
            cls = simple_name(element.tag)
            if is_map_element(element):
                yield from _map_validation(element)
            elif cls in ("Board", "Zone"):
                grids = [c for c in child_elements(element) if simple_name(c.tag).endswith("Grid")]
                if len(grids) > 1:
                    yield Finding("warning", "validation", f"{cls.lower()} has {len(grids)} grids; VASSAL allows one",
                                  f"{cls} {element.get('name', '')!r}")
            elif cls == "GlobalProperties":
                yield from _global_property_names(element)


def _map_validation(element) -> Iterator[Finding]:
    where = f"map {element.get('mapName', '')!r}"
    children = list(child_elements(element))
    names = [simple_name(c.tag) for c in children]
    pickers = [c for c in children if simple_name(c.tag).endswith("BoardPicker")]
    if not pickers:
        yield Finding("warning", "validation", "map has no Board Picker", where)
    if not any(n.endswith("StackMetrics") for n in names):
        yield Finding("warning", "validation", "map has no Stack Metrics", where)
    for picker in pickers:
        boards = [c for c in child_elements(picker) if simple_name(c.tag).endswith("Board")]
        if not boards:
            yield Finding("warning", "validation", "Board Picker has no board", where)
        counts = Counter(b.get("name") for b in boards)
        for name, count in counts.items():
            if count > 1:
                yield Finding("warning", "validation", f"more than one board named {name!r}", where)
    if pickers:
        first_picker = names.index(simple_name(pickers[0].tag))
        for child in children[:first_picker]:
            if simple_name(child.tag) == "SetupStack":
                yield Finding("warning", "validation", f"at-start stack {child.get('name', '')!r} comes before the "
                              "map's Board Picker", where)


def _names(kind: str, elements: list, attribute: str) -> Iterator[Finding]:
    counts = Counter((e.get(attribute) or "").strip() for e in elements)
    for name, count in counts.items():
        if not name:
            yield Finding("warning", "validation", f"{count} {kind}(s) with a blank name", kind)
        elif count > 1:
            yield Finding("warning", "validation", f"{count} {kind}s named {name!r}", f"{kind} {name!r}")


def _global_property_names(container) -> Iterator[Finding]:
    properties = list(descendants(container, ("GlobalProperty",)))
    counts = Counter((p.get("name") or "") for p in properties)
    where = f"global properties of {_name_of(container.getparent()) or simple_name(container.getparent().tag)}"
    for name, count in counts.items():
        if not name:
            yield Finding("warning", "validation", "a global property has a blank name", where)
        elif count > 1:
            yield Finding("warning", "validation", f"{count} global properties named {name!r}", where)


# -- helpers ----------------------------------------------------------------------------------


def _generated_images(bf) -> set[str]:
    """Images a GamePieceImage definition draws: present without a file."""
    return {e.get("name") for e in descendants(bf.element, ("GamePieceImage",)) if e.get("name")}


def _in_base_map(stack) -> bool:
    """Is this at-start stack of an extension placed on a map the extension does not define?"""
    parent = stack.getparent()
    while parent is not None and not is_map_element(parent):
        if simple_name(parent.tag) == "ExtensionElement":
            return True
        parent = parent.getparent()
    return False


def gpid_number(gpid: str) -> str | None:
    """The part of a gpid VASSAL's GpIdChecker reads: all of it, or with a ``:`` Java's
    ``gpid.split(":")[1]`` (trailing empty parts dropped); None where that index does not exist."""
    if ":" not in gpid:
        return gpid
    parts = gpid.split(":")
    while parts and not parts[-1]:
        parts.pop()
    return parts[1] if len(parts) > 1 else None


def _name_of(element) -> str | None:
    return element.get("name") or element.get("mapName") or element.get("entryName")


def _engine_resource(path: str) -> bool:
    if path.startswith("/images/"):
        return path[len("/images/"):] in ENGINE_IMAGES
    return path.startswith(ENGINE_ICON_FOLDERS)


def _piece_images(piece: Piece) -> list[str]:
    names = []
    for trait in piece.traits:
        try:
            names += trait.images()
        except BadInput:
            continue
    return list(dict.fromkeys(n for n in names if n))


def _cycle(name: str, prototypes: dict[str, Piece], chain: tuple[str, ...] = ()) -> bool:
    if name in chain:
        return True
    piece = prototypes.get(name)
    if piece is None or len(chain) > 50:
        return False
    return any(_cycle(inner, prototypes, chain + (name,)) for inner in piece.prototypes)


def _grid_point(placed, location: str):
    """Where VASSAL puts an at-start stack at this grid location on the placed board (SetupStack
    ``updatePosition``: the grid's ``getLocation``, then a zone's region of that name), or None."""
    grid = placed.board.grid
    if grid is None:
        return None
    try:
        point = grid.point_of_location(location)
    except (ValueError, IndexError):  # a numbering that cannot be read backwards: VASSAL's BadCoords
        point = None
    if point is None and isinstance(grid, ZonedGrid):
        point = grid.region_location(location)
    return point


# Menu commands per trait kind: (key field, menu text field).
_MENU_KEYS: dict[type, tuple[tuple[str, str], ...]] = {
    Embellishment: (("activate_keystroke", "activate_command"), ("increase_keystroke", "up_command"),
                    ("decrease_keystroke", "down_command"), ("reset_key", "reset_command"),
                    ("random_key", "random_text")),
    Labeler: (("label_key", "menu_command"),),
    Hideable: (("hide_key", "command"),),
    Obscurable: (("mask_key", "hide_command"),),
    FreeRotator: (("rotate_cw_key", "rotate_cw_text"), ("rotate_ccw_key", "rotate_ccw_text"),
                  ("set_angle_key", "set_angle_text"), ("random_key", "random_text"), ("direct_key", "direct_text")),
    MovementMarkable: (("key", "command"),),
    Delete: (("key", "command_name"),),
    Clone: (("key", "command_name"),),
    SendToLocation: (("key", "command_name"), ("back_key", "back_command_name")),
    ReturnToDeck: (("return_key", "return_command"),),
    TriggerAction: (("key", "command"),),
    CounterGlobalKeyCommand: (("key", "command_name"),),
    GlobalHotKey: (("command_key", "command_name"),),
    PlaceMarker: (("key", "command_name"),),
}


def _key_clashes(piece: Piece) -> dict[str, dict[str, str]]:
    """Keys bound to two or more different menu commands of one piece: key -> {command: trait}."""
    by_key: dict[str, dict[str, str]] = defaultdict(dict)
    for trait in piece.traits:
        for key_field, text_field in _menu_fields(trait):
            try:
                key, text = getattr(trait, key_field), getattr(trait, text_field)
            except (AttributeError, ValueError):
                continue
            if key is None or not text:
                continue
            ident = key.name if key.name else f"{key.code},{key.modifiers}"
            if not key.name and key.code == 0:
                continue
            by_key[ident].setdefault(text, label(trait))
    return {k: v for k, v in by_key.items() if len(v) > 1}


def _commands(commands: dict[str, str]) -> list[str]:
    return [f"{text!r} ({owner})" for text, owner in commands.items()]


def _first_of(wheres: list[str]) -> str:
    """Where a finding is, for one place or many: the first three and a count of the rest."""
    return "; ".join(wheres[:3]) + (f"; and {len(wheres) - 3} more" if len(wheres) > 3 else "")


def _menu_fields(trait: Trait) -> tuple[tuple[str, str], ...]:
    for cls, fields in _MENU_KEYS.items():
        if isinstance(trait, cls):
            return fields
    return ()


def _grid_cover(grid, size, where: str) -> Iterator[Finding]:
    width, height = size
    kind = grid.class_name
    attrs = grid.attributes
    if kind.endswith(("HexGrid", "SquareGrid")):
        yield from _cell_grid_cover(kind, attrs, width, height, where)
    elif kind.endswith("RegionGrid"):
        regions = grid.regions
        inside = [r for r in regions if 0 <= r.x < width and 0 <= r.y < height]
        if not inside:
            yield Finding("warning", "grid", "region grid has no region on its board", where)
    elif kind.endswith("ZonedGrid"):
        yield from _zones_cover(grid, width, height, where)


def _number(attrs: dict[str, str], name: str, default: float) -> float:
    try:
        return float(attrs.get(name, default))
    except ValueError:
        return default


def _cell_grid_cover(kind: str, attrs: dict[str, str], width: int, height: int, where: str) -> Iterator[Finding]:
    sideways = attrs.get("sideways") == "true"
    dx, dy = _number(attrs, "dx", 55.42562584220407 if kind.endswith("HexGrid") else 48.0), _number(attrs, "dy", 64.0 if kind.endswith("HexGrid") else 48.0)
    x0, y0 = _number(attrs, "x0", 0.0), _number(attrs, "y0", 32.0 if kind.endswith("HexGrid") else 24.0)
    if sideways:  # x0/dx act on the screen's y axis (vassal-formats.md 6.2)
        x0, y0, dx, dy = y0, x0, dy, dx
    if dx <= 0 or dy <= 0:
        yield Finding("warning", "grid", f"{kind} has a cell size {dx:g}x{dy:g}: it covers nothing", where)
        return
    if dx > width or dy > height:
        yield Finding("warning", "grid", f"{kind} cells ({dx:g}x{dy:g}) are larger than the board ({width}x{height})",
                      where)
    if not (-dx <= x0 <= width and -dy <= y0 <= height):
        yield Finding("warning", "grid", f"{kind} origin {x0:g},{y0:g} lies off the board ({width}x{height}): "
                      "the grid is shifted away from the board", where)


def _zones_cover(grid, width: int, height: int, where: str) -> Iterator[Finding]:
    from shapely.geometry import Polygon, box
    from shapely.ops import unary_union

    board = box(0, 0, width, height)
    shapes = []
    for zone in grid.zones:
        try:
            points = zone.points
        except BadInput as err:
            yield Finding("warning", "grid", err.what, f"{where} zone {zone.name!r}")
            continue
        if len(points) >= 3:
            shape = Polygon(points).buffer(0)
            shapes.append(shape)
            if not shape.is_empty and not board.buffer(1).contains(shape):
                yield Finding("info", "grid", f"zone {zone.name!r} reaches beyond the board", where)
    if grid.background_grid is not None or not board.area:
        return
    uncovered = board.difference(unary_union(shapes)) if shapes else board
    share = uncovered.area / board.area
    if share > 0.001:
        # VASSAL allows it (a display's margins, a sea no piece stands in): ZonedGrid.locationName is
        # null there and Map.locationName says "offboard". A stack placed there is warned of.
        yield Finding("info", "grid", f"zones leave {share:.1%} of the board outside every zone and there is no "
                      f"background grid: VASSAL names a piece there {OFFBOARD!r}", where)
