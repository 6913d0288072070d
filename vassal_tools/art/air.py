"""Air counters (invasion-norway.txt 1.4.3, 1.5).

The two-point front shows a large silhouette and the one-point back a small one (1.5 and
the VASSAL note in 1.4.3); single-step types (Fw-200, Ju-90, Do-26, Ju-52 seaplane) have
no back and show the small silhouette. Bombers' and transports' Air Combat Factor is boxed
in red, a night bomber's Installation Bombing Factor is boxed, CV planes and seaplanes
sit on a blue sea square, and seaplanes use the German naval colour (1.4.3, 5.1.1).
"""

from __future__ import annotations

from .canvas import Canvas
from .colours import BLACK, ink_on
from .frame import Factor, draw_factors, draw_frame
from .palette import Colours, Palette
from .silhouettes import place_aircraft
from .templates import Template
from .units import CounterData


def role(tpl: Template, unit: CounterData) -> str:
    """fighter, fighter_bomber, bomber, night_bomber or transport (the plane table of 1.4.3)."""
    if unit.flag("night_bomber"):
        return "night_bomber"
    return unit.fields.get("role") or tpl.lookup("roles", unit.type, "fighter")


def unit_colours(tpl: Template, unit: CounterData, palette: Palette) -> Colours:
    """Seaplanes in the naval colour (5.1.1), carrier planes blue on white (8.7.1)."""
    if is_seaplane(tpl, unit):
        return palette.colours(unit.nationality, "navy")
    if is_carrier_plane(tpl, unit):
        return palette.colours(unit.nationality, "carrier", "air")
    return palette.colours(unit.nationality, "air")


def is_seaplane(tpl: Template, unit: CounterData) -> bool:
    if "seaplane" in unit.fields:
        return unit.flag("seaplane")
    return _listed(tpl, "seaplane_types", unit) or "seaplane" in unit.type.lower()


def is_carrier_plane(tpl: Template, unit: CounterData) -> bool:
    if "carrier" in unit.fields:
        return unit.flag("carrier")
    return _listed(tpl, "carrier_types", unit) or unit.type.upper().endswith(" CV")


def _listed(tpl: Template, table: str, unit: CounterData) -> bool:
    name = "".join(ch for ch in unit.type.casefold() if ch.isalnum())
    return name in tpl.names(table)


def paint(c: Canvas, tpl: Template, unit: CounterData, side: str, palette: Palette) -> None:
    colours = unit_colours(tpl, unit, palette)
    bg, ink = colours.background, colours.foreground
    c.fill(bg)
    name = tpl["name"]
    c.text(name.box, unit.name or unit.type, name.font, name.size, ink)
    _silhouette(c, tpl, unit, side, bg)
    kind = role(tpl, unit)
    _bombing(c, tpl, unit, side, kind, ink)
    _factors(c, tpl, unit, side, kind, ink, bg)
    draw_frame(c, tpl)


def _silhouette(c: Canvas, tpl: Template, unit: CounterData, side: str, bg) -> None:
    el = tpl["silhouette"]
    large = unit.steps_on(side) >= 2
    box = tuple(el["large"] if large else el["small"])
    if is_carrier_plane(tpl, unit) or is_seaplane(tpl, unit):
        sea = tpl["sea_square"]
        sx, sy, sw, sh = sea.box
        if not large:
            # Keep the square just around the small silhouette.
            bx, by, bw, bh = box
            pad = 3
            sx, sy, sw, sh = bx - pad, by - pad, bw + 2 * pad, bh + 2 * pad
        c.rect((sx, sy, sw, sh), fill=sea.colour)
        bg = sea.colour
    shape = tpl.lookup("shapes", unit.type) or tpl.data["role_shapes"].get(role(tpl, unit), "fighter")
    # The template's dark silhouette colour, or white where the ground is dark (sea square).
    colour = el.colour if el.colour and ink_on(bg) == BLACK else ink_on(bg)
    c.geometry(place_aircraft(shape, box), colour)


def _bombing(c: Canvas, tpl: Template, unit: CounterData, side: str, kind: str, ink) -> None:
    el = tpl["bombing"]
    values = [unit.value(col, side) for col in el["columns"]]
    if not any(values):
        return
    factors = [Factor(v or el.get("missing", "-")) for v in values]
    if kind == "night_bomber":
        # 1.4.3: a boxed Installation Bombing Factor marks a Night Bomber.
        factors[1] = Factor(factors[1].text, boxed=True, box_colour=ink)
    draw_factors(c, el, factors, ink, separator=el.get("separator", " "))


def _factors(c: Canvas, tpl: Template, unit: CounterData, side: str, kind: str, ink, bg) -> None:
    el = tpl["factors"]
    values = [unit.value(col, side) for col in el["columns"]]
    if not any(values):
        return
    factors = [Factor(v or "0") for v in values]
    if kind in ("bomber", "night_bomber", "transport"):
        # 1.4.3: "their Air Combat Factors are boxed and printed in red".
        red = tpl["no_fire"].colour
        factors[0] = Factor(factors[0].text, colour=red, boxed=True, box_colour=red)
    draw_factors(c, el, factors, ink, separator=el.get("separator", "-"), ground=bg)
