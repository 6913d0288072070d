"""Pixel sizes of board images: a board with an image is exactly as big as the image (7).

Raster images are measured from their header by Pillow. SVG boards have their
intrinsic size: the root ``width``/``height`` (CSS units at 96 dpi, as VASSAL's SVG
renderer uses), else the ``viewBox``.
"""

from __future__ import annotations

import io
import math
import re

from PIL import Image, UnidentifiedImageError

from ..errors import BadInput
from ..formats.xmlsafe import parse_tree

_CSS_PX = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4}
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([a-z]*)\s*")


def image_size(data: bytes, name: str = "") -> tuple[int, int] | None:
    """(width, height) in pixels of an image file's bytes, or None if it cannot be read."""
    if name.lower().endswith(".svg") or data.lstrip()[:5] in (b"<?xml", b"<svg ", b"<svg\n", b"<!--"):
        return svg_size(data)
    return raster_size(data)


def raster_size(data: bytes) -> tuple[int, int] | None:
    """Size from the image header alone. Pillow's decompression-bomb guard is lifted for
    this read: nothing is decoded, and real map scans can exceed its pixel limit."""
    limit = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (UnidentifiedImageError, OSError, ValueError):
        return None
    finally:
        Image.MAX_IMAGE_PIXELS = limit


def _css_length(text: str | None) -> float | None:
    if not text:
        return None
    match = _LENGTH.fullmatch(text)
    if match is None or match.group(2) not in _CSS_PX:
        return None  # percentages and font-relative units: fall back to the viewBox
    return float(match.group(1)) * _CSS_PX[match.group(2)]


def svg_size(data: bytes) -> tuple[int, int] | None:
    """The intrinsic pixel size of an SVG document, or None when it has none."""
    try:
        root = parse_tree(data, None, "svg").getroot()
    except BadInput:  # malformed, or an entity bomb refused before parsing
        return None
    width = _css_length(root.get("width"))
    height = _css_length(root.get("height"))
    box = (root.get("viewBox") or "").replace(",", " ").split()
    if (width is None or height is None) and len(box) == 4:
        try:
            box_w, box_h = float(box[2]), float(box[3])
        except ValueError:
            return None
        if width is None and height is None:
            width, height = box_w, box_h
        elif width is None and height is not None and box_h:
            width = height * box_w / box_h
        elif height is None and width is not None and box_w:
            height = width * box_h / box_w
    if width is None or height is None:
        return None
    return math.floor(width + 0.5), math.floor(height + 0.5)
