"""NATO-style unit-type symbols, drawn inside a land counter's unit-type box.

A symbol is a list of *glyphs* (``["cross", "mountain"]`` is mountain infantry); which
unit type uses which glyphs is declared in the land template's ``[symbols]`` table, so
adding a type needs no code. Each glyph draws itself into the box in the ink colour with
lines proportional to the box, following the conventions of invasion-norway.txt 1.4.1
(unit type symbols) and the usual NATO map symbols.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .canvas import Box, Canvas
from .colours import RGB


@dataclass(frozen=True)
class Pen:
    """How glyphs draw: ``ink`` for lines, ``paper`` the box fill (to clear space), line ``width``."""

    ink: RGB
    paper: RGB
    width: float


Glyph = Callable[[Canvas, Box, Pen], None]


def _at(box: Box, fx: float, fy: float) -> tuple[float, float]:
    x, y, w, h = box
    return (x + fx * w, y + fy * h)


def cross(c: Canvas, box: Box, pen: Pen) -> None:
    """Infantry: the X from corner to corner."""
    c.line([_at(box, 0, 0), _at(box, 1, 1)], pen.ink, pen.width, joint=False)
    c.line([_at(box, 0, 1), _at(box, 1, 0)], pen.ink, pen.width, joint=False)


def slash(c: Canvas, box: Box, pen: Pen) -> None:
    """Cavalry / reconnaissance: one diagonal."""
    c.line([_at(box, 0, 1), _at(box, 1, 0)], pen.ink, pen.width, joint=False)


def mountain(c: Canvas, box: Box, pen: Pen) -> None:
    """Mountain troops: a solid peak standing on the bottom edge."""
    x, y, w, h = box
    half = min(w * 0.17, h * 0.3)
    c.polygon([(x + w / 2 - half, y + h), (x + w / 2, y + h - h * 0.38), (x + w / 2 + half, y + h)], fill=pen.ink)


def wheels(c: Canvas, box: Box, pen: Pen) -> None:
    """Motorized: two road wheels along the bottom edge."""
    x, y, w, h = box
    r = h * 0.12
    cy = y + h - r - pen.width * 0.8
    for fx in (0.36, 0.64):
        c.circle((x + w * fx, cy), r, outline=pen.ink, width=pen.width, fill=None)


def bicycle(c: Canvas, box: Box, pen: Pen) -> None:
    """Bicycle troops: two wheels joined by a frame."""
    x, y, w, h = box
    r = h * 0.13
    cy = y + h - r - pen.width * 0.8
    left, right = (x + w * 0.37, cy), (x + w * 0.63, cy)
    for centre in (left, right):
        c.circle(centre, r, outline=pen.ink, width=pen.width * 0.8)
    top = (x + w * 0.5, cy - r * 1.6)
    c.line([left, top, right, left], pen.ink, pen.width * 0.8)


def wings(c: Canvas, box: Box, pen: Pen) -> None:
    """Airborne: a pair of wings along the bottom edge."""
    x, y, w, h = box
    span, rise = w * 0.2, h * 0.2
    base = y + h * 0.9
    for cx in (x + w / 2 - span / 2, x + w / 2 + span / 2):
        c.arc((cx - span / 2, base - rise, span, rise * 2), 180, 360, pen.ink, pen.width)


def anchor(c: Canvas, box: Box, pen: Pen) -> None:
    """Naval infantry: an anchor in the centre, over a cleared disc so the X does not hide it."""
    x, y, w, h = box
    s = h * 0.62
    cx, top = x + w / 2, y + (h - s) / 2
    c.circle((cx, top + s * 0.5), s * 0.5, fill=pen.paper)
    ring = s * 0.1
    c.circle((cx, top + ring + pen.width * 0.3), ring, outline=pen.ink, width=pen.width * 0.8)
    c.line([(cx, top + 2 * ring), (cx, top + s * 0.92)], pen.ink, pen.width)
    c.line([(cx - s * 0.22, top + s * 0.36), (cx + s * 0.22, top + s * 0.36)], pen.ink, pen.width * 0.9, joint=False)
    c.arc((cx - s * 0.36, top + s * 0.36, s * 0.72, s * 0.56), 20, 160, pen.ink, pen.width)


def dot(c: Canvas, box: Box, pen: Pen) -> None:
    """Artillery: a solid dot in the centre."""
    x, y, w, h = box
    c.circle((x + w / 2, y + h / 2), h * 0.17, fill=pen.ink)


def waves(c: Canvas, box: Box, pen: Pen) -> None:
    """Coast artillery: a wave line under the dot."""
    x, y, w, h = box
    base, amp = y + h * 0.82, h * 0.07
    points = []
    steps = 16
    for i in range(steps + 1):
        t = i / steps
        phase = (t * 3) % 1
        dy = -amp if phase < 0.5 else amp
        points.append((x + w * (0.2 + 0.6 * t), base + dy * (1 - abs(phase * 4 % 2 - 1))))
    c.line(points, pen.ink, pen.width * 0.8)


def chevron(c: Canvas, box: Box, pen: Pen) -> None:
    """Antitank: an inverted V from the bottom corners to the top centre."""
    c.line([_at(box, 0, 1), _at(box, 0.5, 0), _at(box, 1, 1)], pen.ink, pen.width)


def dome(c: Canvas, box: Box, pen: Pen) -> None:
    """Antiaircraft: an arc over the bottom edge."""
    x, y, w, h = box
    c.arc((x + w * 0.12, y + h * 0.42, w * 0.76, h * 1.1), 180, 360, pen.ink, pen.width)


def track(c: Canvas, box: Box, pen: Pen) -> None:
    """Armour: the oval of a track."""
    x, y, w, h = box
    bw, bh = w * 0.6, h * 0.5
    c.rect((x + (w - bw) / 2, y + (h - bh) / 2, bw, bh), outline=pen.ink, width=pen.width, radius=bh / 2)


def wheel(c: Canvas, box: Box, pen: Pen) -> None:
    """Motor transport (trucks): a spoked wheel."""
    x, y, w, h = box
    r = h * 0.3
    cx, cy = x + w / 2, y + h / 2
    c.circle((cx, cy), r, outline=pen.ink, width=pen.width)
    c.circle((cx, cy), r * 0.22, fill=pen.ink)
    for dx, dy in ((1, 0), (0, 1), (0.7071, 0.7071), (0.7071, -0.7071)):
        c.line([(cx - dx * r, cy - dy * r), (cx + dx * r, cy + dy * r)], pen.ink, pen.width * 0.6, joint=False)


def bridge(c: Canvas, box: Box, pen: Pen) -> None:
    """Engineers: the bridge sign."""
    x, y, w, h = box
    left, right, top, bottom = x + w * 0.3, x + w * 0.7, y + h * 0.35, y + h * 0.65
    c.line([(left, bottom), (left, top), (right, top), (right, bottom)], pen.ink, pen.width)
    c.line([(x + w / 2, top), (x + w / 2, bottom)], pen.ink, pen.width, joint=False)


def skis(c: Canvas, box: Box, pen: Pen) -> None:
    """Ski troops: two skis under the cross."""
    x, y, w, h = box
    for fy in (0.78, 0.9):
        c.line([(x + w * 0.3, y + h * fy), (x + w * 0.66, y + h * fy), (x + w * 0.7, y + h * (fy - 0.06))], pen.ink, pen.width * 0.7)


GLYPHS: dict[str, Glyph] = {
    "cross": cross,
    "slash": slash,
    "mountain": mountain,
    "wheels": wheels,
    "bicycle": bicycle,
    "wings": wings,
    "anchor": anchor,
    "dot": dot,
    "waves": waves,
    "chevron": chevron,
    "dome": dome,
    "track": track,
    "wheel": wheel,
    "bridge": bridge,
    "skis": skis,
}


def draw_symbol(c: Canvas, box: Box, glyphs: list[str], pen: Pen) -> None:
    """Draw the glyphs in order (later ones on top); unknown glyph names raise KeyError."""
    for name in glyphs:
        GLYPHS[name](c, box, pen)
