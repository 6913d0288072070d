"""How much an image changed: the number of pixels that differ between two versions.

Both versions are decoded to RGBA; a pixel differs when any channel does. Images
of different sizes are compared on the larger canvas, each anchored at the top
left, so every pixel outside the smaller one counts as different. Files Pillow
cannot decode (SVG, damaged files) are compared by bytes only and say so.
"""

from __future__ import annotations

import io
from typing import Any


def decode_rgba(data: bytes):
    """The image as a Pillow RGBA image, or None when Pillow cannot decode it."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            return image.convert("RGBA")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None


def compare_images(old: bytes, new: bytes, name: str = "") -> dict[str, Any]:
    """``old_size``, ``new_size`` and ``differing_pixels`` (None with a ``note`` when not decodable)."""
    before, after = decode_rgba(old), decode_rgba(new)
    if before is None or after is None:
        kind = "SVG" if name.lower().endswith(".svg") else "not a raster image Pillow reads"
        return {"old_size": None, "new_size": None, "differing_pixels": None,
                "note": f"{kind}: compared by bytes, pixels not counted"}
    return {"old_size": list(before.size), "new_size": list(after.size),
            "differing_pixels": differing_pixels(before, after)}


def difference_mask(before, after):
    """An 'L' image over the larger canvas: 255 where the two images differ, 0 where equal."""
    from PIL import Image, ImageChops

    size = (max(before.width, after.width), max(before.height, after.height))
    canvases = []
    for image in (before, after):
        canvas = Image.new("RGBA", size, (0, 0, 0, 0))
        canvas.paste(image, (0, 0))
        canvases.append(canvas)
    channels = ImageChops.difference(*canvases).split()
    mask = channels[0]
    for channel in channels[1:]:
        mask = ImageChops.lighter(mask, channel)
    mask = mask.point(lambda v: 255 if v else 0)
    if before.size != after.size:  # pixels covered by only one of the two images differ
        both = ImageChops.darker(_cover(before.size, size), _cover(after.size, size))
        mask = ImageChops.lighter(mask, ImageChops.invert(both))
    return mask


def _cover(area, size):
    """255 over the top-left ``area`` of a canvas of ``size``, 0 elsewhere."""
    from PIL import Image

    canvas = Image.new("L", size, 0)
    canvas.paste(255, (0, 0, area[0], area[1]))
    return canvas


def differing_pixels(before, after) -> int:
    mask = difference_mask(before, after)
    return mask.width * mask.height - mask.histogram()[0]
