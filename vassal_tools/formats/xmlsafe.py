"""Safe XML parsing and faithful re-serialisation for VASSAL's XML entries.

A buildFile or metadata entry comes from someone else's archive, so parsing it
must never expand entities or fetch anything: a DOCTYPE with an internal subset
(where entity declarations live: "billion laughs", external entities reading
``file:///etc/passwd``) is refused, and the parser loads no DTD and touches no
network. A bare ``<!DOCTYPE name>`` (or one naming an external DTD, which is
never loaded) is kept.

:class:`XmlDocument` remembers what lxml's tree forgets -- the literal XML
declaration, the whitespace around the root, CRLF line ends -- so that an
unedited document serialises back to the bytes it was read from.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field

from lxml import etree

from ..errors import BadInput

# The JDK writes this declaration; VASSAL's buildFile and metadata start with it.
VASSAL_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'

_DECLARATION = re.compile(rb"^(?:\xef\xbb\xbf)?<\?xml[^>]*\?>")


class _RefuseResolver(etree.Resolver):
    """Belt and braces: fail rather than let libxml2 open any URL."""

    def resolve(self, url, pubid, context):  # noqa: D102 - lxml hook
        raise OSError(f"refusing to load external resource {url!r}")


def _parser() -> etree.XMLParser:
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        attribute_defaults=False,
        huge_tree=True,  # big modules have text nodes over libxml2's 10 MB default
        remove_blank_text=False,
        remove_comments=False,
        remove_pis=False,
        strip_cdata=False,
        # collect_ids stays at its default: turning it off makes libxml2 fetch an
        # external DTD (the resolver below would refuse it, failing the parse).
    )
    parser.resolvers.add(_RefuseResolver())
    return parser


def parse_tree(data: bytes, source: str | None, entry: str) -> etree._ElementTree:
    """Parse ``data`` safely; BadInput naming ``entry`` and the position on any fault."""
    if _has_internal_subset(data):
        # Checked before parsing: libxml2 expands entities in attribute values even
        # when told not to resolve them, so a bomb must never reach it.
        raise BadInput(source, "DOCTYPE/entity declarations are not allowed", entry)
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as err:
        line, column = err.position if err.position else (0, 0)
        message = err.msg.split(", line ")[0] if err.msg else "not well-formed XML"
        raise BadInput(source, f"malformed XML: {message}", f"{entry} line {line}, column {column}") from None
    except (ValueError, OSError) as err:  # e.g. an unknown declared encoding
        raise BadInput(source, f"cannot parse XML: {err}", entry) from None
    tree = root.getroottree()
    _refuse_internal_subset(tree, data, source, entry)
    return tree


_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_PROLOG_GUESS = 1 << 16  # bytes; a longer prolog (huge comments) is decoded in full


def _has_internal_subset(data: bytes) -> bool:
    """True if the prolog holds ``<!DOCTYPE … [``: the place for entity declarations."""
    found = _scan_prolog(_as_text(data[:_PROLOG_GUESS]))
    return _scan_prolog(_as_text(data)) is True if found is None else found


def _as_text(data: bytes) -> str:
    """Text good enough to scan markup (which is ASCII) in any encoding VASSAL meets."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(codec, "replace")
    return data.decode("latin-1")


def _scan_prolog(text: str) -> bool | None:
    """Walk declarations, PIs and comments up to the DOCTYPE or root; None if cut short."""
    pos, end = 0, len(text)
    while pos < end:
        while pos < end and text[pos] in " \t\r\n\ufeff\xef\xbb\xbf":
            pos += 1
        if text.startswith("<?", pos):
            pos = _after(text, "?>", pos)
        elif text.startswith("<!--", pos):
            pos = _after(text, "-->", pos)
        elif text.startswith("<!DOCTYPE", pos):
            return _doctype_has_subset(text, pos + 9)
        elif pos < end:
            return False  # the root element (or junk the parser will report)
    return None


def _after(text: str, closer: str, pos: int) -> int:
    found = text.find(closer, pos)
    return len(text) + 1 if found < 0 else found + len(closer)


def _doctype_has_subset(text: str, pos: int) -> bool | None:
    quote = None
    for char in text[pos:]:
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "[":
            return True
        elif char == ">":
            return False
    return None


def _refuse_internal_subset(tree: etree._ElementTree, data: bytes, source, entry: str) -> None:
    dtd = tree.docinfo.internalDTD
    if dtd is None:
        return
    start = data.find(b"<!DOCTYPE")
    head = data[start:data.find(b">", start)] if start >= 0 else b""
    if b"[" in head or any(True for _ in dtd.iterentities()):
        raise BadInput(source, "DOCTYPE/entity declarations are not allowed", entry)


@dataclass
class XmlDocument:
    """A parsed XML entry plus the lexical details needed to write it back unchanged."""

    tree: etree._ElementTree
    declaration: str | None = VASSAL_DECLARATION
    after_declaration: str = "\n"
    trailer: str = "\n"
    newline: str = "\n"
    encoding: str = "UTF-8"
    bom: bytes = b""
    original: bytes | None = None
    _faithful: bool | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, data: bytes, source: str | None, entry: str) -> XmlDocument:
        tree = parse_tree(data, source, entry)
        encoding = tree.docinfo.encoding or "UTF-8"
        doc = cls(tree, encoding=encoding, original=data)
        if not _ascii_compatible(encoding):
            doc.declaration = f'<?xml version="1.0" encoding="{encoding}"?>'
            return doc  # lexical details of UTF-16/32 files are not kept
        match = _DECLARATION.match(data)
        if match:
            raw = match.group(0)
            doc.bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
            doc.declaration = raw[len(doc.bom):].decode("ascii", "replace")
            after = data[match.end():]
            gap = after[: len(after) - len(after.lstrip(b" \t\r\n"))]
            doc.after_declaration = gap.decode("ascii").replace("\r\n", "\n")
        else:
            doc.declaration = None
        body = data.rstrip(b" \t\r\n")
        doc.trailer = data[len(body):].decode("ascii").replace("\r\n", "\n")
        crlf = data.count(b"\r\n")
        doc.newline = "\r\n" if crlf and crlf == data.count(b"\n") else "\n"
        return doc

    def to_bytes(self) -> bytes:
        """The document's bytes: the input itself while the tree still says the same thing.

        lxml cannot reproduce every lexical choice of an input (``<a></a>`` comes
        out as ``<a/>``). For such an input, a serialisation that is canonically
        equal to it is replaced by the untouched input, so unedited documents are
        always byte-identical and edited ones are written in VASSAL's style.
        """
        out = self.serialise()
        if self.original is None or out == self.original:
            return out
        if self._faithful is None:
            # Would the untouched input serialise to itself? Then any difference is an edit.
            self._faithful = XmlDocument.parse(self.original, None, "XML").serialise() == self.original
        if self._faithful:
            return out
        if etree.tostring(self.tree, method="c14n") == c14n(self.original):
            return self.original
        return out

    def serialise(self) -> bytes:
        """The tree written out: the kept declaration, then every top-level node."""
        encoding = self.encoding
        parts: list[bytes] = []
        doctype = self.tree.docinfo.doctype
        if doctype:
            parts.append(doctype.encode(encoding))
        root = self.tree.getroot()
        parts.extend(_serialise(node, encoding) for node in _siblings_before(root))
        parts.append(_serialise(root, encoding))
        parts.extend(_serialise(node, encoding) for node in _siblings_after(root))
        if not _ascii_compatible(encoding):
            text = "\n".join(p.decode(encoding) for p in parts)
            # Without a BOM, only the declaration names a UTF-16/32 encoding to a reader.
            declaration = self.declaration or f'<?xml version="1.0" encoding="{encoding}"?>'
            return (declaration + "\n" + text + "\n").encode(encoding)
        body = b"\n".join(parts)
        head = b""
        if self.declaration is not None:
            head = self.declaration.encode("ascii") + self.after_declaration.encode("ascii")
        out = head + body + self.trailer.encode("ascii")
        if self.newline != "\n":
            out = out.replace(b"\n", self.newline.encode("ascii"))
        return self.bom + out


def _serialise(node, encoding: str) -> bytes:
    # with_tail=False: top-level nodes carry no tail; the joins above place the newlines.
    return etree.tostring(node, encoding=encoding, xml_declaration=False, with_tail=False)


def _siblings_before(root) -> list:
    nodes = []
    node = root.getprevious()
    while node is not None:
        nodes.append(node)
        node = node.getprevious()
    return nodes[::-1]


def _siblings_after(root) -> list:
    nodes = []
    node = root.getnext()
    while node is not None:
        nodes.append(node)
        node = node.getnext()
    return nodes


def _ascii_compatible(encoding: str) -> bool:
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return not name.startswith(("utf-16", "utf-32"))


def c14n(data: bytes, source: str | None = None, entry: str = "XML") -> bytes:
    """Canonical XML (C14N 1.0) of ``data``, parsed safely: equal for equivalent documents."""
    return etree.tostring(parse_tree(data, source, entry), method="c14n")
