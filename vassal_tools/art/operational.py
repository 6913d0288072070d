"""The Operational Map board (invasion-norway.txt 1.2), drawn from hexes, hexsides and places.

Layers, bottom to top: sea, terrain per hex (1.2), Map Edge Hex Groups (1.1), the frozen
part of Trondheim Fjord (3.3.2), hex outlines, water hexsides (1.2.1), zone borders and the
dotted white weather-section lines (3.0), roads and railroads, the Swedish border, place
symbols, hex numbers and names. The image is exactly the grid's board size; the Gunfire
Support boxes (8.4) and the map key are a separate panel (:func:`draw_operational_panel`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon
from shapely.geometry import box as shapely_box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, unary_union
from shapely.prepared import prep

from ..errors import BadInput
from ..gamedata.terms import NEUTRAL_FLAG
from ..gamedata.vocabulary import fold_place
from .canvas import Canvas
from .colours import RGB, parse
from .displays import draw_box
from .drawn import Drawn
from .geography import draw_real_geography
from .hexmap import BoxF, HexLayout, PointF, stack_box
from .icons import draw_icon
from .map_data import MapData
from .map_style import MapStyle

SUPERSAMPLE = 2
WATER_SIDES = ("lake", "fjord", "sea")
EDGE_SIDES = ("river",) + WATER_SIDES
CENTRE_SIDES = ("road", "highway", "railroad", "ferry")
#: A place name line wider than this many hex heights leaves its hex (0.87 hex heights wide)
#: and runs over the next row's hex numbers.
NAME_WIDTH = 0.9


def drawn_kind(style: MapStyle, role: str) -> str:
    """The game's own place or box kind the map draws in a role (maps.toml ``[kinds]``: ``edge_group``
    tinted hex groups, ``hatched`` hexes, ``battery`` and ``code_flag`` symbols, ``major_settlement``,
    the panel's ``panel_box`` boxes); "" when the style draws none so."""
    return str(style.get(f"kinds.{role}", ""))


def _area_kinds(style: MapStyle) -> tuple[str, ...]:
    """places.csv kinds drawn as areas, not symbols."""
    return tuple(k for k in (drawn_kind(style, "edge_group"), drawn_kind(style, "hatched")) if k)


def draw_operational(data: MapData, style: MapStyle) -> Drawn:
    layout = data.layout
    if layout is None:
        raise BadInput(data.source, "no operational grid (operational_grid.json) to draw the Operational Map on")
    hexes = {row["hex"]: row for row in data.hexes if row.get("hex")}
    for name in hexes:
        layout.centre(name)  # fail early, naming the hex, if the grid cannot place it
    width, height = layout.size
    # Exactly the grid's board size: VASSAL sizes a board by its image, and descending
    # hex numbers count from the board's width (operational_grid.json note).
    c = Canvas((width, height), 1, style.colour("terrain.sea"), SUPERSAMPLE)
    h = layout.hex_height
    pairs = list(_neighbour_pairs(layout, sorted(hexes)))
    town_labels: list[BoxF] = []
    stacks = opening_stack_boxes(layout, data)
    if data.real is not None:  # the real coast, lakes, rivers and border; the hexes' land terrain over them
        named = {fold_place(p["name"]) for p in data.places} | {fold_place(a) for p in data.places
                                                            for a in (p.get("aliases") or "").split("|") if a}
        real, land = data.real, {n: r for n, r in hexes.items() if r.get("terrain") not in ("sea", "clear")}
        # the hexes' own terrain on their real land only, under lakes and rivers: no water hidden by a fill
        town_labels = draw_real_geography(c, real, style, named.__contains__, lambda: _terrain(
            c, layout, land, style, real.land_in({n: layout.polygon(n) for n in land})), stacks)
    else:
        _terrain(c, layout, hexes, style)
        _coasts(c, layout, hexes, pairs, style)
        _lakes(c, layout, hexes, style)
    _edge_groups(c, layout, data, style, stacks)
    _frozen(c, layout, data, style)
    _outlines(c, layout, hexes, style)
    sides = _sides_by_feature(data)
    for feature in EDGE_SIDES:
        _edge_lines(c, layout, sides.get(feature, []), style, feature)
    weather = {z["name"]: z.get("weather", "") for z in data.zones}
    _zone_borders(c, layout, hexes, pairs, weather, style)
    for feature in CENTRE_SIDES:
        _centre_lines(c, layout, sides.get(feature, []), style, feature)
    for feature in _own_features(style):
        _edge_lines(c, layout, sides.get(feature, []), style, feature)
    labels = place_labels(layout, data, style, town_labels)
    _places(c, layout, data, style, labels)
    _hex_numbers(c, layout, hexes, style)
    zones = _zone_polygons(layout, hexes)
    rows = sorted({layout.centre(name)[1] for name in hexes})
    taken = [_box_of(layout.polygon(name)) for name in labels] + town_labels + stacks
    taken += [box for label in labels.values() if label.tag for box in label.boxes]
    _zone_labels(c, zones, style, h, taken, rows)
    geography = data.real.board_geography().to_json() if data.real is not None else None
    return Drawn(c, {name: _int_ring(poly) for name, poly in zones.items()}, {}, geography)


# -- hexes ------------------------------------------------------------------------------


def _terrain(c: Canvas, layout: HexLayout, hexes: dict[str, dict], style: MapStyle,
             shapes: dict[str, BaseGeometry] | None = None) -> None:
    """Each hex filled with its terrain's colour: its whole polygon, or the shape ``shapes`` gives it."""
    colours = style.table("terrain")
    default = style.colour("terrain.default")
    for name, row in hexes.items():
        terrain = (row.get("terrain") or "").strip().lower().replace(" ", "_")
        fill = style.colour(f"terrain.{terrain}") if terrain in colours else default
        if shapes is None:
            c.polygon(layout.polygon(name), fill=fill)
        else:
            c.geometry(shapes[name], fill=fill)


def _coasts(c: Canvas, layout: HexLayout, hexes: dict[str, dict], pairs: list[tuple[str, str]], style: MapStyle) -> None:
    """A partial-sea hex (``coast = sea``) shows water on the side of its sea neighbours."""
    sea = {n for n, row in hexes.items() if row.get("terrain") == "sea"}
    towards: dict[str, list[str]] = defaultdict(list)
    for a, b in pairs:
        if b in sea:
            towards[a].append(b)
        if a in sea:
            towards[b].append(a)
    colour = style.colour("terrain.sea")
    h = layout.hex_height
    for name, row in hexes.items():
        if row.get("coast") != "sea" or name in sea or not towards.get(name):
            continue
        cx, cy = layout.centre(name)
        vx = sum(layout.centre(n)[0] - cx for n in towards[name])
        vy = sum(layout.centre(n)[1] - cy for n in towards[name])
        length = math.hypot(vx, vy)
        if length == 0:
            continue
        ux, uy = vx / length, vy / length
        # The part of the hex beyond a line 0.22 hex heights from the centre, seaward.
        ox, oy = cx + ux * 0.22 * h, cy + uy * 0.22 * h
        half = Polygon([(ox - uy * 2 * h, oy + ux * 2 * h), (ox + uy * 2 * h, oy - ux * 2 * h),
                        (ox + uy * 2 * h + ux * 2 * h, oy - ux * 2 * h + uy * 2 * h),
                        (ox - uy * 2 * h + ux * 2 * h, oy + ux * 2 * h + uy * 2 * h)])
        water = Polygon(layout.polygon(name)).intersection(half)
        if not water.is_empty:
            c.geometry(water, colour)


def _lakes(c: Canvas, layout: HexLayout, hexes: dict[str, dict], style: MapStyle) -> None:
    """1.2.1: the small lakes that allow Frozen Lake Airbases (5.1.4) get a lake symbol."""
    colour = style.colour("terrain.lake")
    edge = style.colour("features.lake.colour")
    h = layout.hex_height
    for name, row in hexes.items():
        if str(row.get("lake", "")).lower() in ("yes", "true", "1"):
            x, y = layout.centre(name)
            c.ellipse((x - 0.1 * h, y + 0.12 * h, 0.2 * h, 0.1 * h), fill=colour, outline=edge, width=1)


def _outlines(c: Canvas, layout: HexLayout, hexes: dict[str, dict], style: MapStyle) -> None:
    colour = style.colour("hex.outline")
    width = style.number("hex.outline_width")
    for name in hexes:
        ring = layout.polygon(name)
        c.line(ring + ring[:1], colour, width)


def _hex_numbers(c: Canvas, layout: HexLayout, hexes: dict[str, dict], style: MapStyle) -> None:
    h = layout.hex_height
    size = h * style.number("hex.number_size")
    offset = h * style.number("hex.number_offset")
    colour = style.colour("hex.number_colour")
    for name in hexes:
        x, y = layout.centre(name)
        c.text((x - h / 2, y - offset - size / 2, h, size), name, "condensed", size, colour, fit=False)


def _hex_range(text: str) -> list[str]:
    """``"4033-4734"`` (every hex with XX and YY in range) or a space-separated list."""
    text = text.strip()
    if "-" in text and " " not in text:
        a, _, b = text.partition("-")
        if len(a) == len(b) == 4 and a.isdigit() and b.isdigit():
            x0, x1 = sorted((int(a[:2]), int(b[:2])))
            y0, y1 = sorted((int(a[2:]), int(b[2:])))
            return [f"{x:02d}{y:02d}" for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
    return text.replace(",", " ").split()


def _edge_groups(c: Canvas, layout: HexLayout, data: MapData, style: MapStyle, stacks: list[BoxF]) -> None:
    """1.1: each Edge Hex Group shares a background colour and shows "<zone> = <OMPs>",
    on the board, between two rows of hex numbers and clear of the hexes with places."""
    palette = style.get("edge_groups.colours")
    edge_group = drawn_kind(style, "edge_group")
    groups = [p for p in data.places if edge_group and p.get("kind") == edge_group]
    known = {row["hex"] for row in data.hexes}
    h = layout.hex_height
    size = h * style.number("edge_groups.label_size")
    rows = sorted({layout.centre(name)[1] for name in known})
    taken = [_box_of(layout.polygon(name)) for name in _place_hexes(data, style) if name in known] + stacks
    board = shapely_box(0, 0, *layout.size)
    for i, group in enumerate(groups):
        colour = _parse(palette[i % len(palette)], style, "edge_groups.colours")
        members = [n for n in _hex_range(group.get("hexes", "")) if n in known]
        for name in members:
            c.polygon(layout.polygon(name), fill=colour)
        if members:
            label = f"{group['name']} = {group.get('omp', '')}".rstrip(" =")
            area = _largest(unary_union([Polygon(layout.polygon(n)) for n in members]).intersection(board))
            width = c.text_width(label, "condensed_bold", size)
            x, y = label_point(area, width, size, h, taken, rows)
            c.text((x - width / 2 - 1, y - size / 2, width + 2, size), label, "condensed_bold", size, (40, 40, 40),
                   halo=colour)


def _largest(shape) -> Polygon:
    """The largest polygon of a shape (an area cut in parts by the board's edge)."""
    return max(getattr(shape, "geoms", [shape]), key=lambda g: g.area)


def _place_hexes(data: MapData, style: MapStyle) -> list[str]:
    """The hexes whose places get symbols and names (not the places drawn as areas)."""
    areas = _area_kinds(style)
    return sorted({p["hex"] for p in data.places if p.get("hex") and p.get("kind") not in areas})


def _frozen(c: Canvas, layout: HexLayout, data: MapData, style: MapStyle) -> None:
    """3.3.2: cross-hatch the hexes of Trondheim Fjord that are closed until it thaws."""
    colour = style.colour("frozen_fjord.colour")
    width = style.number("frozen_fjord.width")
    step = style.number("frozen_fjord.spacing")
    known = {row["hex"] for row in data.hexes}
    hatched = drawn_kind(style, "hatched")
    for place in data.places:
        if not hatched or place.get("kind") != hatched:
            continue
        for name in _hex_range(place.get("hexes", "")):
            if name not in known:
                continue
            poly = Polygon(layout.polygon(name))
            x0, y0, x1, y1 = poly.bounds
            for d in range(int(-(y1 - y0)), int(x1 - x0), int(step)):
                for direction in (1, -1):
                    a = (x0 + d, y0) if direction > 0 else (x1 - d, y0)
                    b = (x0 + d + (y1 - y0), y1) if direction > 0 else (x1 - d - (y1 - y0), y1)
                    seg = poly.intersection(_segment(a, b))
                    if not seg.is_empty and seg.geom_type == "LineString":
                        c.line(list(seg.coords), colour, width, joint=False)


def _segment(a: PointF, b: PointF) -> LineString:
    return LineString([a, b])


# -- hexsides ---------------------------------------------------------------------------


def _sides_by_feature(data: MapData) -> dict[str, list[tuple[str, str]]]:
    known = {row["hex"] for row in data.hexes}
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for i, row in enumerate(data.hexsides):
        a, b, feature = row.get("hex_a", ""), row.get("hex_b", ""), row.get("feature", "").strip().lower()
        if a not in known or b not in known:
            raise BadInput("hexsides.csv", f"hexside {a}/{b} names a hex that hexes.csv does not have", f"row {i + 2}")
        found[feature].append((a, b))
    return found


def _feature(style: MapStyle, feature: str) -> tuple[RGB, float, list | None, bool]:
    colour = style.colour(f"features.{feature}.colour")
    width = style.number(f"features.{feature}.width")
    return colour, width, style.get(f"features.{feature}.dash", None), bool(style.get(f"features.{feature}.ties", False))


def _edge_lines(c: Canvas, layout: HexLayout, sides: list[tuple[str, str]], style: MapStyle, feature: str) -> None:
    if not sides:
        return
    colour, width, dash, _ = _feature(style, feature)
    for a, b in sides:
        p, q = layout.side(a, b)
        if dash:
            c.dashed(p, q, colour, width, dash[0], dash[1])
        elif feature in WATER_SIDES:
            # A lake or fjord hexside is water *across* the edge: a lens reaching into both hexes.
            ca, cb = layout.centre(a), layout.centre(b)
            c.polygon([p, _towards(ca, p, q, 0.22), q, _towards(cb, p, q, 0.22)], fill=colour)
        else:
            c.line([p, q], colour, width, joint=False)
            for end in (p, q):
                c.circle(end, width / 2, fill=colour)


def _towards(target: PointF, p: PointF, q: PointF, t: float) -> PointF:
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    return (mx + (target[0] - mx) * t, my + (target[1] - my) * t)


def _centre_lines(c: Canvas, layout: HexLayout, sides: list[tuple[str, str]], style: MapStyle, feature: str) -> None:
    if not sides:
        return
    colour, width, dash, ties = _feature(style, feature)
    for a, b in sides:
        p, q = layout.centre(a), layout.centre(b)
        if dash:
            c.dashed(p, q, colour, width, dash[0], dash[1])
            continue
        c.line([p, q], colour, width, joint=False)
        for end in (p, q):
            c.circle(end, width / 2, fill=colour)
        if ties:
            _ties(c, p, q, colour, width)


def _ties(c: Canvas, p: PointF, q: PointF, colour: RGB, width: float) -> None:
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    if length == 0:
        return
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    nx, ny = -uy * width * 1.6, ux * width * 1.6
    t = width * 3
    while t < length:
        x, y = p[0] + ux * t, p[1] + uy * t
        c.line([(x - nx, y - ny), (x + nx, y + ny)], colour, width * 0.55, joint=False)
        t += width * 4


# -- zones ------------------------------------------------------------------------------


def _neighbour_pairs(layout: HexLayout, names: list[str]):
    """Each pair of touching hexes once (bucketed by position: no n^2 scan)."""
    spacing = layout.hex_height * 1.5
    buckets: dict[tuple[int, int], list[str]] = defaultdict(list)
    for name in names:
        x, y = layout.centre(name)
        buckets[(int(x // spacing), int(y // spacing))].append(name)
    for (bx, by), members in buckets.items():
        for name in members:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for other in buckets.get((bx + dx, by + dy), ()):
                        if name < other and layout.adjacent(name, other):
                            yield name, other


def _zone_borders(c: Canvas, layout: HexLayout, hexes: dict[str, dict], pairs: list[tuple[str, str]], weather: dict[str, str], style: MapStyle) -> None:
    border, border_w = style.colour("zones.border_colour"), style.number("zones.border_width")
    white, white_w = style.colour("zones.weather_colour"), style.number("zones.weather_width")
    dash = style.get("zones.weather_dash")
    section_edges = []
    for a, b in pairs:
        za, zb = hexes[a].get("zone", ""), hexes[b].get("zone", "")
        if za == zb:
            continue
        p, q = layout.side(a, b)
        c.line([p, q], border, border_w, joint=False)
        for end in (p, q):
            c.circle(end, border_w / 2, fill=border)
        wa = hexes[a].get("weather") or weather.get(za)
        wb = hexes[b].get("weather") or weather.get(zb)
        if wa and wb and wa != wb:
            section_edges.append((p, q))
    for p, q in section_edges:  # 3.0: dotted white lines between the weather sections
        c.dashed(p, q, white, white_w, dash[0], dash[1])


def _zone_polygons(layout: HexLayout, hexes: dict[str, dict]) -> dict[str, Polygon]:
    members: dict[str, list[Polygon]] = defaultdict(list)
    for name, row in hexes.items():
        if row.get("zone"):
            members[row["zone"]].append(Polygon(layout.polygon(name)).buffer(0.75, join_style=2))
    zones = {}
    for zone in sorted(members):
        merged = unary_union(members[zone]).buffer(-0.75, join_style=2)
        if merged.geom_type == "MultiPolygon":
            # A zone in pieces (islands): a ZonedGrid zone is one polygon, keep the largest.
            merged = max(merged.geoms, key=lambda g: g.area)
        zones[zone] = Polygon(merged.exterior).simplify(0.5)
    return zones


def _zone_labels(c: Canvas, zones: dict[str, Polygon], style: MapStyle, h: float, taken: list[BoxF],
                 rows: list[float]) -> None:
    """Each zone's name where it has room and covers no place and no hex number: the
    hexes of ``taken`` hold settlements, ports and their names (HORDALAND once lay over
    Voss); ``rows`` are the centre heights of the rows of hexes."""
    size = h * style.number("zones.label_size")
    colour = style.colour("zones.label_colour")
    board = shapely_box(0, 0, *c.size)
    for name, poly in zones.items():
        text = name.upper()
        x, y, fitted = zone_label(c, _largest(poly.intersection(board)), text, size, h, taken, rows)
        width = c.text_width(text, "condensed_bold", fitted)
        c.text((x - width / 2 - 1, y - fitted / 2, width + 2, fitted), text, "condensed_bold", fitted, colour,
               halo=(255, 255, 255))


#: A zone's name is printed this much smaller where it does not fit at full size (a strip of sea
#: between the coast and the map's edge).
SMALLER_LABELS = (1.0, 0.8, 0.65)


def zone_label(c: Canvas, poly: Polygon, text: str, size: float, h: float, taken: list[BoxF],
               rows: list[float]) -> tuple[float, float, float]:
    """Where a zone's name goes and its size: the largest of :data:`SMALLER_LABELS` that fits (see
    :func:`label_point`), else full size at the zone's pole."""
    for factor in SMALLER_LABELS:
        width = c.text_width(text, "condensed_bold", size * factor)
        spot = label_spot(poly, width, size * factor, h, taken, rows)
        if spot is not None:
            return spot[0], spot[1], size * factor
    pole = polylabel(poly, tolerance=h / 4)
    return pole.x, pole.y, size


#: Where between two rows of hex numbers a label fits: this far below a row's centres
#: (its numbers end 0.255 hex heights above them, the next row's start 0.445 below).
BETWEEN_NUMBERS = 0.095


def label_spot(poly: Polygon, width: float, size: float, h: float, taken: list[BoxF],
               rows: list[float]) -> PointF | None:
    """Where a zone's label goes: between two rows of hex numbers, as near the pole of
    inaccessibility (the point deepest inside the zone; a centroid can fall on the border
    or outside) as it can be while inside the zone and clear of every ``taken`` box; None
    when there is no such place."""
    pole = polylabel(poly, tolerance=h / 4)
    x0, y0, x1, y1 = poly.bounds
    columns = [x0 + i * h / 4 for i in range(int((x1 - x0) / (h / 4)) + 1)]
    bands = [y + BETWEEN_NUMBERS * h for y in rows if y0 <= y + BETWEEN_NUMBERS * h <= y1]
    candidates = sorted(((x, y) for x in columns for y in bands),
                        key=lambda p: (p[0] - pole.x) ** 2 + (p[1] - pole.y) ** 2)
    inside = prep(poly)
    near = [b for b in taken if _overlap(b, (x0, y0, x1, y1))]
    for x, y in candidates:
        box = (x - width / 2, y - size / 2, x + width / 2, y + size / 2)
        if not any(_overlap(box, other) for other in near) and inside.contains(shapely_box(*box)):
            return x, y
    return None


def label_point(poly: Polygon, width: float, size: float, h: float, taken: list[BoxF],
                rows: list[float]) -> PointF:
    """:func:`label_spot`, or the pole of inaccessibility when there is no such place."""
    spot = label_spot(poly, width, size, h, taken, rows)
    if spot is not None:
        return spot
    pole = polylabel(poly, tolerance=h / 4)
    return pole.x, pole.y


def _box_of(points: list[PointF]) -> BoxF:
    xs, ys = zip(*points)
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(a: BoxF, b: BoxF) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _int_ring(poly: Polygon) -> list[tuple[int, int]]:
    coords = list(poly.exterior.coords)[:-1]
    return [(round(x), round(y)) for x, y in coords]


# -- places -----------------------------------------------------------------------------


def opening_stack_boxes(layout: HexLayout, data: MapData) -> list[BoxF]:
    """The board pixels each opening stack (:attr:`MapData.stacks`) covers at 100%."""
    return [stack_box(layout.centre(name), pieces, (width, height))
            for name, (pieces, width, height) in sorted(data.stacks.items())]


@dataclass(frozen=True)
class PlaceLabel:
    """Where a hex's places are named: ``boxes`` the names' boxes (left, top, right, bottom) at 100%.
    ``tag``: an opening stack would hide the hex's symbols or names, so they are drawn together in one
    box beside it (``boxes`` is that box) instead of in the hex."""

    hex: str
    names: tuple[str, ...]
    boxes: tuple[BoxF, ...]
    tag: bool = False


def _places_by_hex(data: MapData, style: MapStyle) -> dict[str, list[dict]]:
    by_hex: dict[str, list[dict]] = defaultdict(list)
    areas = _area_kinds(style)
    for place in data.places:
        if place.get("hex") and place.get("kind") not in areas:
            by_hex[place["hex"]].append(place)
    return dict(sorted(by_hex.items()))


def place_labels(layout: HexLayout, data: MapData, style: MapStyle,
                 keep_clear: Sequence[BoxF] = ()) -> dict[str, PlaceLabel]:
    """Where each hex's places are named. In the hex, under its symbols, unless an opening stack
    (on it or a neighbour) would cover its symbols or names: then a tag of symbols and names goes
    beside the stack, as near the hex as it can be while clear of every opening stack and, where
    room allows, of the other places' names and symbols, the hex numbers and ``keep_clear``."""
    scratch = Canvas((8, 8), 1, (255, 255, 255), 1)  # measures text; nothing of it is kept
    h = layout.hex_height
    size = h * style.number("places.label_size")
    code_flag = drawn_kind(style, "code_flag")
    stacks = opening_stack_boxes(layout, data)
    found: dict[str, PlaceLabel] = {}
    crowded: list[tuple[str, tuple[str, ...]]] = []
    placed: list[BoxF] = []
    for hex_name, places in _places_by_hex(data, style).items():
        try:
            centre = layout.centre(hex_name)
        except BadInput:
            raise BadInput("places.csv", f"hex {hex_name!r} is not on the Operational Map", places[0].get("name", "")) from None
        names = tuple(_labels(places, code_flag))
        boxes = tuple(place_names(scratch, centre, list(names), size, (0, 0, 0), (0, 0, 0), h))
        if (any(_overlap(b, stack) for b in (*boxes, _symbols_box(centre, h)) for stack in stacks)
                or any(_overlap(b, other) for b in boxes for other in placed)):  # a name too long for its row
            crowded.append((hex_name, names))
        else:
            found[hex_name] = PlaceLabel(hex_name, names, boxes)
            placed += boxes
    numbers = _number_boxes(scratch, layout, style, [row["hex"] for row in data.hexes if row.get("hex")])
    placed += [_symbols_box(layout.centre(n), h) for n in found]
    by_hex = _places_by_hex(data, style)
    for hex_name, names in crowded:
        width, height = _tag_size(scratch, by_hex[hex_name], names, style, h)
        box = _tag_spot(layout, hex_name, (width, height), stacks, [placed, numbers, list(keep_clear)])
        found[hex_name] = PlaceLabel(hex_name, names, (box,), tag=True)
        placed.append(box)
    return found


def _symbols_box(centre: PointF, h: float) -> BoxF:
    """What a hex's symbols cover: the settlement mark, the port and airbase symbols with their
    capacities, the battery and the mobilization code."""
    x, y = centre
    return x - 0.42 * h, y - 0.3 * h, x + 0.42 * h, y + 0.22 * h


def _number_boxes(c: Canvas, layout: HexLayout, style: MapStyle, hexes: list[str]) -> list[BoxF]:
    h = layout.hex_height
    size = h * style.number("hex.number_size")
    offset = h * style.number("hex.number_offset")
    boxes = []
    for name in hexes:
        x, y = layout.centre(name)
        half = c.text_width(name, "condensed", size) / 2
        boxes.append((x - half, y - offset - size / 2, x + half, y - offset + size / 2))
    return boxes


#: A tag's parts, in hex heights: its height, its symbols' size, the padding and the gap between parts.
TAG_HEIGHT, TAG_ICON, TAG_PAD = 0.3, 0.24, 0.05


def _tag_parts(c: Canvas, places: list[dict], names: tuple[str, ...], style: MapStyle, h: float) -> list[tuple[str, str, float]]:
    """(what, text, width) of each part of a tag, left to right: the settlement mark, the port's and
    the airbase's symbol with its capacity, the battery, the mobilization codes, then the names."""
    kinds = {p["kind"]: p for p in places}
    battery, code_flag, major = drawn_kind(style, "battery"), drawn_kind(style, "code_flag"), drawn_kind(style, "major_settlement")
    capacity = 0.15 * h
    parts: list[tuple[str, str, float]] = []
    settlement = next((k for k in (major, "city", "town") if k and k in kinds), "")
    if settlement:
        parts.append(("settlement", settlement, 0.22 * h))
    for kind, icon in (("port", "anchor"), ("airbase", "plane")):
        if kind in kinds:
            value = kinds[kind].get("capacity", "") or ""
            parts.append((icon, value, TAG_ICON * h + (c.text_width(value, "bold", capacity) + 0.03 * h if value else 0)))
    if battery and battery in kinds:
        parts.append(("battery", "", 0.22 * h))
    codes = "/".join(p.get("code") or p["name"] for p in places if code_flag and p["kind"] == code_flag)
    if codes:
        parts.append(("codes", codes, c.text_width(codes, "condensed_bold", 0.14 * h) + 0.14 * h * 0.8))
    text = " / ".join(names)
    if text:
        parts.append(("names", text, c.text_width(text, "condensed_bold", h * style.number("places.label_size"))))
    return parts


def _tag_size(c: Canvas, places: list[dict], names: tuple[str, ...], style: MapStyle, h: float) -> tuple[float, float]:
    parts = _tag_parts(c, places, names, style, h)
    gaps = TAG_PAD * h * (len(parts) - 1)
    return sum(w for *_, w in parts) + gaps + 2 * TAG_PAD * h, TAG_HEIGHT * h


def _tag_spot(layout: HexLayout, hex_name: str, size: tuple[float, float], stacks: list[BoxF],
              avoid: list[list[BoxF]]) -> BoxF:
    """The box of a tag of ``size``: the point nearest the hex's centre (a little below it first)
    whose box is on the board, clear of every stack and of each ``avoid`` list it can be clear of,
    the last list given up first."""
    h = layout.hex_height
    cx, cy = layout.centre(hex_name)
    width, height = size
    reach = 2.2 * h + width / 2
    near = [b for b in stacks if abs((b[0] + b[2]) / 2 - cx) < reach + h and abs((b[1] + b[3]) / 2 - cy) < 3 * h]
    lists = [[b for b in boxes if abs((b[0] + b[2]) / 2 - cx) < reach + h and abs((b[1] + b[3]) / 2 - cy) < 3 * h]
             for boxes in avoid]
    step = h / 24
    points = sorted(((cx + i * step, cy + j * step) for i in range(-int(reach / step), int(reach / step) + 1)
                     for j in range(-60, 61)), key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy - 0.2 * h) ** 2)
    board_w, board_h = layout.size
    free = [p for p in points if 0 <= p[0] - width / 2 and p[0] + width / 2 <= board_w and 0 <= p[1] - height / 2
            and p[1] + height / 2 <= board_h]
    boxes = [(x - width / 2, y - height / 2, x + width / 2, y + height / 2) for x, y in free]
    boxes = [b for b in boxes if not any(_overlap(b, s) for s in near)]
    for kept in range(len(lists), -1, -1):
        blocking = [b for group in lists[:kept] for b in group]
        for box in boxes:
            if not any(_overlap(box, other) for other in blocking):
                return box
    raise BadInput("places.csv", f"hex {hex_name}: no room beside its opening stack for its names")


def _places(c: Canvas, layout: HexLayout, data: MapData, style: MapStyle, labels: dict[str, PlaceLabel]) -> None:
    """Draw every place's symbols and name, in its hex or in a tag beside an opening stack."""
    battery, code_flag = drawn_kind(style, "battery"), drawn_kind(style, "code_flag")
    h = layout.hex_height
    halo = style.colour("places.halo")
    label_size = h * style.number("places.label_size")
    label_colour = style.colour("places.label_colour")
    for hex_name, places in _places_by_hex(data, style).items():
        label = labels[hex_name]
        if label.tag:
            _tag(c, label, places, style, h)
            continue
        cx, cy = layout.centre(hex_name)
        kinds = {p["kind"]: p for p in places}
        _settlement(c, (cx, cy), kinds, style, h)
        if "port" in kinds:
            _symbol(c, "anchor", (cx - 0.27 * h, cy - 0.05 * h), 0.24 * h, style.colour("places.port"), halo)
            _capacity(c, (cx - 0.27 * h, cy + 0.14 * h), kinds["port"].get("capacity", ""), style.colour("places.port"), h)
        if "airbase" in kinds:
            _symbol(c, "plane", (cx + 0.27 * h, cy - 0.05 * h), 0.26 * h, style.colour("places.airbase"), halo)
            _capacity(c, (cx + 0.27 * h, cy + 0.14 * h), kinds["airbase"].get("capacity", ""), style.colour("places.airbase"), h)
        if battery and battery in kinds:
            _gun(c, (cx - 0.2 * h, cy - 0.17 * h), 0.18 * h, style.colour(f"places.{battery}"))
        codes = [p.get("code") or p["name"] for p in places if code_flag and p["kind"] == code_flag]
        if codes:
            _mobilization(c, (cx + 0.2 * h, cy - 0.17 * h), "/".join(codes), style.colour(f"places.{code_flag}"), h)
        place_names(c, (cx, cy), list(label.names), label_size, label_colour, halo, h)


def _tag(c: Canvas, label: PlaceLabel, places: list[dict], style: MapStyle, h: float) -> None:
    """A hex's symbols and names in one row, on a light card, beside the stack that stands on it."""
    left, top, right, bottom = label.boxes[0]
    halo = style.colour("places.halo")
    c.rect((left, top, right - left, bottom - top), fill=halo, outline=style.colour("places.label_colour"),
           width=max(1.0, h * 0.015), radius=h * 0.06)
    x, y = left + TAG_PAD * h, (top + bottom) / 2
    kinds = {p["kind"]: p for p in places}
    for what, text, width in _tag_parts(c, places, label.names, style, h):
        if what == "settlement":
            _settlement(c, (x + width / 2, y), {text: kinds[text]}, style, h)
        elif what in ("anchor", "plane"):
            colour = style.colour("places.port" if what == "anchor" else "places.airbase")
            _symbol(c, what, (x + TAG_ICON * h / 2, y), TAG_ICON * h * 0.9, colour, halo)
            if text:
                size = 0.15 * h
                c.text((x + TAG_ICON * h, y - size / 2, width - TAG_ICON * h, size), text, "bold", size, colour,
                       fit=False, align="left")
        elif what == "battery":
            _gun(c, (x + width / 2, y), 0.18 * h, style.colour(f"places.{drawn_kind(style, 'battery')}"))
        elif what == "codes":
            _mobilization(c, (x + width / 2, y), text, style.colour(f"places.{drawn_kind(style, 'code_flag')}"), h)
        else:
            size = h * style.number("places.label_size")
            c.text((x, y - size / 2, width, size), text, "condensed_bold", size, style.colour("places.label_colour"),
                   fit=False, align="left")
        x += width + TAG_PAD * h


def place_names(c: Canvas, centre: PointF, names: list[str], size: float, colour: RGB, halo: RGB,
                h: float) -> list[BoxF]:
    """The names of a hex's places under its symbols (the boxes they cover): on one line
    if it stays inside the hex, else on two smaller lines ("Bergen" over "Kvarven"). The
    band under the symbols (0.19 to 0.45 hex heights below the centre) is the hex's own
    across its width; lower, the next row's hex numbers begin 0.3 hex heights out, so a
    second line must be narrower than 0.6 hex heights."""
    if not names:
        return []
    cx, cy = centre
    line = " / ".join(names)
    if len(names) == 1 or c.text_width(line, "condensed_bold", size) <= NAME_WIDTH * h:
        return [_corners(c.text((cx - h, cy + 0.33 * h - size / 2, 2 * h, size), line, "condensed_bold", size, colour,
                                halo=halo))]
    lines = names[:2] if len(names) <= 2 else [names[0], " / ".join(names[1:])]
    small = size * 0.65
    boxes = []
    for i, text in enumerate(lines):
        top = cy + (0.255 + 0.13 * i) * h - small / 2
        boxes.append(_corners(c.text((cx - NAME_WIDTH * h / 2, top, NAME_WIDTH * h, small), text, "condensed_bold",
                                     small, colour, halo=halo)))
    return boxes


def _corners(box: tuple[float, float, float, float]) -> BoxF:
    """(left, top, width, height) as (left, top, right, bottom)."""
    return box[0], box[1], box[0] + box[2], box[1] + box[3]


def _labels(places: list[dict], code_flag: str) -> list[str]:
    """The names a hex's places print (a place shown by its code prints none)."""
    shown: list[str] = []
    for p in places:
        if (code_flag and p["kind"] == code_flag) or p["name"] in shown:
            continue
        shown.append(p["name"])
    return shown


def _settlement(c: Canvas, centre: PointF, kinds: dict, style: MapStyle, h: float) -> None:
    x, y = centre
    major = drawn_kind(style, "major_settlement")
    if major and major in kinds:
        s = 0.2 * h
        c.rect((x - s / 2, y - s / 2, s, s), fill=style.colour(f"places.{major}"), outline=(255, 255, 255), width=h * 0.02)
        c.rect((x - s / 2 - 0.04 * h, y - s / 2 - 0.04 * h, s + 0.08 * h, s + 0.08 * h), outline=style.colour(f"places.{major}"), width=h * 0.025)
    elif "city" in kinds:
        s = 0.15 * h
        c.rect((x - s / 2, y - s / 2, s, s), fill=style.colour("places.city"), outline=(255, 255, 255), width=h * 0.02)
    elif "town" in kinds:
        c.circle((x, y), 0.06 * h, fill=style.colour("places.town"), outline=(255, 255, 255), width=h * 0.015)


def _symbol(c: Canvas, icon: str, centre: PointF, size: float, ink: RGB, paper: RGB) -> None:
    x, y = centre
    c.circle((x, y), size * 0.62, fill=paper)
    draw_icon(c, icon, (x - size / 2, y - size / 2, size, size), ink, paper)


def _capacity(c: Canvas, centre: PointF, value: str, colour: RGB, h: float) -> None:
    if not value:
        return
    size = 0.15 * h
    x, y = centre
    c.text((x - 0.2 * h, y - size / 2, 0.4 * h, size), value, "bold", size, colour, fit=False, halo=(255, 255, 255))


def _gun(c: Canvas, centre: PointF, size: float, colour: RGB) -> None:
    """Coast artillery: a casemate with a barrel."""
    x, y = centre
    c.polygon([(x - size / 2, y + size * 0.3), (x - size * 0.3, y - size * 0.15), (x + size * 0.3, y - size * 0.15), (x + size / 2, y + size * 0.3)], fill=colour)
    c.line([(x, y - size * 0.05), (x - size * 0.55, y - size * 0.45)], colour, size * 0.16, joint=False)


def _mobilization(c: Canvas, centre: PointF, codes: str, colour: RGB, h: float) -> None:
    """14.1: the mobilization-centre code in a red ring."""
    x, y = centre
    size = 0.14 * h
    width = max(c.text_width(codes, "condensed_bold", size) + size * 0.6, size * 1.6)
    c.rect((x - width / 2, y - size * 0.8, width, size * 1.6), fill=(255, 255, 255), outline=colour, width=h * 0.02, radius=size * 0.8)
    c.text((x - width / 2, y - size * 0.8, width, size * 1.6), codes, "condensed_bold", size, colour, fit=False)


# -- panel ------------------------------------------------------------------------------


def draw_operational_panel(data: MapData, style: MapStyle) -> Drawn:
    """The Operational Map's side panel: the Gunfire Support box of each sea zone on the
    map (boxes.csv kind ``gunfire_support``; 8.4: naval units "are placed in the Gunfire
    Support box of the sea zone they occupy") and the map key. A board of its own, so
    the map board keeps the grid's size."""
    panel_kind = drawn_kind(style, "panel_box")
    gunfire = [b for b in data.boxes if panel_kind and b.get("kind") == panel_kind]
    w = style.number("operational.strip_width")
    box_h = style.number("operational.box_height")
    pad = 12
    entries = key_entries(data, style)
    key_h = 24 + len(entries) * KEY_LINE
    h = pad + 44 + len(gunfire) * (box_h + 8) + 10 + key_h + pad
    c = Canvas((int(w), int(h)), 1, style.colour("operational.background"), SUPERSAMPLE)
    c.rect((0, 0, w, h), outline=(60, 60, 60), width=2)
    c.text((pad, pad, w - 2 * pad, 30), style.get("operational.title"), "bold", 17, (30, 30, 30))
    top: float = pad + 44
    boxes: dict[str, tuple[int, int, int, int]] = {}
    for box in gunfire:
        boxes.update(draw_box(c, box, (pad, top, w - 2 * pad, box_h), style, "operational"))
        top += box_h + 8
    _key(c, style, (pad, top + 10, w - 2 * pad, key_h), entries)
    return Drawn(c, {}, boxes)


@dataclass(frozen=True)
class KeyEntry:
    """One line of the map key: a sample (``kind``: fill, hatch, line, border, weather,
    lake, geo: a line of the real geography under the hexes) and what it means."""

    kind: str
    label: str
    feature: str = ""  # a [features] key for lines
    colour: RGB = (0, 0, 0)


def _own_features(style: MapStyle) -> list[str]:
    """A game's own hexside features (game.toml other_hexside_features) that the style draws:
    edge lines, drawn over every game's, in the style's order."""
    return [f for f in style.table("features") if f not in (*EDGE_SIDES, *CENTRE_SIDES)]


def key_entries(data: MapData, style: MapStyle) -> list[KeyEntry]:
    """Every tint and line the Operational Map draws, in the order the map draws them."""
    entries = []
    terrains = {(row.get("terrain") or "").strip().lower().replace(" ", "_") for row in data.hexes if row.get("hex")}
    known = style.table("terrain")
    neutral = _neutral_terrains(data)
    for terrain in [t for t in known if t in terrains] + sorted(t for t in terrains if t not in known):
        colour = style.colour(f"terrain.{terrain}") if terrain in known else style.colour("terrain.default")
        label = terrain.replace("_", " ").capitalize()
        entries.append(KeyEntry("fill", f"{label}: neutral" if terrain in neutral else label, colour=colour))
    if any(row.get("coast") == "sea" and row.get("terrain") != "sea" for row in data.hexes):
        entries.append(KeyEntry("coast", "Coastal hex: sea on its seaward side", colour=style.colour("terrain.sea")))
    if any(str(row.get("lake", "")).lower() in ("yes", "true", "1") for row in data.hexes):
        entries.append(KeyEntry("lake", style.get("key.lake", "Lake")))
    palette = style.get("edge_groups.colours")
    edge_group = drawn_kind(style, "edge_group")
    for i, group in enumerate(p for p in data.places if edge_group and p.get("kind") == edge_group):
        colour = _parse(palette[i % len(palette)], style, "edge_groups.colours")
        label = str(style.get("key.map_edge_group", "Map edge group: {name}"))
        entries.append(KeyEntry("fill", label.format(name=group.get("name", "")), colour=colour))
    hatched = drawn_kind(style, "hatched")
    if hatched and any(p.get("kind") == hatched for p in data.places):
        entries.append(KeyEntry("hatch", style.get("key.frozen_fjord", "Frozen fjord")))
    features = {(row.get("feature") or "").strip().lower() for row in data.hexsides}
    for feature in (*EDGE_SIDES, *CENTRE_SIDES, *_own_features(style)):
        if feature in features:
            label = style.get(f"key.features.{feature}", feature.replace("_", " ").capitalize())
            entries.append(KeyEntry("line", label, feature))
    if data.real is not None:  # drawn under the hexes from the game's geodata (geo/SOURCES.md)
        entries.append(KeyEntry("geo", "River (WDBII, under the hexes)", "river"))
        entries.append(KeyEntry("geo", "National border (WDBII, under the hexes)", "border"))
    entries.append(KeyEntry("border", "Zone border"))
    if len({row.get("weather") for row in data.hexes if row.get("weather")} | {z.get("weather") for z in data.zones if z.get("weather")}) > 1:
        entries.append(KeyEntry("weather", style.get("key.weather", "Weather section border")))
    return entries


def _neutral_terrains(data: MapData) -> set[str]:
    """Terrains whose every hex lies in a zone flagged neutral (Sweden's hexes, say): the key names them so."""
    neutral_zones = {z.get("name") for z in data.zones if z.get("flag") == NEUTRAL_FLAG}
    zones_of: dict[str, set[str]] = defaultdict(set)
    for row in data.hexes:
        zones_of[(row.get("terrain") or "").strip().lower().replace(" ", "_")].add(row.get("zone") or "")
    return {terrain for terrain, zones in zones_of.items() if zones and zones <= neutral_zones}


KEY_LINE = 18  # pixels a key entry takes


def _key(c: Canvas, style: MapStyle, area: tuple[float, float, float, float], entries: list[KeyEntry]) -> None:
    x, y, w, h = area
    c.text((x, y, w, 18), "Key", "bold", 14, (30, 30, 30), align="left")
    row = y + 24
    for entry in entries:
        _key_sample(c, style, entry, (x, row, 26, 14))
        c.text((x + 34, row - 1, w - 34, 16), entry.label, "regular", 12, (30, 30, 30), align="left")
        row += KEY_LINE


def _key_sample(c: Canvas, style: MapStyle, entry: KeyEntry, box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    mid = (x, y + h / 2), (x + w, y + h / 2)
    if entry.kind in ("fill", "coast", "lake", "hatch"):
        paper = style.colour("terrain.rough") if entry.kind in ("coast", "lake", "hatch") else entry.colour
        c.rect((x, y, w, h), fill=paper, outline=(80, 80, 80), width=1)
    if entry.kind == "coast":
        c.rect((x + w / 2, y, w / 2, h), fill=entry.colour)
    elif entry.kind == "lake":
        c.ellipse((x + w / 2 - 7, y + h / 2 - 3.5, 14, 7), fill=style.colour("terrain.lake"),
                  outline=style.colour("features.lake.colour"), width=1)
    elif entry.kind == "hatch":
        c.rect((x, y, w, h), fill=style.colour("terrain.fjord"), outline=(80, 80, 80), width=1)
        step = style.number("frozen_fjord.spacing")
        colour, width = style.colour("frozen_fjord.colour"), style.number("frozen_fjord.width")
        d = 0.0
        while d < w:
            c.line([(x + d, y), (x + min(w, d + h), y + min(h, w - d))], colour, width, joint=False)
            d += step
    elif entry.kind == "line":
        colour, width, dash, ties = _feature(style, entry.feature)
        if dash:
            c.dashed(mid[0], mid[1], colour, width, dash[0], dash[1])
        else:
            c.line(list(mid), colour, width, joint=False)
            if ties:
                _ties(c, mid[0], mid[1], colour, width)
    elif entry.kind == "border":
        c.line(list(mid), style.colour("zones.border_colour"), style.number("zones.border_width"), joint=False)
    elif entry.kind == "geo":
        c.line(list(mid), style.colour(f"geography.{entry.feature}.colour"),
               style.number(f"geography.{entry.feature}.width"), joint=False)
    elif entry.kind == "weather":
        c.rect((x, y, w, h), fill=style.colour("zones.border_colour"))
        dash = style.get("zones.weather_dash")
        c.dashed(mid[0], mid[1], style.colour("zones.weather_colour"), style.number("zones.weather_width"),
                 dash[0], dash[1])


def _parse(value, style: MapStyle, field: str) -> RGB:
    try:
        return parse(value)
    except ValueError:
        raise BadInput(style.path, f"field '{field}' must hold colours, not {value!r}") from None
