"""Land unit counters (invasion-norway.txt 1.4.1).

Front: designation, size mark, NATO symbol on the formation colour, ``A-D-M`` factors
(``(D)-M`` for units that only defend) with a red box around the movement of motorized
units, and left of the symbol the artillery support, armor or coast-artillery factor.
The reverse adds what the VASSAL module's maintainers asked for in 1.4.1 ("it's
impossible to tell when a counter is flipped in Vassal"): a coloured band behind the
designation and step pips with the lost step drawn hollow in red.
"""

from __future__ import annotations

from .canvas import Canvas
from .colours import BLACK, RGB, WHITE, ink_on
from .frame import Factor, draw_factors, draw_frame
from .palette import Palette
from .symbols import Pen, draw_symbol
from .templates import Template
from .units import CounterData

REDUCED = "reduced"


def paint(c: Canvas, tpl: Template, unit: CounterData, side: str, palette: Palette) -> None:
    colours = palette.colours(unit.nationality)
    c.fill(colours.background)
    ink = colours.foreground
    back = side == "back" and unit.has_back
    shown_type = unit_type(tpl, unit, side)
    name = unit.name or unit.id
    name_ink = ink
    if back:
        band = tpl["reduced"]
        assert band.colour is not None  # the template schema requires reduced.colour
        c.rect(tuple(band["band"]), fill=band.colour)
        name_ink = ink_on(band.colour)
        if unit.back.lower() != REDUCED and shown_type == unit.type:
            # Say what the reverse is ("captured") unless the symbol already shows it.
            name = f"{name} · {unit.back.replace('_', ' ')}"
    el = tpl["name"]
    c.text(el.box, name, el.font, el.size, name_ink)
    _size_mark(c, tpl, unit_size(tpl, unit, side), ink)
    _type_box(c, tpl, shown_type, unit.formation, palette)
    _side_value(c, tpl, unit, side, ink)
    draw_factors(c, tpl["factors"], factors(tpl, unit, side), ink, ground=colours.background)
    if unit.steps >= 2:
        _steps(c, tpl, unit.steps, unit.steps_on(side))
    draw_frame(c, tpl)


def unit_type(tpl: Template, unit: CounterData, side: str) -> str:
    """The type shown: a reverse such as "mountain_artillery battery" changes it."""
    if side == "back" and unit.has_back:
        first = unit.back.split()[0].lower()
        if first in tpl.data["symbols"]:
            return first
    return unit.type


def unit_size(tpl: Template, unit: CounterData, side: str) -> str:
    if side == "back" and unit.has_back:
        words = unit.back.lower().split()
        if len(words) > 1 and words[-1] in tpl.data["size_marks"]:
            return words[-1]
    return unit.size


def factors(tpl: Template, unit: CounterData, side: str) -> list[Factor]:
    """The printed factor row: ``A-D-M``, or ``(D)-M`` when the unit cannot attack (1.4.1)."""
    attack, defense, movement = (unit.value(col, side) for col in tpl["factors"]["columns"])
    tokens = []
    if attack:
        tokens += [Factor(attack), Factor(defense or "0")]
    elif defense:
        tokens.append(Factor(f"({defense})"))
    if movement:
        move = tpl["movement_box"]
        motorized = unit.move_class in move.get("classes", ["motorized"])
        tokens.append(Factor(movement, boxed=motorized, box_colour=move.colour if motorized else None))
    return tokens


def size_mark(tpl: Template, size: str) -> tuple[str, bool]:
    """The printed size mark and whether it is boxed (a special grouping, 1.4.1).

    ``"battalion"`` -> ``("II", False)``; ``"[II]"`` or ``"battlegroup:II"`` -> ``("II", True)``.
    """
    text = size.strip()
    boxed = False
    if text.startswith("[") and text.endswith("]"):
        text, boxed = text[1:-1].strip(), True
    elif ":" in text:
        group, _, text = text.partition(":")
        boxed = bool(group.strip())
    return tpl.data["size_marks"].get(text.lower(), text), boxed


def _size_mark(c: Canvas, tpl: Template, size: str, ink: RGB) -> None:
    if not size:
        return
    el = tpl["size_mark"]
    text, boxed = size_mark(tpl, size)
    x, _, w, _ = c.text(el.box, text, el.font, el.size, ink)
    if boxed:
        pad = el.size * 0.4
        c.rect((x - pad, el.box[1], w + 2 * pad, el.box[3]), outline=ink, width=el["group_box_width"])


def _type_box(c: Canvas, tpl: Template, kind: str, formation: str, palette: Palette) -> None:
    el = tpl["type_box"]
    fill = palette.formation(formation)
    c.rect(el.box, fill=fill)
    glyphs = tpl.data["symbols"].get(kind.lower().replace(" ", "_").replace("-", "_"))
    pen = Pen(ink_on(fill), fill, el.get("line_width", 1.0))
    if glyphs:
        draw_symbol(c, el.box, glyphs, pen)
    else:
        # A type the template has no symbol for still gets a readable label.
        x, y, w, h = el.box
        c.text((x + 2, y, w - 4, h), kind.replace("_", " ").upper()[:6], "condensed_bold", h * 0.42, pen.ink)
    c.rect(el.box, outline=BLACK, width=el["outline_width"])


def _side_value(c: Canvas, tpl: Template, unit: CounterData, side: str, ink: RGB) -> None:
    """Artillery support (ringed), armor superiority (white on black) or coast artillery
    naval factors (blue), left of the symbol (1.4.1, 9.0)."""
    el = tpl["side_value"]
    x, y, w, h = el.box
    for column in el["columns"]:
        value = unit.value(column, side)
        if not value:
            continue
        if column == "support":
            r = min(w, h) / 2
            c.circle((x + w / 2, y + h / 2), r - 0.4, outline=ink, width=0.9)
            c.text(el.box, value, el.font, el.size, ink)
        elif column == "armor":
            c.rect(el.box, fill=BLACK if ink == BLACK else WHITE)
            c.text(el.box, value, el.font, el.size, WHITE if ink == BLACK else BLACK)
        else:
            text = f"{value}/{unit.value('naval_defense', side) or '-'}"
            c.text(el.box, text, "condensed_bold", el.size * 0.85, el.get("naval_colour", ink))
        return


def _steps(c: Canvas, tpl: Template, total: int, remaining: int) -> None:
    """Step pips on a white plate, the same on every nationality's colours: remaining
    steps filled, lost steps hollow in red (1.4.1, VASSAL note)."""
    el = tpl["steps"]
    x, y, w, h = el.box
    r = min(el["radius"], h / (2.6 * total))
    gap = min((h - 2 * r * total) / max(1, total - 1), r * 1.2) if total > 1 else 0
    column = 2 * r * total + gap * (total - 1)
    top = y + (h - column) / 2
    plate = el.get("plate_colour", WHITE)
    c.rect((x + w / 2 - r * 1.6, top - r * 0.6, r * 3.2, column + r * 1.2), fill=plate, outline=BLACK, width=0.5, radius=r * 1.2)
    ink = el.get("pip_colour", BLACK)
    lost = el.get("lost_colour", (209, 26, 26))
    for i in range(total):
        centre = (x + w / 2, top + r + i * (2 * r + gap))
        if i < remaining:
            c.circle(centre, r, fill=ink)
        else:
            c.circle(centre, r * 0.92, outline=lost, width=r * 0.38)
