"""Draw an area map (:class:`vassal_tools.gamedata.areas.AreaMap`) with shapely and Pillow.

Filled land areas with black borders, sea zones with blue borders, impassable land in grey,
fjord and lake crossings as light-blue bands on the border they cross, drawn neighbours that do
not border each other (impassable mountains, 2.3 of Kampen om Norge) as grey bands, the
symbols of victory cities, mobilization points and air fields, and every area's name placed
inside its polygon where it collides with no other label. The drawing is deterministic: the
same map gives the same PNG bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from shapely import box as shapely_box
from shapely import contains, intersects, prepare, union_all
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from ..gamedata.areas import AreaMap, AreaPiece, AreaShape
from .canvas import Canvas
from .colours import RGB, parse
from .fonts import face
from .hexmap import stack_box as stack_bounds
from .png import png_bytes
from .silhouettes import (
    AIRCRAFT_SHAPES,
    SHIP_PROFILES,
    aircraft_shape,
    figure_shape,
    fit,
    ship_profile,
)
from .symbols import Pen, draw_symbol
from .templates import Element, template_for

CONDENSED = {"bold": "condensed_bold", "regular": "condensed"}  # the narrower face of a font role

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
RAIL = str(_STYLE["rail"])
LABEL_HALO = str(_STYLE["label_halo"])
RAIL_WIDTH = 1  # px: a thin track hatched with ties (a tie every RAIL_TIE_STEP px, RAIL_TIE px long), unlike the solid 2-px area borders
RAIL_TIE, RAIL_TIE_STEP = 6, 7


@dataclass(frozen=True)
class LabelPlacement:
    """Where an area's label went: its box (x0, y0, x1, y1) in board pixels and its font size."""

    area: str
    box: tuple[int, int, int, int]
    size: int
    inside: bool  # the box lies inside the area's polygon


#: An opening stack's spot on the map: the board point its pieces are put at (None: a box's
#: stack, or an area with no room for it, left to the builder).
StackSpot = tuple[int, int] | None


def opening_room(area_map: AreaMap) -> list[StackSpot]:
    """Where each opening stack of ``area_map.setup`` on the map (a land area or sea zone) goes: a
    point whose stack (:func:`art.hexmap.stack_box`, a 48-px counter fanned up and right) lies
    wholly inside its area, clear of the stacks before it, and leaves room inside the area for the
    area's name and symbols beside it; nearest the area's pole of inaccessibility first. Small
    areas (Kampen om Norge's Narvik) have room for both only off their middle. The labels are
    then placed clear of these stacks (:func:`draw_area_map`)."""
    shapes = {s.name: s for s in area_map.shapes}
    size = piece_size()
    taken: list[BaseGeometry] = []
    found: list[StackSpot] = []
    for area, units in area_map.setup:
        shape = shapes.get(area)
        if shape is None or shape.kind == "box":  # a box's name is at its foot, its stack above it
            found.append(None)
            continue
        polygon = Polygon(shape.points)
        prepare(polygon)
        sizes = SEA_SIZES if shape.kind == "sea" else LAND_SIZES
        beside = _candidates(polygon, fine=True)  # where its label may go, as _labels tries them
        room = _room(polygon)
        chosen: tuple[int, int] | None = None
        fallback: tuple[int, int] | None = None
        for x, y in beside:
            point = (round(x), round(y))  # a whole board pixel: where the builder puts the stack
            cover = box(*stack_bounds(point, len(units), size))
            if not polygon.contains(cover) or any(cover.intersects(t) for t in taken):
                continue
            fallback = fallback or point
            if _fit(shape, polygon, sizes, taken + [cover], beside, room) is not None:
                chosen = point
                break
        chosen = chosen or fallback
        if chosen is None:
            found.append(None)
            continue
        taken.append(box(*stack_bounds(chosen, len(units), size)))
        found.append(chosen)
    return found


def draw_area_map(area_map: AreaMap, room: Sequence[StackSpot] | None = None) -> tuple[bytes, list[LabelPlacement]]:
    """The board PNG and where each label went: every label clear of the opening stacks
    (``room``, :func:`opening_room`'s, computed here if not given)."""
    if room is None:
        room = opening_room(area_map)
    size = piece_size()
    stacks = [box(*stack_bounds(spot, len(units), size))
              for spot, (_, units) in zip(room, area_map.setup, strict=True) if spot is not None]
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
    if area_map.real is not None:  # over the borders' bands, under the names
        for track in area_map.real.rails:
            _rail(pen, track.points)
    labels = _labels(pen, area_map, polygons, stacks)
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


def _rail(pen: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]]) -> None:
    """A rail line drawn straight from station to station through their real positions, a tie
    across it every RAIL_TIE_STEP px (the hex maps' railroad)."""
    pen.line([(round(x), round(y)) for x, y in points], fill=RAIL, width=RAIL_WIDTH, joint="curve")
    line = LineString(points)
    half = RAIL_TIE / 2
    for i in range(1, int(line.length // RAIL_TIE_STEP) + 1):
        at = line.interpolate(i * RAIL_TIE_STEP)
        ahead = line.interpolate(min(line.length, i * RAIL_TIE_STEP + 1.0))
        behind = line.interpolate(max(0.0, i * RAIL_TIE_STEP - 1.0))
        dx, dy = ahead.x - behind.x, ahead.y - behind.y
        norm = (dx * dx + dy * dy) ** 0.5 or 1.0
        nx, ny = -dy / norm * half, dx / norm * half
        pen.line([(at.x - nx, at.y - ny), (at.x + nx, at.y + ny)], fill=RAIL, width=1)


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


def _candidates(polygon: Polygon, fine: bool = False) -> list[tuple[float, float]]:
    """The pole of inaccessibility, then interior grid points nearest it (``fine``: a grid three
    times as fine, for a stack's spot in a small area)."""
    pole = polylabel(polygon, tolerance=1.0)
    x0, y0, x1, y1 = polygon.bounds
    step = max(4.0, min(x1 - x0, y1 - y0) / (24 if fine else 8))
    grid = [(x0 + i * step, y0 + j * step) for i in range(int((x1 - x0) / step) + 1)
            for j in range(int((y1 - y0) / step) + 1)]
    inside = [p for p in grid if polygon.contains(Point(p))]
    inside.sort(key=lambda p: ((p[0] - pole.x) ** 2 + (p[1] - pole.y) ** 2, p))
    return [(pole.x, pole.y)] + inside


def _labels(pen: ImageDraw.ImageDraw, area_map: AreaMap, polygons: dict[str, Polygon],
            stacks: Sequence[BaseGeometry] = ()) -> list[LabelPlacement]:
    placed: list[BaseGeometry] = list(stacks)
    out = []
    # Small areas first: they have the fewest places to put a label.
    for shape in sorted(area_map.shapes, key=lambda s: (polygons[s.name].area, s.name)):
        polygon = polygons[shape.name]
        sizes = SEA_SIZES if shape.kind == "sea" else LAND_SIZES
        # an area holding an opening stack: its label where opening_room found it room, beside the stack
        beside = _candidates(polygon, fine=True) if any(polygon.intersects(s) for s in stacks) else None
        spot = _fit(shape, polygon, sizes, placed, beside)
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


def _fit(shape: AreaShape, polygon: Polygon, sizes: tuple[int, ...], placed: list[BaseGeometry],
         candidates: list[tuple[float, float]] | None = None,
         room: BaseGeometry | None = None) -> tuple[float, float, int] | None:
    """Where the label fits inside the area clear of ``placed``: its point and size (``candidates``:
    the points to try, else :func:`_candidates`'; ``room``: :func:`_room` of the polygon, if made)."""
    room = room if room is not None else _room(polygon)
    candidates = candidates if candidates is not None else _candidates(polygon)
    if shape.kind == "box":  # a box's name at its foot, so the stack it holds has the room above
        x0, _, x1, bottom = polygon.bounds
        candidates = [((x0 + x1) / 2, bottom - 2 - _block(shape, size)[1] / 2) for size in sizes] + candidates
    points = np.array(candidates, dtype=float).reshape(-1, 2)
    blocked = union_all(placed) if placed else None
    if blocked is not None:
        prepare(blocked)
    for size in sizes:  # every candidate of a size at once: a small area tries thousands
        width, height, _ = _block(shape, size)
        left, top = np.round(points[:, 0] - width / 2), np.round(points[:, 1] - height / 2)  # as _labels draws it
        rects = shapely_box(left, top, left + width, top + height)
        fits = contains(room, rects)
        if blocked is not None:
            fits &= ~intersects(blocked, rects)
        if fits.any():
            x, y = candidates[int(np.argmax(fits))]
            return x, y, size
    return None


def _room(polygon: Polygon) -> BaseGeometry:
    """Where a label may lie: 2 px inside its area (prepared: it is tried many times)."""
    room = polygon.buffer(-2)
    prepare(room)
    return room


def _draw_label(pen: ImageDraw.ImageDraw, shape: AreaShape, rect: tuple[int, int, int, int], size: int,
                text_height: int) -> None:
    font = face("bold", size).font
    text = shape.label or shape.name
    left, top, right, _ = rect
    colour = SEA_BORDER if shape.kind == "sea" else "#000000"
    text_left = font.getbbox(text)
    width = text_left[2] - text_left[0]
    # a thin light halo: a rail line, coast or lake shore under a name does not cut its letters
    pen.text((left + (right - left - width) / 2 - text_left[0], top - text_left[1]), text, font=font, fill=colour,
             stroke_width=1, stroke_fill=LABEL_HALO)
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
    """The key in the board's lower right corner, as tall as what it lists."""
    width, height = area_map.size
    font = face("regular", 13).font
    used = {symbol for shape in area_map.shapes for symbol in shape.symbols}
    words = dict(area_map.symbol_labels)
    # (how the sample is drawn at (x, y), its text, px to the next row)
    rows: list[tuple[Callable[[int, int], None], str, int]] = [
        (partial(_symbol, pen, symbol), words.get(symbol, text), 20)
        for symbol, text in (("victory-city", "Victory city"), ("mobilization-point", "Mobilization point"),
                             ("airfield", "Air field"))
        if symbol in used]  # a legend of what the map shows
    def band(colour: str, line_width: int) -> Callable[[int, int], None]:
        return lambda x, y: pen.line((x, y + 6, x + 14, y + 6), fill=colour, width=line_width)
    if any(border.crossing != "none" for border in area_map.borders):
        rows += [(band(FJORD, 7), "Fjord or lake crossing", 20), (band(MOUNTAIN, 7), "Impassable: no border", 24)]
    if area_map.real is not None:
        rows.append((band(NATIONAL_BORDER, 3), "National border", 22))
        if area_map.real.rails:
            rows.append((lambda x, y: _rail(pen, [(x - 4, y + 6), (x + 16, y + 6)]),
                         "Railway, April 1940 (no rule uses it)", 22))
        lines: tuple[str, ...] = (("Coast and lakes: GSHHG; border: WDBII.",)
                                  + (("Stations: GeoNames, a few approximate.",) if area_map.real.rails else ())
                                  + ("Where areas end is sample: the", "rulebook has no printed map."))
    else:
        lines = ("Sample geometry drawn by vassal_tools:", "the rulebook has no printed map.")
    tall = 10 + sum(step for *_, step in rows) + 16 * len(lines) + 6
    left, top = width - 330, height - 20 - tall
    pen.rectangle((left, top, width - 20, height - 20), fill="#ffffff", outline="#000000")
    y = top + 10
    for sample, text, step in rows:
        sample(left + 10, y)
        pen.text((left + 30, y - 1), text, font=font, fill="#000000")
        y += step
    for i, line in enumerate(lines):
        pen.text((left + 10, y + 16 * i), line, font=font, fill="#000000")


def _bounds(polygon: Polygon) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = polygon.bounds
    return round(x0), round(y0), round(x1), round(y1)


def piece_size() -> tuple[int, int]:
    """A counter's size in pixels (templates/area.toml)."""
    return template_for("area").size


def draw_piece(piece: AreaPiece) -> bytes:
    """A counter for a battalion, chip, ship or aircraft, laid out by templates/area.toml, legible at
    VASSAL's 100% (no text under its element's ``min_size``): the nationality's colours, and

    * a land unit with a NATO symbol: its size mark over the symbol, its name under it;
    * a figure (a miniature, ``figure:NAME``): the figure, its name small at the foot;
    * a ship or aircraft with a silhouette: its name, the silhouette, its values or type;
    * anything else: its short name and, under it, a detail line."""
    tpl = template_for("area")
    width, height = tpl.size
    if piece.unit_class == "chip":
        return _chip(piece, tpl)
    background, ink = parse(piece.background), parse(piece.foreground)
    c = Canvas((width, height), 1.0, background)
    frame = tpl["frame"]
    c.rect((0, 0, width, height), outline=parse(frame["border"]), width=float(frame["border_width"]))
    look, texts = piece_look(piece)
    if look == "figure":
        figure = next(g.removeprefix("figure:") for g in piece.symbol if g.startswith("figure:"))
        _shape(c, fit(figure_shape(figure), tpl["figure"].box), ink, background)
    elif look == "symbol":
        x, y, w, h = tpl["symbol"].box
        c.rect((x, y, w, h), fill=background, outline=ink, width=float(tpl["symbol"]["width"]))
        inset = float(tpl["symbol"]["inset"])
        draw_symbol(c, (x + inset, y + inset, w - 2 * inset, h - 2 * inset), list(piece.symbol),
                    Pen(ink, background, float(tpl["symbol"]["width"])))
    elif look in ("ship", "aircraft"):
        shape = ship_profile(piece.silhouette) if look == "ship" else aircraft_shape(piece.silhouette)
        _shape(c, fit(shape, tpl[look].box), ink, background)
    for element, text in texts:
        _label(c, tpl[element], text, ink)
    return png_bytes(c.image())


def piece_look(piece: AreaPiece) -> tuple[str, list[tuple[str, str]]]:
    """What a (non-chip) counter shows: ``figure``, ``symbol``, ``ship``, ``aircraft`` or ``plain``,
    and its texts, each with the template element it is printed in."""
    if any(g.startswith("figure:") for g in piece.symbol):
        return "figure", [("figure_name", piece.short)]
    if piece.symbol:
        return "symbol", [("mark", piece.mark), ("under", piece.short)]
    shapes = AIRCRAFT_SHAPES if piece.unit_class == "air" else SHIP_PROFILES  # "transport" names one of each
    if piece.silhouette in shapes:
        look = "aircraft" if piece.unit_class == "air" else "ship"
        return look, [("over", piece.short), ("values", piece.values or piece.detail)]
    return "plain", [("name", piece.short), ("detail", piece.detail)]


def _chip(piece: AreaPiece, tpl) -> bytes:
    """A chip (a white or black disc inset in a white square, ringed in its faction's colour) and its number."""
    width, height = tpl.size
    chip = tpl["chip"]
    image = Image.new("RGB", (width, height), "#ffffff")
    pen = ImageDraw.Draw(image)
    inset = int(chip["inset"])
    fill = chip["white"] if piece.type == "white" else chip["black"]
    pen.ellipse((inset, inset, width - 1 - inset, height - 1 - inset), fill=fill, outline=piece.background,
                width=int(chip["ring"]))
    element = tpl["name"]
    font = _fitting(element, piece.short)
    left, top, right, bottom = font.getbbox(piece.short)
    colour = "#000000" if piece.type == "white" else "#ffffff"
    pen.text(((width - (right - left)) / 2 - left, (height - (bottom - top)) / 2 - top), piece.short, font=font,
             fill=colour)
    return png_bytes(image)


def _shape(c: Canvas, geom: BaseGeometry, ink: RGB, background: RGB) -> None:
    c.geometry(geom, ink, hole=background)


def _label(c: Canvas, element: Element, text: str, ink: RGB) -> None:
    if text:
        shown, role, size = label_fit(element, text)
        c.text(element.box, shown, role, size, ink, fit=False)


def label_fit(element: Element, text: str) -> tuple[str, str, float]:
    """How a counter prints ``text`` in ``element``'s box: the text, font role and px size. Its size or
    smaller, never under its ``min_size``: in its font, then condensed, then shortened to what fits
    (ending in a dot)."""
    measure = Canvas((1, 1), 1.0, (0, 0, 0), supersample=1)
    width = element.box[2]
    size, smallest = float(element.size), float(element["min_size"])
    condensed = CONDENSED.get(element.font, element.font)
    for role in (element.font, condensed):
        fitted = measure.fit_size(text, role, size, width, smallest)
        if measure.text_width(text, role, fitted) <= width:
            return text, role, round(fitted, 2)
    cut = text
    while len(cut) > 1 and measure.text_width(cut.rstrip() + ".", condensed, smallest) > width:
        cut = cut[:-1]
    return cut.rstrip() + ".", condensed, smallest


def _fitting(element: Element, text: str) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The element's face at its size or smaller (down to its min_size), so the text fits its box's width."""
    size, smallest = int(element.size), int(element["min_size"])
    font = face(element.font, size).font
    while size > smallest and font.getbbox(text)[2] - font.getbbox(text)[0] > element.box[2]:
        size -= 1
        font = face(element.font, size).font
    return font
