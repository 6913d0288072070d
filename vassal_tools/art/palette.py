"""Counter colours: nationalities, formations and markers.

The game's ``game.toml`` is the authority; ``templates/colours.toml`` holds defaults for
anything it does not colour. Both use the game.toml shape::

    [[nationalities]]           # or [[colour_schemes]], read the same way
    id = "german_navy"          # "<nationality>_navy" colours that nation's naval units
    background = "#5a6e8c"
    foreground = "#ffffff"      # optional: black or white by contrast otherwise

    [[formations]]
    id = "ger-3-geb"
    name = "3. Gebirgs-Division"
    nationality = "german"
    box = "#7fbf5f"             # unit-type box colour (invasion-norway.txt 1.4.1)

colours.toml adds ``[marker]`` (marker style -> background colour).

Variants are looked up by suffix: naval units use ``<nat>_navy``, German seaplanes too
(5.1.1), carrier-capable planes ``<nat>_carrier`` (8.7.1), other air units ``<nat>_air``;
each falls back to the plain nationality.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..gamedata import GameData
from ..gamedata.gametoml import read_toml
from . import colours
from .colours import RGB, WHITE, ink_on
from .templates import TEMPLATES_DIR

INDEPENDENT = WHITE  # 1.4.1: white unit-type boxes mark independent units


@dataclass(frozen=True)
class Colours:
    """Background and ink of one counter family."""

    background: RGB
    foreground: RGB


@dataclass(frozen=True)
class Palette:
    nations: dict[str, Colours]
    formations: dict[str, RGB]
    markers: dict[str, RGB] = field(default_factory=dict)
    fallback: Colours = Colours((200, 200, 200), (0, 0, 0))

    def colours(self, nationality: str, *variants: str) -> Colours:
        """The first of ``<nat>_<variant>`` ... ``<nat>`` that is defined."""
        nat = _key(nationality)
        for suffix in variants:
            found = self.nations.get(f"{nat}_{suffix}")
            if found:
                return found
        return self.nations.get(nat, self.fallback)

    def formation(self, formation: str) -> RGB:
        """The unit-type box colour of a formation (id or name); white for independents."""
        if not formation:
            return INDEPENDENT
        return self.formations.get(_key(formation), INDEPENDENT)

    def marker(self, name: str) -> RGB | None:
        return self.markers.get(_key(name))

    def digest(self) -> str:
        """A stable hash of all colours (part of counter cache keys)."""
        doc = {
            "n": sorted((k, v.background, v.foreground) for k, v in self.nations.items()),
            "f": sorted(self.formations.items()),
            "m": sorted(self.markers.items()),
        }
        return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]

    def merged(self, other: Palette) -> Palette:
        """This palette with ``other``'s entries taking precedence.

        Where ``other`` colours a nationality, this palette's variants of it
        (``german_air`` ...) are dropped: a default must not override the game's
        colour for that nationality's air units.
        """
        ours = {k: v for k, v in self.nations.items() if not any(k.startswith(f"{n}_") for n in other.nations if "_" not in n)}
        return Palette(
            {**ours, **other.nations},
            {**self.formations, **other.formations},
            {**self.markers, **other.markers},
            self.fallback,
        )


def _key(name: str) -> str:
    return "_".join(name.replace("-", " ").split()).casefold()


def _colour(value: Any, source: str, where: str) -> RGB:
    try:
        return colours.parse(value)
    except ValueError as err:
        raise BadInput(source, str(err), where) from None


def palette_from_mapping(doc: Mapping[str, Any], source: str = "game.toml") -> Palette:
    """Build a palette from a parsed game.toml / colours.toml document."""
    nations: dict[str, Colours] = {}
    schemes = [("nationalities", e) for e in _entries(doc.get("nationalities"))]
    schemes += [("colour_schemes", e) for e in _entries(doc.get("colour_schemes"))]
    for i, (table, entry) in enumerate(schemes):
        where = f"{table}: {entry.get('id', i)}"
        if "background" not in entry:
            continue
        bg = _colour(entry["background"], source, where)
        fg = _colour(entry["foreground"], source, where) if "foreground" in entry else ink_on(bg)
        for name in (entry.get("id"), entry.get("name")):
            if name:
                nations[_key(name)] = Colours(bg, fg)
    formations: dict[str, RGB] = {}
    for i, entry in enumerate(_entries(doc.get("formations"))):
        if "box" not in entry:
            continue
        box = _colour(entry["box"], source, f"formations[{i}]")
        for name in (entry.get("id"), entry.get("name")):
            if name:
                formations[_key(name)] = box
    markers = {_key(k): _colour(v, source, f"marker.{k}") for k, v in (doc.get("marker") or {}).items()}
    return Palette(nations, formations, markers)


def _entries(value: Any) -> list[Mapping[str, Any]]:
    """Table rows from a TOML array of tables, or from a mapping of id -> record."""
    if isinstance(value, Mapping):
        value = list(value.values())
    if not isinstance(value, (list, tuple)):
        return []
    return [_as_mapping(v) for v in value]


def read_palette(path: str | Path) -> Palette:
    """A palette from a TOML file (game.toml or colours.toml)."""
    path = Path(path)
    return palette_from_mapping(read_toml(path), str(path))


_defaults: dict[tuple[Path, float], Palette] = {}


def default_palette(directory: str | Path | None = None) -> Palette:
    """The defaults in ``templates/colours.toml`` (empty if the file is absent); cached."""
    path = (Path(directory or TEMPLATES_DIR) / "colours.toml").resolve()
    try:
        key = (path, path.stat().st_mtime)
    except OSError:
        return Palette({}, {})
    if key not in _defaults:
        _defaults[key] = read_palette(path)
    return _defaults[key]


def game_palette(game: GameData | Mapping[str, Any] | str | os.PathLike[str],
                 directory: str | Path | None = None) -> Palette:
    """Defaults overridden by the game's colours.

    ``game`` is what ``load_game`` returns, the parsed game.toml mapping, or a path to
    game.toml or to the folder holding it.
    """
    base = default_palette(directory)
    if isinstance(game, (str, os.PathLike)):
        path = Path(game)
        if path.suffix != ".toml":
            # A module_src folder, or its units.csv: the game.toml beside it, if any.
            path = (path if path.is_dir() else path.parent) / "game.toml"
            if not path.exists():
                return base
        return base.merged(read_palette(path))
    if isinstance(game, GameData):
        info = game.info
        doc = {
            "nationalities": info.nationalities,
            "colour_schemes": info.raw.get("colour_schemes", []),
            "formations": info.formations,
        }
        return base.merged(palette_from_mapping(doc))
    return base.merged(palette_from_mapping(game))


def _as_mapping(entry: Any) -> Mapping[str, Any]:
    if isinstance(entry, Mapping):
        return entry
    if dataclasses.is_dataclass(entry) and not isinstance(entry, type):
        return {f.name: getattr(entry, f.name) for f in dataclasses.fields(entry)}
    return dict(vars(entry)) if hasattr(entry, "__dict__") else {}
