"""The buildFile model: a module's or extension's component tree, kept exactly.

``buildFile.xml`` (legacy ``buildFile``) is the XML tree of a module's
components (vassal-formats.md section 2). :class:`BuildFile` parses it safely
(no entities, no DTD, no network: see :mod:`.xmlsafe`), keeps every element,
attribute, text, comment and processing instruction, and writes an unedited file
back byte for byte. Named views (:attr:`BuildFile.maps`, :attr:`~BuildFile.piece_slots`,
:attr:`~BuildFile.prototypes`, …) read and write attributes live, so edits made
through them are what :meth:`BuildFile.to_bytes` writes::

    bf = BuildFile.from_bytes(zip.read("buildFile.xml"), "game.vmod")
    for slot in bf.piece_slots:
        print(slot.palette_path, slot.entry_name, slot.gpid)
    bf.maps[0].boards[0].grid.attributes["dx"]

Elements with no named view are reached through :meth:`BuildFile.components`
or ``view.element`` (the lxml element).
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from ..errors import BadInput
from .components import (
    Attr,
    BoolAttr,
    Component,
    IntAttr,
    StrippedAttr,
    child_elements,
    descendants,
    is_map_element,
    make_element,
    map_elements,
    matches_suffix,
    simple_name,
    wrap,
)
from .mapviews import Map
from .moduleviews import (
    DiceButton,
    ExtensionElement,
    GlobalProperty,
    PieceSlot,
    Prototype,
    TurnTracker,
)
from .xmlsafe import XmlDocument

MODULE_CLASS = "VASSAL.build.GameModule"
LEGACY_MODULE_CLASS = "VASSAL.launch.BasicModule"
EXTENSION_CLASS = "VASSAL.build.module.ModuleExtension"
ROOT_KINDS = {MODULE_CLASS: "module", LEGACY_MODULE_CLASS: "module", EXTENSION_CLASS: "extension"}

# Widgets whose build() only stores the element: children are built when the
# widget's Swing component is first asked for (Widget.rebuild).
_LAZY_WIDGETS = frozenset({"TabWidget", "PanelWidget", "ListWidget", "BoxWidget"})
# Of these, only the selected (first) child's component is made at once.
_FIRST_CHILD_SHOWN = frozenset({"TabWidget", "BoxWidget"})
# Windows that build and show all their children when added to the module.
_WINDOWS = frozenset({"ChartWindow", "PieceWindow"})


class BuildFile:
    """A parsed buildFile: the lxml tree plus named views over it."""

    # Root attributes (module root; see ExtensionInfo for extension roots).
    name = StrippedAttr("name")
    version = StrippedAttr("version", "0.0")
    description = Attr("description", "")
    next_piece_slot_id = IntAttr("nextPieceSlotId", None)

    def __init__(self, document: XmlDocument, source: str | None = None, entry: str = "buildFile.xml"):
        self.document = document
        self.source = source
        self.entry = entry
        root = document.tree.getroot()
        kind = ROOT_KINDS.get(root.tag)
        if kind is None:
            raise BadInput(source, f"root element <{root.tag}> is not a VASSAL module or extension", entry)
        self.kind: str = kind

    @classmethod
    def from_bytes(cls, data: bytes, source: str | None = "", *, entry: str = "buildFile.xml") -> BuildFile:
        """Parse a buildFile; BadInput (naming ``entry`` and the position) if it is not one."""
        return cls(XmlDocument.parse(data, source, entry), source, entry)

    @classmethod
    def new(cls, kind: str = "module", attributes: dict[str, object] | None = None, source: str | None = None):
        """An empty buildFile to build a module (or extension) from scratch.

        The root gets ``attributes`` in alphabetical order; children appended with
        :meth:`append` are indented four spaces, and :meth:`to_bytes` starts with
        VASSAL's ``<?xml version="1.0" encoding="UTF-8" standalone="no"?>``.
        """
        tag = {"module": MODULE_CLASS, "extension": EXTENSION_CLASS}[kind]
        root = make_element(tag, attributes, sort=True)
        return cls(XmlDocument(etree.ElementTree(root)), source)

    def to_bytes(self) -> bytes:
        """The buildFile's bytes: identical to the input while nothing was edited."""
        return self.document.to_bytes()

    # the tree

    @property
    def tree(self) -> etree._ElementTree:
        return self.document.tree

    @property
    def element(self) -> etree._Element:
        """The root element (GameModule, BasicModule or ModuleExtension)."""
        return self.document.tree.getroot()

    @property
    def root(self) -> Component:
        """The root as a component view (to append children to)."""
        return Component(self.element, self.source)

    @property
    def where(self) -> str:
        return f"{self.entry} <{simple_name(self.element.tag)}>"

    def append(self, child):
        """Append a component (or element) to the root, indented; returns it."""
        return self.root.append(child)

    def wrap(self, element: etree._Element) -> Component:
        """The named view of any element of this tree."""
        return wrap(element, self.source)

    def components(self, class_name_suffix: str) -> Iterator[Component]:
        """Every component whose class name is ``suffix`` or ends with ``.suffix``,
        in document order, folders and unknown custom classes included."""
        for element in self.element.iter():
            if matches_suffix(element.tag, class_name_suffix):
                yield wrap(element, self.source)

    # root attributes

    @property
    def vassal_version(self) -> str:
        """The VASSAL version that last saved the file (``VassalVersion``; ``vassalVersion`` in extensions)."""
        return self.element.get("vassalVersion" if self.kind == "extension" else "VassalVersion", "")

    @vassal_version.setter
    def vassal_version(self, value: str) -> None:
        self.element.set("vassalVersion" if self.kind == "extension" else "VassalVersion", value)

    def allocate_gpid(self) -> str:
        """A fresh piece-slot id, advancing ``nextPieceSlotId`` as VASSAL does.

        Modules use plain numbers, extensions ``extensionId:number``.
        """
        number = self.next_piece_slot_id or 0
        self.next_piece_slot_id = number + 1
        if self.kind == "extension":
            return f"{self.element.get('extensionId', '')}:{number}"
        return str(number)

    # named views

    @property
    def maps(self) -> list[Map]:
        """Maps, private maps, player hands and chart maps, in document order, each with
        ``map_id`` (``Map0``, ``Map1``, …; None in an extension: its maps are
        numbered after the module's)."""
        # Keyed by the element proxies themselves: holding them keeps lxml from
        # handing out fresh proxies for the same nodes below.
        ids = {} if self.kind == "extension" else {e: f"Map{i}" for i, e in enumerate(map_build_order(self.element))}
        return [Map(element, self.source, ids.get(element)) for element in map_elements(self.element)]

    def map(self, name: str) -> Map | None:
        """The map whose name (or, for an unnamed map, internal id) is ``name``."""
        return next((m for m in self.maps if m.identifier == name), None)

    @property
    def piece_slots(self) -> list[PieceSlot]:
        """Every PieceSlot and CardSlot: palette, at-start stacks and decks, in document order."""
        return [PieceSlot(e, self.source) for e in descendants(self.element, ("PieceSlot", "CardSlot"))]

    @property
    def prototypes(self) -> list[Prototype]:
        return [Prototype(e, self.source) for e in descendants(self.element, ("PrototypeDefinition",))]

    def prototype(self, name: str) -> Prototype | None:
        """The prototype VASSAL would use for ``name`` (the last definition wins)."""
        found = [p for p in self.prototypes if p.name == name]
        return found[-1] if found else None

    @property
    def dice_buttons(self) -> list[DiceButton]:
        return [DiceButton(e, self.source) for e in descendants(self.element, DiceButton.NAMES)]

    @property
    def turn_trackers(self) -> list[TurnTracker]:
        """Turn trackers with ``tracker_id`` ``TurnTracker0``, … (None in an extension)."""
        elements = list(descendants(self.element, ("TurnTracker",)))
        module = self.kind == "module"
        return [TurnTracker(e, self.source, f"TurnTracker{i}" if module else None) for i, e in enumerate(elements)]

    @property
    def global_properties(self) -> list[GlobalProperty]:
        """Global properties at every level; ``container_id`` tells module, map or zone."""
        return [GlobalProperty(e, self.source) for e in descendants(self.element, ("GlobalProperty",))]

    @property
    def player_sides(self) -> list[str]:
        """The PlayerRoster's sides: the text of each element inside it, in order."""
        roster = self._roster()
        if roster is None:
            return []
        return [Component(e).text for e in roster.iterdescendants() if isinstance(e.tag, str)]

    @player_sides.setter
    def player_sides(self, sides: list[str]) -> None:
        roster = self._roster()
        if roster is None:
            raise ValueError("this buildFile has no PlayerRoster to hold sides")
        view = Component(roster)
        for element in [e for e in roster if isinstance(e.tag, str)]:
            Component(element).remove()
        for side in sides:
            view.append(make_element("entry", text=side))

    def _roster(self) -> etree._Element | None:
        return next(descendants(self.element, ("PlayerRoster",)), None)

    @property
    def extension(self) -> ExtensionInfo | None:
        """The extension's root attributes and elements; None for a module."""
        return ExtensionInfo(self.element, self.source) if self.kind == "extension" else None


class ExtensionInfo(Component):
    """The root of a ``.vext`` buildFile (vassal-formats.md 1.2)."""

    module = Attr("module", "")
    module_version = Attr("moduleVersion", "")
    version = Attr("version", "")
    vassal_version = Attr("vassalVersion", "")
    universal = BoolAttr("anyModule", False)
    next_piece_slot_id = IntAttr("nextPieceSlotId", None)
    extension_id = Attr("extensionId", "")
    description = Attr("description", "")

    @property
    def elements(self) -> list[ExtensionElement]:
        """The ``ExtensionElement`` wrappers, each with its ``target`` path."""
        return [ExtensionElement(e, self.source) for e in descendants(self.element, ("ExtensionElement",))]


def map_build_order(root: etree._Element) -> list[etree._Element]:
    """Map elements in the order VASSAL registers them, which gives their ids.

    Each map takes id ``Map<n>`` when it is added to its parent (UniqueIdManager),
    after its children are built. Module-level maps therefore count in document
    order, and a chart window builds its maps when it is added to the module. But
    a TabWidget or BoxWidget builds the contents of its later tabs only when the
    user first shows them, so maps inside those get ids after every other map:
    they are put last here, in document order.
    """
    maps = map_elements(root)
    # Only subtrees holding a map can register one: skip the rest (the palette).
    holders = {ancestor for element in maps for ancestor in element.iterancestors()}
    order: list[etree._Element] = []

    def build(element) -> None:
        name = simple_name(element.tag)
        if name in _LAZY_WIDGETS or not (element in holders or is_map_element(element)):
            return
        children = list(child_elements(element))
        if name in _WINDOWS:
            for child in children:
                build(child)
                show(child)
            return
        for child in children:
            build(child)
        if is_map_element(element):
            order.append(element)

    def show(element) -> None:
        name = simple_name(element.tag)
        if name not in _LAZY_WIDGETS:
            return
        children = list(child_elements(element))
        for child in children:
            build(child)
        for child in children[:1] if name in _FIRST_CHILD_SHOWN else children:
            show(child)

    build(root)
    registered = set(order)
    return order + [element for element in maps if element not in registered]
