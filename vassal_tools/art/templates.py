"""Counter templates: declarative TOML layouts, one file per counter class.

A template gives the counter size in *template pixels* (its size at 100% zoom in VASSAL)
and one table per drawn element (``[name]``, ``[factors]``, ...) with a ``box = [x, y, w, h]``
and, for text, ``font`` (a role from :mod:`fonts`) and ``size``. Which elements and keys
each class needs is declared in :data:`SCHEMA`; a template missing one is rejected with a
:class:`~vassal_tools.errors.BadInput` naming the file and the field, so a typo fails at
load time and not as a half-drawn counter.

Top-level tables that are not elements (``[symbols]``, ``[size_marks]``, ``[ships]`` ...)
are passed through as plain data in :attr:`Template.data`.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..gamedata.terms import UNIT_CLASSES
from . import colours, fonts
from .colours import RGB

TEMPLATES_DIR = Path(str(resources.files("vassal_tools") / "templates"))
"""The shipped ``templates/`` folder (the default for every renderer; ``templates/`` at the
top of a checkout is a link to it)."""

CLASSES = UNIT_CLASSES  # one template per unit class

# Value kinds a field may have.
BOX, NUMBER, FONT, COLOUR, STRING, TABLE = "box", "number", "font", "colour", "string", "table"

_TEXT = {"box": BOX, "font": FONT, "size": NUMBER}
_AREA = {"box": BOX}

SCHEMA: dict[str, dict[str, dict[str, str]]] = {
    "land": {
        "frame": {"border": COLOUR, "border_width": NUMBER},
        "name": _TEXT,
        "size_mark": _TEXT,
        "type_box": {"box": BOX, "outline_width": NUMBER},
        "factors": _TEXT,
        "side_value": _TEXT,
        "movement_box": {"colour": COLOUR, "width": NUMBER},
        "steps": {"box": BOX, "radius": NUMBER},
        "reduced": {"band": BOX, "colour": COLOUR},
        "symbols": {},
        "size_marks": {},
    },
    "naval": {
        "frame": {"border": COLOUR, "border_width": NUMBER},
        "name": _TEXT,
        "type": _TEXT,
        "points": _TEXT,
        "silhouette": {"box": BOX, "largest_m": NUMBER, "exaggeration": NUMBER, "colour": COLOUR},
        "secondary": _TEXT,
        "factors": _TEXT,
        "torpedo": {"colour": COLOUR},
        "reduced": {"band": BOX, "colour": COLOUR},
        "points_types": {},
        "profiles": {},
        "lengths_m": {},
    },
    "air": {
        "frame": {"border": COLOUR, "border_width": NUMBER},
        "name": _TEXT,
        "silhouette": {"large": BOX, "small": BOX, "colour": COLOUR},
        "factors": _TEXT,
        "bombing": _TEXT,
        "no_fire": {"colour": COLOUR, "width": NUMBER},
        "sea_square": {"colour": COLOUR, "box": BOX},
        "carrier_types": {},
        "seaplane_types": {},
        "roles": {},
        "shapes": {},
        "role_shapes": {},
    },
    "supply": {
        "frame": {"border": COLOUR, "border_width": NUMBER},
        "label": _TEXT,
        "name": _TEXT,
        "icon": _AREA,
        "value": _TEXT,
        "icons": {},
    },
    "fire": {  # a game's own: fire-movement-range counters (narvik-1940.txt 2.3), land units and strikes
        "frame": {"border": COLOUR, "border_width": NUMBER},
        "name": _TEXT,
        "size_mark": _TEXT,
        "type_box": {"box": BOX, "outline_width": NUMBER},
        "factors": _TEXT,
        "assault_box": {"colour": COLOUR, "light_colour": COLOUR, "width": NUMBER},
        "range": _TEXT,
        "command": _TEXT,
        "strike": {"box": BOX, "font": FONT, "size": NUMBER, "icon": BOX},
        "back": {"flag": BOX, "font": FONT, "size": NUMBER, "code": BOX},
        "symbols": {},
        "size_marks": {},
    },
    "area": {  # the counters of the area games (art/areamap.py)
        "frame": {"border": COLOUR, "border_width": NUMBER},
        "name": {**_TEXT, "min_size": NUMBER},
        "detail": {**_TEXT, "min_size": NUMBER},
        "mark": {**_TEXT, "min_size": NUMBER},
        "symbol": {"box": BOX, "width": NUMBER, "inset": NUMBER},
        "under": {**_TEXT, "min_size": NUMBER},
        "over": {**_TEXT, "min_size": NUMBER},
        "ship": {"box": BOX},
        "aircraft": {"box": BOX},
        "values": {**_TEXT, "min_size": NUMBER},
        "figure": {"box": BOX},
        "figure_name": {**_TEXT, "min_size": NUMBER},
        "chip": {"inset": NUMBER, "ring": NUMBER, "white": COLOUR, "black": COLOUR},
        "map": {},
    },
    "marker": {
        "frame": {"border": COLOUR, "border_width": NUMBER},
        "title": _TEXT,
        "value": _TEXT,
        "icon": _AREA,
        "styles": {},
    },
}


@dataclass(frozen=True)
class Element:
    """One drawn part of a counter, in template pixels."""

    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    font: str = "bold"
    size: float = 10.0
    colour: RGB | None = None
    align: str = "center"
    options: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.options[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)


@dataclass(frozen=True)
class Template:
    """A parsed, validated counter template."""

    kind: str
    size: tuple[int, int]
    elements: dict[str, Element]
    data: dict[str, Any]
    path: Path
    digest: str  # sha256 of the file bytes: part of every counter's cache key

    def __getitem__(self, name: str) -> Element:
        return self.elements[name]

    def lookup(self, table: str, name: str, default: Any = None) -> Any:
        """``data[table]`` entry for a type name, forgiving case, spaces and hyphens.

        An exact match wins; otherwise the longest key that starts the name, so
        ``"Ju-87b"`` finds ``"Ju-87"`` and ``"Ju-52 Seaplane"`` beats ``"Ju-52"``.
        """
        key = (self.digest, table)
        if key not in _lookup_cache:
            _lookup_cache[key] = _normalised(self.data.get(table) or {})
        entries = _lookup_cache[key]
        wanted = _norm(name)
        if wanted in entries:
            return entries[wanted]
        best = max((k for k in entries if k and wanted.startswith(k)), key=len, default=None)
        return entries[best] if best is not None else default

    def names(self, table: str) -> set[str]:
        """The normalised names listed under ``data[table].types``."""
        return {_norm(t) for t in (self.data.get(table) or {}).get("types", [])}


_lookup_cache: dict[tuple[str, str], dict[str, Any]] = {}


def _norm(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def read_toml(path: Path, what: str) -> tuple[bytes, dict[str, Any]]:
    """A TOML file's bytes (art caches are keyed by their hash) and parsed content."""
    try:
        raw = path.read_bytes()
        return raw, tomllib.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise BadInput(path, f"{what} file not found") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise BadInput(path, f"not a readable TOML {what}: {err}") from None


def _normalised(table: dict) -> dict[str, Any]:
    return {_norm(k): v for k, v in table.items()}


def load_template(path: str | Path) -> Template:
    """Read and validate one template file; BadInput names the file and the faulty field."""
    path = Path(path)
    raw, doc = read_toml(path, "template")
    kind = _require(doc, "kind", STRING, path, "")
    if kind not in SCHEMA:
        raise BadInput(path, f"field 'kind' must be one of {', '.join(SCHEMA)}, not {kind!r}")
    size = _size(_require(doc, "size", None, path, ""), path)
    elements: dict[str, Element] = {}
    data: dict[str, Any] = {}
    for name, keys in SCHEMA[kind].items():
        table = _require(doc, name, TABLE, path, "")
        if not keys:
            data[name] = table
            continue
        values = {key: _require(table, key, kind_, path, name) for key, kind_ in keys.items()}
        elements[name] = _element(table, values, path, name)
    for name, value in doc.items():
        if name not in SCHEMA[kind] and name not in ("kind", "size"):
            data[name] = value
    return Template(kind, size, elements, data, path, hashlib.sha256(raw).hexdigest())


def template_path(kind: str, directory: str | Path | None = None) -> Path:
    """Where the template for counter class ``kind`` lives (``<kind>.toml``)."""
    return Path(directory or TEMPLATES_DIR) / f"{kind}.toml"


_cache: dict[tuple[Path, float, int], Template] = {}


def template_for(kind: str, directory: str | Path | None = None) -> Template:
    """The template of ``kind``, reloaded when its file changes on disk."""
    path = template_path(kind, directory).resolve()
    try:
        stat = path.stat()
    except OSError:
        raise BadInput(path, f"no template for counter class {kind!r}") from None
    key = (path, stat.st_mtime, stat.st_size)
    if key not in _cache:
        _cache[key] = load_template(path)
    return _cache[key]


# -- validation helpers ------------------------------------------------------------------


def _require(table: dict, key: str, kind: str | None, path: Path, where: str) -> Any:
    dotted = f"{where}.{key}" if where else key
    if key not in table:
        raise BadInput(path, f"missing field '{dotted}'", f"[{where}]" if where else "")
    value = table[key]
    if kind is None:
        return value
    problem = _check(value, kind)
    if problem:
        raise BadInput(path, f"field '{dotted}' must be {problem}, not {value!r}", f"[{where}]" if where else "")
    return value


def _check(value: Any, kind: str) -> str:
    """'' if ``value`` is a valid ``kind``, else what it should have been."""
    number = (int, float)
    if kind == BOX:
        ok = isinstance(value, list) and len(value) == 4 and all(isinstance(v, number) and not isinstance(v, bool) for v in value)
        return "" if ok and value[2] >= 0 and value[3] >= 0 else "a box [x, y, width, height]"
    if kind == NUMBER:
        return "" if isinstance(value, number) and not isinstance(value, bool) else "a number"
    if kind == FONT:
        return "" if value in fonts.ROLES else f"a font role ({', '.join(fonts.ROLES)})"
    if kind == STRING:
        return "" if isinstance(value, str) else "a string"
    if kind == TABLE:
        return "" if isinstance(value, dict) else "a table"
    if kind == COLOUR:
        try:
            colours.parse(value)
            return ""
        except ValueError:
            return "a colour ('#rrggbb' or a name)"
    raise AssertionError(kind)


def _size(value: Any, path: Path) -> tuple[int, int]:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and v > 0 for v in value):
        return (value[0], value[1])
    raise BadInput(path, f"field 'size' must be [width, height] in whole pixels, not {value!r}")


def _element(table: dict, values: dict, path: Path, name: str) -> Element:
    options = {k: v for k, v in table.items() if k not in ("box", "font", "size", "colour", "align")}
    for key, value in list(options.items()):
        # Colour-valued options are recognised by name so painters get RGB triples.
        if key == "colour" or key.endswith("_colour") or key in ("border", "band_colour"):
            try:
                options[key] = colours.parse(value)
            except ValueError:
                raise BadInput(path, f"field '{name}.{key}' must be a colour, not {value!r}", f"[{name}]") from None
    colour = None
    if "colour" in table:
        try:
            colour = colours.parse(table["colour"])
        except ValueError:
            raise BadInput(path, f"field '{name}.colour' must be a colour, not {table['colour']!r}", f"[{name}]") from None
    align = table.get("align", "center")
    if align not in ("left", "center", "right"):
        raise BadInput(path, f"field '{name}.align' must be left, center or right, not {align!r}", f"[{name}]")
    box = tuple(float(v) for v in table.get("box", (0, 0, 0, 0)))
    return Element(
        box=box,  # type: ignore[arg-type]
        font=table.get("font", "bold"),
        size=float(table.get("size", 10)),
        colour=colour,
        align=align,
        options=options,
    )
