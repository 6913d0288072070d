"""Counters that print fire, movement and range (narvik-1940.txt 2.3), drawn from a game's own
template (``templates/fire.toml``, chosen by game.toml ``[art]``) and its details table.

Front of a ground unit: designation, size mark (2.3.3), unit-type symbol in the sub-command's
symbol colour on the sub-command's counter colour (2.3.1), the sub-command's code, the range when
greater than one (2.3.6) and the row ``fire[a](+|-)movement``: the fire factor in a white (blue on a
light counter) rectangle for close-assault capable units, ``a`` for anti-armor, ``+`` for elite
(2.3.5). Back (2.3): the nationality's flag and the reinforcement code (R, S, OPT). Strikes (2.3.8):
their kind, a plane or an anchor, and the fire support value. Leaders (18.0): a star; one that is
not a combat unit (18.2: no fire, no movement) prints no factors.
"""

from __future__ import annotations

from .canvas import Box, Canvas
from .colours import BLACK, RGB, WHITE, contrast, ink_on, parse
from .frame import Factor, draw_factors, draw_frame
from .icons import draw_icon
from .land import size_mark
from .palette import Palette
from .symbols import Pen, draw_symbol
from .templates import Template
from .units import CounterData

STRIKES = {"air": ("AIR STRIKE", "plane"), "naval": ("NAVAL STRIKE", "anchor")}
LEADER = "leader"


def paint(c: Canvas, tpl: Template, unit: CounterData, side: str, palette: Palette) -> None:
    ground, ink = counter_colours(unit, palette)
    c.fill(ground)
    if side == "back" and unit.has_back:
        _back(c, tpl, unit, ground, ink)
    elif unit.kind in STRIKES:
        _strike(c, tpl, unit, ground, ink)
    else:
        _ground_unit(c, tpl, unit, ground, ink)
    draw_frame(c, tpl)


def counter_colours(unit: CounterData, palette: Palette) -> tuple[RGB, RGB]:
    """The sub-command's counter colour (details ``background_colour``), else the nationality's."""
    nation = palette.colours(unit.nationality)
    ground = _colour(unit, "background_colour") or nation.background
    ink = _colour(unit, "foreground_colour") or (nation.foreground if ground == nation.background else ink_on(ground))
    return ground, ink


def _colour(unit: CounterData, column: str) -> RGB | None:
    text = unit.fields.get(column, "")
    return parse(text) if text else None


def fire_row(tpl: Template, unit: CounterData) -> tuple[list[Factor], str]:
    """The factor row and its separator: ``+`` elite, ``-`` otherwise (2.3.5)."""
    el = tpl["factors"]
    fire, movement = unit.fields.get("fire", ""), unit.fields.get("movement", "")
    if unit.type == LEADER and fire in ("", "0") and movement in ("", "0"):
        return [], ""  # 18.2: a leader that is not a combat unit
    text = fire + (el["anti_armor"] if unit.flag("anti_armor") else "")
    tokens = [Factor(text, boxed=unit.flag("assault")), Factor(movement or "0")]
    return tokens, el["elite"] if unit.flag("elite") else el["plain"]


def _ground_unit(c: Canvas, tpl: Template, unit: CounterData, ground: RGB, ink: RGB) -> None:
    el = tpl["name"]
    c.text(el.box, unit.name or unit.id, el.font, el.size, ink)
    if unit.type != LEADER and unit.size:
        mark = tpl["size_mark"]
        c.text(mark.box, size_mark(tpl, unit.size)[0], mark.font, mark.size, ink)
    _type_box(c, tpl, unit, ground)
    command = tpl["command"]
    c.text(command.box, unit.fields.get("subcommand", ""), command.font, command.size, ink)
    _range(c, tpl, unit, ink)
    _fire_row(c, tpl, unit, ground, ink)


def _type_box(c: Canvas, tpl: Template, unit: CounterData, ground: RGB) -> None:
    el = tpl["type_box"]
    fill = _colour(unit, "symbol_colour") or WHITE
    c.rect(el.box, fill=fill)
    pen = Pen(ink_on(fill), fill, el.get("line_width", 1.0))
    if unit.type == LEADER:
        draw_icon(c, "star", _inset(el.box, 2.5), pen.ink, fill)
    else:
        glyphs = tpl.data["symbols"].get(unit.type.lower())
        if glyphs:
            draw_symbol(c, el.box, glyphs, pen)
        else:
            x, y, w, h = el.box
            c.text((x + 2, y, w - 4, h), unit.type.replace("_", " ").upper()[:6], "condensed_bold", h * 0.42, pen.ink)
    c.rect(el.box, outline=BLACK, width=el["outline_width"])


def _range(c: Canvas, tpl: Template, unit: CounterData, ink: RGB) -> None:
    """2.3.6: "Units with a range factor greater than one have a printed range factor"."""
    value = unit.fields.get("range", "")
    if not value.isdigit() or int(value) <= 1:
        return
    el = tpl["range"]
    x, y, w, h = el.box
    c.circle((x + w / 2, y + h / 2), min(w, h) / 2 - 0.4, outline=ink, width=el.get("ring_width", 0.9))
    c.text(el.box, value, el.font, el.size, ink)


def _fire_row(c: Canvas, tpl: Template, unit: CounterData, ground: RGB, ink: RGB) -> None:
    """``fire[a](+|-)movement``, the fire factor in its close-assault rectangle (2.3.5): "white or
    blue" (blue where white would not show on the counter)."""
    tokens, separator = fire_row(tpl, unit)
    if not tokens:
        return
    el, box = tpl["factors"], tpl["assault_box"]
    texts = [tokens[0].text, separator, tokens[1].text]
    size = el.size
    x, y, w, h = el.box
    pad = size * 0.14
    total = sum(c.text_width(t, el.font, size) for t in texts) + 2 * pad
    if total > w:
        size *= w / total
        pad *= w / total
    widths = [c.text_width(t, el.font, size) for t in texts]
    cursor = x + (w - sum(widths) - 2 * pad) / 2
    if tokens[0].boxed:
        light = contrast(box.colour or WHITE, ground) < 1.6
        fill = box["light_colour"] if light else (box.colour or WHITE)
        c.rect((cursor, y + (h - size * 1.05) / 2, widths[0] + 2 * pad, size * 1.05), fill=fill, outline=BLACK,
               width=box["width"])
        c.text((cursor + pad, y, widths[0], h), texts[0], el.font, size, ink_on(fill), fit=False)
    else:
        c.text((cursor + pad, y, widths[0], h), texts[0], el.font, size, ink, fit=False)
    cursor += widths[0] + 2 * pad
    c.text((cursor, y, widths[1], h), texts[1], el.font, size, ink, fit=False)
    c.text((cursor + widths[1], y, widths[2], h), texts[2], el.font, size, ink, fit=False)


def _strike(c: Canvas, tpl: Template, unit: CounterData, ground: RGB, ink: RGB) -> None:
    label, icon = STRIKES[unit.kind]
    el = tpl["name"]
    c.text(el.box, unit.name or unit.id, el.font, el.size, ink)
    strike = tpl["strike"]
    c.text(strike.box, label, strike.font, strike.size, ink)
    draw_icon(c, icon, tuple(strike["icon"]), ink, ground)
    fire = unit.fields.get("fire") or unit.fields.get("attack", "")
    draw_factors(c, tpl["factors"], [Factor(fire)], ink)


def _back(c: Canvas, tpl: Template, unit: CounterData, ground: RGB, ink: RGB) -> None:
    el = tpl["back"]
    # The flag of the unit's nationality: the template's [flags] table names which drawing.
    _flag(c, tuple(el["flag"]), str((tpl.data.get("flags") or {}).get(unit.nationality, "")))
    code = unit.fields.get("code", "")
    if code:
        c.text(tuple(el["code"]), code, el.font, el.size, ink)


def _flag(c: Canvas, box: Box, kind: str) -> None:
    """A flag: ``cross``, ``union``, ``tricolour``, ``nordic`` or ``bicolour`` (anything else: a plain box)."""
    x, y, w, h = box
    red, blue, white = (200, 16, 46), (1, 33, 105), WHITE
    if kind == "cross":  # the Balkenkreuz
        c.rect(box, fill=white)
        for bar in ((x + w * 0.42, y + h * 0.1, w * 0.16, h * 0.8), (x + w * 0.2, y + h * 0.38, w * 0.6, h * 0.24)):
            c.rect(bar, fill=BLACK)
    elif kind == "union":
        c.rect(box, fill=blue)
        t = h * 0.12  # the saltires as bands inside the field
        c.polygon([(x, y), (x + t, y), (x + w, y + h - t), (x + w, y + h), (x + w - t, y + h), (x, y + t)], fill=white)
        c.polygon([(x, y + h), (x, y + h - t), (x + w - t, y), (x + w, y), (x + w, y + t), (x + t, y + h)], fill=white)
        c.rect((x + w * 0.4, y, w * 0.2, h), fill=white)
        c.rect((x, y + h * 0.35, w, h * 0.3), fill=white)
        c.rect((x + w * 0.44, y, w * 0.12, h), fill=red)
        c.rect((x, y + h * 0.4, w, h * 0.2), fill=red)
    elif kind == "tricolour":
        for i, colour in enumerate((blue, white, red)):
            c.rect((x + i * w / 3, y, w / 3, h), fill=colour)
    elif kind == "nordic":
        c.rect(box, fill=red)
        c.rect((x + w * 0.25, y, w * 0.2, h), fill=white)
        c.rect((x, y + h * 0.4, w, h * 0.2), fill=white)
        c.rect((x + w * 0.29, y, w * 0.12, h), fill=blue)
        c.rect((x, y + h * 0.44, w, h * 0.12), fill=blue)
    elif kind == "bicolour":
        c.rect((x, y, w, h / 2), fill=white)
        c.rect((x, y + h / 2, w, h / 2), fill=red)
    c.rect(box, outline=BLACK, width=0.6)


def _inset(box: Box, by: float) -> Box:
    x, y, w, h = box
    return (x + by, y + by, w - 2 * by, h - 2 * by)
