"""The errata file: one TOML schema for ``patch`` (any module) and ``errata`` (a data-built game).

See docs/errata-format.md for the format with a worked example. In short::

    [errata]                       # optional header
    title = "Living rules 1.1"
    module_version = "1.1"         # optional: the version the new module gets

    [[entry]]
    cite = "invasion-norway.txt 13.3.7"   # the rule or publisher's note (required)
    piece = "Hipper"                      # the target: piece, prototype, image | unit, unit_type, hex, zone
    set = { name = "Admiral Hipper", properties = { Gunnery = "3" } }
    trait = [{ trait = "Layer", where = { name = "Step" }, set = { level_name_list = ["", "+ reduced"] } }]

Entries of the module kinds (piece, prototype, image) are what ``patch`` applies;
entries of the data kinds (unit, unit_type, hex, zone) are what ``errata`` applies to a
game kept as data. :func:`read_errata` checks the whole file and raises
:class:`~vassal_tools.errors.BadInput` naming the entry at fault; it knows no module
and no game, so both commands share it.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadInput

#: Targets in any VASSAL module (applied by ``patch``).
MODULE_KINDS = ("piece", "prototype", "image")
#: Targets in a game kept as data under module_src/ (applied by ``errata``).
DATA_KINDS = ("unit", "unit_type", "hex", "zone")
KINDS = MODULE_KINDS + DATA_KINDS

HEADER_KEYS = {"title", "game", "source", "module_version", "format"}
ENTRY_KEYS = {"cite", "note", "id", "set", "trait", *KINDS}
PIECE_SET_KEYS = {"name", "image", "entry_name", "properties"}
PROTOTYPE_SET_KEYS = {"image", "properties"}
IMAGE_SET_KEYS = {"file"}
PIECE_SELECTOR_KEYS = {"name", "gpid", "palette"}
TRAIT_KEYS = {"trait", "where", "set"}
NOTE_KEYS = {"cite", "note", "id"}
FORMAT = 1

Scalar = str | int | float | bool


@dataclass(frozen=True)
class Target:
    """What an entry changes: a kind and how to find it.

    ``name`` is the piece's slot entry name or BasicName, the prototype's or image's
    name, or the unit id, unit type, hex or zone. A piece may instead, or as well, be
    picked by ``gpid`` and narrowed by its ``palette`` path (names outermost first).
    """

    kind: str
    name: str | None = None
    gpid: str | None = None
    palette: tuple[str, ...] | None = None

    def __str__(self) -> str:
        parts = []
        if self.name is not None:
            parts.append(repr(self.name))
        if self.gpid is not None:
            parts.append(f"gpid {self.gpid}")
        if self.palette:
            parts.append("in " + " / ".join(self.palette))
        return f"{self.kind} {' '.join(parts)}"


@dataclass
class TraitEdit:
    """A change to typed fields of one trait: ``trait`` names its class, editor name or prefix;
    ``where`` holds field values that pick it when a piece has several; ``set`` the new values."""

    trait: str
    where: dict[str, Any]
    set: dict[str, Any]


@dataclass
class Entry:
    """One erratum: its target, what to set, and where it comes from."""

    number: int  # 1-based position in the file, for messages
    target: Target
    cite: str
    note: str = ""
    id: str | None = None
    set: dict[str, Any] = field(default_factory=dict)
    traits: list[TraitEdit] = field(default_factory=list)

    @property
    def label(self) -> str:
        """How messages name the entry: ``entry 3 (piece 'Hipper')``."""
        name = f"entry {self.number}" + (f" [{self.id}]" if self.id else "")
        return f"{name} ({self.target})"

    @property
    def is_data(self) -> bool:
        return self.target.kind in DATA_KINDS


@dataclass
class Note:
    """An erratum that changes only the rules' text (a ``[[note]]``): recorded, nothing applied."""

    number: int
    cite: str
    note: str
    id: str | None = None


@dataclass
class Errata:
    """A parsed errata file."""

    source: str | None
    entries: list[Entry]
    title: str = ""
    game: str = ""
    publication: str = ""
    module_version: str | None = None
    notes: list[Note] = field(default_factory=list)

    def module_entries(self) -> list[Entry]:
        return [e for e in self.entries if not e.is_data]

    def data_entries(self) -> list[Entry]:
        return [e for e in self.entries if e.is_data]


def read_errata(path: str | os.PathLike) -> Errata:
    """Read and check an errata file; BadInput (file, entry, fault) if anything is wrong."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except IsADirectoryError:
        raise BadInput(path, "is a directory, not an errata file") from None
    except OSError as err:
        raise BadInput(path, f"cannot read: {err.strerror or err}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise BadInput(path, f"not UTF-8 text (byte {err.start})") from None
    except tomllib.TOMLDecodeError as err:
        raise BadInput(path, f"not valid TOML: {err}") from None
    return parse_errata(data, str(path))


def parse_errata(data: dict[str, Any], source: str | None = None) -> Errata:
    """An :class:`Errata` from TOML already loaded into a dict."""
    _no_unknown(data, {"errata", "entry", "note"}, source, "top level")
    header = data.get("errata", {})
    if not isinstance(header, dict):
        raise BadInput(source, "'errata' must be a table (the file's header)", "[errata]")
    _no_unknown(header, HEADER_KEYS, source, "[errata]")
    if header.get("format", FORMAT) != FORMAT:
        raise BadInput(source, f"format {header.get('format')!r} is not known; this reader knows format {FORMAT}",
                       "[errata]")
    version = header.get("module_version")
    if version is not None and (not isinstance(version, str) or not version.strip()):
        raise BadInput(source, "module_version must be a non-empty string", "[errata]")
    entries = data.get("entry", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise BadInput(source, "entries must be written as [[entry]] tables", "entry")
    notes = data.get("note", [])
    if not isinstance(notes, list) or not all(isinstance(n, dict) for n in notes):
        raise BadInput(source, "notes must be written as [[note]] tables", "note")
    if not entries and not notes:
        raise BadInput(source, "the file has no [[entry]] and no [[note]]: nothing to apply or record")
    parsed = [_entry(number, raw, source) for number, raw in enumerate(entries, 1)]
    return Errata(source, parsed, _text(header, "title", source, "[errata]"), _text(header, "game", source, "[errata]"),
                  _text(header, "source", source, "[errata]"), version,
                  [_note(number, raw, source) for number, raw in enumerate(notes, 1)])


def require_module_entries(errata: Errata) -> list[Entry]:
    """The entries ``patch`` applies; BadInput at the first entry of a data-only kind."""
    for entry in errata.entries:
        if entry.is_data:
            raise BadInput(errata.source, f"a {entry.target.kind!r} entry changes a game kept as data; patch changes "
                           "a module's pieces, prototypes and images (use 'vassal-tools errata' for game data)",
                           entry.label)
    return errata.entries


# -- one entry ------------------------------------------------------------------------------


def _entry(number: int, raw: dict[str, Any], source) -> Entry:
    where = f"entry {number}"
    _no_unknown(raw, ENTRY_KEYS, source, where)
    kinds = [k for k in KINDS if k in raw]
    if len(kinds) != 1:
        found = ", ".join(kinds) or "none"
        raise BadInput(source, f"needs exactly one target key of {', '.join(KINDS)} (found: {found})", where)
    target = _target(kinds[0], raw[kinds[0]], source, where)
    where = f"{where} ({target})"
    cite = raw.get("cite")
    if not isinstance(cite, str) or not cite.strip():
        raise BadInput(source, "needs 'cite': the rule number or publisher's note the change comes from", where)
    entry = Entry(number, target, cite.strip(), _text(raw, "note", source, where), _optional_id(raw, source, where))
    entry.set = _set_table(raw.get("set", {}), target.kind, source, where)
    traits = raw.get("trait", [])
    if isinstance(traits, dict):
        traits = [traits]
    if not isinstance(traits, list):
        raise BadInput(source, "'trait' must be a table or a list of tables", where)
    if traits and target.kind not in ("piece", "prototype"):
        raise BadInput(source, f"a {target.kind} has no traits: 'trait' applies to pieces and prototypes", where)
    entry.traits = [_trait_edit(t, source, f"{where} trait {i}") for i, t in enumerate(traits, 1)]
    if not entry.set and not entry.traits:
        raise BadInput(source, "changes nothing: give 'set' or 'trait'", where)
    return entry


def _note(number: int, raw: dict[str, Any], source) -> Note:
    where = f"note {number}"
    _no_unknown(raw, NOTE_KEYS, source, where)
    cite = raw.get("cite")
    if not isinstance(cite, str) or not cite.strip():
        raise BadInput(source, "needs 'cite': the rule number or publisher's note", where)
    text = _text(raw, "note", source, where)
    if not text:
        raise BadInput(source, "needs 'note': what the erratum says", where)
    return Note(number, cite.strip(), text, _optional_id(raw, source, where))


def _target(kind: str, value: Any, source, where: str) -> Target:
    if kind == "piece" and isinstance(value, dict):
        _no_unknown(value, PIECE_SELECTOR_KEYS, source, f"{where} piece")
        name, gpid, palette = value.get("name"), value.get("gpid"), value.get("palette")
        if gpid is not None:
            gpid = str(gpid) if isinstance(gpid, (int, str)) and not isinstance(gpid, bool) else None
            if gpid is None or not gpid:
                raise BadInput(source, "piece gpid must be a string or an integer", where)
        if name is not None and (not isinstance(name, str) or not name):
            raise BadInput(source, "piece name must be a non-empty string", where)
        if palette is not None:
            palette = _palette(palette, source, where)
        if name is None and gpid is None:
            raise BadInput(source, "a piece is picked by 'name' or 'gpid'", where)
        return Target(kind, name, gpid, palette)
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value) == "":
        raise BadInput(source, f"{kind} must name its target with a non-empty string", where)
    return Target(kind, str(value))


def _palette(value: Any, source, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        parts = [p.strip() for p in value.split("/")]
    elif isinstance(value, list) and all(isinstance(p, str) for p in value):
        parts = list(value)
    else:
        raise BadInput(source, "palette must be 'Window / Tab' text or a list of names", where)
    return tuple(p for p in parts if p)


def _set_table(value: Any, kind: str, source, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadInput(source, "'set' must be a table of the values to change", where)
    allowed = {"piece": PIECE_SET_KEYS, "prototype": PROTOTYPE_SET_KEYS, "image": IMAGE_SET_KEYS}.get(kind)
    if allowed is not None:
        _no_unknown(value, allowed, source, f"{where} set")
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key == "properties":
            if not isinstance(item, dict) or not item:
                raise BadInput(source, "set.properties must be a table of property = value", where)
            out[key] = {str(k): _scalar_text(v, source, f"{where} set.properties.{k}") for k, v in item.items()}
        elif allowed is not None:
            if not isinstance(item, str):
                raise BadInput(source, f"set.{key} must be a string", where)
            out[key] = item
        else:
            if not isinstance(item, (str, int, float, bool)):
                raise BadInput(source, f"set.{key} must be a string, number or true/false", where)
            out[key] = item
    return out


def _trait_edit(raw: Any, source, where: str) -> TraitEdit:
    if not isinstance(raw, dict):
        raise BadInput(source, "must be a table with 'trait', optional 'where' and 'set'", where)
    _no_unknown(raw, TRAIT_KEYS, source, where)
    name = raw.get("trait")
    if not isinstance(name, str) or not name:
        raise BadInput(source, "needs 'trait': the trait's class, editor name or prefix (Layer, emb2;, Marker...)", where)
    match, values = raw.get("where", {}), raw.get("set")
    if not isinstance(match, dict):
        raise BadInput(source, "'where' must be a table of field = value", where)
    if not isinstance(values, dict) or not values:
        raise BadInput(source, "needs 'set': a table of field = new value", where)
    return TraitEdit(name, dict(match), dict(values))


def _scalar_text(value: Any, source, where: str) -> str:
    """A property value as VASSAL stores it: text (true/false for booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    raise BadInput(source, "must be a string, number or true/false", where)


def _text(table: dict[str, Any], key: str, source, where: str) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise BadInput(source, f"'{key}' must be a string", where)
    return value.strip()


def _optional_id(table: dict[str, Any], source, where: str) -> str | None:
    value = table.get("id")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise BadInput(source, "'id' must be a string or an integer", where)
    return str(value)


def _no_unknown(table: dict[str, Any], allowed: set[str], source, where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise BadInput(source, f"unknown key {unknown[0]!r} (known: {', '.join(sorted(allowed))})", where)
