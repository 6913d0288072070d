"""How much an image changed: the number of pixels that differ between two versions.

Both versions are decoded to RGBA; a pixel differs when any channel does. Images
of different sizes are compared on the larger canvas, each anchored at the top
left, so every pixel outside the smaller one counts as different. Raster images are
decoded with Pillow; SVG images are drawn as VASSAL draws them (:mod:`..geometry.svgraster`:
resvg, with the files an SVG references taken from its own module), so an SVG whose
text changed but whose picture did not is reported as drawing the same. Files that
cannot be decoded or drawn (damaged files) are compared by bytes only and say so.
"""

from __future__ import annotations

import io
from typing import Any

from ..geometry.svgraster import Fetch, SvgDrawer, is_svg


def decode_rgba(data: bytes):
    """The image as a Pillow RGBA image, or None when Pillow cannot decode it."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            return image.convert("RGBA")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None


class ImageDecoder:
    """Decodes one module's images to RGBA; its SVG drawer resolves references in that module."""

    def __init__(self, fetch: Fetch | None = None):
        self.svg = SvgDrawer(fetch)

    def rgba(self, data: bytes, name: str = ""):
        """The image as RGBA: an SVG drawn at its own size, a raster decoded; None when neither works."""
        if is_svg(data, name):
            return self.svg.draw(data)
        return decode_rgba(data)


def compare_images(old: bytes, new: bytes, name: str = "", old_decoder: ImageDecoder | None = None,
                   new_decoder: ImageDecoder | None = None) -> dict[str, Any]:
    """``old_size``, ``new_size`` and ``differing_pixels`` (None with a ``note`` when not decodable);
    for an SVG also ``drawn: "svg"`` and, when the drawings are equal, a ``note`` saying so."""
    before = (old_decoder or ImageDecoder()).rgba(old, name)
    after = (new_decoder or ImageDecoder()).rgba(new, name)
    svg = is_svg(old, name) or is_svg(new, name)
    if before is None or after is None:
        kind = "SVG that cannot be drawn" if svg else "not a raster image Pillow reads"
        return {"old_size": None, "new_size": None, "differing_pixels": None,
                "note": f"{kind}: compared by bytes, pixels not counted"}
    out: dict[str, Any] = {"old_size": list(before.size), "new_size": list(after.size),
                           "differing_pixels": differing_pixels(before, after)}
    if svg:
        out["drawn"] = "svg"
        if out["differing_pixels"] == 0:
            out["note"] = "SVG text changed, the drawing is the same"
    return out


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
