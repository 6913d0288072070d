"""The Strategic Map (invasion-norway.txt 1.3) as a schematic of zone boxes.

The zones come from zones.csv; where each sits is the ``[strategic.layout]`` table of
maps.toml (north up, sea to the west), so the picture stays readable rather than
geographic. Each box shows the zone's NDVs (6.1) and ADVs (6.3), its capacities and, for
zones with an airbase, Ready and Flown holding boxes (boxes.csv kind ``strategic``; 6.4.5,
7.1.6). Sub-zones (the six
Finnmark spaces and the three Scotland sub-zones, 1.3) are boxes inside their parent.
Dotted white lines divide the weather sections (3.0); the Weather Tracks (3.1.3, boxes of
kind ``weather``) sit in a free corner of the layout.
"""

from __future__ import annotations

import string
from collections import defaultdict

from ..errors import BadInput
from .canvas import Canvas
from .colours import RGB, ink_on
from .displays import draw_box
from .drawn import Drawn, Rect, int_rect, rect_ring
from .map_data import MapData, MapWords
from .map_style import MapStyle

TITLE_H = 44
UNLIMITED = {"unlimited", "inf", "infinite", "∞"}


def draw_strategic(data: MapData, style: MapStyle) -> Drawn:
    cw, ch = style.pair("strategic.cell")
    margin = style.number("strategic.margin")
    layout = style.table("strategic.layout")
    top_level = [z for z in data.zones if not z.get("parent")]
    if not top_level:
        raise BadInput(data.source, "zones.csv has no zones to draw the Strategic Map from")
    children: dict[str, list[dict]] = defaultdict(list)
    for zone in data.zones:
        if zone.get("parent"):
            children[zone["parent"]].append(zone)

    cells = _cells(top_level, layout, style)
    columns = max(c[0] + c[2] for c in cells.values())
    rows = max(c[1] + c[3] for c in cells.values())
    tracks = [b for b in data.boxes if b.get("kind") == "weather"]
    track_w, track_h = style.pair("strategic.weather_box")
    at = style.get("strategic.weather_at", None)
    below = 0.0 if at or not tracks else 30 + len(tracks) * (track_h + 10) + 24
    width = int(margin * 2 + max(columns * cw, track_w))
    height = int(margin * 2 + TITLE_H + rows * ch + below)
    c = Canvas((width, height), 1, style.colour("strategic.background"), 2)
    c.text((margin, margin / 2, width - 2 * margin, TITLE_H - 8), style.get("strategic.title"), "bold", 22, (30, 30, 30))

    holdings = {b.get("place"): b for b in data.boxes if b.get("kind") == "strategic"}
    sized = _slot_sizes(style)
    origin = (margin, margin + TITLE_H)
    zones: dict[str, list[tuple[int, int]]] = {}
    parents: dict[str, list[tuple[int, int]]] = {}
    boxes: dict[str, tuple[int, int, int, int]] = {}
    for zone in top_level:
        col, row, w, h = cells[zone["name"]]
        rect = (origin[0] + col * cw, origin[1] + row * ch, w * cw, h * ch)
        free = _zone_box(c, zone, rect, style, data.words)
        sub = children.get(zone["name"], [])
        holding = holdings.get(zone["name"])
        sections = [s for s in str(holding.get("sections", "")).split("|") if s] if holding else []
        keys = [child["name"] for child in sub] + ([f"{holding['id']}/{s}" for s in sections] if holding else [])
        slots = _slots(rect, keys, free, sized)
        for child, slot in zip(sub, slots):
            _sub_box(c, child, slot, style)
            zones[child["name"]] = rect_ring(slot)
        if holding and sections:
            for section, slot in zip(sections, slots[len(sub):]):
                # The zone's holding box (7.1.6), one slot per section (Ready, Flown).
                _holding_box(c, slot, section.capitalize(), style)
                boxes[f"{holding['id']}/{section}"] = int_rect(slot)
            boxes[holding["id"]] = int_rect(_union(slots[len(sub):]))
        parents[zone["name"]] = rect_ring(rect)
    zones.update(parents)  # sub-zones first: VASSAL's first matching zone wins (6.6)
    _weather_lines(c, style, origin, ch, [_rect_of(ring) for ring in parents.values()])
    if at:
        track_at = (origin[0] + at[0] * cw + 16, origin[1] + at[1] * ch + 16)
    else:
        track_at = (origin[0], origin[1] + rows * ch + 24)
    boxes.update(_weather_tracks(c, style, tracks, track_at))
    return Drawn(c, zones, boxes)


def _union(rects: list[Rect]) -> Rect:
    left = min(r[0] for r in rects)
    top = min(r[1] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    bottom = max(r[1] + r[3] for r in rects)
    return (left, top, right - left, bottom - top)


def _cells(zones: list[dict], layout: dict, style: MapStyle) -> dict[str, tuple[int, int, int, int]]:
    """Layout cells of each zone; zones the layout does not place go in rows below it."""
    cells: dict[str, tuple[int, int, int, int]] = {}
    for name, value in layout.items():
        if not (isinstance(value, list) and len(value) == 4 and all(isinstance(v, int) for v in value)):
            raise BadInput(style.path, f"field 'strategic.layout.{name}' must be [column, row, width, height]")
    used_rows = max((v[1] + v[3] for v in layout.values()), default=0)
    columns = max((v[0] + v[2] for v in layout.values()), default=6)
    spare = 0
    for zone in zones:
        name = zone["name"]
        if name in layout:
            cells[name] = tuple(layout[name])
        else:
            cells[name] = (spare % columns, used_rows + spare // columns, 1, 1)
            spare += 1
    return cells


def _fill(zone: dict, style: MapStyle) -> RGB:
    if zone.get("kind") == "sea":
        return style.colour("strategic.sea")
    flag = (zone.get("flag") or "").lower()
    if flag and style.get(f"strategic.{flag}", None) is not None:  # a side's colour (maps.toml [strategic])
        return style.colour(f"strategic.{flag}")
    return style.colour("strategic.land")


def _values(zone: dict, words: MapWords) -> list[str]:
    """The numbers printed in a zone: the game's own lines (its [art.maps] zone_lines), capacities."""
    lines = []
    for template in words.zone_lines:
        columns = [name for _, name, _, _ in string.Formatter().parse(template) if name]
        if any(zone.get(c) for c in columns):
            lines.append(template.format_map({c: zone.get(c) or "-" for c in columns}).strip())
    caps = []
    for key, label in (("airbase_capacity", "Airbase"), ("port_capacity", "Port")):
        value = (zone.get(key) or "").strip()
        if value and value != "0":
            # In words: the shipped fonts (vassal_tools/fonts) carry no infinity sign, drawn as a box.
            caps.append(f"{label} {'unlimited' if value.lower() in UNLIMITED else value}")
    if caps:
        lines.append(" · ".join(caps))
    return lines


def _zone_box(c: Canvas, zone: dict, rect: Rect, style: MapStyle, words: MapWords) -> Rect:
    """Draw the zone; returns the free area left for sub-boxes."""
    fill = _fill(zone, style)
    ink = ink_on(fill)
    border = style.colour("strategic.border")
    c.rect(rect, fill=fill, outline=border, width=2)
    x, y, w, h = rect
    c.text((x + 8, y + 5, w - 16, 17), zone["name"], "bold", 15, ink, align="left")
    lines = _values(zone, words)
    for i, line in enumerate(lines):
        c.text((x + 8, y + 25 + i * 15, w - 16, 13), line, "condensed", 12, ink, align="left")
    used = 25 + len(lines) * 15
    return (x + 6, y + used + 2, w - 12, h - used - 8)


def _slot_sizes(style: MapStyle) -> dict[str, tuple[float, float]]:
    """``[strategic.slots]``: a sub-zone's or holding box's [width, height], by its name or
    ``<box id>/<section>``, sized for the opening stack it holds."""
    sizes = {}
    for key, value in style.table("strategic.slots").items():
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value)):
            raise BadInput(style.path, f"field 'strategic.slots.{key}' must be [width, height]")
        sizes[key] = (float(value[0]), float(value[1]))
    return sizes


def _slots(rect: Rect, keys: list[str], free: Rect, sizes: dict[str, tuple[float, float]]) -> list[Rect]:
    """A box for each of ``keys`` along the bottom of the free area, left to right: equal boxes in one
    row (up to 70 px high), but a box the style sizes (:func:`_slot_sizes`) takes its own size, and
    a row that is full goes on above the one before."""
    if not keys:
        return []
    x, _, w, h = free
    gap = 5
    default = ((w - gap * (len(keys) - 1)) / len(keys), max(24.0, min(h, 70.0)))
    rows: list[list[tuple[float, float]]] = [[]]
    for key in keys:
        size = sizes.get(key, default)
        if rows[-1] and sum(width + gap for width, _ in rows[-1]) + size[0] > w + 0.5:
            rows.append([])
        rows[-1].append(size)
    out: list[Rect] = []
    bottom = rect[1] + rect[3] - 6
    for row in rows:
        left = x
        for width, height in row:
            out.append((left, bottom - height, width, height))
            left += width + gap
        bottom -= max(height for _, height in row) + gap
    return out


def _holding_box(c: Canvas, rect: Rect, label: str, style: MapStyle) -> None:
    c.rect(rect, fill=style.colour("strategic.holding"), outline=(90, 90, 90), width=1)
    c.text((rect[0] + 2, rect[1] + 2, rect[2] - 4, 12), label, "condensed_bold", 11, (60, 60, 60))


def _sub_box(c: Canvas, zone: dict, rect: Rect, style: MapStyle) -> None:
    fill = style.colour("strategic.holding")
    c.rect(rect, fill=fill, outline=style.colour("strategic.border"), width=1.2)
    name = zone.get("label") or _short(zone["name"], zone.get("parent", ""))
    c.text((rect[0] + 3, rect[1] + 3, rect[2] - 6, 13), name, "condensed_bold", 12, ink_on(fill))
    if zone.get("label"):
        c.text((rect[0] + 3, rect[1] + 17, rect[2] - 6, 11), zone["name"], "condensed", 10, ink_on(fill))


def _short(name: str, parent: str) -> str:
    """"Scotland (west)" inside Scotland is just "West"."""
    if parent and name.startswith(parent):
        rest = name[len(parent):].strip().strip("()").strip()
        if rest:
            return rest[:1].upper() + rest[1:]
    return name


def _weather_lines(c: Canvas, style: MapStyle, origin: tuple[float, float], ch: float, rects: list[Rect]) -> None:
    """3.0: dotted white lines between the northern, central and southern sections,
    across the zones that reach that row."""
    colour = style.colour("strategic.weather_line")
    for row in style.get("strategic.weather_lines", []):
        y = origin[1] + row * ch
        touching = [r for r in rects if r[1] <= y <= r[1] + r[3]]
        if touching:
            left = min(r[0] for r in touching)
            right = max(r[0] + r[2] for r in touching)
            c.dashed((left - 12, y), (right + 12, y), colour, 4, 4, 7)


def _weather_tracks(c: Canvas, style: MapStyle, tracks: list[dict], at: tuple[float, float]) -> dict[str, tuple[int, int, int, int]]:
    """3.1.3: a Weather Track per section, a space per weather state (the box's sections)."""
    if not tracks:
        return {}
    w, h = style.pair("strategic.weather_box")
    x0, y = at
    c.text((x0, y, w, 20), "Weather Tracks", "bold", 16, (30, 30, 30), align="left")
    y += 26
    boxes: dict[str, tuple[int, int, int, int]] = {}
    for track in tracks:
        boxes.update(draw_box(c, track, (x0, y, w, h), style, "strategic.weather_track"))
        y += h + 10
    return boxes


def _rect_of(ring: list[tuple[int, int]]) -> Rect:
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
