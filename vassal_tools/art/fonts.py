"""Fonts for counter and map art: the shipped DejaVu (:mod:`vassal_tools.fonts`) by role.

Templates name a font by *role* (``regular``, ``bold``, ``condensed``, ``condensed_bold``)
rather than by file, so the same template works on a machine that only has the PyPI
wheels. Pillow (>= 10.1) bundles one scalable font, reachable through
``ImageFont.load_default(size=...)``; it has no bold face, so bold roles fall back to it
drawn with a thin stroke of the text colour (a "faux bold").

Which font files were used is part of :func:`fingerprint`, so cached counters are redrawn
when the fonts change (a different machine may draw slightly different pixels).
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

import PIL
from PIL import ImageFont

from ..fonts import digest as shipped_digest
from ..fonts import font_file

ROLES = ("regular", "bold", "condensed", "condensed_bold")

# Set VASSAL_TOOLS_SYSTEM_FONTS=0 to draw with Pillow's own font instead of the shipped DejaVu
# (it has no ø, å or æ: only for seeing the fallback work).
_ENV_SWITCH = "VASSAL_TOOLS_SYSTEM_FONTS"


@dataclass(frozen=True)
class Face:
    """A font at one pixel size; ``stroke`` > 0 means faux bold (draw with that stroke width)."""

    font: ImageFont.FreeTypeFont | ImageFont.ImageFont  # the latter only from a Pillow without FreeType
    stroke: int


@functools.cache
def _font_file(role: str) -> str | None:
    if os.environ.get(_ENV_SWITCH, "1") == "0":
        return None
    return font_file(role)


@functools.lru_cache(maxsize=512)
def face(role: str, px: int) -> Face:
    """The font for ``role`` at ``px`` pixels (cached: counters reuse a handful of sizes)."""
    if role not in ROLES:
        raise ValueError(f"unknown font role {role!r}; use one of {', '.join(ROLES)}")
    px = max(1, int(px))
    path = _font_file(role)
    if path is not None:
        # BASIC layout: much faster than raqm for short labels, and the same on every machine.
        return Face(ImageFont.truetype(path, px, layout_engine=ImageFont.Layout.BASIC), 0)
    font = ImageFont.load_default(size=px)
    stroke = max(1, round(px / 28)) if "bold" in role else 0
    return Face(font, stroke)


def fingerprint() -> str:
    """Names the font files in use, for cache keys of rendered art."""
    parts = []
    for role in ROLES:
        path = _font_file(role)
        parts.append(f"{role}={os.path.basename(path) if path else 'pillow-default'}")
    parts.append(f"fonts={shipped_digest()}")
    parts.append(f"pillow={PIL.__version__}")
    return ";".join(parts)
