"""Which pieces are units of the game, and what they are: Marker properties or a mapping file.

A module built by vassal_tools gives every counter Marker properties
(``UnitId``, ``Side``, ``Nationality``, ``Class``, ``Type``, ``Size``,
``Formation``, ``Steps``; lower-case ``id``, ``side``… are read too), so a log
says which unit moved without any guessing. For another module the user gives a
mapping file (JSON) naming the pieces::

    {"game": "invasion-norway",
     "units": {"I/138": {"ref": "ger-138-gj-1"},
               "gpid:57": {"id": "hms-x", "class": "naval", "side": "allied", "type": "DD"}},
     "locations": {"Oslo Harbour": "4720"},
     "players": {"Alice": "german"}}

A piece is matched by its name as VASSAL shows it (its BasicName) or ``gpid:N``
(its palette slot). A ``ref`` must name a unit of the game: a typo is an error naming
the entry, not a unit quietly dropped. Pieces matched by neither are not units; the
recorder counts them by name and every audit report says so first, so nothing is left
out silently.

Strength: the Marker ``Steps`` holds the printed steps (points for point units);
a piece showing the back of a counter whose back is ``reduced`` or a ``one point``
side has one step (point) less (the Layer level names say which side shows).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadInput
from .markers import PlayMarker, play_marker
from .state import PieceState

#: Marker property -> record attribute. Keys are compared in lower case.
MARKER_KEYS = {
    "unitid": "id", "id": "id",
    "side": "side", "nationality": "nationality", "class": "class", "type": "type",
    "size": "size", "formation": "formation", "steps": "steps",
}
#: Back sides that cost a step (or a point): words in a Layer level name (counters.py).
REDUCED_WORDS = ("reduced", "one point", "damaged")  # a ship's damaged side is its second step (10.2.3: a repaired ship "is flipped over to its undamaged side")


@dataclass(frozen=True)
class UnitInfo:
    """A piece known as a unit: its record id, its ``units`` line, its printed strength and class."""

    id: str
    line: Mapping[str, Any]  # {"ref": ID} or inline record attributes
    full: int | None = None  # printed steps, or points for point units
    unit_class: str | None = None  # land, naval, air, supply, marker


@dataclass
class Mapping_:
    """A user's mapping file, read (see the module docstring)."""

    game: str | None = None
    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    locations: dict[str, str] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)
    source: str | None = None  # the file it was read from, for messages

    def check_refs(self, catalogue, game: str) -> None:
        """Every ``ref`` names a unit of the game: a typo is an error, not a unit quietly dropped."""
        if catalogue is None:
            return
        for name, spec in self.units.items():
            ref = spec.get("ref")
            if ref is not None and catalogue.unit(str(ref)) is None:
                raise BadInput(self.source or "mapping file", f"'ref' {ref!r} names no unit of {game}",
                               f"units[{name!r}]")


def read_mapping(path: str | os.PathLike) -> Mapping_:
    """Read and check a mapping file; BadInput naming the file and key at fault."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise BadInput(path, f"cannot read: {err}") from None
    except json.JSONDecodeError as err:
        raise BadInput(path, f"not JSON: {err.msg}", f"line {err.lineno} column {err.colno}") from None
    if not isinstance(data, dict):
        raise BadInput(path, "a mapping file is a JSON object with 'units' (and 'locations', 'players')")
    out = Mapping_(game=data.get("game"), source=os.fspath(path))
    for key in ("units", "locations", "players"):
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise BadInput(path, f"'{key}' must be an object", f"field '{key}'")
        for name, spec in value.items():
            want = dict if key == "units" else str
            if not isinstance(spec, want):
                kind = "an object of unit attributes" if want is dict else "a string"
                raise BadInput(path, f"must be {kind}", f"{key}[{name!r}]")
        setattr(out, key, dict(value))
    for name, spec in out.units.items():
        if "ref" not in spec and "id" not in spec:
            raise BadInput(path, "a unit needs 'ref' (a unit of the game data) or 'id' and its attributes",
                           f"units[{name!r}]")
    return out


class UnitReader:
    """Finds the unit behind a piece (cached per piece id and type).

    ``catalogue`` (a rule pack's) says which unit ids are the game's, so their
    record lines are ``{"ref": ID}``; a piece whose unit has no side of the record
    (a neutral game marker) is not a unit of the record. Control and Hit markers
    (:mod:`.markers`) are not units either, but they are not left out: the
    recorder reads them as control and hits.
    """

    def __init__(self, mapping: Mapping_ | None, catalogue, sides: tuple[str, ...]):
        self.mapping = mapping or Mapping_()
        self.catalogue = catalogue
        self.sides = sides  # the side words of the record: the catalogue's game's
        self._cache: dict[tuple[str, str], UnitInfo | None] = {}
        self._markers: dict[tuple[str, str | None], PlayMarker | None] = {}
        self.unmatched: dict[str, int] = {}  # piece name -> how many pieces of it are not units

    def unit(self, piece: PieceState) -> UnitInfo | None:
        key = (piece.id, piece.type)
        if key not in self._cache:
            found = self._read(piece) if piece.kind == "piece" else None
            self._cache[key] = found
            if found is None and piece.kind == "piece" and self.marker(piece) is None and not self._declared(piece):
                self.unmatched[piece.name] = self.unmatched.get(piece.name, 0) + 1
        return self._cache[key]

    def pieces_of_units(self) -> dict[str, list[str]]:
        """Unit id -> the ids of the pieces read as that unit so far (pictures frame them)."""
        out: dict[str, list[str]] = {}
        for (piece_id, _type), unit in self._cache.items():
            if unit is not None and piece_id not in out.setdefault(unit.id, []):
                out[unit.id].append(piece_id)
        return out

    def marker(self, piece: PieceState) -> PlayMarker | None:
        """The control or hits a piece stands for (cached per type and state: a flip can change it)."""
        key = (piece.type, piece.state)
        if key not in self._markers:
            self._markers[key] = play_marker(piece.piece, self.sides) if piece.kind == "piece" else None
        return self._markers[key]

    def _declared(self, piece: PieceState) -> bool:
        """A piece the module says is no unit: its Marker properties make it a marker (``Class=marker``),
        or name a piece of the game's data that belongs to no side (the weather and turn markers)."""
        attrs = {MARKER_KEYS[key.lower()]: value.strip() for key, value in piece.piece.marker_properties.items()
                 if key.lower() in MARKER_KEYS and value.strip()}
        if attrs.get("class", "").lower() == "marker":
            return True
        known = self.catalogue.unit(attrs["id"]) if self.catalogue is not None and "id" in attrs else None
        return known is not None and not _has_side(known, self.sides)

    def _read(self, piece: PieceState) -> UnitInfo | None:
        decoded = piece.piece
        gpid = decoded.basic.gpid if decoded.basic is not None else ""
        mapped = self.mapping.units.get(piece.name) or self.mapping.units.get(f"gpid:{gpid}")
        if mapped is not None:
            return self._from_mapping(mapped)
        attrs: dict[str, Any] = {}
        for key, value in decoded.marker_properties.items():
            name = MARKER_KEYS.get(key.lower())
            if name is not None and value.strip():
                attrs[name] = value.strip()
        if "id" not in attrs:
            return None
        uid = attrs.pop("id")
        full = _int(attrs.pop("steps", None))
        known = self.catalogue.unit(uid) if self.catalogue is not None else None
        if known is not None:
            return UnitInfo(uid, {"ref": uid}, full, known.get("class")) if _has_side(known, self.sides) else None
        if full is not None:
            attrs["steps" if attrs.get("class") == "land" else "points"] = full
        attrs.setdefault("name", piece.name)
        if not (_has_side(attrs, self.sides) and "class" in attrs):
            return None
        return UnitInfo(uid, attrs, full, str(attrs["class"]).lower())

    def _from_mapping(self, spec: Mapping[str, Any]) -> UnitInfo | None:
        line = {k: v for k, v in spec.items() if k != "id"}
        uid = str(spec.get("id") or spec.get("ref"))
        known = self.catalogue.unit(str(spec["ref"])) if "ref" in spec and self.catalogue is not None else None
        attrs = {**(known or {}), **line}
        full = _int(attrs.get("steps", attrs.get("points")))
        cls = str(attrs["class"]).lower() if attrs.get("class") else None
        return UnitInfo(uid, line, full, cls) if _has_side(attrs, self.sides) else None

    def strength(self, piece: PieceState, unit: UnitInfo) -> int | None:
        """Steps (points) now: the printed value, less one per level past the front when
        the level shown is a reduced or one-point back."""
        if unit.full is None:
            return None
        for layer in piece.piece.layers:
            names = layer.level_names
            level = layer.level
            if 0 < level < len(names) and any(w in names[level].lower() for w in REDUCED_WORDS):
                return max(unit.full - level, 0)
        return unit.full


def _has_side(attrs: Mapping[str, Any], sides: tuple[str, ...]) -> bool:
    """A record unit needs a side, given or implied by its nationality (record.py)."""
    side = str(attrs.get("side") or "").strip().lower()
    nationality = str(attrs.get("nationality") or "").strip()
    return side in sides or (not side and bool(nationality))


def _int(value: Any) -> int | None:
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\d+", value.strip()):
        return int(value)
    return None


