"""Live views over buildFile elements: the base class and the tree helpers.

A :class:`Component` wraps one lxml element of a buildFile. Its attributes are
read from and written to that element on every access, so an edit made
through a view is an edit of the tree, and :meth:`BuildFile.to_bytes` writes it.
Subclasses declare their attributes with :class:`Attr` descriptors (one line
each) and list the element names they stand for; everything else in the tree is
kept as is and still reachable through :attr:`Component.element`.

Folders (``VASSAL.build.module.folder.*``, vassal-formats.md 2.5) are
transparent: :attr:`Component.children` looks through them and
:attr:`Component.parent` skips them, as VASSAL itself does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import ClassVar

from lxml import etree

from ..errors import BadInput
from .java import java_int, java_strip, java_trim

FOLDER_PACKAGE = "VASSAL.build.module.folder."
INDENT = "    "  # VASSAL's buildFile indentation step

_VIEWS: dict[str, type[Component]] = {}


def element_text(element) -> str:
    """VASSAL's ``Builder.getText``: the element's own text nodes joined, then trimmed.

    This is how PieceSlot, CardSlot, PrototypeDefinition and ``<setup>`` contents
    are read; text inside child elements does not count.
    """
    parts = [element.text or ""]
    parts.extend(child.tail or "" for child in element)
    return java_trim("".join(parts))


# --- walking the tree ---------------------------------------------------------------


def simple_name(tag) -> str:
    """The Java simple class name of an element (``…board.HexGrid`` -> ``HexGrid``)."""
    return tag.rsplit(".", 1)[-1] if isinstance(tag, str) else ""


def is_folder(element) -> bool:
    return isinstance(element.tag, str) and element.tag.startswith(FOLDER_PACKAGE)


def child_elements(element) -> Iterator[etree._Element]:
    """Element children in document order, looking through folders."""
    for child in element:
        if not isinstance(child.tag, str):
            continue  # comments and processing instructions
        if is_folder(child):
            yield from child_elements(child)
        else:
            yield child


def parent_element(element) -> etree._Element | None:
    """The nearest ancestor that is not a folder."""
    parent = element.getparent()
    while parent is not None and is_folder(parent):
        parent = parent.getparent()
    return parent


def descendants(element, names: Iterable[str] | Callable[[str], bool]) -> Iterator[etree._Element]:
    """Elements below ``element`` (document order) whose simple class name matches."""
    test = names if callable(names) else frozenset(names).__contains__
    for node in element.iterdescendants():
        if isinstance(node.tag, str) and test(simple_name(node.tag)):
            yield node


MAP_CLASSES = ("Map", "PrivateMap", "PlayerHand", "WidgetMap")
MAP_TAGS = (
    "VASSAL.build.module.Map",
    "VASSAL.build.module.PrivateMap",
    "VASSAL.build.module.PlayerHand",
    "VASSAL.build.widget.WidgetMap",
)
# The same test as is_map_element, run by libxml2: much faster on big trees.
_MAP_XPATH = etree.XPath(
    "//*[substring(name(), string-length(name()) - 10) = 'BoardPicker']/.."
    + "".join(f" | //{tag}" for tag in MAP_TAGS)
)


def is_map_element(element) -> bool:
    """A Map or subclass: a VASSAL map class, or any element with a BoardPicker child
    (every map has one; custom subclasses are recognised by it)."""
    if element.tag in MAP_TAGS:
        return True
    return any(simple_name(child.tag).endswith("BoardPicker") for child in element)


def map_elements(root) -> list[etree._Element]:
    """Every map element under ``root`` (inclusive), in document order."""
    return _MAP_XPATH(root)


def matches_suffix(tag, suffix: str) -> bool:
    """True if the class name is ``suffix`` or ends with ``.suffix``."""
    return isinstance(tag, str) and (tag == suffix or tag.endswith("." + suffix))


# --- attribute descriptors ----------------------------------------------------------


class Attr:
    """A buildFile attribute as a Python attribute, read and written live.

    Reading a missing attribute gives ``default`` (what VASSAL assumes); writing
    None removes the attribute.
    """

    def __init__(self, xml_name: str, default=""):
        self.xml_name = xml_name
        self.default = default

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        raw = obj.element.get(self.xml_name)
        return self.default if raw is None else self.parse(raw, obj)

    def __set__(self, obj, value) -> None:
        if value is None:
            obj.element.attrib.pop(self.xml_name, None)
        else:
            obj.element.set(self.xml_name, self.format(value))

    def parse(self, raw: str, obj):
        return raw

    def format(self, value) -> str:
        return str(value)


class StrippedAttr(Attr):
    """A string VASSAL strips of surrounding whitespace when reading (module name, version)."""

    def parse(self, raw: str, obj):
        return java_strip(raw)


class IntAttr(Attr):
    """A Java int. ``lenient``: an unparsable value reads as the default, as in the
    components that catch NumberFormatException; otherwise it is bad input."""

    def __init__(self, xml_name: str, default: int | None = 0, lenient: bool = False):
        super().__init__(xml_name, default)
        self.lenient = lenient

    def parse(self, raw: str, obj):
        value = java_int(raw)
        if value is None:
            if self.lenient:
                return self.default
            raise BadInput(obj.source, f"attribute {self.xml_name}={raw!r} is not an integer", obj.where)
        return value

    def format(self, value) -> str:
        return str(int(value))


class BoolAttr(Attr):
    """A Java boolean: ``Boolean.valueOf`` (any case of "true"), or an exact
    ``"true"`` match where the component compares strings (``exact=True``)."""

    def __init__(self, xml_name: str, default: bool = False, exact: bool = False):
        super().__init__(xml_name, default)
        self.exact = exact

    def parse(self, raw: str, obj):
        return raw == "true" if self.exact else raw.lower() == "true"

    def format(self, value) -> str:
        return "true" if value else "false"


# --- the base view ------------------------------------------------------------------


class Component:
    """One buildFile element seen as a VASSAL component.

    ``NAMES`` lists the simple class names a subclass stands for (used by
    :func:`wrap`); ``CLASS`` is the element name :meth:`new` writes; ``DEFAULTS``
    the attributes :meth:`new` writes when the caller does not give them.
    """

    NAMES: ClassVar[tuple[str, ...]] = ()
    CLASS: ClassVar[str] = ""
    DEFAULTS: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in cls.NAMES:
            _VIEWS[name] = cls

    def __init__(self, element: etree._Element, source: str | None = None):
        self.element = element
        self.source = source

    def __repr__(self) -> str:
        label = self.element.get("name") or self.element.get("mapName") or self.element.get("entryName")
        return f"<{type(self).__name__} {self.class_name}{' ' + repr(label) if label else ''}>"

    def __eq__(self, other) -> bool:
        return isinstance(other, Component) and other.element is self.element

    def __hash__(self) -> int:
        return hash(self.element)

    # identity and raw access

    @property
    def tag(self) -> str:
        """The element name: the component's fully qualified Java class."""
        return self.element.tag

    @property
    def class_name(self) -> str:
        """The simple Java class name (``Map``, ``HexGrid``, …)."""
        return simple_name(self.element.tag)

    @property
    def where(self) -> str:
        """Where the element is, for error messages."""
        line = self.element.sourceline
        return f"<{self.class_name}>" + (f" at line {line}" if line else "")

    @property
    def attributes(self) -> dict[str, str]:
        """Every attribute, in document order (a copy: write with :meth:`set`)."""
        return dict(self.element.attrib)

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.element.get(name, default)

    def set(self, name: str, value) -> None:
        """Set an attribute (converted with ``str``); None removes it."""
        if value is None:
            self.element.attrib.pop(name, None)
        else:
            self.element.set(name, value if isinstance(value, str) else str(value))

    @property
    def text(self) -> str:
        """The text content as VASSAL reads it (own text nodes, trimmed)."""
        return element_text(self.element)

    @text.setter
    def text(self, value: str) -> None:
        self.element.text = value
        for child in self.element:
            child.tail = None

    # navigation

    @property
    def children(self) -> list[Component]:
        """Child components, folders looked through."""
        return [wrap(child, self.source) for child in child_elements(self.element)]

    @property
    def parent(self) -> Component | None:
        """The enclosing component, folders skipped; None at the root."""
        parent = parent_element(self.element)
        return None if parent is None else wrap(parent, self.source)

    def _children_named(self, test: Callable[[str], bool], view: type[Component] | None = None):
        return [
            (view or _VIEWS.get(simple_name(c.tag), Component))(c, self.source)
            for c in child_elements(self.element)
            if test(simple_name(c.tag))
        ]

    def _descendants_named(self, names: Iterable[str], view: type[Component]):
        return [view(node, self.source) for node in descendants(self.element, names)]

    # editing

    @classmethod
    def new(cls, attributes: Mapping[str, object] | None = None, text: str | None = None, *, tag: str | None = None):
        """A detached element of this class: ``DEFAULTS`` then ``attributes``.

        Attributes are written in alphabetical order, as VASSAL writes them
        (the JDK DOM sorts them); append the result with :meth:`append`.
        """
        values = {**cls.DEFAULTS, **(attributes or {})}
        element = make_element(tag or cls.CLASS, values, text, sort=True)
        return cls(element)

    def append(self, child: Component | etree._Element, index: int | None = None):
        """Insert ``child`` (at the end, or before position ``index``), indented
        like the rest of the file; returns the child."""
        element = child.element if isinstance(child, Component) else child
        insert_indented(self.element, element, index)
        if isinstance(child, Component):
            child.source = child.source or self.source
        return child

    def remove(self) -> None:
        """Detach this component from the tree, keeping the layout of what remains."""
        remove_indented(self.element)


def wrap(element: etree._Element, source: str | None = None) -> Component:
    """The most specific view for an element: by simple class name, else Component."""
    return _VIEWS.get(simple_name(element.tag), Component)(element, source)


# --- building and indenting elements ------------------------------------------------


def make_element(tag: str, attributes: Mapping[str, object] | None = None, text: str | None = None, sort: bool = False):
    """A new element with attributes in the given order (or sorted) and optional text."""
    element = etree.Element(tag)
    items = list((attributes or {}).items())
    for name, value in sorted(items) if sort else items:
        if value is not None:
            element.set(name, _attr_text(value))
    if text is not None:
        element.text = text
    return element


def _attr_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else str(value)


def _depth(element) -> int:
    return sum(1 for _ in element.iterancestors())


def insert_indented(parent, element, index: int | None = None) -> None:
    """Insert ``element`` under ``parent`` with VASSAL's four-space layout."""
    depth = _depth(parent)
    inner = "\n" + INDENT * (depth + 1)
    outer = "\n" + INDENT * depth
    count = len(parent)
    if index is None or index >= count:
        if count == 0:
            if not (parent.text or "").strip():
                parent.text = inner
            element.tail = outer
        else:
            last = parent[-1]
            element.tail = last.tail if _blank(last.tail) else outer
            last.tail = inner
        parent.append(element)
    else:
        element.tail = inner
        parent.insert(index, element)
    if len(element):
        etree.indent(element, space=INDENT, level=depth + 1)


def remove_indented(element) -> None:
    """Remove ``element``; a last child hands its closing whitespace to its predecessor."""
    parent = element.getparent()
    if parent is None:
        return
    previous = element.getprevious()
    if element.getnext() is None:
        if previous is not None:
            previous.tail = element.tail
        elif _blank(parent.text):
            parent.text = None
    parent.remove(element)


def _blank(text: str | None) -> bool:
    return text is not None and not text.strip()
