"""Release notes: everything that differs between two versions of a module.

:func:`diff_modules` compares two modules (or extensions) as a maintainer would read
them:

* pieces (every palette slot, at-start stack slot and deck card), matched by gpid,
  then by palette path and name, then by name alone, then by image (a piece renamed
  and given a new gpid keeps its picture), then same-named copies in order: added,
  removed, renamed, moved, and for a changed piece which traits and properties changed,
  old and new values (a named key command by its name, not its session's key code);
* prototypes, matched by name, compared the same way;
* every other component of the buildFile (maps, boards, grids, zones, at-start stacks,
  decks, global properties, turn trackers, dice ...), matched by its place in the tree
  and its name: added, removed, or attributes and text changed;
* images, by bytes; a changed image with the number of pixels that differ (SVGs drawn);
* the metadata entry and every other archive entry (help files, setups, sounds).

The result is a JSON-ready dict; :mod:`.text` and :mod:`.html` present it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import BadInput
from ..formats.components import element_text, is_folder, simple_name
from ..formats.files import Module
from ..formats.kinds import open_module
from ..formats.traits.values import without_named_key_codes
from ..formats.xmlsafe import parse_tree
from .definitions import Definition, ModuleDefinitions
from .imagediff import ImageDecoder, compare_images
from .traitdiff import piece_changes

SLOT_CLASSES = ("PieceSlot", "CardSlot", "PrototypeDefinition")
NAME_ATTRIBUTES = ("name", "mapName", "entryName")
METADATA_ENTRIES = ("moduledata", "extensiondata")


class ModuleDiff:
    """The comparison of two modules: ``report`` (JSON-ready) plus access to both archives."""

    def __init__(self, old: Module, new: Module, report: dict[str, Any]):
        self.old = old
        self.new = new
        self.report = report

    @property
    def equal(self) -> bool:
        return self.report["equal"]


def diff_modules(old_path, new_path, *, pixels: bool = True) -> ModuleDiff:
    """Compare two module files. ``pixels``: count differing pixels of changed raster images."""
    old, new = open_module(old_path), open_module(new_path)
    return diff_opened(old, new, pixels=pixels)


def diff_opened(old: Module, new: Module, *, pixels: bool = True) -> ModuleDiff:
    old_defs, new_defs = ModuleDefinitions(old), ModuleDefinitions(new)
    report: dict[str, Any] = {
        "old": _describe(old),
        "new": _describe(new),
        "pieces": diff_pieces(old_defs, new_defs),
        "prototypes": diff_prototypes(old_defs, new_defs),
        "components": diff_components(old, new),
        "metadata": diff_metadata(old, new),
        "images": diff_images(old, new, pixels),
        "entries": diff_entries(old, new),
    }
    report["summary"] = _summary(report)
    report["equal"] = not any(report["summary"].values())
    return ModuleDiff(old, new, report)


def _describe(module: Module) -> dict[str, Any]:
    bf = module.buildfile
    return {"file": str(module.path), "kind": module.kind, "name": bf.name, "version": bf.version,
            "vassal_version": bf.vassal_version}


# -- pieces ---------------------------------------------------------------------------------


def diff_pieces(old: ModuleDefinitions, new: ModuleDefinitions) -> dict[str, list]:
    """Added, removed and changed piece definitions (slots and inline place-marker pieces)."""
    pairs, removed, added = match_definitions(old.definitions, new.definitions)
    changed = []
    for before, after, matched_by in pairs:
        entry = _piece_entry(after)
        notes = []
        if before.name != after.name:
            notes.append({"what": "renamed", "old": before.name, "new": after.name})
        if (before.palette_path, before.context) != (after.palette_path, after.context):
            notes.append({"what": "moved", "old": _place(before), "new": _place(after)})
        if before.gpid != after.gpid:
            notes.append({"what": "gpid", "old": before.gpid, "new": after.gpid})
        changes = notes + piece_changes(before.piece, after.piece)
        if changes:
            entry.update(matched_by=matched_by, changes=changes)
            changed.append(entry)
    return {"added": [_piece_entry(d) for d in added], "removed": [_piece_entry(d) for d in removed],
            "changed": changed}


def match_definitions(old: list[Definition], new: list[Definition]):
    """``(pairs, removed, added)``: pairs matched by gpid, then palette path and name, then name,
    then the BasicPiece's image, each where it picks one definition on each side; then the
    same-named definitions left, in document order.

    Slots that share gpid, place and name (copies VASSAL's editor left behind) are
    first paired in document order, so that an unchanged module matches itself.
    """
    pairs: list[tuple[Definition, Definition, str]] = []
    left, right = _numbered(old), _numbered(new)
    found, left, right = _match_unique(left, right, lambda item: item[0])
    pairs += [(a[1], b[1], "gpid") for a, b in found]
    left, right = [item[1] for item in left], [item[1] for item in right]
    for key, how in ((lambda d: d.gpid or None, "gpid"),
                     (lambda d: (d.palette_path, d.context, d.name), "palette path and name"),
                     (lambda d: d.name or None, "name"),
                     (_image, "image")):
        found, left, right = _match_unique(left, right, key)
        pairs += [(a, b, how) for a, b in found]
    found, left, right = _match_in_order(left, right, lambda d: d.name or None)
    pairs += [(a, b, "name") for a, b in found]
    return pairs, left, right


def _image(definition: Definition) -> tuple[str, ...] | None:
    """The pictures the definition itself shows (its BasicPiece's and Layers'), in order."""
    try:
        images = definition.piece.images
    except BadInput:
        return None
    return tuple(images) or None


def _match_in_order(left: list, right: list, key):
    """Pair items of the same key, the first left with the first right and so on."""
    waiting: dict[Any, list] = {}
    for item in right:
        k = key(item)
        if k is not None:
            waiting.setdefault(k, []).append(item)
    pairs, rest_left, used = [], [], set()
    for item in left:
        queue = waiting.get(key(item))
        if queue:
            partner = queue.pop(0)
            pairs.append((item, partner))
            used.add(id(partner))
        else:
            rest_left.append(item)
    return pairs, rest_left, [item for item in right if id(item) not in used]


def _numbered(definitions: list[Definition]) -> list[tuple[tuple, Definition]]:
    """Each definition keyed by (gpid, place, name, n): n counts earlier copies of the same."""
    seen: Counter = Counter()
    out = []
    for definition in definitions:
        key = (definition.gpid, definition.palette_path, definition.context, definition.name)
        out.append((key + (seen[key],), definition))
        seen[key] += 1
    return out


def _match_unique(left: list, right: list, key):
    """Pair items whose key is present and unique on both sides; return (pairs, rest_left, rest_right)."""
    left_keys = Counter(k for k in map(key, left) if k is not None)
    right_keys = Counter(k for k in map(key, right) if k is not None)
    index = {key(item): item for item in right if right_keys.get(key(item)) == 1}
    pairs, rest_left, used = [], [], set()
    for item in left:
        k = key(item)
        partner = index.get(k) if k is not None and left_keys[k] == 1 else None
        if partner is None:
            rest_left.append(item)
        else:
            pairs.append((item, partner))
            used.add(id(partner))
    return pairs, rest_left, [item for item in right if id(item) not in used]


def _piece_entry(definition: Definition) -> dict[str, Any]:
    return {"name": definition.name, "gpid": definition.gpid, "palette_path": list(definition.palette_path),
            "context": definition.context}


def _place(definition: Definition) -> str:
    return " / ".join(definition.palette_path) if definition.palette_path else definition.context


# -- prototypes -----------------------------------------------------------------------------


def diff_prototypes(old: ModuleDefinitions, new: ModuleDefinitions) -> dict[str, list]:
    before, after = old.prototypes, new.prototypes
    users = _prototype_users(new)
    changed = []
    for name, piece in before.items():
        if name in after:
            changes = piece_changes(piece, after[name])
            if changes:
                changed.append({"name": name, "changes": changes, "used_by": users.get(name, 0)})
    return {"added": [{"name": n} for n in after if n not in before],
            "removed": [{"name": n, "used_by": users.get(n, 0)} for n in before if n not in after],
            "changed": changed}


def _prototype_users(definitions: ModuleDefinitions) -> Counter:
    """How many piece definitions refer to each prototype directly."""
    users: Counter = Counter()
    for definition in definitions.definitions:
        try:
            users.update(set(definition.piece.prototypes))
        except BadInput:
            continue
    return users


# -- other components -----------------------------------------------------------------------


def component_index(module: Module) -> dict[tuple, Any]:
    """Every buildFile element except piece slots and prototypes, keyed by its path of (class, name, n)."""
    root = module.buildfile.element
    index: dict[tuple, Any] = {}
    seen: dict[tuple, Counter] = {}  # per parent path: folder contents share their parent's numbering

    def visit(element, path: tuple) -> None:
        counts = seen.setdefault(path, Counter())
        for child in element:
            if not isinstance(child.tag, str) or simple_name(child.tag) in SLOT_CLASSES:
                continue
            name = next((child.get(a) for a in NAME_ATTRIBUTES if child.get(a) is not None), None)
            ident = (simple_name(child.tag), name)
            key = path + ((ident[0], name, counts[ident]),)
            counts[ident] += 1
            index[key] = child
            visit(child, path if is_folder(child) else key)

    index[()] = root
    visit(root, ())
    return index


def diff_components(old: Module, new: Module) -> dict[str, list]:
    before, after = component_index(old), component_index(new)
    changed = []
    for key, element in before.items():
        other = after.get(key)
        if other is None:
            continue
        attributes = _attribute_changes(dict(element.attrib), dict(other.attrib))
        text_old, text_new = _own_text(element), _own_text(other)
        text_changed = without_named_key_codes(text_old) != without_named_key_codes(text_new)
        if attributes or text_changed:
            entry: dict[str, Any] = {"path": path_text(key, element), "kind": component_kind(element),
                                     "attributes": attributes}
            if text_changed:
                entry["text"] = {"old": text_old, "new": text_new}
            changed.append(entry)
    removed = [_component_entry(k, e) for k, e in before.items() if k not in after and _top_change(k, after)]
    added = [_component_entry(k, e) for k, e in after.items() if k not in before and _top_change(k, before)]
    return {"added": added, "removed": removed, "changed": changed}


def _top_change(key: tuple, other_side: dict) -> bool:
    """Report an added or removed subtree once, at its top."""
    return key[:-1] in other_side or not key


def _own_text(element) -> str:
    return element_text(element)


def _attribute_changes(old: dict[str, str], new: dict[str, str]) -> list[dict[str, Any]]:
    """Attributes whose values differ, but for the session codes of named keys (a hotkey)."""
    out = []
    for name in list(old) + [n for n in new if n not in old]:
        before, after = old.get(name), new.get(name)
        if before != after and (before is None or after is None
                                or without_named_key_codes(before) != without_named_key_codes(after)):
            out.append({"name": name, "old": before, "new": after})
    return out


def _component_entry(key: tuple, element) -> dict[str, Any]:
    return {"path": path_text(key, element), "kind": component_kind(element)}


def path_text(key: tuple, element) -> str:
    if not key:
        return simple_name(element.tag)
    parts = []
    for class_name, name, ordinal in key:
        part = class_name + (f" {name!r}" if name else "")
        parts.append(part + (f" #{ordinal + 1}" if ordinal else ""))
    return " / ".join(parts)


_KINDS = {
    "Map": "map", "PrivateMap": "map", "PlayerHand": "map", "WidgetMap": "map", "Board": "board",
    "BoardPicker": "board picker", "SetupStack": "at-start stack", "DrawPile": "deck",
    "GlobalProperty": "global property", "GlobalProperties": "global property", "Zone": "grid",
    "Region": "grid", "TurnTracker": "turn tracker", "DiceButton": "dice", "SpecialDiceButton": "dice",
    "PieceWindow": "palette", "GameModule": "module", "BasicModule": "module", "ModuleExtension": "module",
}


def component_kind(element) -> str:
    name = simple_name(element.tag)
    if name.endswith(("Grid", "Numbering")):
        return "grid"
    if name.endswith("TurnLevel"):
        return "turn tracker"
    if name.endswith("Widget") and name != "MapWidget":
        return "palette"
    return _KINDS.get(name, "component")


# -- metadata, images, other entries ----------------------------------------------------------


def diff_metadata(old: Module, new: Module) -> list[dict[str, Any]]:
    """Changed fields of ``moduledata``/``extensiondata`` (version, VassalVersion, dateSaved ...)."""
    out = []
    for entry in METADATA_ENTRIES:
        a, b = old.archive.find(entry), new.archive.find(entry)
        if a is None and b is None or (a is not None and b is not None and a.data == b.data):
            continue
        fields_a, fields_b = _metadata_fields(a, old), _metadata_fields(b, new)
        for name in list(fields_a) + [n for n in fields_b if n not in fields_a]:
            if fields_a.get(name) != fields_b.get(name):
                out.append({"entry": entry, "field": name, "old": fields_a.get(name), "new": fields_b.get(name)})
        if not out:
            out.append({"entry": entry, "field": "(layout)", "old": None, "new": None})
    return out


def _metadata_fields(entry, module: Module) -> dict[str, str]:
    if entry is None:
        return {}
    try:
        root = parse_tree(entry.data, str(module.path), entry.name).getroot()
    except BadInput:
        return {"(unreadable)": entry.data.decode("utf-8", "replace")}
    out = {}
    for child in root:
        if isinstance(child.tag, str):
            key = child.tag + (f"[{child.get('lang')}]" if child.get("lang") else "")
            out[key] = (child.text or "").strip()
    return out


def _is_image(name: str) -> bool:
    return name.startswith("images/") and not name.endswith("/")


def diff_images(old: Module, new: Module, pixels: bool) -> dict[str, list]:
    before = {e.name: e.data for e in old.archive if _is_image(e.name)}
    after = {e.name: e.data for e in new.archive if _is_image(e.name)}
    changed = []
    decoders = ImageDecoder(old.image_bytes), ImageDecoder(new.image_bytes)
    for name, data in before.items():
        other = after.get(name)
        if other is not None and other != data:
            entry = {"name": name[len("images/"):], "old_bytes": len(data), "new_bytes": len(other)}
            if pixels:
                entry.update(compare_images(data, other, name, *decoders))
            changed.append(entry)
    return {"added": [{"name": n[len("images/"):], "bytes": len(d)} for n, d in after.items() if n not in before],
            "removed": [{"name": n[len("images/"):], "bytes": len(d)} for n, d in before.items() if n not in after],
            "changed": changed}


def diff_entries(old: Module, new: Module) -> dict[str, list]:
    """Archive entries that are neither images, the buildFile nor metadata."""
    skip = {old.buildfile_entry, new.buildfile_entry, *METADATA_ENTRIES}

    def others(module: Module) -> dict[str, bytes]:
        return {e.name: e.data for e in module.archive
                if e.name not in skip and not _is_image(e.name) and not e.name.endswith("/")}

    before, after = others(old), others(new)
    return {"added": [{"name": n, "bytes": len(d)} for n, d in after.items() if n not in before],
            "removed": [{"name": n, "bytes": len(d)} for n, d in before.items() if n not in after],
            "changed": [{"name": n, "old_bytes": len(d), "new_bytes": len(after[n])}
                        for n, d in before.items() if n in after and after[n] != d]}


def _summary(report: dict[str, Any]) -> dict[str, int]:
    out = {}
    for section in ("pieces", "prototypes", "components", "images", "entries"):
        for change in ("added", "removed", "changed"):
            out[f"{section} {change}"] = len(report[section][change])
    out["metadata fields changed"] = len(report["metadata"])
    return out
