"""Render one counter side from a template and a unit row.

>>> image = render_counter({"id": "ger-138-gj-1", "class": "land", "name": "I/138",
...                         "nationality": "german", "formation": "ger-3-geb",
...                         "type": "mountain_infantry", "size": "battalion",
...                         "move_class": "mountain", "steps": "2", "attack": "5",
...                         "defense": "5", "movement": "4", "back": "reduced",
...                         "r_attack": "2", "r_defense": "3"}, side="back", scale=2)
>>> image.size
(128, 128)

Pass ``palette=game_palette(game)`` (:mod:`.palette`) for the game's own colours.

The painter for each counter class lives in its own module (land, naval, air, markers);
this module picks the template and painter and owns the public entry point.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from ..errors import BadInput
from . import air, fire, land, markers, naval
from .canvas import Canvas
from .palette import Palette, default_palette
from .templates import Template, template_for
from .units import SIDES, CounterData, counter_data

Painter = Callable[[Canvas, Template, CounterData, str, Palette], None]

PAINTERS: dict[str, Painter] = {
    "land": land.paint,
    "naval": naval.paint,
    "air": air.paint,
    "supply": markers.paint_supply,
    "marker": markers.paint_marker,
    "fire": fire.paint,  # a game's own template (game.toml [art]): the fire-movement-range counters
}

SUPERSAMPLE = 3
"""Drawing resolution relative to the output; 3x averages to smooth edges (see canvas)."""


def render_counter(
    unit: Any,
    side: str = "front",
    scale: float = 1,
    *,
    palette: Palette | None = None,
    templates: str | Path | None = None,
) -> Image.Image:
    """Draw one side (``"front"`` or ``"back"``) of ``unit`` at ``scale`` x template size.

    ``unit`` is a units.csv row or a ``gamedata.Unit`` (see :mod:`.units`).
    ``palette`` defaults to ``templates/colours.toml``; ``templates`` is the folder of
    template files (default: the project's ``templates/``). The back of a counter that has
    no printed reverse is drawn as its front. Returns an RGB image.
    """
    if side not in SIDES:
        raise ValueError(f"side must be 'front' or 'back', not {side!r}")
    if not scale > 0:
        raise ValueError(f"scale must be positive, not {scale!r}")
    data = counter_data(unit)
    tpl = template_for(data.kind, templates)
    pal = palette if palette is not None else default_palette(templates)
    return render_data(data, side, scale, tpl, pal)


def render_data(data: CounterData, side: str, scale: float, tpl: Template, palette: Palette) -> Image.Image:
    """:func:`render_counter` for an already normalised row, template and palette."""
    canvas = Canvas(tpl.size, scale, (255, 255, 255), SUPERSAMPLE)  # painters fill their ground
    try:
        PAINTERS[tpl.kind](canvas, tpl, data, side, palette)  # the template's kind: a game may draw a class its own way
    except KeyError as err:
        raise BadInput(tpl.path, f"template lacks an entry the {data.kind} counter needs: {err}", f"unit {data.id}") from None
    return canvas.image()
