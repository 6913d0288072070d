"""A drawing surface in template units, supersampled for smooth edges.

Templates give positions in *template pixels* (the counter's size at 100% zoom). A
:class:`Canvas` multiplies them by ``scale`` (output pixels per template pixel) and by a
supersampling factor, draws with Pillow, and :meth:`Canvas.image` box-reduces the result.
Pillow draws polygons and lines without anti-aliasing; drawing at 3x and averaging gives
clean edges for a fraction of a millisecond per counter.

Text is different: FreeType anti-aliases (and hints) glyphs itself, best at the final
size, and rendering fonts at 3x costs 9x the pixels. So text is queued and drawn on the
reduced image, on top of all shapes (counters and maps never draw shapes over text).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw
from shapely.geometry.base import BaseGeometry

from . import fonts
from .colours import RGB

Box = tuple[float, float, float, float]  # x, y, width, height in template pixels
Point = tuple[float, float]


class Canvas:
    """An RGB image addressed in template pixels."""

    def __init__(self, size: tuple[int, int], scale: float, background: RGB, supersample: int = 3):
        self.size = size
        self.k = scale * supersample
        self.supersample = supersample
        self.out_size = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
        self.tk = scale  # text is drawn at output resolution
        self._img = Image.new("RGB", (self.out_size[0] * supersample, self.out_size[1] * supersample), background)
        self.draw = ImageDraw.Draw(self._img)
        self._texts: list[tuple] = []  # (pos, text, face, anchor, colour, stroke, stroke colour)

    # -- coordinates -------------------------------------------------------------------

    def px(self, value: float) -> float:
        return value * self.k

    def _xy(self, points: Iterable[Point]) -> list[tuple[float, float]]:
        k = self.k
        return [(x * k, y * k) for x, y in points]

    def _rect(self, box: Box) -> list[float]:
        x, y, w, h = box
        k = self.k
        return [x * k, y * k, (x + w) * k - 1, (y + h) * k - 1]

    def _width(self, width: float) -> int:
        return max(1, round(width * self.k)) if width > 0 else 0

    def fill(self, colour: RGB) -> None:
        """Paint the whole canvas."""
        self.draw.rectangle([0, 0, self._img.width, self._img.height], fill=colour)

    # -- shapes --------------------------------------------------------------------------

    def rect(self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: float = 1.0, radius: float = 0.0) -> None:
        w = self._width(width) if outline else 0
        if radius > 0:
            self.draw.rounded_rectangle(self._rect(box), radius=self.px(radius), fill=fill, outline=outline, width=w)
        else:
            self.draw.rectangle(self._rect(box), fill=fill, outline=outline, width=w)

    def ellipse(self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: float = 1.0) -> None:
        self.draw.ellipse(self._rect(box), fill=fill, outline=outline, width=self._width(width) if outline else 0)

    def circle(self, centre: Point, radius: float, fill: RGB | None = None, outline: RGB | None = None, width: float = 1.0) -> None:
        cx, cy = centre
        self.ellipse((cx - radius, cy - radius, 2 * radius, 2 * radius), fill, outline, width)

    def polygon(self, points: Sequence[Point], fill: RGB | None = None, outline: RGB | None = None, width: float = 1.0) -> None:
        if len(points) < 3:
            return
        self.draw.polygon(self._xy(points), fill=fill, outline=outline, width=self._width(width) if outline else 0)

    def line(self, points: Sequence[Point], colour: RGB, width: float = 1.0, joint: bool = True) -> None:
        self.draw.line(self._xy(points), fill=colour, width=self._width(width), joint="curve" if joint and len(points) > 2 else None)

    def arc(self, box: Box, start: float, end: float, colour: RGB, width: float = 1.0) -> None:
        self.draw.arc(self._rect(box), start, end, fill=colour, width=self._width(width))

    def dashed(self, a: Point, b: Point, colour: RGB, width: float, dash: float, gap: float) -> None:
        """A dashed straight line from ``a`` to ``b`` (dash and gap in template pixels)."""
        (x0, y0), (x1, y1) = a, b
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        t = 0.0
        while t < length:
            e = min(t + dash, length)
            self.line([(x0 + ux * t, y0 + uy * t), (x0 + ux * e, y0 + uy * e)], colour, width, joint=False)
            t = e + gap

    def geometry(self, geom: BaseGeometry, fill: RGB, hole: RGB | None = None, outline: RGB | None = None, width: float = 0.5) -> None:
        """Fill a shapely (Multi)Polygon given in template pixels.

        Holes (portholes, cockpit windows) are painted ``hole``, normally the colour the
        silhouette sits on; with ``hole=None`` they are left filled.
        """
        for poly in getattr(geom, "geoms", [geom]):
            if poly.is_empty or poly.geom_type != "Polygon":
                continue
            self.polygon(list(poly.exterior.coords), fill=fill)
            if hole is not None:
                for ring in poly.interiors:
                    self.polygon(list(ring.coords), fill=hole)
            if outline is not None:
                self.line(list(poly.exterior.coords), outline, width)

    # -- text ----------------------------------------------------------------------------

    def text_width(self, text: str, role: str, size: float) -> float:
        """Width of ``text`` in template pixels at font ``size`` (template pixels)."""
        face = fonts.face(role, round(size * self.tk))
        return (face.font.getlength(text) + 2 * face.stroke) / self.tk

    def fit_size(self, text: str, role: str, size: float, max_width: float, min_size: float = 0.0) -> float:
        """The largest size <= ``size`` at which ``text`` fits ``max_width`` (not below ``min_size``)."""
        width = self.text_width(text, role, size)
        if width <= max_width or width == 0:
            return size
        fitted = size * max_width / width
        # Glyph widths do not scale exactly linearly at small pixel sizes: shrink until it fits.
        while fitted > min_size and self.text_width(text, role, fitted) > max_width:
            fitted *= 0.95
        return max(fitted, min_size)

    def text(
        self,
        box: Box,
        text: str,
        role: str,
        size: float,
        colour: RGB,
        align: str = "center",
        valign: str = "middle",
        fit: bool = True,
        halo: RGB | None = None,
    ) -> Box:
        """Draw ``text`` inside ``box``, shrunk to fit its width.

        Returns the box the text occupies (its advance width by its cap height).
        """
        if not text:
            return (box[0], box[1], 0.0, 0.0)
        x, y, w, h = box
        if fit:
            size = self.fit_size(text, role, size, w, min_size=size * 0.45)
        face = fonts.face(role, round(size * self.tk))
        k = self.tk
        anchor_x = {"left": ("l", x), "center": ("m", x + w / 2), "right": ("r", x + w)}[align]
        # Place the baseline so that capitals and digits (what counters mostly print) are
        # centred: the font's own "middle" anchor includes descender space and sits too high.
        cap = _cap_height(face) / k
        baseline = {"top": y + cap, "middle": y + (h + cap) / 2, "bottom": y + h}[valign]
        pos = (anchor_x[1] * k, baseline * k)
        anchor = anchor_x[0] + "s"
        stroke, stroke_fill = face.stroke, colour
        if halo is not None:
            # A halo keeps labels readable over busy map art.
            stroke, stroke_fill = max(face.stroke, round(size * k * 0.14), 1), halo
        self._texts.append((pos, text, face, anchor, colour, stroke, stroke_fill))
        width = (face.font.getlength(text) + 2 * face.stroke) / k
        left = {"l": anchor_x[1], "m": anchor_x[1] - width / 2, "r": anchor_x[1] - width}[anchor_x[0]]
        return (left, baseline - cap, width, cap)

    # -- output --------------------------------------------------------------------------

    def image(self) -> Image.Image:
        """The finished image at ``scale`` (supersampling averaged away)."""
        img = self._img if self.supersample == 1 else self._img.reduce(self.supersample)
        draw = ImageDraw.Draw(img)
        for pos, text, face, anchor, colour, stroke, stroke_fill in self._texts:
            if stroke and stroke_fill != colour and face.stroke:
                # Faux-bold text with a halo: halo first, then the bold glyphs over it.
                draw.text(pos, text, fill=stroke_fill, font=face.font, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
                draw.text(pos, text, fill=colour, font=face.font, anchor=anchor, stroke_width=face.stroke, stroke_fill=colour)
            else:
                draw.text(pos, text, fill=colour, font=face.font, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
        return img


@functools.lru_cache(maxsize=512)
def _cap_height(face: fonts.Face) -> float:
    """Height of a capital H above the baseline, in the face's pixels."""
    top = face.font.getbbox("H", anchor="ls")[1]
    return float(-top)
