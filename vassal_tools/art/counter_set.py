"""Render every counter of a game into a folder, redrawing only what changed.

:func:`render_all` writes ``<id>.png`` (front) and ``<id>_back.png`` (reverse, for counters
that have one) plus ``counters.json``, the manifest the module builder reads::

    {"scale": 2, "layer_scale": 0.5, "counters": {"ger-gj139-1": {
        "front": "ger-gj139-1.png", "back": "ger-gj139-1_back.png",
        "size": [128, 128], "kind": "land", "key": "<sha256>"}}}

Images are drawn at ``scale`` x the template size (2 by default): give them to VASSAL in
a Layer trait with ``scale = layer_scale`` so counters are 64 px at 100% zoom and still
pixel-sharp at 200%.

Each counter's ``key`` hashes everything its pixels depend on: the row, the template file,
the colours it uses, the fonts and the renderer's own source. A rebuild reuses a PNG whose
key is unchanged, so the output is byte-identical and costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..formats.archive import atomic_write
from ..gamedata import GameData
from ..gamedata.tables import read_csv
from . import fonts
from .counters import render_data
from .game_art import counter_rows, template_names
from .map_data import GameSource, MapData
from .palette import Palette, default_palette, game_palette
from .png import png_bytes, write_file
from .templates import Template, template_for
from .units import CounterData, counter_data

MANIFEST = "counters.json"
DEFAULT_SCALE = 2

_ART_DIR = Path(__file__).resolve().parent


def renderer_digest() -> str:
    """Hash of the art package's source and the fonts: a code change redraws everything.

    (Map modules are included too: a needless redraw is cheap, a stale counter is not.)
    """
    h = hashlib.sha256()
    for path in sorted(_ART_DIR.glob("*.py")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    h.update(fonts.fingerprint().encode())
    return h.hexdigest()[:16]


def game_units(game: GameSource) -> list[Any]:
    """The unit rows of ``game``: the loaded game's units, ``game["units"]``, or units.csv in a folder."""
    if isinstance(game, (str, os.PathLike)):
        path = Path(game)
        return read_csv(path / "units.csv" if path.is_dir() else path)
    units = game.get("units") if isinstance(game, Mapping) else game.units
    if units is None:
        raise BadInput(None, f"{type(game).__name__} has no units to draw")
    return list(units.values()) if isinstance(units, Mapping) else list(units)


def file_stem(unit_id: str) -> str:
    """A file-name-safe stem for a unit id (VASSAL image names must avoid ; , / \\)."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", unit_id).strip("._") or "unit"
    if stem != unit_id:
        # Two ids that differ only in unsafe characters must not share a file.
        stem += "-" + hashlib.sha1(unit_id.encode()).hexdigest()[:6]
    return stem


def counter_key(data: CounterData, tpl: Template, palette: Palette, scale: float, renderer: str) -> str:
    """Everything the counter's pixels depend on, hashed."""
    nat = data.nationality
    colours = [palette.colours(nat, *v) for v in ((), ("navy",), ("air",), ("carrier", "air"))]
    doc = {
        "row": sorted(data.fields.items()),
        "template": tpl.digest,
        "colours": [(c.background, c.foreground) for c in colours],
        "formation": palette.formation(data.formation),
        "markers": sorted(palette.markers.items()) if data.kind == "marker" else [],
        "scale": scale,
        "renderer": renderer,
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True, default=list).encode()).hexdigest()


def render_all(
    game: GameSource,
    outdir: str | Path,
    only: Iterable[str] | None = None,
    *,
    scale: float = DEFAULT_SCALE,
    templates: str | Path | None = None,
    palette: Palette | None = None,
) -> list[Path]:
    """Draw every counter of ``game`` (or the ids in ``only``) into ``outdir``.

    Returns the image paths of the selected counters in row order (front, then back),
    whether drawn now or reused from an earlier run. Deterministic: the same data gives
    byte-identical PNGs. BadInput names the row of a unit that cannot be drawn.
    """
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    units = game_units(game)
    rows = [counter_data(u) for u in (counter_rows(game, units) if isinstance(game, GameData) else units)]
    own_templates = template_names(game)  # game.toml [art]: a game's own template per unit class
    _check_unique(rows)
    wanted = set(only) if only is not None else None
    if wanted is not None:
        unknown = wanted - {r.id for r in rows}
        if unknown:
            raise BadInput(None, f"no such unit: {', '.join(sorted(unknown))}")
    if palette is not None:
        pal = palette
    else:  # map tables carry no colours
        pal = default_palette(templates) if isinstance(game, MapData) else game_palette(game, templates)
    manifest = _read_manifest(out)
    entries = manifest.get("counters", {})
    renderer = renderer_digest()
    paths: list[Path] = []
    for data in rows:
        if wanted is not None and data.id not in wanted:
            continue
        tpl = template_for(own_templates.get(data.kind, data.kind), templates)
        key = counter_key(data, tpl, pal, scale, renderer)
        entry = _render_one(data, tpl, pal, scale, key, out, entries.get(data.id))
        entries[data.id] = entry
        paths.append(out / entry["front"])
        if entry["back"]:
            paths.append(out / entry["back"])
    manifest = {"scale": scale, "layer_scale": 1 / scale, "counters": {r.id: entries[r.id] for r in rows if r.id in entries}}
    atomic_write(out / MANIFEST, (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode())
    return paths


def _render_one(data: CounterData, tpl: Template, pal: Palette, scale: float, key: str, out: Path, old: dict | None) -> dict:
    stem = file_stem(data.id)
    front, back = f"{stem}.png", (f"{stem}_back.png" if data.has_back else None)
    names = [front] + ([back] if back else [])
    if old and old.get("key") == key and old.get("front") == front and old.get("back") == back and all((out / n).exists() for n in names):
        return old
    size = None
    for side, name in (("front", front), ("back", back)):
        if name is None:
            continue
        image = render_data(data, side, scale, tpl, pal)
        size = list(image.size)
        write_file(out / name, png_bytes(image))
    return {"front": front, "back": back, "size": size, "kind": data.kind, "key": key}


def _check_unique(rows: list[CounterData]) -> None:
    seen: set[str] = set()
    for r in rows:
        if r.id in seen:
            raise BadInput("units.csv", "duplicate unit id", f"unit {r.id}")
        seen.add(r.id)


def _read_manifest(out: Path) -> dict:
    try:
        doc = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return doc if isinstance(doc, dict) else {}
    except (OSError, ValueError):
        return {}  # no usable manifest: everything is redrawn
