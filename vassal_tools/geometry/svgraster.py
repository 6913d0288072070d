"""SVG images drawn as pixels, the way VASSAL shows them.

VASSAL draws a module's SVG images with Batik, resolving references to other files
(``<use xlink:href="symbols.svg#inf"/>``, ``<image xlink:href="sea.png"/>``) inside the
module's own archive. Here the referenced elements are copied into the document first
(renamed ``file.svg--id``, with what they reference in turn) and images are inlined as
``data:`` URIs, so the renderer reads nothing but the one document: no file or network
access, whatever a module's SVG names.

A font family this machine lacks falls back as in Batik: the URW clones old
Inkscape counters name (Nimbus Sans L, Nimbus Roman No9 L, Nimbus Mono L) to their
metric-compatible Liberation/Arial/Times faces, any other family to sans-serif
(Batik's default family is Java's SansSerif). The renderer is resvg (the ``resvg-py`` wheel):
``bench/svg.py`` compares it with CairoSVG on The Longest Day's 3,083 SVG counters.
"""

from __future__ import annotations

import base64
import copy
import io
import re
from collections.abc import Callable

import resvg_py
from lxml import etree
from PIL import Image, UnidentifiedImageError

from ..errors import BadInput
from ..formats.xmlsafe import parse_tree
from .images import svg_size

#: Returns the bytes of another image of the module by its name, or None.
Fetch = Callable[[str], bytes | None]

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
SVG_NS = "http://www.w3.org/2000/svg"
_URL_REF = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)")
_MIME = {b"\x89PNG": "image/png", b"GIF8": "image/gif", b"\xff\xd8\xff": "image/jpeg"}
#: Families named by old modules' SVGs, and faces with the same metrics to try after them.
FONT_FALLBACKS = {
    "nimbus sans l": "'Liberation Sans', Arial, Helvetica, sans-serif",
    "nimbus sans l condensed": "'Liberation Sans Narrow', 'Arial Narrow', 'Liberation Sans', sans-serif",
    "nimbus roman no9 l": "'Liberation Serif', 'Times New Roman', Times, serif",
    "nimbus mono l": "'Liberation Mono', 'Courier New', Courier, monospace",
}
GENERIC_FAMILIES = {"serif", "sans-serif", "monospace", "cursive", "fantasy"}
_FONT_FAMILY = re.compile(r"(font-family\s*:\s*)([^;]+)")
MAX_PIXELS = 100_000_000  # a counter or a board; refuse what no module image needs


def is_svg(data: bytes, name: str = "") -> bool:
    """Whether an image file's bytes are an SVG document (by name, else by its start)."""
    return name.lower().endswith(".svg") or data.lstrip()[:5] in (b"<?xml", b"<svg ", b"<svg\n", b"<!--")


def _href(element: etree._Element) -> tuple[str | None, str | None]:
    for key in (XLINK_HREF, "href"):
        value = element.get(key)
        if value is not None:
            return key, value
    return None, None


def _mime(data: bytes) -> str:
    for magic, mime in _MIME.items():
        if data.startswith(magic):
            return mime
    return "image/svg+xml" if is_svg(data) else "application/octet-stream"


def with_fallback(families: str) -> str:
    """A CSS font-family list ending in the faces to use when none it names is installed."""
    names = [name.strip().strip("'\"").lower() for name in families.split(",")]
    if names[-1] in GENERIC_FAMILIES:
        return families
    return f"{families.strip()}, {FONT_FALLBACKS.get(names[-1], 'sans-serif')}"


def _add_font_fallbacks(element: etree._Element) -> None:
    family = element.get("font-family")
    if family:
        element.set("font-family", with_fallback(family))
    style = element.get("style")
    if style and "font-family" in style:
        element.set("style", _FONT_FAMILY.sub(lambda m: m.group(1) + with_fallback(m.group(2)), style))


class _Inliner:
    """Copies what a document references in other files into its own ``<defs>``."""

    def __init__(self, fetch: Fetch, documents: dict[str, etree._Element | None]):
        self.fetch = fetch
        self.documents = documents  # parsed referenced files, shared by one module's drawings
        self.imported: dict[tuple[str, str], str] = {}
        self.defs: list[etree._Element] = []

    def document(self, name: str) -> etree._Element | None:
        if name not in self.documents:
            data = self.fetch(name)
            try:
                self.documents[name] = parse_tree(data, None, "svg").getroot() if data else None
            except BadInput:
                self.documents[name] = None  # malformed or an entity bomb: the reference stays unresolved
        return self.documents[name]

    def import_element(self, name: str, ident: str) -> str | None:
        """The local id of element ``ident`` of file ``name``, copied in once."""
        key = (name, ident)
        if key in self.imported:
            return self.imported[key]
        root = self.document(name)
        found = root.xpath("//*[@id=$ident]", ident=ident) if root is not None else []
        if not found:
            return None
        local = f"{name}--{ident}"
        self.imported[key] = local
        element = copy.deepcopy(found[0])
        element.set("id", local)
        for inner in element.iter():
            if inner is not element and inner.get("id"):
                inner.set("id", f"{name}--{inner.get('id')}")
        self.rewrite(element, name)
        self.defs.append(element)
        return local

    def rewrite(self, tree: etree._Element, base: str | None) -> None:
        """Point every reference in ``tree`` at a local copy; ``base`` is the file it came from."""
        for element in tree.iter():
            if not isinstance(element.tag, str):
                continue
            _add_font_fallbacks(element)
            key, value = _href(element)
            if key is not None and value:
                self.rewrite_href(element, key, value, base)
            if base is not None:
                for attribute, text in element.attrib.items():
                    if "url(#" in text:
                        element.set(attribute, _URL_REF.sub(lambda m: self.local_url(base, m.group(1)), text))

    def rewrite_href(self, element: etree._Element, key: str, value: str, base: str | None) -> None:
        name, _, ident = value.partition("#")
        if name.startswith("data:") or "://" in name:
            return
        name = name or (base or "")
        if ident and name:
            local = self.import_element(name, ident)
            if local is not None:
                element.set(key, "#" + local)
        elif name and not ident:
            data = self.fetch(name)
            if data is not None:
                element.set(key, f"data:{_mime(data)};base64,{base64.b64encode(data).decode('ascii')}")

    def local_url(self, base: str, ident: str) -> str:
        local = self.import_element(base, ident)
        return f"url(#{local or ident})"


def inline_references(data: bytes, fetch: Fetch) -> bytes:
    """The SVG document with everything it takes from other files copied into it."""
    return SvgDrawer(fetch).self_contained(data)


class SvgDrawer:
    """Draws the SVG images of one module; the files they reference are parsed once."""

    def __init__(self, fetch: Fetch | None = None):
        self.fetch: Fetch = fetch or (lambda _name: None)
        self._documents: dict[str, etree._Element | None] = {}

    def self_contained(self, data: bytes) -> bytes:
        """``data`` with what it references in other files copied in; BadInput if malformed."""
        root = parse_tree(data, None, "svg").getroot()
        inliner = _Inliner(self.fetch, self._documents)
        inliner.rewrite(root, None)
        if inliner.defs:
            defs = etree.SubElement(root, f"{{{SVG_NS}}}defs")
            defs.extend(inliner.defs)
        return etree.tostring(root)

    def draw(self, data: bytes, scale: float = 1.0) -> Image.Image | None:
        """The SVG as RGBA at ``scale`` times its intrinsic size; None when it cannot be drawn."""
        scale = scale if scale > 0 else 1.0
        size = svg_size(data)
        if size is None or size[0] * size[1] * scale * scale > MAX_PIXELS:
            return None  # no intrinsic size (a symbol library) or bigger than any module image
        try:
            text = self.self_contained(data).decode("utf-8")
            png = resvg_py.svg_to_bytes(svg_string=text, zoom=scale)
            return Image.open(io.BytesIO(bytes(png))).convert("RGBA")
        except (BadInput, ValueError, UnicodeDecodeError, UnidentifiedImageError, OSError):
            return None  # malformed, or resvg refuses it: the caller draws its placeholder


def render_svg(data: bytes, fetch: Fetch | None = None, scale: float = 1.0) -> Image.Image | None:
    """One SVG drawn as RGBA (see :meth:`SvgDrawer.draw`)."""
    return SvgDrawer(fetch).draw(data, scale)
