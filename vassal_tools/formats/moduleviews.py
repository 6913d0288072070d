"""Views of module-wide components: piece slots, prototypes, dice, turn trackers,
global properties and extension elements (vassal-formats.md 2.3, 2.6).
"""

from __future__ import annotations

from .components import (
    Attr,
    BoolAttr,
    Component,
    IntAttr,
    child_elements,
    is_map_element,
    parent_element,
    simple_name,
)
from .sequence import decode, encode

# Components whose children form the piece palette (PieceWindow and the widgets).
_PALETTE_CLASSES = ("PieceWindow", "ChartWindow")


def _is_palette(name: str) -> bool:
    return name in _PALETTE_CLASSES or name.endswith("Widget")


class PieceSlot(Component):
    """A PieceSlot or CardSlot: a piece definition in the palette, an at-start stack or a deck.

    ``text`` is the encoded AddPiece command ``+/null/TYPE/STATE`` (2.6); decode it
    with the piece codec, not by splitting.
    """

    NAMES = ("PieceSlot", "CardSlot")
    CLASS = "VASSAL.build.widget.PieceSlot"

    gpid = Attr("gpid", "")
    # VASSAL falls back to 64x64 when width/height do not parse.
    width = IntAttr("width", 64, lenient=True)
    height = IntAttr("height", 64, lenient=True)

    @property
    def entry_name(self) -> str | None:
        """The slot's name; None when empty (VASSAL then shows the piece's own name)."""
        return self.element.get("entryName") or None

    @entry_name.setter
    def entry_name(self, value: str | None) -> None:
        self.set("entryName", value)

    @property
    def is_card(self) -> bool:
        return self.class_name == "CardSlot"

    @property
    def palette_path(self) -> list[str]:
        """Names of the PieceWindow and widgets directly above this slot, outermost first.

        Folders are skipped, and so are unnamed widgets (a TabWidget usually has
        no name). Slots of at-start stacks and decks have an empty path.
        """
        names = []
        parent = parent_element(self.element)
        while parent is not None and _is_palette(simple_name(parent.tag)):
            name = parent.get("entryName") or parent.get("name")
            if name:
                names.append(name)
            parent = parent_element(parent)
        return names[::-1]


class Prototype(Component):
    """A PrototypeDefinition; ``text`` is the encoded AddPiece of its traits."""

    NAMES = ("PrototypeDefinition",)
    CLASS = "VASSAL.build.module.PrototypeDefinition"
    DEFAULTS = {"name": "", "description": ""}

    name = Attr("name")
    description = Attr("description")


class DiceButton(Component):
    """A DiceButton or SpecialDiceButton; every setting is in ``attributes`` (5.8)."""

    NAMES = ("DiceButton", "SpecialDiceButton", "InternetDiceButton")
    CLASS = "VASSAL.build.module.DiceButton"

    name = Attr("name")
    report_format = Attr("reportFormat", None)

    @property
    def special(self) -> bool:
        return self.class_name == "SpecialDiceButton"


class TurnTracker(Component):
    """A turn tracker; ``tracker_id`` (``TurnTracker0``, …) is set by :attr:`BuildFile.turn_trackers`."""

    NAMES = ("TurnTracker",)
    CLASS = "VASSAL.build.module.turn.TurnTracker"

    name = Attr("name")
    turn_format = Attr("turnFormat", None)
    report_format = Attr("reportFormat", None)

    def __init__(self, element, source=None, tracker_id: str | None = None):
        super().__init__(element, source)
        self.tracker_id = tracker_id

    @property
    def levels(self) -> list[TurnLevel]:
        return _levels(self)


def _levels(component: Component) -> list[TurnLevel]:
    views = {"CounterTurnLevel": CounterTurnLevel, "ListTurnLevel": ListTurnLevel}
    return [
        views.get(simple_name(child.tag), TurnLevel)(child, component.source)
        for child in child_elements(component.element)
        if simple_name(child.tag).endswith("TurnLevel")
    ]


class TurnLevel(Component):
    """One level of a turn tracker, with its nested sub-levels."""

    name = Attr("name")
    property_name = Attr("property", "")  # the global property holding the level's value
    turn_format = Attr("turnFormat", None)

    @property
    def levels(self) -> list[TurnLevel]:
        return _levels(self)


class CounterTurnLevel(TurnLevel):
    NAMES = ("CounterTurnLevel",)
    CLASS = "VASSAL.build.module.turn.CounterTurnLevel"

    start = IntAttr("start", 1)
    incr = IntAttr("incr", 1)
    loop = BoolAttr("loop", False)
    loop_limit = IntAttr("loopLimit", -1)


class ListTurnLevel(TurnLevel):
    NAMES = ("ListTurnLevel",)
    CLASS = "VASSAL.build.module.turn.ListTurnLevel"

    config_first = BoolAttr("configFirst", False)
    config_list = BoolAttr("configList", False)
    prompt = Attr("prompt", None)

    @property
    def items(self) -> list[str]:
        """The ``list`` attribute: a ``,``-encoded string array (empty string = no items)."""
        raw = self.element.get("list", "")
        return decode(raw, ",") if raw else []

    @items.setter
    def items(self, value: list[str]) -> None:
        self.element.set("list", encode(value, ",") or "")


class GlobalProperty(Component):
    """A global property at module, map or zone level."""

    NAMES = ("GlobalProperty",)
    CLASS = "VASSAL.build.module.properties.GlobalProperty"
    DEFAULTS = {"name": "", "initialValue": "", "description": "", "isNumeric": "false", "wrap": "false"}

    name = Attr("name")
    initial_value = Attr("initialValue", "")
    description = Attr("description", "")
    # GlobalProperty compares with "true" exactly, unlike Boolean.valueOf.
    numeric = BoolAttr("isNumeric", False, exact=True)
    min = Attr("min", None)
    max = Attr("max", None)
    wrap = BoolAttr("wrap", False, exact=True)

    @property
    def container_id(self) -> str:
        """The id in ``MutableProperty``/``GlobalProperty`` commands (5.4):
        ``Module``, the map name, or ``mapName:zoneName``."""
        zone = map_ = None
        for ancestor in self.element.iterancestors():
            name = simple_name(ancestor.tag)
            if zone is None and map_ is None and name == "Zone":
                zone = ancestor
            elif map_ is None and is_map_element(ancestor):
                map_ = ancestor
        if zone is not None:
            return (map_.get("mapName", "") if map_ is not None else "") + ":" + zone.get("name", "")
        if map_ is not None:
            return map_.get("mapName", "")
        return "Module"


class ExtensionElement(Component):
    """An extension's wrapper: ``target`` is the path of the module component extended."""

    NAMES = ("ExtensionElement",)
    CLASS = "VASSAL.build.module.ExtensionElement"

    target = Attr("target", "")
