"""What changed between two versions of one piece: name, image, properties, traits and their fields.

Traits are paired by kind and identity (a Layer by its name, a Dynamic Property by
its key, a Text Label by its property name ...), in editor order, so an inserted
trait shows as one addition rather than as every later trait changing. A paired
trait whose strings differ is compared field by field through its typed fields.
The BasicPiece's name and image, Marker values and Dynamic Property values are
reported as "name", "image" and "property" changes, which is how a maintainer
thinks of them; everything else as trait field changes with old and new values.

A named key command is compared by its name: VASSAL's editor writes it with a key
code of its own session (vassal-formats.md 4.3), so two saves of one module differ in
codes nobody changed. Such a difference is no change (:func:`same_type`).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

from ..formats.pieces import Piece
from ..formats.traits import (
    BasicPiece,
    DynamicProperty,
    FreeRotator,
    KeyStroke,
    Labeler,
    Layer,
    Marker,
    Prototype,
    Trait,
    UnknownTrait,
)
from ..formats.traits.values import without_named_key_codes

_IDENTITIES: dict[tuple[type, str], tuple[str, str]] = {}
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def identity(trait: Trait) -> tuple[str, str]:
    """(kind, name) that stays the same across versions of a trait."""
    key = (type(trait), trait.type)
    found = _IDENTITIES.get(key)
    if found is None:
        if len(_IDENTITIES) > 100_000:
            _IDENTITIES.clear()
        found = _IDENTITIES[key] = _identity(trait)
    return found


def _identity(trait: Trait) -> tuple[str, str]:
    kind = type(trait).__name__ if not isinstance(trait, UnknownTrait) else trait.prefix
    if isinstance(trait, Layer):  # the legacy emb; and emb2; are one layer in two formats
        kind, name = "Layer", trait.layer_name
    elif isinstance(trait, DynamicProperty):
        name = trait.key
    elif isinstance(trait, Labeler):  # the description names a label in the editor; the property often repeats
        name = trait.description or trait.property_name
    elif isinstance(trait, Marker):
        name = ",".join(trait.keys)
    elif isinstance(trait, Prototype):
        name = trait.name
    elif isinstance(trait, FreeRotator):
        name = trait.name
    else:
        name = _field(trait, "description") or _field(trait, "name") or _field(trait, "command_name") or ""
    return kind, str(name)


def label(trait: Trait) -> str:
    """``Layer 'Step'``: the trait's editor name and identity, for people."""
    name = identity(trait)[1]
    editor = trait.editor_name or type(trait).__name__
    if isinstance(trait, UnknownTrait):
        editor = f"custom trait {trait.prefix}"
    return f"{editor} {name!r}" if name else editor


def pair_traits(old: list[Trait], new: list[Trait]) -> list[tuple[Trait | None, Trait | None]]:
    """Old and new traits paired in editor order; None on the side where one is missing."""
    old_keys = [identity(t) for t in old]
    new_keys = [identity(t) for t in new]
    # Versions mostly share long runs at both ends: pair those directly, match only the middle.
    head = 0
    while head < min(len(old), len(new)) and old_keys[head] == new_keys[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old_keys[-1 - tail] == new_keys[-1 - tail]:
        tail += 1
    pairs: list[tuple[Trait | None, Trait | None]] = list(zip(old[:head], new[:head]))
    old_mid, new_mid = old[head:len(old) - tail], new[head:len(new) - tail]
    matcher = SequenceMatcher(None, old_keys[head:len(old) - tail], new_keys[head:len(new) - tail], autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            pairs += list(zip(old_mid[a0:a1], new_mid[b0:b1]))
            continue
        left, right = list(old_mid[a0:a1]), list(new_mid[b0:b1])
        # Same kind in a replaced block: the same trait renamed or re-described.
        for trait in list(left):
            match = next((r for r in right if identity(r)[0] == identity(trait)[0]), None)
            if match is not None:
                pairs.append((trait, match))
                left.remove(trait)
                right.remove(match)
        pairs += [(t, None) for t in left] + [(None, t) for t in right]
    if tail:
        pairs += list(zip(old[len(old) - tail:], new[len(new) - tail:]))
    return pairs


def same_type(before: Trait, after: Trait) -> bool:
    """The two traits' types are the same but for the codes of named keys."""
    return before.type == after.type or \
        without_named_key_codes(before.type) == without_named_key_codes(after.type)


def state_changes(before: Trait, after: Trait) -> list[dict[str, Any]]:
    """What differs in the states of two paired traits (the BasicPiece's position is not a change)."""
    if before.state == after.state or isinstance(after, BasicPiece):
        return []
    if isinstance(before, Marker) and isinstance(after, Marker):
        return property_changes(before.properties, after.properties, label(after))
    if isinstance(after, DynamicProperty):
        return [{"what": "property", "property": after.key, "old": before.state, "new": after.state,
                 "trait": label(after)}]
    return [{"what": "trait state", "trait": label(after), "old": before.state, "new": after.state}]


def piece_changes(old: Piece, new: Piece) -> list[dict[str, Any]]:
    """Every difference between two pieces, as JSON-ready dicts (empty when equal)."""
    if old.type == new.type and old.state == new.state:
        return []
    changes: list[dict[str, Any]] = []
    for before, after in pair_traits(old.editor_order(), new.editor_order()):
        if before is None:
            assert after is not None  # pair_traits never pairs None with None
            changes.append({"what": "trait added", "trait": label(after), "type": after.type})
        elif after is None:
            changes.append({"what": "trait removed", "trait": label(before), "type": before.type})
        elif not same_type(before, after) or before.state != after.state:
            changes += trait_changes(before, after)
    return changes


def trait_changes(before: Trait, after: Trait) -> list[dict[str, Any]]:
    """Field-by-field changes of one trait (same kind in both versions)."""
    if isinstance(before, BasicPiece) and isinstance(after, BasicPiece):
        return _basic_changes(before, after)
    if isinstance(before, Marker) and isinstance(after, Marker):
        return property_changes(before.properties, after.properties, label(after))
    out: list[dict[str, Any]] = []
    name = label(after)
    if isinstance(before, DynamicProperty) and isinstance(after, DynamicProperty) and before.value != after.value:
        out.append({"what": "property", "property": after.key, "old": before.value, "new": after.value,
                    "trait": name})
    if not same_type(before, after):
        out += _field_changes(before, after, name)
    if not isinstance(after, DynamicProperty) and before.state != after.state:
        out.append({"what": "trait state", "trait": name, "old": before.state, "new": after.state})
    return out


def _basic_changes(before: BasicPiece, after: BasicPiece) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if before.name != after.name:
        out.append({"what": "name", "old": before.name, "new": after.name})
    if before.image != after.image:
        out.append({"what": "image", "old": before.image, "new": after.image})
    for attr in ("clone_key", "delete_key"):
        if getattr(before, attr) != getattr(after, attr):
            out.append({"what": "trait field", "trait": "Basic Piece", "field": attr,
                        "old": getattr(before, attr), "new": getattr(after, attr)})
    old_props, new_props = before.properties, after.properties
    if old_props != new_props:
        out += property_changes(old_props, new_props, "Basic Piece")
    return out


def property_changes(old: dict[str, str], new: dict[str, str], trait: str) -> list[dict[str, Any]]:
    out = []
    for key in list(old) + [k for k in new if k not in old]:
        if old.get(key) != new.get(key):
            out.append({"what": "property", "property": key, "old": old.get(key), "new": new.get(key), "trait": trait})
    return out


def _field_changes(before: Trait, after: Trait, name: str) -> list[dict[str, Any]]:
    if type(before) is not type(after) or isinstance(before, UnknownTrait) or not before.layout():
        return [{"what": "trait type", "trait": name, "old": before.type, "new": after.type}]
    out = []
    old_values, new_values = before.values(), after.values()
    for key, old_value in old_values.items():
        new_value = new_values.get(key)
        if old_value != new_value and _meaning(old_value) != _meaning(new_value):
            out.append({"what": "trait field", "trait": name, "field": key,
                        "old": _shown(old_value), "new": _shown(new_value)})
    if not out and _unknown_fields(before) != _unknown_fields(after):  # a newer VASSAL's additions differ
        out.append({"what": "trait type", "trait": name, "old": before.type, "new": after.type})
    # Otherwise the types differ only in how they are written: trailing fields at their
    # defaults left out by one VASSAL and written by another, or named keys' codes.
    return out


def _unknown_fields(trait: Trait) -> list[str]:
    """The type's fields after the ones the trait's layout knows, trailing empty ones left out."""
    extra = [without_named_key_codes(t) for t in trait.tokens()[len(trait.layout()):]]
    while extra and not extra[-1]:
        extra.pop()
    return extra


# Trailing empty fields of a ``|``-encoded text (a Global Key Command's target): the defaults,
# written by one VASSAL version and left out by another.
_TRAILING_EMPTY_FIELDS = re.compile(r"(?:\\*\|)+$")


def _meaning(value: Any) -> Any:
    """A field value as a maintainer compares it: named keys by name (also inside text), a
    ``|``-encoded text without its trailing empty fields."""
    if isinstance(value, KeyStroke):
        return value.meaning
    if isinstance(value, str):
        text = without_named_key_codes(value)
        return _TRAILING_EMPTY_FIELDS.sub("", text) if text.count("|") >= 3 else text
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return [_meaning(v) for v in value]
    return value


def _shown(value: Any) -> Any:
    """A field value for release notes: a named key command by its name, as the editor shows it."""
    if isinstance(value, KeyStroke) and value.name:
        return value.name
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return [_shown(v) for v in value]
    return jsonable(value)


def jsonable(value: Any) -> Any:
    """A typed field value as JSON: key strokes and colours as text, tuples as lists."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return [jsonable(v) for v in value]
    if hasattr(value, "_asdict"):
        return {k: jsonable(v) for k, v in value._asdict().items()}
    return str(value)


def _field(trait: Trait, name: str) -> str | None:
    names = _FIELD_NAMES.get(type(trait))
    if names is None:
        names = _FIELD_NAMES[type(trait)] = frozenset(f.name for f in type(trait).fields)
    if name in names:
        value = getattr(trait, name)
        return value if isinstance(value, str) else None
    return None
