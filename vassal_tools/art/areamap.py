"""Draw an area map (:class:`vassal_tools.gamedata.areas.AreaMap`) with shapely and Pillow.

Filled land areas with black borders, sea zones with blue borders, impassable land in grey,
fjord and lake crossings as light-blue bands on the border they cross, drawn neighbours that do
not border each other (impassable mountains, 2.3 of Kampen om Norge) as grey bands, the
symbols of victory cities, mobilization points and air fields, and every area's name placed
inside its polygon where it collides with no other label. The drawing is deterministic: the
same map gives the same PNG bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from ..gamedata.areas import AreaMap, AreaPiece, AreaShape
from .fonts import face
from .png import png_bytes
from .templates import Element, template_for

# The board's look: templates/area.toml [map].
_STYLE = template_for("area").data["map"]
SEA = str(_STYLE["sea"])
SEA_BORDER = str(_STYLE["sea_border"])
IMPASSABLE = str(_STYLE["impassable"])
IMPASSABLE_BORDER = str(_STYLE["impassable_border"])
LAND_FILLS = tuple(str(c) for c in _STYLE["land_fills"])
FJORD = str(_STYLE["crossing"])
MOUNTAIN = str(_STYLE["ridge"])
BOX_FILL = str(_STYLE["box_fill"])
LAND_SIZES = tuple(int(n) for n in _STYLE["land_label_sizes"])
SEA_SIZES = tuple(int(n) for n in _STYLE["sea_label_sizes"])
SYMBOL = int(_STYLE["symbol"])  # px: one symbol's width
VICTORY_CITY = str(_STYLE["victory_city"])
MOBILIZATION_POINT = str(_STYLE["mobilization_point"])
REAL_LAND = str(_STYLE["real_land"])
COAST = str(_STYLE["coast"])
NATIONAL_BORDER = str(_STYLE["national_border"])


@dataclass(frozen=True)
class LabelPlacement:
    """Where an area's label went: its box (x0, y0, x1, y1) in board pixels and its font size."""

    area: str
    box: tuple[int, int, int, int]
    size: int
    inside: bool  # the box lies inside the area's polygon


def draw_area_map(area_map: AreaMap) -> tuple[bytes, list[LabelPlacement]]:
    """The board PNG and where each label went."""
    image = Image.new("RGB", area_map.size, SEA)
    pen = ImageDraw.Draw(image)
    polygons = {s.name: Polygon(s.points) for s in area_map.shapes}
    fills = _colours(area_map, polygons)
    if area_map.real is not None:
        _real_ground(image, area_map, fills)
    else:
        for points in area_map.impassable:
            pen.polygon(list(points), fill=IMPASSABLE, outline=IMPASSABLE_BORDER)
        for shape in area_map.shapes:
            if shape.kind == "sea":
                pen.polygon(list(shape.points), fill=SEA, outline=SEA_BORDER, width=3)
        for shape in area_map.shapes:
            if shape.kind == "land":
                pen.polygon(list(shape.points), fill=fills[shape.name], outline="#000000", width=2)
    for shape in area_map.shapes:
        if shape.kind == "box":
            pen.rectangle(_bounds(polygons[shape.name]), fill=BOX_FILL, outline="#000000", width=3)
    _borders(pen, area_map, polygons)
    labels = _labels(pen, area_map, polygons)
    _legend(pen, area_map)
    return png_bytes(image), labels


def _real_ground(image: Image.Image, area_map: AreaMap, fills: dict[str, str]) -> None:
    """The areas' fills on the real land only: fjords, sounds and lakes stay water, and the
    coast, lake shores and national border are drawn as the geodata gives them. An area's zone
    also holds the fjords it encloses: its outline runs across them as a thin line."""
    real = area_map.real
    assert real is not None
    pen = ImageDraw.Draw(image)
    for shape in area_map.shapes:
        if shape.kind == "sea":
            pen.polygon(list(shape.points), outline=SEA_BORDER, width=3)
    ground = Image.new("RGB", area_map.size, REAL_LAND)
    on_ground = ImageDraw.Draw(ground)
    for points in area_map.impassable:
        on_ground.polygon(list(points), fill=IMPASSABLE)
    for shape in area_map.shapes:
        if shape.kind == "land":
            on_ground.polygon(list(shape.points), fill=fills[shape.name], outline="#000000", width=2)
    mask = Image.new("L", area_map.size, 0)
    on_mask = ImageDraw.Draw(mask)
    for ring in real.land:
        on_mask.polygon(list(ring), fill=255)
    for ring in real.lakes:
        on_mask.polygon(list(ring), fill=0)
    image.paste(ground, mask=mask)
    for shape in area_map.shapes:
        if shape.kind == "land":
            pen.line(list(shape.points) + [shape.points[0]], fill="#6b6b6b", width=1)
    for ring in real.land + real.lakes:
        pen.line(list(ring) + [ring[0]], fill=COAST, width=1)
    for line in real.border:
        pen.line(list(line), fill=NATIONAL_BORDER, width=3)


def _colours(area_map: AreaMap, polygons: dict[str, Polygon]) -> dict[str, str]:
    """Land fills, so that no two touching areas share one (greedy, in data order)."""
    land = [s.name for s in area_map.shapes if s.kind == "land"]
    chosen: dict[str, str] = {}
    for name in land:
        near = {chosen[o] for o in chosen if polygons[name].buffer(2).intersects(polygons[o])}
        chosen[name] = next((c for c in LAND_FILLS if c not in near), LAND_FILLS[0])
    return chosen


def _shared(a: Polygon, b: Polygon) -> list[LineString]:
    line = a.boundary.intersection(b.buffer(2.5))
    parts = line.geoms if isinstance(line, MultiLineString) else [line]
    return [p for p in parts if isinstance(p, LineString) and p.length > 3]


def _borders(pen: ImageDraw.ImageDraw, area_map: AreaMap, polygons: dict[str, Polygon]) -> None:
    """Crossings on borders that are crossed; grey ridges where drawn areas touch but do not border."""
    kinds = {s.name: s.kind for s in area_map.shapes}
    crossing = {frozenset((b.a, b.b)): b.crossing for b in area_map.borders}
    land = [s.name for s in area_map.shapes if s.kind == "land"]
    for i, a in enumerate(land):
        for b in land[i + 1:]:
            lines = _shared(polygons[a], polygons[b])
            how = crossing.get(frozenset((a, b)))
            if not lines or how == "none" or kinds[b] != "land":
                continue
            colour = MOUNTAIN if how is None else FJORD
            for line in lines:
                pen.line([(round(x), round(y)) for x, y in line.coords], fill=colour, width=7)
                if how is not None:  # a crossing: a dark-blue hairline down the fjord
                    pen.line([(round(x), round(y)) for x, y in line.coords], fill=SEA_BORDER, width=1)


def _block(shape: AreaShape, size: int) -> tuple[int, int, int]:
    """Width and height of a label with its symbol row, and the text height."""
    font = face("bold", size).font
    text = shape.label or shape.name
    left, top, right, bottom = font.getbbox(text)
    width, height = round(right - left), round(bottom - top)
    row = SYMBOL + 3 if shape.symbols else 0
    return max(width, len(shape.symbols) * (SYMBOL + 3)), height + row, height


def _candidates(polygon: Polygon) -> list[tuple[float, float]]:
    """The pole of inaccessibility, then interior grid points nearest it."""
    pole = polylabel(polygon, tolerance=1.0)
    x0, y0, x1, y1 = polygon.bounds
    step = max(4.0, min(x1 - x0, y1 - y0) / 8)
    grid = [(x0 + i * step, y0 + j * step) for i in range(int((x1 - x0) / step) + 1)
            for j in range(int((y1 - y0) / step) + 1)]
    inside = [p for p in grid if polygon.contains(Point(p))]
    inside.sort(key=lambda p: ((p[0] - pole.x) ** 2 + (p[1] - pole.y) ** 2, p))
    return [(pole.x, pole.y)] + inside


def _labels(pen: ImageDraw.ImageDraw, area_map: AreaMap, polygons: dict[str, Polygon]) -> list[LabelPlacement]:
    placed: list[BaseGeometry] = []
    out = []
    # Small areas first: they have the fewest places to put a label.
    for shape in sorted(area_map.shapes, key=lambda s: (polygons[s.name].area, s.name)):
        polygon = polygons[shape.name]
        sizes = SEA_SIZES if shape.kind == "sea" else LAND_SIZES
        spot = _fit(shape, polygon, sizes, placed)
        inside = spot is not None
        if spot is None:  # nowhere free: the smallest size at the pole, and say so
            pole = polylabel(polygon, tolerance=1.0)
            spot = (pole.x, pole.y, sizes[-1])
        x, y, size = spot
        width, height, text_height = _block(shape, size)
        left, top = round(x - width / 2), round(y - height / 2)
        rect = (left, top, left + width, top + height)
        placed.append(box(*rect).buffer(2))
        _draw_label(pen, shape, rect, size, text_height)
        out.append(LabelPlacement(shape.name, rect, size, inside))
    return sorted(out, key=lambda p: p.area)


def _fit(shape: AreaShape, polygon: Polygon, sizes: tuple[int, ...],
         placed: list[BaseGeometry]) -> tuple[float, float, int] | None:
    room = polygon.buffer(-2)
    candidates = _candidates(polygon)
    for size in sizes:
        width, height, _ = _block(shape, size)
        for x, y in candidates:
            rect = box(x - width / 2, y - height / 2, x + width / 2, y + height / 2)
            if room.contains(rect) and not any(rect.intersects(p) for p in placed):
                return x, y, size
    return None


def _draw_label(pen: ImageDraw.ImageDraw, shape: AreaShape, rect: tuple[int, int, int, int], size: int,
                text_height: int) -> None:
    font = face("bold", size).font
    text = shape.label or shape.name
    left, top, right, _ = rect
    colour = SEA_BORDER if shape.kind == "sea" else "#000000"
    text_left = font.getbbox(text)
    width = text_left[2] - text_left[0]
    pen.text((left + (right - left - width) / 2 - text_left[0], top - text_left[1]), text, font=font, fill=colour)
    x = left + (right - left - len(shape.symbols) * (SYMBOL + 3)) / 2
    y = top + text_height + 2
    for symbol in shape.symbols:
        _symbol(pen, symbol, round(x), round(y))
        x += SYMBOL + 3


def _symbol(pen: ImageDraw.ImageDraw, symbol: str, x: int, y: int) -> None:
    s = SYMBOL
    if symbol == "victory-city":
        pen.ellipse((x, y, x + s, y + s), fill=VICTORY_CITY, outline="#000000")
    elif symbol == "mobilization-point":
        pen.rectangle((x + 1, y + 1, x + s - 1, y + s - 1), fill=MOBILIZATION_POINT, outline="#000000")
    else:  # airfield: a plane seen from above
        pen.line((x + s // 2, y, x + s // 2, y + s), fill="#000000", width=2)
        pen.line((x, y + s // 2 - 1, x + s, y + s // 2 - 1), fill="#000000", width=3)
        pen.line((x + s // 4, y + s - 1, x + 3 * s // 4, y + s - 1), fill="#000000", width=2)


def _legend(pen: ImageDraw.ImageDraw, area_map: AreaMap) -> None:
    width, height = area_map.size
    font = face("regular", 13).font
    left, top = width - 330, height - (220 if area_map.real is not None else 170)
    pen.rectangle((left, top, width - 20, height - 20), fill="#ffffff", outline="#000000")
    used = {symbol for shape in area_map.shapes for symbol in shape.symbols}
    rows = [("victory-city", "Victory city"), ("mobilization-point", "Mobilization point"),
            ("airfield", "Air field")]
    y = top + 10
    words = dict(area_map.symbol_labels)
    for symbol, text in rows:
        if symbol not in used:  # a legend of what the map shows
            continue
        text = words.get(symbol, text)
        _symbol(pen, symbol, left + 10, y)
        pen.text((left + 30, y - 1), text, font=font, fill="#000000")
        y += 20
    if any(border.crossing != "none" for border in area_map.borders):
        pen.line((left + 10, y + 6, left + 24, y + 6), fill=FJORD, width=7)
        pen.text((left + 30, y - 1), "Fjord or lake crossing", font=font, fill="#000000")
        y += 20
        pen.line((left + 10, y + 6, left + 24, y + 6), fill=MOUNTAIN, width=7)
        pen.text((left + 30, y - 1), "Impassable: no border", font=font, fill="#000000")
        y += 24
    if area_map.real is not None:
        pen.line((left + 10, y + 6, left + 24, y + 6), fill=NATIONAL_BORDER, width=3)
        pen.text((left + 30, y - 1), "National border", font=font, fill="#000000")
        y += 22
        lines: tuple[str, ...] = ("Coast and lakes: GSHHG; border: WDBII.", "Where areas end is sample: the",
                                  "rulebook has no printed map.")
    else:
        lines = ("Sample geometry drawn by vassal_tools:", "the rulebook has no printed map.")
    for i, line in enumerate(lines):
        pen.text((left + 10, y + 16 * i), line, font=font, fill="#000000")


def _bounds(polygon: Polygon) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = polygon.bounds
    return round(x0), round(y0), round(x1), round(y1)


def piece_size() -> tuple[int, int]:
    """A counter's size in pixels (templates/area.toml)."""
    return template_for("area").size


def draw_piece(piece: AreaPiece) -> bytes:
    """A counter for a battalion, chip, ship or aircraft, laid out by templates/area.toml: the
    nationality's colours, a short name and, under it, a detail line."""
    tpl = template_for("area")
    width, height = tpl.size
    image = Image.new("RGB", (width, height), piece.background)
    pen = ImageDraw.Draw(image)
    if piece.unit_class == "chip":
        chip = tpl["chip"]
        inset = int(chip["inset"])
        pen.rectangle((0, 0, width - 1, height - 1), fill="#ffffff")
        fill = chip["white"] if piece.type == "white" else chip["black"]
        pen.ellipse((inset, inset, width - 1 - inset, height - 1 - inset), fill=fill, outline=piece.background,
                    width=int(chip["ring"]))
        colour = "#000000" if piece.type == "white" else "#ffffff"
    else:
        frame = tpl["frame"]
        pen.rectangle((0, 0, width - 1, height - 1), outline=frame["border"], width=int(frame["border_width"]))
        if piece.unit_class == "naval":  # a ship: a hull line
            _line(pen, tpl["hull"].box, piece.foreground, tpl["hull"]["width"])
        elif piece.unit_class == "air":  # an aircraft: a wing line over its name, a fuselage across it
            wing = tpl["wing"]
            _line(pen, wing.box, piece.foreground, wing["width"])
            _line(pen, wing["fuselage"], piece.foreground, wing["fuselage_width"])
        colour = piece.foreground
    name = tpl["name"]
    font = _fitting(name, piece.short)
    left, top, right, bottom = font.getbbox(piece.short)
    lift = name["lift_with_detail"] if piece.detail else name["lift"]  # room for the detail line under it
    pen.text(((width - (right - left)) / 2 - left, (height - (bottom - top)) / 2 - top - lift), piece.short,
             font=font, fill=colour)
    if piece.detail:
        detail = tpl["detail"]
        small = _fitting(detail, piece.detail)
        left, top, right, bottom = small.getbbox(piece.detail)
        pen.text(((width - (right - left)) / 2 - left, detail.box[1] - top), piece.detail, font=small, fill=colour)
    return png_bytes(image)


def _line(pen: ImageDraw.ImageDraw, box: Sequence[float], colour: str, width: float) -> None:
    """A line along a template box [x, y, width, height] (one of them 0), from its corner to the other."""
    x, y, dx, dy = (round(v) for v in box)
    pen.line((x, y, x + dx, y + dy), fill=colour, width=round(width))


def _fitting(element: Element, text: str) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The element's face at its size or smaller (down to its min_size), so the text fits its box's width."""
    size, smallest = int(element.size), int(element["min_size"])
    font = face(element.font, size).font
    while size > smallest and font.getbbox(text)[2] - font.getbbox(text)[0] > element.box[2]:
        size -= 1
        font = face(element.font, size).font
    return font
