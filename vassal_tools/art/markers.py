"""Markers (invasion-norway.txt 1.4.5) and supply counters (SP/ASP, 13.1-13.3).

A marker shows a title, an icon and a value. Its look comes from the first style in the
marker template whose ``match`` words occur in the marker's text, name or type. The text
is the ``name`` on the front and the ``back`` on the reverse; a number or sign at its end
or start becomes the value ("Out of Supply 2" -> title "Out of Supply", value "2";
"1 Air Support" -> "Air Support", "1"), as does what follows a style's ``prefix``
("Air Supply Fornebu" -> "Air Supply", "Fornebu"). A style may show the row's ``note``
as the value (the zone of a Thaw marker, the section of a Weather marker).
"""

from __future__ import annotations

import re
from typing import Any

from .canvas import Canvas
from .colours import RGB, colour_or_none, ink_on
from .frame import draw_frame
from .icons import draw_icon
from .palette import Palette
from .templates import Template
from .units import CounterData

_TRAILING_VALUE = re.compile(r"^(.*?)[\s:]+([+\-−]?\d+(?:/\d+)?|x\d+(?: \(.*\))?|\d+ hits?)$", re.IGNORECASE)
_LEADING_VALUE = re.compile(r"^(\d+)\s+(.*)$")
_NOTE_MAX = 18  # a note longer than this is commentary, not something to print


def style(tpl: Template, unit: CounterData, side: str = "front") -> dict[str, Any]:
    """The first style whose words occur in the side's text, else in the name, type or id.

    The side's text is tried alone first, so a weather marker's "Stormy" side gets the
    storm icon and a "Stay/Withdraw" chit looks different on each side.
    """
    styles = tpl.data["styles"]
    for text in (_text(unit, side), f"{unit.name} | {unit.type} | {unit.id}"):
        text = text.casefold()
        for entry in styles.values():
            if any(w.casefold() in text for w in entry.get("match", [])):
                return entry
    return styles.get("default", {})


def _text(unit: CounterData, side: str) -> str:
    return unit.back if side == "back" and unit.has_back else unit.name or unit.type or unit.id


def marker_background(tpl: Template, unit: CounterData, side: str, palette: Palette) -> RGB:
    chosen = style(tpl, unit, side).get("background", "#ececec")
    if chosen == "nation":
        return palette.colours(unit.nationality).background
    return palette.marker(chosen) or colour_or_none(chosen) or (236, 236, 236)


def title_and_value(tpl: Template, unit: CounterData, side: str) -> tuple[str, str]:
    """What the marker says: a title and a (possibly empty) value."""
    title = _text(unit, side)
    prefix = style(tpl, unit, side).get("prefix", "")
    if prefix and title.casefold().startswith(prefix.casefold()) and len(title) > len(prefix):
        return title[: len(prefix)], title[len(prefix):].strip()
    match = _TRAILING_VALUE.match(title)
    if match:
        return match.group(1), match.group(2)
    match = _LEADING_VALUE.match(title)
    if match:
        return match.group(2), match.group(1)
    note = unit.fields.get("note", "")
    if style(tpl, unit, side).get("show_note") and 0 < len(note) <= _NOTE_MAX:
        return title, note
    return title, ""


CAP_SHARE = 0.8  # a font's cap height as a share of its size, with room between two lines


def paint_marker(c: Canvas, tpl: Template, unit: CounterData, side: str, palette: Palette) -> None:
    bg = marker_background(tpl, unit, side, palette)
    c.fill(bg)
    ink = ink_on(bg)
    title, value = title_and_value(tpl, unit, side)
    icon = style(tpl, unit, side).get("icon")
    t = tpl["title"]
    if not icon and not value:
        # A name-only marker: the name is the marker, large in the middle.
        v = tpl["value"]
        c.text(tuple(v["alone"]), title, v.font, v.size * 0.8, ink)
    else:
        c.text(t.box, title, t.font, t.size, ink)
    if icon:
        box = tpl["icon"].box if value else tuple(tpl["icon"]["alone"])
        draw_icon(c, icon, box, ink, bg)
    if value:
        v = tpl["value"]
        box = v.box if icon else tuple(v["alone"])
        _value_text(c, box, value, v.font, v.size if icon else v.size * 1.5, ink)
    draw_frame(c, tpl)


WRAP_BELOW = 0.6  # a value that one line would shrink below this share of its size goes on two


def _value_text(c: Canvas, box: tuple, value: str, font: str, size: float, ink: RGB) -> None:
    """A marker's value in its box: one line, or two ("Trondheim / Fjord") when one line
    would shrink to small print (or, below Canvas.text's limit, run into the frame)."""
    x, y, w, h = box
    if " " not in value.strip() or c.text_width(value, font, size * WRAP_BELOW) <= w:
        c.text(box, value, font, size, ink)
        return
    words = value.split()
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    lines = [" ".join(words[:cut]), " ".join(words[cut:])]
    line_size = min(c.fit_size(line, font, size, w) for line in lines)
    line_size = min(line_size, h / 2 / CAP_SHARE)  # two lines of capitals stacked in the box
    for i, line in enumerate(lines):
        c.text((x, y + i * h / 2, w, h / 2), line, font, line_size, ink, fit=False)


def paint_supply(c: Canvas, tpl: Template, unit: CounterData, side: str, palette: Palette) -> None:
    colours = palette.colours(unit.nationality)
    bg, ink = colours.background, colours.foreground
    c.fill(bg)
    kind = (unit.type or unit.name or "SP").upper()
    el = tpl["name"]
    c.text(el.box, unit.nationality.capitalize(), el.font, el.size, ink)
    icon = tpl.lookup("icons", kind) or tpl.lookup("icons", "SP")
    if icon:
        draw_icon(c, icon, tpl["icon"].box, ink, bg)
    el = tpl["label"]
    c.text(el.box, kind, el.font, el.size, ink)
    value = unit.back if side == "back" and unit.has_back else unit.fields.get("points", "")
    if value:
        el = tpl["value"]
        c.text(el.box, value, el.font, el.size, ink)
    draw_frame(c, tpl)
