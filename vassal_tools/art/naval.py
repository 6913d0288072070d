"""Naval counters: ships and naval points (invasion-norway.txt 1.4.2, 1.5).

Silhouettes follow the maintainers' note in 1.4.1: every ship is drawn to one scale, on
which the largest ship (a UK CV) just fills the counter. Naval points print their point
count (2 on the front, 1 on the back, 1.5); a ship's reverse is its damaged side. The
Naval Attack Factor is red when the unit has torpedoes (1.4.2).
"""

from __future__ import annotations

from .canvas import Canvas
from .colours import ink_on
from .frame import Factor, draw_factors, draw_frame
from .palette import Palette
from .silhouettes import place_ship
from .templates import Template
from .units import CounterData


def is_points(tpl: Template, unit: CounterData) -> bool:
    """Whether the unit is counted in naval points rather than ships (1.5)."""
    if unit.fields.get("points"):
        return True
    return unit.type.replace(" ", "").upper() in {t.upper() for t in tpl.data["points_types"].get("types", [])}


def ship_length(tpl: Template, unit: CounterData) -> float:
    """Length in metres: a ``length_m`` column if the data has one, else the type's."""
    try:
        return float(unit.fields.get("length_m", ""))
    except ValueError:
        return float(tpl.lookup("lengths_m", unit.type, tpl["silhouette"]["largest_m"] * 0.5))


def paint(c: Canvas, tpl: Template, unit: CounterData, side: str, palette: Palette) -> None:
    colours = palette.colours(unit.nationality, "navy")
    bg, ink = colours.background, colours.foreground
    c.fill(bg)
    back = side == "back" and unit.has_back
    name_ink = ink
    if back:
        band = tpl["reduced"]
        assert band.colour is not None  # the template schema requires reduced.colour
        c.rect(tuple(band["band"]), fill=band.colour)
        name_ink = ink_on(band.colour)
    points = is_points(tpl, unit)
    el = tpl["name"]
    generic = not unit.name or unit.name.upper() == unit.type.upper()
    title = f"{unit.nationality.capitalize()} {unit.type}".strip() if points and generic else unit.name or unit.id
    c.text(el.box, title, el.font, el.size, name_ink)
    _silhouette(c, tpl, unit, bg)
    el = tpl["type"]
    c.text(el.box, unit.type.upper(), el.font, el.size, ink, align=el.align)
    el = tpl["points"]
    if points:
        n = unit.steps_on(side)
        c.text(el.box, f"{n} pt" + ("s" if n != 1 else ""), el.font, el.size, ink, align=el.align)
    elif back:
        c.text(el.box, unit.back, el.font, el.size, ink, align=el.align)
    _secondary(c, tpl, unit, side, ink)
    _factors(c, tpl, unit, side, ink, bg)
    draw_frame(c, tpl)


def _silhouette(c: Canvas, tpl: Template, unit: CounterData, bg) -> None:
    el = tpl["silhouette"]
    profile = tpl.lookup("profiles", unit.type)
    if profile is None:
        return
    x, y, w, h = el.box
    length = w * min(1.0, ship_length(tpl, unit) / el["largest_m"])
    geom = place_ship(profile, length, (x + w / 2, y + h), el["exaggeration"])
    c.geometry(geom, el.colour if el.colour and ink_on(bg) == (0, 0, 0) else ink_on(bg))


def _secondary(c: Canvas, tpl: Template, unit: CounterData, side: str, ink) -> None:
    el = tpl["secondary"]
    parts = [f"{label} {unit.value(col, side)}" for col, label in zip(el["columns"], el["labels"]) if unit.value(col, side)]
    if parts:
        c.text(el.box, "  ·  ".join(parts), el.font, el.size, ink)


def _factors(c: Canvas, tpl: Template, unit: CounterData, side: str, ink, bg) -> None:
    values = [unit.value(col, side) for col in tpl["factors"]["columns"]]
    if not any(values):
        return  # landing craft print no factors (8.6.3)
    red = tpl["torpedo"].colour if unit.flag("torpedo") else None
    factors = [Factor(v or "0", colour=red if i == 0 else None) for i, v in enumerate(values)]
    draw_factors(c, tpl["factors"], factors, ink, ground=bg)
