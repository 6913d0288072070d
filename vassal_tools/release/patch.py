"""Apply an errata file to any module: names, images, properties and trait fields of pieces and prototypes.

:func:`patch_module` reads the module and the errata (module kinds only: piece,
prototype, image), edits the named PieceSlots and PrototypeDefinitions through the
piece codec, replaces or adds image files, and writes a new module. Everything else
stays byte-identical: every other archive entry keeps its bytes and its order, and
the buildFile keeps its text outside the edited elements (see :func:`buildfile_bytes`).

A piece is found by gpid, by name (the slot's entry name or the piece's BasicName)
or both, narrowed by palette path; an entry applies to every slot that matches
(the palette slot and its copies in at-start stacks and decks), and one that
matches nothing is bad input. A property is changed where the piece defines it
(Marker or Dynamic Property); one that only a prototype defines gets a Marker of its
own on the piece, outermost, which overrides the prototype's value as VASSAL reads
properties from the outside in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from ..errors import BadInput
from ..formats.archive import write_archive
from ..formats.kinds import open_module
from ..formats.outputs import refuse_overwriting
from ..formats.pieces import Piece, encode_definition, expand_prototypes, parse_definition
from ..formats.traits import DynamicProperty, KeyStroke, Layer, Marker, Trait, trait_classes
from ..formats.traits.values import KEYS, STRINGS
from ..formats.xmlsafe import XmlDocument, c14n
from .definitions import ModuleDefinitions
from .errata import Entry, Errata, TraitEdit, read_errata, require_module_entries
from .traitdiff import jsonable, label


@dataclass
class PatchResult:
    """What a patch did: one record per entry, and how the buildFile was written."""

    output: Path
    applied: list[dict[str, Any]] = field(default_factory=list)
    buildfile: str = "unchanged"  # unchanged | edited in place | re-serialised

    def to_json(self) -> dict[str, Any]:
        return {"output": str(self.output), "buildfile": self.buildfile, "entries": self.applied}


def patch_module(module_path, errata_path, output, *, module_version: str | None = None) -> PatchResult:
    """Write ``output``: the module with the errata applied. Inputs are never modified."""
    refuse_overwriting(output, {"MODULE": module_path, "ERRATA": errata_path})
    errata = read_errata(errata_path)
    entries = require_module_entries(errata)
    module = open_module(module_path)
    patcher = _Patcher(module, errata, Path(errata_path).parent)
    result = PatchResult(Path(output))
    for entry in entries:
        result.applied.append(patcher.apply(entry))
    version = module_version or errata.module_version
    if version is not None:
        patcher.set_version(version)
    result.buildfile = patcher.write(Path(output))
    return result


class _Patcher:
    def __init__(self, module, errata: Errata, base: Path):
        self.module = module
        self.errata = errata
        self.base = base
        self.definitions = ModuleDefinitions(module)
        self.edited: set = set()  # lxml elements whose text or attributes changed

    # -- entries ---------------------------------------------------------------------------

    def apply(self, entry: Entry) -> dict[str, Any]:
        kind = entry.target.kind
        if kind == "image":
            changes = [self._replace_image(entry)]
            targets = [entry.target.name]
        else:
            views = self._piece_slots(entry) if kind == "piece" else self._prototypes(entry)
            changes, targets = [], []
            for view, where in views:
                piece = parse_definition(view.text, self.errata.source, where)[1]
                changes += [dict(c, target=where) for c in self._edit_piece(piece, entry, where)]
                if kind == "piece" and "entry_name" in entry.set and view.entry_name != entry.set["entry_name"]:
                    changes.append({"what": "entry name", "old": view.entry_name, "new": entry.set["entry_name"],
                                    "target": where})
                    view.entry_name = entry.set["entry_name"]
                    self.edited.add(view.element)
                text = encode_definition(piece)
                if text != view.text:
                    view.text = text
                    self.edited.add(view.element)
                targets.append(where)
        return {"entry": entry.number, "id": entry.id, "target": str(entry.target), "cite": entry.cite,
                "note": entry.note, "matched": targets, "changes": changes}

    def _piece_slots(self, entry: Entry):
        target = entry.target
        found = []
        for definition in self.definitions.definitions:
            if definition.slot is None:
                continue
            if target.gpid is not None and definition.gpid != target.gpid:
                continue
            if target.name is not None and target.name not in (definition.entry_name, definition.basic_name):
                continue
            if target.palette and not _contains_run(definition.palette_path, target.palette):
                continue
            found.append((definition.slot, f"{definition.slot.class_name} {definition.label}"))
        if not found:
            raise BadInput(self.errata.source, f"no piece slot of {self.module.path} matches", entry.label)
        return found

    def _prototypes(self, entry: Entry):
        found = [(view, f"PrototypeDefinition {view.name!r}") for view in self.definitions.prototype_views
                 if view.name == entry.target.name]
        if not found:
            raise BadInput(self.errata.source, f"{self.module.path} has no prototype of that name", entry.label)
        return found

    def _replace_image(self, entry: Entry) -> dict[str, Any]:
        path = self.base / entry.set["file"]
        try:
            data = path.read_bytes()
        except OSError as err:
            raise BadInput(self.errata.source, f"cannot read image file {path}: {err.strerror or err}",
                           entry.label) from None
        assert entry.target.name is not None  # an image target is always named (errata._target)
        name = "images/" + entry.target.name
        old = self.module.archive.find(name)
        old_bytes = None if old is None else len(old.data)
        self.module.archive.put(name, data)
        return {"what": "image", "image": entry.target.name, "old_bytes": old_bytes, "new_bytes": len(data),
                "added": old is None}

    # -- one piece ------------------------------------------------------------------------

    def _edit_piece(self, piece: Piece, entry: Entry, where: str) -> list[dict[str, Any]]:
        label_ = f"{entry.label} at {where}"
        changes = []
        basic = piece.basic
        if "name" in entry.set:
            if basic is None:
                raise BadInput(self.errata.source, "the piece has no Basic Piece to rename", label_)
            changes += _change(basic, "name", entry.set["name"], "name")
        if "image" in entry.set:
            if basic is None:
                raise BadInput(self.errata.source, "the piece has no Basic Piece to give an image", label_)
            self._require_image(entry.set["image"], label_)
            changes += _change(basic, "image", entry.set["image"], "image")
        for key, value in entry.set.get("properties", {}).items():
            changes += self._set_property(piece, key, value, label_)
        for number, edit in enumerate(entry.traits, 1):
            changes += _edit_trait(piece, edit, self.errata.source, f"{label_} trait {number}")
        return changes

    def _require_image(self, name: str, where: str) -> None:
        if f"images/{name}" not in self.module.archive:
            raise BadInput(self.errata.source, f"module has no image {name!r} (add it with an 'image' entry first)", where)

    def _set_property(self, piece: Piece, key: str, value: str, where: str) -> list[dict[str, Any]]:
        for trait in piece.traits:  # outermost first: the trait whose value VASSAL reads
            if isinstance(trait, Marker) and key in trait.keys:
                old = trait.get(key)
                if old == value:
                    return []
                trait.set(key, value)
                return [{"what": "property", "property": key, "old": old, "new": value, "trait": label(trait)}]
            if isinstance(trait, DynamicProperty) and trait.key == key:
                old = trait.value
                if old == value:
                    return []
                trait.state = value
                return [{"what": "property", "property": key, "old": old, "new": value, "trait": label(trait)}]
        expanded = expand_prototypes(piece, self.definitions.prototypes)
        inherited = expanded.properties().get(key)
        if inherited is None:
            raise BadInput(self.errata.source, f"the piece has no property {key!r} (no Marker or Dynamic Property "
                           "defines it, here or in its prototypes)", where)
        piece.traits.insert(0, Marker.new({key: value}))
        return [{"what": "property", "property": key, "old": inherited, "new": value,
                 "trait": "Marker added over the prototype's value"}]

    # -- module version and writing ---------------------------------------------------------

    def set_version(self, version: str) -> None:
        bf = self.module.buildfile
        if bf.element.get("version") != version:
            bf.element.set("version", version)
            self.edited.add(bf.element)
        for entry_name in ("moduledata", "extensiondata"):
            entry = self.module.archive.find(entry_name)
            if entry is None:
                continue
            text = entry.data
            new = re.sub(rb"(<version>)[^<]*(</version>)", lambda m: m.group(1) + _xml_text(version) + m.group(2),
                         text, count=1)
            if new != text:
                self.module.archive.put(entry_name, new)

    def write(self, output: Path) -> str:
        how = "unchanged"
        if self.edited:
            name = self.module.buildfile_entry
            original = self.module.archive.read(name)
            data, how = buildfile_bytes(self.module.buildfile.document, original, self.edited)
            self.module.archive.put(name, data)
        write_archive(self.module.archive, output)
        return how


# -- trait edits ----------------------------------------------------------------------------


def _change(trait: Trait, attr: str, value: Any, what: str) -> list[dict[str, Any]]:
    old = getattr(trait, attr)
    if old == value:
        return []
    setattr(trait, attr, value)
    return [{"what": what, "old": jsonable(old), "new": jsonable(value)}]


def trait_matches(trait: Trait, name: str) -> bool:
    """Does ``name`` (class, Java class, editor name or prefix) name this trait's kind?"""
    wanted = name.strip().lower()
    names = {type(trait).__name__, trait.java_class, trait.editor_name, trait.prefix, trait.prefix.rstrip(";")}
    if isinstance(trait, Layer):
        names.add("Layer")
    return wanted in {n.lower() for n in names if n}


def known_trait_name(name: str) -> bool:
    wanted = name.strip().lower()
    for cls in trait_classes():
        names = {cls.__name__, cls.java_class, cls.editor_name, cls.prefix, cls.prefix.rstrip(";"), "layer"}
        if wanted in {n.lower() for n in names if n}:
            return True
    return False


def _edit_trait(piece: Piece, edit: TraitEdit, source, where: str) -> list[dict[str, Any]]:
    if not known_trait_name(edit.trait):
        raise BadInput(source, f"no trait kind is called {edit.trait!r}", where)
    candidates = [t for t in piece.traits if trait_matches(t, edit.trait) and _where_holds(t, edit.where, source, where)]
    if not candidates:
        raise BadInput(source, f"the piece has no {edit.trait} trait" + (f" with {edit.where}" if edit.where else ""),
                       where)
    if len(candidates) > 1:
        raise BadInput(source, f"the piece has {len(candidates)} {edit.trait} traits: add 'where' to pick one", where)
    trait = candidates[0]
    changes = []
    for name, value in edit.set.items():
        field = _field(trait, name, source, where)
        old = getattr(trait, name)
        new = _typed(field, value, old, source, f"{where} field {name}")
        if new != old:
            setattr(trait, name, new)
            changes.append({"what": "trait field", "trait": label(trait), "field": name,
                            "old": jsonable(old), "new": jsonable(new)})
    return changes


def _where_holds(trait: Trait, where_: dict[str, Any], source, where: str) -> bool:
    for name, value in where_.items():
        if not any(f.name == name for f in trait.layout()):
            return False
        current = getattr(trait, name)
        if jsonable(current) != value and str(jsonable(current)) != str(value):
            return False
    return True


def _field(trait: Trait, name: str, source, where: str):
    for field_ in trait.layout():
        if field_.name == name:
            return field_
    names = ", ".join(f.name for f in trait.layout()) or "none"
    raise BadInput(source, f"{label(trait)} has no field {name!r} (fields: {names})", where)


def _typed(field_, value: Any, old: Any, source, where: str) -> Any:
    """A TOML value as the field's Python value, read back through the field's codec."""
    if field_.codec is STRINGS or field_.codec is KEYS:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise BadInput(source, "must be a list of strings", where)
        return [KeyStroke.parse(v) for v in value] if field_.codec is KEYS else list(value)
    if isinstance(value, list):
        value = ",".join(str(v) for v in value)  # a colour as [r, g, b]
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float):
        text = repr(value)
    elif isinstance(value, (int, str)):
        text = str(value)
    else:
        raise BadInput(source, "must be a string, number, true/false or a list", where)
    return field_.codec.read(text, old)


def _contains_run(path: tuple[str, ...], run: tuple[str, ...]) -> bool:
    n = len(run)
    return any(path[i:i + n] == run for i in range(len(path) - n + 1))


def _xml_text(value: str) -> bytes:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").encode("utf-8")


# -- writing the buildFile with the least change --------------------------------------------


def buildfile_bytes(document: XmlDocument, original: bytes, edited: set) -> tuple[bytes, str]:
    """The edited buildFile's bytes and how they were made.

    The file layer writes an unedited buildFile back byte for byte and, when lxml
    reproduces the input exactly (every corpus module), an edited one changes only
    the edited elements. For an input lxml would write differently (``<a></a>``,
    character references ...), each edited element's start tag and text are spliced
    into the original bytes instead; the splice is checked to parse to the edited
    tree, and the whole file is re-serialised only if it does not.
    """
    fresh = document.to_bytes()
    if document.serialise() == fresh and XmlDocument.parse(original, None, "buildFile").serialise() == original:
        return fresh, "edited in place"
    spliced = _splice(original, edited)
    if spliced is not None:
        try:
            if c14n(spliced) == etree.tostring(document.tree, method="c14n"):
                return spliced, "edited in place"
        except BadInput:
            pass
    return fresh, "re-serialised"


def _splice(original: bytes, edited: set) -> bytes | None:
    """Replace each edited element's start tag and own text in ``original``; None if one cannot be found."""
    line_starts = [0] + [m.end() for m in re.finditer(b"\n", original)]
    pieces, cursor = [], 0
    for element in sorted(edited, key=lambda e: e.sourceline or 0):
        line = element.sourceline
        if not line or line > len(line_starts):
            return None
        tag = element.tag.encode("utf-8")
        start = original.find(b"<" + tag, line_starts[line - 1])
        end_tag = _end_of_start_tag(original, start)
        if start < cursor or end_tag is None:
            return None
        fresh_tag = _start_tag(element)
        if original[end_tag - 2:end_tag] == b"/>":  # an empty element stays one unless it gained text
            if element.text:
                return None
            pieces += [original[cursor:start], fresh_tag[:-1] + b"/>"]
            cursor = end_tag
            continue
        if len(element):  # the root: only its start tag changes
            pieces += [original[cursor:start], fresh_tag]
            cursor = end_tag
            continue
        close = original.find(b"</" + tag, end_tag)
        if close < 0:
            return None
        pieces += [original[cursor:start], fresh_tag, _xml_text(element.text or "")]
        cursor = close
    pieces.append(original[cursor:])
    return b"".join(pieces)


def _end_of_start_tag(data: bytes, start: int) -> int | None:
    if start < 0:
        return None
    quote = None
    for i in range(start, len(data)):
        c = data[i]
        if quote is not None:
            if c == quote:
                quote = None
        elif c in (0x22, 0x27):
            quote = c
        elif c == 0x3E:
            return i + 1
    return None


def _start_tag(element) -> bytes:
    """The element's start tag as lxml writes it (attributes in their order)."""
    copy = etree.Element(element.tag, dict(element.attrib))
    copy.text = "x"
    text = etree.tostring(copy, encoding="utf-8")
    return text[: text.index(b">x<") + 1]


__all__ = ["PatchResult", "buildfile_bytes", "patch_module", "trait_matches"]
