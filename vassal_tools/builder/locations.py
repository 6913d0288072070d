"""Where a location of the game data is on the module's maps.

Scenario data places units ``at`` a hex (``4332``), a zone (``Troms``) or a box of a
display. :class:`Locator` turns that into a map, a board and a point, using the
geometry of the maps as the module defines them, and checks that VASSAL would name
the point as the data does: the point of a hex is its snapped centre, the point of
a zone or box lies well inside it, clear of every zone tested before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from shapely import prepare
from shapely.geometry import Polygon
from shapely.geometry import box as rectangle
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, unary_union

from ..art.hexmap import STACK_MARGIN
from ..errors import BadInput
from ..geometry.zonedgrid import ZonedGrid
from .boards import HEX_ZONE, BoardPlan, MapPlan

#: What a point of a zone covers on the board (a stack of pieces put there), in board pixels.
Cover = Callable[[int, int], BaseGeometry]
_WORD = re.compile(r"[a-z0-9#]+")
# How close to the pole of inaccessibility a placement point is searched for, in pixels.
_LABEL_TOLERANCE = 1.0
SPREAD_GAP = 6  # px between two stacks a pool is laid out in


@dataclass(frozen=True)
class Spot:
    """A location: ``name`` the hex or zone (a box's zone is named by the box id), ``label``
    what VASSAL calls the point; ``x``, ``y`` in map coordinates, ``local`` on the board."""

    map: str
    board: str
    name: str
    label: str
    x: int
    y: int
    local: tuple[int, int]


class Locator:
    """Finds data locations (hexes, zones, boxes) on the planned maps."""

    def __init__(self, plans: Iterable[MapPlan], box_names: dict | None = None):
        """``box_names``: :func:`box_aliases` of the data's boxes."""
        self.plans = list(plans)
        self.box_names = dict(box_names or {})
        self._maps = {plan.name: plan.geometry() for plan in self.plans}
        self._spots: dict[str, Spot] = {}
        self._taken: dict[str, list] = {}  # board -> the footprints of stacks spread so far

    def spot(self, at: str, source=None, where: str = "", clear_of: Sequence[BaseGeometry] = (),
             cover: Cover | None = None, near: tuple[int, int] | None = None) -> Spot:
        """Where ``at`` is; BadInput naming ``source`` and ``where`` if no map shows it.
        ``clear_of``: shapes in board pixels (labels, symbols, other stacks) that what ``cover``
        says a zone's point covers (a stack of pieces there) should not touch where room allows;
        ``near``: a zone's board point tried first (the art's room for a stack there)."""
        found = None if clear_of or cover or near else self._spots.get(at)
        if found is None:
            found = self._find(at, tuple(clear_of), cover, near)
            if found is None:
                raise BadInput(source, f"no map of the module shows location {at!r}", where)
            if not clear_of and not cover and not near:
                self._spots[at] = found
        return found

    def inside(self, spot: Spot, cover: Cover) -> Spot:
        """A point of the zone or box of ``spot`` where what ``cover`` says a stack there covers lies
        wholly inside it, nearest its middle (a stack fans up and right of its point, so the middle
        itself may leave the top of a full box); ``spot`` itself for a hex, or where no point has room."""
        plan = next((p for p in self.plans if p.name == spot.map), None)
        board = next((b for b in plan.boards if b.name == spot.board), None) if plan else None
        if plan is None or board is None or not any(z.name == spot.name and not z.holds_hexes for z in board.zones):
            return spot
        return self._zone(plan, board, spot.name, (), cover)

    def point(self, at: str) -> tuple[str, int, int]:
        """Map and point of a data location: where a log writer puts a piece there."""
        spot = self.spot(at)
        return spot.map, spot.x, spot.y

    def spread(self, spot: Spot, stacks: int, counter: tuple[int, int], fan: tuple[int, int]) -> list[Spot]:
        """Up to ``stacks`` spots for stacks of ``counter``-sized pieces, each stack's top ``fan`` px right
        and up from its bottom: points of the zone of ``spot`` one stack apart, each named as ``spot``
        is, each stack clear of the others (and of the stacks spread before) and on its board; those
        whose stack lies wholly inside the zone (clear of the zones VASSAL tests before it) first, then
        the nearest ``spot``; in reading order.
        ``[spot]`` for a hex or when no two fit."""
        plan = next((p for p in self.plans if p.name == spot.map), None)
        board = next((b for b in plan.boards if b.name == spot.board), None) if plan else None
        zone = next((z for z in board.zones if z.name == spot.name and not z.holds_hexes), None) if board else None
        if board is None or zone is None or stacks <= 1:
            return [spot]
        geo = self._maps[spot.map]
        placed = geo.board(spot.board)
        assert placed is not None  # the geometry is made from the plans
        index = board.zones.index(zone)
        earlier = [Polygon(z.points) for z in board.zones[:index]]
        shape = Polygon(zone.points)
        room = shape.difference(unary_union(earlier)) if earlier else shape  # where VASSAL names the zone
        sheet = rectangle(0, 0, *board.size)
        (width, height), (right, up) = counter, fan
        x0, y0, x1, y1 = shape.bounds
        # a lattice of stacks centred on the spot: a stack's point is its bottom piece's, its top fans up and right
        lx, ly = spot.local[0] - right // 2, spot.local[1] + up // 2
        step_x, step_y = width + right + SPREAD_GAP, height + up + SPREAD_GAP
        points = [(lx + i * step_x, ly + j * step_y)
                  for i in range(-int((lx - x0) // step_x) - 1, int((x1 - lx) // step_x) + 2)
                  for j in range(-int((ly - y0) // step_y) - 1, int((y1 - ly) // step_y) + 2)]
        taken = self._taken.setdefault(board.name, [])
        usable = []
        m = STACK_MARGIN  # the stack as the art measures it (art.hexmap.stack_box)
        for x, y in points:
            footprint = rectangle(x - width / 2 - m, y - height / 2 - up - m, x + width / 2 + right + m, y + height / 2 + m)
            if (sheet.contains(footprint) and not any(footprint.intersection(t).area > 0 for t in taken)
                    and geo.location_name(*placed.to_map(x, y)) == spot.label):
                usable.append((not room.contains(footprint), (x - lx) ** 2 + (y - ly) ** 2, x, y, footprint))
        if len(usable) < 2:
            return [spot]
        chosen = sorted(sorted(usable, key=lambda u: u[:4])[:stacks], key=lambda u: (u[3], u[2]))
        taken += [u[4] for u in chosen]
        return [Spot(spot.map, spot.board, spot.name, spot.label, *placed.to_map(x, y), (x, y))
                for *_, x, y, _footprint in chosen]

    def _boards(self) -> Iterable[tuple[MapPlan, BoardPlan]]:
        for plan in self.plans:
            for board in plan.boards:
                yield plan, board

    def _find(self, at: str, clear_of: tuple[BaseGeometry, ...] = (), cover: Cover | None = None,
              near: tuple[int, int] | None = None) -> Spot | None:
        for plan, board in self._boards():
            if board.hexes is not None:
                spot = self._hex(plan, board, at)
                if spot is not None:
                    return spot
        names, fallbacks = self.box_names.get(at, ((at,), ()))
        # A zone or box named exactly, then one named with the same words (the art may
        # punctuate or order a box's name differently), then the place the box is for.
        for match, candidates in ((_same, names), (_same_words, names), (_same, fallbacks)):
            for name in candidates:
                for plan, board in self._boards():
                    zone = next((z for z in board.zones if not z.holds_hexes and match(z.name, name)), None)
                    if zone is not None:
                        return self._zone(plan, board, zone.name, clear_of, cover, near)
        return None

    def _hex(self, plan: MapPlan, board: BoardPlan, at: str) -> Spot | None:
        geo = self._maps[plan.name]
        placed = geo.board(board.name)
        if placed is None or board.hexes is None:  # the geometry is made from the plans: never
            return None
        point = _hex_grid_of(placed.board.grid).point_of_location(at)
        if point is None:
            return None
        x, y = geo.snap(*placed.to_map(*point))
        lx, ly = placed.to_local(x, y)
        width, height = board.hexes.size
        if not (0 <= lx < width and 0 <= ly < height) or geo.location_name(x, y) != at:
            return None  # the numbering can name this hex, but it is not on the board
        return Spot(plan.name, board.name, at, at, x, y, (lx, ly))

    def _zone(self, plan: MapPlan, board: BoardPlan, name: str, clear_of: tuple[BaseGeometry, ...] = (),
              cover: Cover | None = None, near: tuple[int, int] | None = None) -> Spot:
        geo = self._maps[plan.name]
        placed = geo.board(board.name)
        assert placed is not None  # the geometry is made from the plans
        index = next(i for i, z in enumerate(board.zones) if z.name == name)
        shape = Polygon(board.zones[index].points)
        earlier = [Polygon(z.points) for z in board.zones[:index]]
        free = shape.difference(unary_union(earlier)) if earlier else shape
        points = ([near] if near is not None else []) + list(candidates(free))  # _clear_first: nearest the first
        for lx, ly in _clear_first(points, clear_of, cover, free):
            x, y = placed.to_map(lx, ly)
            on = geo.find_board(x, y)
            grid = placed.board.grid if on is placed else None
            zone = grid.find_zone(lx, ly) if isinstance(grid, ZonedGrid) else None
            if zone is not None and zone.name == name:
                return Spot(plan.name, board.name, name, geo.location_name(x, y), x, y, (lx, ly))
        raise BadInput(None, f"zone or box {name!r} has no point on the board that is not inside a zone "
                       "tested before it", f"board {board.name!r}")


def _clear_first(points: list[tuple[int, int]], clear_of: tuple[BaseGeometry, ...],
                 cover: Cover | None, zone: BaseGeometry | None = None) -> Iterable[tuple[int, int]]:
    """The points whose cover lies inside ``zone`` and touches none of ``clear_of`` (when given),
    nearest the first (the pole) first; then those whose cover only touches none; then every point
    as before, for an area with no such room."""
    if cover is not None and points and (clear_of or zone is not None):
        blocked = unary_union(clear_of) if clear_of else None
        if blocked is not None:
            prepare(blocked)
        pole = points[0]
        near = sorted(points, key=lambda p: ((p[0] - pole[0]) ** 2 + (p[1] - pole[1]) ** 2, p))
        clear = [p for p in near if blocked is None or not blocked.intersects(cover(*p))]
        if zone is not None:
            prepare(zone)
            yield from (p for p in clear if zone.contains(cover(*p)))
        yield from clear
    yield from points


def box_aliases(boxes: Iterable, weather: dict[str, str]) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """For each box id of boxes.csv: the names the map art may draw the box under, best
    first, and the names of what it belongs to (its place), tried last.

    The art names a box by its id and each section ``<id>/<section>``. A box with
    sections (an airbase's Ready and Flown halves, 7.1.6) is entered at its first
    section; a Weather Track at the current weather of its section (3.1.3).
    """
    aliases = {}
    for box in boxes:
        labels = [label for label in (box.place, box.name) if label]
        section = weather.get(box.place) if box.kind == "weather" else None
        section = section or (box.sections[0] if box.sections else None)
        names = [f"{box.id}/{section}"] if section else []
        names.append(box.id)
        if section:
            names += [f"Weather {box.place}: {section}" if box.kind == "weather" else f"{label} {section.title()}"
                      for label in reversed(labels)]
        names.append(box.name)
        aliases[box.id] = (tuple(dict.fromkeys(names)), tuple(labels))
    return aliases


def box_label(boxes, key: str) -> str:
    """The location name of a drawn box: ``Germany air units: ready`` for ``zone-germany/ready``.

    A key that names no box of the data is its own label.
    """
    box_id, *parts = key.split("/")
    box = boxes.get(box_id)
    if box is None:
        return key
    return f"{box.name}: {' '.join(parts)}" if parts else box.name


def _same(a: str, b: str) -> bool:
    return a == b


def _same_words(a: str, b: str) -> bool:
    """Equal as bags of lower-case words: "Gunfire Support: Jutland" ~ "Gunfire Support Jutland"."""
    return sorted(_WORD.findall(a.lower())) == sorted(_WORD.findall(b.lower()))


def _hex_grid_of(grid):
    """The HexGrid of a board, on the board itself or in the zone that holds it."""
    zones = getattr(grid, "zones", None)
    if zones is None:
        return grid
    return next(z.own_grid for z in zones if z.name == HEX_ZONE)


def candidates(area) -> Iterable[tuple[int, int]]:
    """Points to try, best first: the middle of each part (largest first), then a scan of the area.

    A part's middle is its centroid when that lies as deep inside as its pole of inaccessibility
    (a box: its centre, where polylabel may return any point of the long axis), else the pole."""
    if area.is_empty:
        return
    parts = sorted(getattr(area, "geoms", [area]), key=lambda p: -p.area)
    for part in parts:
        if isinstance(part, Polygon) and not part.is_empty:
            pole = polylabel(part, tolerance=_LABEL_TOLERANCE)
            centroid = part.centroid
            deep = part.contains(centroid) and (
                part.exterior.distance(centroid) >= part.exterior.distance(pole) - _LABEL_TOLERANCE)
            middle = centroid if deep else pole
            yield round(middle.x), round(middle.y)
    min_x, min_y, max_x, max_y = (int(v) for v in area.bounds)
    step = max(1, min(max_x - min_x, max_y - min_y) // 16)
    for y in range(min_y, max_y + 1, step):
        for x in range(min_x, max_x + 1, step):
            yield x, y
