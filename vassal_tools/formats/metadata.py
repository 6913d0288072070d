"""The small metadata XML entries: ``moduledata``, ``extensiondata``, ``savedata``.

All three come from one VASSAL writer (vassal-formats.md 1.3)::

    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <data version="1">
      <version>1.2</version>
      <extra1/>
      <extra2/>
      <VassalVersion>3.7.9</VassalVersion>
      <dateSaved>1711629720640</dateSaved>
      <description>…</description>
      <name>Module name</name>            (moduledata; extensiondata has <universal>)
    </data>

:func:`parse_metadata` reads any of them (keeping elements it does not know);
:func:`write_metadata` writes VASSAL's current layout byte for byte.
"""

from __future__ import annotations

import re
import time
from copy import deepcopy
from dataclasses import dataclass, field

from lxml import etree

from ..errors import BadInput
from .components import java_trim
from .xmlsafe import VASSAL_DECLARATION, XmlDocument

KINDS = ("module", "extension", "save")
ENTRY_NAMES = {"module": "moduledata", "extension": "extensiondata", "save": "savedata"}
_KIND_OF_ENTRY = {entry: kind for kind, entry in ENTRY_NAMES.items()}

# A version VASSAL writes into new files when the caller names none (>= 3.5, so
# the module loader picks buildFile.xml: vassal-formats.md 1.1).
DEFAULT_VASSAL_VERSION = "3.7.0"

# Elements the reader turns into fields; anything else is kept in Metadata.other.
_KNOWN = {"version", "extra1", "extra2", "VassalVersion", "dateSaved", "description", "name", "universal"}

# Maven's DefaultArtifactVersion, which VASSAL uses to truncate versions.
_MAVEN_VERSION = re.compile(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?")


@dataclass
class Metadata:
    """One parsed metadata entry. Text fields are None when the element is absent.

    ``names`` and ``descriptions`` map a language code to the translation. Files
    written before VASSAL 3.6.11 put the two the other way round (VASSAL bug
    11929: ``<name lang="Перевод">ru</name>``); the reader swaps them back, as
    VASSAL does.
    """

    kind: str
    data_version: str = "1"
    version: str | None = None
    extra1: str | None = None
    extra2: str | None = None
    vassal_version: str | None = None
    date_saved: str | None = None
    description: str | None = None
    descriptions: dict[str, str] = field(default_factory=dict)
    name: str | None = None
    names: dict[str, str] = field(default_factory=dict)
    universal: bool | None = None
    other: list[etree._Element] = field(default_factory=list, repr=False)

    @property
    def saved_at_ms(self) -> int | None:
        """``dateSaved`` as milliseconds since 1970, or None if absent or not a number."""
        try:
            return int(self.date_saved) if self.date_saved is not None else None
        except ValueError:
            return None

    def to_bytes(self) -> bytes:
        """These fields written in VASSAL's current layout (unknown elements last)."""
        return write_metadata(
            self.kind,
            version=self.version,
            extra1=self.extra1,
            extra2=self.extra2,
            vassal_version=self.vassal_version,
            date_saved=self.date_saved,
            description=self.description,
            descriptions=self.descriptions,
            name=self.name,
            names=self.names,
            universal=self.universal,
            other=self.other,
            data_version=self.data_version,
        )


def parse_metadata(
    data: bytes, source: str | None = "", kind: str | None = None, *, entry: str | None = None
) -> Metadata:
    """Read a metadata entry (``entry``: its name in the archive, for messages).

    ``kind`` defaults to what the entry name, else the children, show: a
    ``<name>`` child means module metadata, ``<universal>`` extension metadata,
    neither a save's. Element text is trimmed, as VASSAL's reader trims it.
    """
    kind = kind or _KIND_OF_ENTRY.get(entry or "")
    entry = entry or _entry_name(source, kind)
    root = XmlDocument.parse(data, source, entry).tree.getroot()
    if root.tag != "data":
        raise BadInput(source, f"not VASSAL metadata: the root element is <{root.tag}>, not <data>", entry)
    meta = Metadata(kind=kind or _kind_of(root), data_version=root.get("version", ""))
    for child in root:
        if not isinstance(child.tag, str):
            continue  # comments and processing instructions carry no data
        _read_child(meta, child, source, entry)
    _undo_bug_11929(meta)
    return meta


def _entry_name(source: str | None, kind: str | None) -> str:
    if source and source.endswith(tuple(ENTRY_NAMES.values())):
        return ""  # the source names the entry already
    return ENTRY_NAMES.get(kind or "", "metadata")


def _kind_of(root) -> str:
    tags = {child.tag for child in root}
    if "name" in tags:
        return "module"
    if "universal" in tags:
        return "extension"
    return "save"


def _read_child(meta: Metadata, child, source, entry: str) -> None:
    tag = child.tag
    text = java_trim("".join(child.itertext()))
    lang = child.get("lang")
    if tag not in _KNOWN:
        meta.other.append(child)
    elif tag == "description":
        if meta.description is None:
            meta.description = text
        else:
            meta.descriptions[lang or ""] = text
    elif tag == "name":
        if meta.name is None:
            meta.name = text
        else:
            meta.names[lang or ""] = text
    elif tag == "universal":
        meta.universal = text.lower() == "true"
    else:
        attr = {"VassalVersion": "vassal_version", "dateSaved": "date_saved"}.get(tag, tag)
        setattr(meta, attr, text)


def _undo_bug_11929(meta: Metadata) -> None:
    if not _before_3_6_11(meta.vassal_version or ""):
        return
    meta.names = {text: lang for lang, text in meta.names.items()}
    meta.descriptions = {text: lang for lang, text in meta.descriptions.items()}


def _before_3_6_11(version: str) -> bool:
    """VASSAL's ``isPreBug11929``: the version truncated Maven-style is below 3.6.11."""
    match = _MAVEN_VERSION.fullmatch(version.split("-", 1)[0])
    if not match:
        return True  # Maven reads an unparsable version ("3.0b6") as 0.0.0
    return tuple(int(g or 0) for g in match.groups()) < (3, 6, 11)


def write_metadata(
    kind: str,
    *,
    version: str | None = "",
    extra1: str | None = "",
    extra2: str | None = "",
    vassal_version: str | None = DEFAULT_VASSAL_VERSION,
    date_saved: int | str | None = None,
    description: str | None = None,
    descriptions: dict[str, str] | None = None,
    name: str | None = None,
    names: dict[str, str] | None = None,
    universal: bool | None = None,
    other: list[etree._Element] | None = None,
    data_version: str = "1",
    newline: str = "\n",
) -> bytes:
    """A metadata entry exactly as VASSAL 3.7 writes it.

    Fields set to None are left out, as older VASSAL versions did with
    ``extra1``/``extra2``; empty strings give an empty element (``<extra2/>``).
    ``date_saved`` defaults to now in milliseconds (pass it for reproducible
    output). ``name`` is for module metadata (``kind="module"``), ``universal``
    for extensions (default false). ``newline`` ``"\\r\\n"`` mimics VASSAL on
    Windows.
    """
    if kind not in KINDS:
        raise ValueError(f"metadata kind must be one of {KINDS}, not {kind!r}")
    if date_saved is None:
        date_saved = int(time.time() * 1000)
    root = etree.Element("data", version=data_version)
    for tag, text in (
        ("version", version),
        ("extra1", extra1),
        ("extra2", extra2),
        ("VassalVersion", vassal_version),
        ("dateSaved", str(date_saved)),
    ):
        _add(root, tag, text)
    _add_translated(root, "description", description, descriptions)
    if kind == "module":
        _add_translated(root, "name", name if name is not None else "", names)
    elif kind == "extension":
        _add(root, "universal", "true" if universal else "false")
    for element in other or ():
        root.append(_copy(element))
    etree.indent(root, space="  ")
    body = etree.tostring(root, encoding="UTF-8", xml_declaration=False)
    text = VASSAL_DECLARATION.encode("ascii") + b"\n" + body + b"\n"
    return text.replace(b"\n", newline.encode("ascii")) if newline != "\n" else text


def _add(root, tag: str, text: str | None, lang: str | None = None) -> None:
    if text is None:
        return
    element = etree.SubElement(root, tag)
    if lang is not None:
        element.set("lang", lang)
    # The JDK serialiser writes an element with empty text as <tag/>.
    element.text = text or None


def _add_translated(root, tag: str, text: str | None, translations: dict[str, str] | None) -> None:
    if text is None:
        return
    _add(root, tag, text)
    for lang, value in (translations or {}).items():
        _add(root, tag, value, lang=lang)


def _copy(element):
    copy = deepcopy(element)
    copy.tail = None
    return copy
