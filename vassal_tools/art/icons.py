"""Small pictures for markers and supply counters (hit burst, weather, rails ...).

Each icon draws into a box in one ink colour; the marker template names the icon of each
marker style, so new markers need no code.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .canvas import Box, Canvas
from .colours import RGB
from .silhouettes import place_aircraft
from .symbols import Pen
from .symbols import anchor as _anchor

Icon = Callable[[Canvas, Box, RGB, RGB], None]  # canvas, box, ink, paper


def _square(box: Box) -> tuple[float, float, float]:
    """Centre and half-size of the largest square in ``box``."""
    x, y, w, h = box
    s = min(w, h) / 2
    return x + w / 2, y + h / 2, s


def _star_points(cx: float, cy: float, outer: float, inner: float, n: int, turn: float = -90) -> list[tuple[float, float]]:
    points = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / n)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def burst(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """A hit: a jagged explosion."""
    cx, cy, s = _square(box)
    c.polygon(_star_points(cx, cy, s, s * 0.5, 9), fill=ink)


def star(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    cx, cy, s = _square(box)
    c.polygon(_star_points(cx, cy + s * 0.08, s, s * 0.4, 5), fill=ink)


def sun(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    cx, cy, s = _square(box)
    c.circle((cx, cy), s * 0.45, fill=ink)
    for i in range(8):
        a = math.radians(i * 45)
        c.line([(cx + s * 0.62 * math.cos(a), cy + s * 0.62 * math.sin(a)), (cx + s * 0.95 * math.cos(a), cy + s * 0.95 * math.sin(a))], ink, s * 0.13, joint=False)


def cloud(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    cx, cy, s = _square(box)
    for dx, dy, r in ((-0.42, 0.12, 0.32), (0.0, -0.12, 0.45), (0.42, 0.1, 0.34)):
        c.circle((cx + dx * s, cy + dy * s), r * s, fill=ink)
    c.rect((cx - 0.42 * s, cy + 0.05 * s, 0.84 * s, 0.37 * s), fill=ink)


def rain(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    x, y, w, h = box
    cloud(c, (x, y, w, h * 0.7), ink, paper)
    cx, cy, s = _square(box)
    for dx in (-0.35, 0.0, 0.35):
        c.line([(cx + dx * s, y + h * 0.72), (cx + (dx - 0.12) * s, y + h * 0.98)], ink, s * 0.1, joint=False)


def bolt(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """Stormy weather: a cloud with a lightning bolt."""
    x, y, w, h = box
    cloud(c, (x, y, w, h * 0.65), ink, paper)
    cx, _, s = _square(box)
    top = y + h * 0.55
    c.polygon([(cx, top), (cx - 0.25 * s, top + 0.45 * s), (cx - 0.02 * s, top + 0.42 * s), (cx - 0.12 * s, y + h), (cx + 0.25 * s, top + 0.3 * s), (cx + 0.02 * s, top + 0.33 * s), (cx + 0.12 * s, top)], fill=ink)


def snowflake(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    cx, cy, s = _square(box)
    for i in range(3):
        a = math.radians(90 + i * 60)
        dx, dy = math.cos(a) * s * 0.95, math.sin(a) * s * 0.95
        c.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], ink, s * 0.13, joint=False)
        for sign in (1, -1):
            bx, by = cx + sign * dx * 0.6, cy + sign * dy * 0.6
            for turn in (-40, 40):
                b = a + math.radians(turn) + (0 if sign > 0 else math.pi)
                c.line([(bx, by), (bx + math.cos(b) * s * 0.3, by + math.sin(b) * s * 0.3)], ink, s * 0.1, joint=False)


def drop(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """Thaw: a water drop."""
    cx, cy, s = _square(box)
    c.circle((cx, cy + s * 0.3), s * 0.55, fill=ink)
    c.polygon([(cx - s * 0.5, cy + s * 0.1), (cx, cy - s * 0.95), (cx + s * 0.5, cy + s * 0.1)], fill=ink)


def plane(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    c.geometry(place_aircraft("fighter", box), ink)


def anchor(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    cx, cy, s = _square(box)
    # symbols.anchor draws at 62% of its box height, centred: give it a taller box.
    _anchor(c, (cx - s, cy - s / 0.62, 2 * s, 2 * s / 0.62), Pen(ink, paper, s * 0.14))


def crate(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """Supply: a crate."""
    cx, cy, s = _square(box)
    side = s * 1.5
    b = (cx - side / 2, cy - side / 2, side, side)
    c.rect(b, outline=ink, width=s * 0.14)
    c.line([(b[0], b[1]), (b[0] + side, b[1] + side)], ink, s * 0.1, joint=False)
    c.line([(b[0], b[1] + side), (b[0] + side, b[1])], ink, s * 0.1, joint=False)


def rails(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """Rail break: a track with a gap."""
    x, y, w, h = box
    for fy in (0.35, 0.65):
        c.line([(x, y + h * fy), (x + w * 0.4, y + h * fy)], ink, h * 0.08, joint=False)
        c.line([(x + w * 0.6, y + h * fy), (x + w, y + h * fy)], ink, h * 0.08, joint=False)
    for i in range(6):
        fx = 0.06 + i * 0.17
        if 0.38 < fx < 0.58:
            continue
        c.line([(x + w * fx, y + h * 0.2), (x + w * fx, y + h * 0.8)], ink, w * 0.05, joint=False)
    c.line([(x + w * 0.45, y + h * 0.1), (x + w * 0.55, y + h * 0.9)], ink, w * 0.04, joint=False)


def crosshair(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """Attack: a target mark."""
    cx, cy, s = _square(box)
    c.circle((cx, cy), s * 0.7, outline=ink, width=s * 0.14)
    c.circle((cx, cy), s * 0.18, fill=ink)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c.line([(cx + dx * s * 0.45, cy + dy * s * 0.45), (cx + dx * s, cy + dy * s)], ink, s * 0.12, joint=False)


def flag(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    cx, cy, s = _square(box)
    c.line([(cx - s * 0.6, cy - s), (cx - s * 0.6, cy + s)], ink, s * 0.12, joint=False)
    c.polygon([(cx - s * 0.55, cy - s), (cx + s * 0.8, cy - s * 0.6), (cx - s * 0.55, cy - s * 0.15)], fill=ink)


def arrow(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """Withdrawal / reinforcement: an arrow to the right."""
    x, y, w, h = box
    c.polygon([(x, y + h * 0.38), (x + w * 0.6, y + h * 0.38), (x + w * 0.6, y + h * 0.15), (x + w, y + h * 0.5),
               (x + w * 0.6, y + h * 0.85), (x + w * 0.6, y + h * 0.62), (x, y + h * 0.62)], fill=ink)


def airfield(c: Canvas, box: Box, ink: RGB, paper: RGB) -> None:
    """Frozen lake airbase: crossed runways."""
    cx, cy, s = _square(box)
    for a in (30, 150):
        r = math.radians(a)
        dx, dy = math.cos(r) * s, math.sin(r) * s
        c.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], ink, s * 0.3, joint=False)


ICONS: dict[str, Icon] = {
    "burst": burst,
    "star": star,
    "sun": sun,
    "cloud": cloud,
    "rain": rain,
    "bolt": bolt,
    "snowflake": snowflake,
    "drop": drop,
    "plane": plane,
    "anchor": anchor,
    "crate": crate,
    "rails": rails,
    "crosshair": crosshair,
    "flag": flag,
    "arrow": arrow,
    "airfield": airfield,
}


def draw_icon(c: Canvas, name: str, box: Box, ink: RGB, paper: RGB) -> None:
    """Draw icon ``name``; KeyError if the template names an icon that does not exist."""
    ICONS[name](c, box, ink, paper)
