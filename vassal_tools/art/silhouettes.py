"""Ship side-profiles and aircraft plan-views as shapely polygons.

Shapes are built once, in normalised units, and cached:

* a **ship** profile has its stern at x=0, its bow at x=1 (the ship's length is 1) and the
  waterline at y=0, with y growing *downwards* as on screen (so the superstructure has
  negative y). :func:`place_ship` scales it to a length in template pixels.
* an **aircraft** is seen from above, nose up, wingspan 1 centred on x=0, nose at y=0.
  :func:`place_aircraft` fits it into a box.

Which profile a ship type or aircraft type uses is declared in the naval and air templates.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

# -- primitives ----------------------------------------------------------------------------


def _rect(x0: float, x1: float, top: float, bottom: float) -> Polygon:
    """A box from x0 to x1 between heights ``top`` and ``bottom`` above the waterline."""
    return Polygon([(x0, -top), (x1, -top), (x1, -bottom), (x0, -bottom)])


def _trap(x0: float, x1: float, bottom: float, top: float, lean: float) -> Polygon:
    """A raked block (funnels, towers): its top is shifted ``lean`` towards the stern."""
    return Polygon([(x0, -bottom), (x1, -bottom), (x1 - lean, -top), (x0 - lean, -top)])


def _hull(freeboard: float, sheer: float = 0.25, rake: float = 0.05, stern: float = 0.015) -> Polygon:
    """Hull above the waterline: a raked bow that rises by ``sheer`` x freeboard."""
    bow_top = freeboard * (1 + sheer)
    return Polygon([(stern, 0), (0, -freeboard), (0.75, -freeboard), (1.0, -bow_top), (1 - rake, 0)])


def _turret(x: float, deck: float, facing: int, size: float = 0.045) -> BaseGeometry:
    """A gun house at ``x`` on a deck at height ``deck``, barrels pointing ``facing`` (+1 bow)."""
    h = size * 0.5
    house = Polygon([(x - size / 2, -deck), (x + size / 2, -deck), (x + size * 0.38, -deck - h), (x - size * 0.38, -deck - h)])
    barrel = _rect(x, x + facing * size * 1.25, deck + h * 0.62, deck + h * 0.38) if facing > 0 else _rect(x - size * 1.25, x, deck + h * 0.62, deck + h * 0.38)
    return house.union(barrel)


def _mast(x: float, bottom: float, top: float, width: float = 0.007) -> Polygon:
    return _rect(x - width / 2, x + width / 2, top, bottom)


def _funnel(x: float, bottom: float, top: float, width: float) -> Polygon:
    return _trap(x - width / 2, x + width / 2, bottom, top, lean=width * 0.25)


def _capsule(a: tuple[float, float], b: tuple[float, float], width: float) -> Polygon:
    return LineString([a, b]).buffer(width / 2, quad_segs=6)


def _mirror(geom: BaseGeometry) -> BaseGeometry:
    """A right half made whole by reflecting it about x=0."""
    return unary_union([geom, affinity.scale(geom, xfact=-1, yfact=1, origin=(0, 0))])


# -- ship profiles -------------------------------------------------------------------------


def _battleship(funnels: int = 1) -> BaseGeometry:
    fb = 0.045
    parts = [
        _hull(fb),
        _rect(0.36, 0.64, 0.085, fb),
        _trap(0.40, 0.48, 0.085, 0.135, lean=0.01),
        _mast(0.44, 0.13, 0.18),
        _turret(0.22, fb, +1),
        _turret(0.30, fb + 0.014, +1),
        _turret(0.71, fb + 0.014, -1),
        _turret(0.79, fb, -1),
    ]
    parts += [_funnel(0.53 + 0.07 * i, 0.085, 0.125, 0.04) for i in range(funnels)]
    return unary_union(parts)


def _carrier() -> BaseGeometry:
    fb = 0.06
    return unary_union(
        [
            _hull(fb, sheer=0.1, rake=0.06),
            _rect(0.0, 1.0, 0.078, 0.06),  # flight deck overhangs bow and stern
            _rect(0.60, 0.72, 0.115, 0.078),  # island
            _funnel(0.66, 0.115, 0.14, 0.045),
            _mast(0.63, 0.115, 0.17),
        ]
    )


def _pocket_battleship() -> BaseGeometry:
    fb = 0.045
    return unary_union(
        [
            _hull(fb),
            _rect(0.36, 0.66, 0.085, fb),
            _trap(0.40, 0.47, 0.085, 0.145, lean=0.01),
            _funnel(0.55, 0.085, 0.125, 0.05),
            _mast(0.60, 0.12, 0.17),
            _turret(0.26, fb, +1, 0.055),
            _turret(0.76, fb, -1, 0.055),
        ]
    )


def _coast_defence() -> BaseGeometry:
    """Coast defence ship (Norge, Eidsvold): low hull, one big gun fore and aft."""
    fb = 0.05
    return unary_union(
        [
            _hull(fb, sheer=0.2, rake=0.03),
            _rect(0.36, 0.64, 0.1, fb),
            _trap(0.40, 0.48, 0.1, 0.15, lean=0.01),
            _funnel(0.55, 0.1, 0.16, 0.06),
            _mast(0.44, 0.15, 0.22),
            _turret(0.24, fb, +1, 0.07),
            _turret(0.77, fb, -1, 0.07),
        ]
    )


def _cruiser(turrets_fore: int, turrets_aft: int, funnels: int, fb: float = 0.05, size: float = 0.04) -> BaseGeometry:
    parts = [
        _hull(fb, sheer=0.35),
        _rect(0.34, 0.66, 0.09, fb),
        _trap(0.35, 0.42, 0.09, 0.13, lean=0.01),
        _mast(0.39, 0.13, 0.18),
        _mast(0.68, fb, 0.14),
    ]
    parts += [_turret(0.28 - 0.07 * i, fb + (0.012 if i == 0 and turrets_fore > 1 else 0), +1, size) for i in range(turrets_fore)]
    parts += [_turret(0.72 + 0.07 * i, fb + (0.012 if i == 0 and turrets_aft > 1 else 0), -1, size) for i in range(turrets_aft)]
    parts += [_funnel(0.47 + 0.09 * i, 0.09, 0.135, 0.045) for i in range(funnels)]
    return unary_union(parts)


def _destroyer(funnels: int = 2, guns: int = 2) -> BaseGeometry:
    fb = 0.055
    parts = [
        _hull(fb, sheer=0.5, rake=0.06),
        _rect(0.26, 0.36, 0.11, fb),
        _mast(0.33, 0.11, 0.19, 0.01),
        _turret(0.17, fb, +1, 0.05),
        _turret(0.85, fb, -1, 0.05),
        _rect(0.62, 0.72, fb + 0.018, fb),  # torpedo tubes
    ]
    if guns > 1:
        parts += [_turret(0.24, fb + 0.015, +1, 0.05), _turret(0.77, fb, -1, 0.05)]
    parts += [_funnel(0.44 + 0.11 * i, fb, 0.12, 0.055) for i in range(funnels)]
    return unary_union(parts)


def _sloop() -> BaseGeometry:
    fb = 0.065
    return unary_union(
        [
            _hull(fb, sheer=0.4),
            _rect(0.30, 0.44, 0.13, fb),
            _funnel(0.52, fb, 0.14, 0.06),
            _mast(0.38, 0.13, 0.22, 0.01),
            _turret(0.18, fb, +1, 0.055),
            _turret(0.84, fb, -1, 0.055),
        ]
    )


def _s_boat() -> BaseGeometry:
    fb = 0.08
    return unary_union([_hull(fb, sheer=0.4, rake=0.12, stern=0.0), _trap(0.45, 0.62, fb, 0.15, lean=0.02), _mast(0.55, 0.15, 0.22, 0.012)])


def _transport() -> BaseGeometry:
    fb = 0.085
    return unary_union(
        [
            _hull(fb, sheer=0.25, rake=0.04, stern=0.0),
            _rect(0.42, 0.62, 0.15, fb),
            _funnel(0.53, 0.15, 0.21, 0.055),
            _mast(0.22, fb, 0.26),
            _mast(0.80, fb, 0.26),
            _rect(0.18, 0.26, 0.20, 0.19),
            _rect(0.76, 0.84, 0.20, 0.19),
        ]
    )


def _tanker() -> BaseGeometry:
    fb = 0.07
    return unary_union(
        [
            _hull(fb, sheer=0.2, rake=0.04, stern=0.0),
            _rect(0.04, 0.22, 0.13, fb),
            _funnel(0.11, 0.13, 0.19, 0.05),
            _rect(0.52, 0.60, 0.13, fb),
            _mast(0.30, fb, 0.22),
            _mast(0.78, fb, 0.22),
        ]
    )


def _landing_craft() -> BaseGeometry:
    return unary_union([Polygon([(0, 0), (0, -0.16), (1, -0.16), (0.9, 0)]), _rect(0.04, 0.22, 0.28, 0.16)])


def _submarine() -> BaseGeometry:
    fb = 0.045
    hull = Polygon([(0.0, -fb * 0.4), (0.06, -fb), (0.9, -fb), (1.0, -fb * 0.3), (0.95, 0), (0.04, 0)])
    return unary_union([hull, _trap(0.40, 0.54, fb, 0.15, lean=0.02), _mast(0.49, 0.15, 0.21, 0.01),
                        _rect(0.30, 0.33, 0.075, fb)])


SHIP_PROFILES: dict[str, Callable[[], BaseGeometry]] = {
    "battleship": _battleship,
    "battlecruiser": lambda: _battleship(funnels=2),
    "carrier": _carrier,
    "pocket_battleship": _pocket_battleship,
    "coast_defence": _coast_defence,
    "heavy_cruiser": lambda: _cruiser(2, 2, 1),
    "light_cruiser": lambda: _cruiser(2, 2, 2),
    "aa_cruiser": lambda: _cruiser(3, 2, 2, size=0.034),
    "destroyer": _destroyer,
    "torpedo_boat": lambda: _destroyer(funnels=1, guns=1),
    "sloop": _sloop,
    "s_boat": _s_boat,
    "transport": _transport,
    "tanker": _tanker,
    "landing_craft": _landing_craft,
    "submarine": _submarine,
}


@functools.cache
def ship_profile(name: str) -> BaseGeometry:
    """The named ship profile (length 1, waterline y=0, superstructure at negative y)."""
    return SHIP_PROFILES[name]()


def place_ship(name: str, length: float, bottom_centre: tuple[float, float], exaggeration: float = 1.0) -> BaseGeometry:
    """Profile ``name`` scaled to ``length`` pixels, waterline centred on ``bottom_centre``.

    ``exaggeration`` stretches heights (counter art conventionally draws ships taller
    than true proportion, or small ships would be a line).
    """
    geom = ship_profile(name)
    cx, cy = bottom_centre
    return affinity.affine_transform(geom, [length, 0, 0, length * exaggeration, cx - length / 2, cy])


# -- aircraft plan views -------------------------------------------------------------------


def _round(geom: BaseGeometry, r: float) -> BaseGeometry:
    """Round the convex corners of ``geom`` (wing tips) by ``r``."""
    return geom.buffer(-r, quad_segs=4).buffer(r, quad_segs=4)


def _fuselage(length: float, width: float, nose: float = 0.35) -> BaseGeometry:
    """A fuselage seen from above: full width from the cockpit forward, tapering to the tail."""
    w = width / 2
    right = Polygon([(0, 0), (w * 0.6, 0.012), (w, 0.06), (w, length * nose), (w * 0.35, length - 0.03), (0, length)])
    return _mirror(right)


def _plane(root_y: float, chord: float, tip_chord: float, sweep: float, length: float, body: float,
           tail_span: float, nacelles: tuple[float, ...] = (), twin_tail: bool = False) -> BaseGeometry:
    """A monoplane; ``root_y`` is where the wing's leading edge meets the fuselage."""
    wing = Polygon([(0, root_y), (0.5, root_y + sweep), (0.5, root_y + sweep + tip_chord), (0, root_y + chord)])
    tail_y = length - 0.11
    tail = Polygon([(0, tail_y), (tail_span, tail_y + 0.025), (tail_span, tail_y + 0.07), (0, tail_y + 0.085)])
    parts = [_mirror(_round(wing, 0.025)), _mirror(_round(tail, 0.012)), _fuselage(length, body)]
    for x in nacelles:
        parts.append(_mirror(_capsule((x, root_y - 0.08), (x, root_y + chord * 0.85), body * 0.7)))
    if twin_tail:
        fin = Polygon([(tail_span - 0.015, tail_y - 0.02), (tail_span + 0.015, tail_y - 0.02), (tail_span + 0.015, tail_y + 0.1), (tail_span - 0.015, tail_y + 0.1)])
        parts.append(_mirror(fin))
    return unary_union(parts)


def _biplane() -> BaseGeometry:
    upper = _mirror(_round(Polygon([(0, 0.19), (0.5, 0.20), (0.5, 0.32), (0, 0.32)]), 0.03))
    lower = _mirror(_round(Polygon([(0.03, 0.355), (0.45, 0.355), (0.45, 0.43), (0.03, 0.43)]), 0.02))
    tail = _mirror(_round(Polygon([(0, 0.64), (0.16, 0.66), (0.16, 0.72), (0, 0.74)]), 0.012))
    return unary_union([upper, lower, tail, _fuselage(0.78, 0.13)])


def _floats(base: BaseGeometry, x: float, y0: float, y1: float, width: float) -> BaseGeometry:
    return unary_union([base, _mirror(_capsule((x, y0), (x, y1), width))])


AIRCRAFT_SHAPES: dict[str, Callable[[], BaseGeometry]] = {
    "fighter": lambda: _plane(0.27, 0.2, 0.1, 0.03, 0.8, 0.13, 0.18),
    "dive_bomber": lambda: _plane(0.27, 0.21, 0.11, 0.02, 0.82, 0.13, 0.19),
    "heavy_fighter": lambda: _plane(0.27, 0.18, 0.08, 0.03, 0.78, 0.1, 0.18, nacelles=(0.17,), twin_tail=True),
    "bomber": lambda: _plane(0.26, 0.19, 0.08, 0.04, 0.74, 0.12, 0.2, nacelles=(0.19,)),
    "transport": lambda: _plane(0.24, 0.22, 0.09, 0.03, 0.7, 0.13, 0.2, nacelles=(0.2,)),
    "four_engine": lambda: _plane(0.25, 0.17, 0.07, 0.04, 0.76, 0.11, 0.19, nacelles=(0.14, 0.28)),
    "biplane": _biplane,
    "seaplane": lambda: _floats(AIRCRAFT_SHAPES["transport"](), 0.14, 0.05, 0.56, 0.06),
    "float_biplane": lambda: _floats(_biplane(), 0.13, 0.03, 0.56, 0.06),
    "flying_boat": lambda: _plane(0.24, 0.16, 0.08, 0.03, 0.82, 0.14, 0.2, nacelles=(0.11, 0.24)),
}


@functools.cache
def aircraft_shape(name: str) -> BaseGeometry:
    """The named aircraft plan view (span 1, nose at y=0)."""
    return AIRCRAFT_SHAPES[name]()


def fit(geom: BaseGeometry, box: tuple[float, float, float, float]) -> BaseGeometry:
    """``geom`` scaled uniformly to fit ``box`` and centred in it."""
    minx, miny, maxx, maxy = geom.bounds
    x, y, w, h = box
    k = min(w / (maxx - minx), h / (maxy - miny))
    ox = x + (w - (maxx - minx) * k) / 2 - minx * k
    oy = y + (h - (maxy - miny) * k) / 2 - miny * k
    return affinity.affine_transform(geom, [k, 0, 0, k, ox, oy])


def place_aircraft(name: str, box: tuple[float, float, float, float]) -> BaseGeometry:
    """Aircraft shape ``name`` fitted into ``box``."""
    return fit(aircraft_shape(name), box)


def _soldier() -> BaseGeometry:
    """A standing soldier with a rifle at the shoulder, seen from the side (height 1, feet at y=1)."""
    head = Point(0.5, 0.13).buffer(0.075, quad_segs=8)
    helmet = Polygon([(0.39, 0.13), (0.61, 0.13), (0.59, 0.07), (0.5, 0.035), (0.41, 0.07)])
    torso = Polygon([(0.38, 0.23), (0.62, 0.23), (0.64, 0.58), (0.36, 0.58)])
    legs = unary_union([Polygon([(0.37, 0.56), (0.49, 0.56), (0.46, 1.0), (0.35, 1.0)]),
                        Polygon([(0.51, 0.56), (0.63, 0.56), (0.66, 1.0), (0.55, 1.0)])])
    rifle = _capsule((0.70, 0.05), (0.66, 0.62), 0.045)
    arm = _capsule((0.58, 0.28), (0.68, 0.45), 0.07)
    return unary_union([head, helmet, torso, legs, rifle, arm])


FIGURES: dict[str, Callable[[], BaseGeometry]] = {"soldier": _soldier}


@functools.cache
def figure_shape(name: str) -> BaseGeometry:
    """The named figure (a miniature's outline; height 1)."""
    return FIGURES[name]()
