"""Draw a map's or board's grid over its image, labelled with VASSAL's own location names.

The point is checking a grid definition against a scanned map: every hex, square,
zone and region is drawn where VASSAL puts it, and every label is the name VASSAL
gives a piece sitting at that cell's centre. Hex outlines are VASSAL's containment
polygons, so the drawn edges are where a dropped piece changes hex.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image, ImageChops, ImageDraw, ImageFont
from shapely.geometry import Polygon

from ..fonts import font_file
from .board import PlacedBoard
from .grid import Grid
from .hexgrid import HexGrid
from .images import image_size
from .maps import Map
from .regiongrid import RegionGrid
from .squaregrid import SquareGrid
from .svgraster import SvgDrawer, is_svg
from .zonedgrid import ZonedGrid

GRID_COLOUR = (255, 0, 0, 200)
ZONE_COLOUR = (0, 90, 255, 230)
REGION_COLOUR = (0, 160, 0, 230)
TEXT_COLOUR = (0, 0, 0, 255)
TEXT_HALO = (255, 255, 255, 255)
BLANK_BOARD = (230, 230, 230, 255)

ToCanvas = Callable[[float, float], tuple[float, float]]
MAX_PIXELS = 150_000_000  # refuse canvases a grid check never needs (below Pillow's bomb limit)


def board_image(placed: PlacedBoard, image_bytes: bytes | None, svg: SvgDrawer | None = None) -> Image.Image:
    """The board's image (SVG drawn by ``svg``, which resolves its references), or a plain
    canvas of its size (missing or undecodable images)."""
    width, height = placed.board.size
    image = None
    if image_bytes is not None and is_svg(image_bytes, placed.board.image):
        image = (svg or SvgDrawer()).draw(image_bytes)
    elif image_bytes is not None and image_size(image_bytes, placed.board.image) is not None:
        try:
            image = Image.open(io.BytesIO(image_bytes)).convert("RGBA")
        except (OSError, ValueError, Image.DecompressionBombError):
            image = None  # undecodable: draw on a blank board
    if image is None or image.size != (width, height):
        image = Image.new("RGBA", (width, height), BLANK_BOARD)
    if placed.reversed:
        image = image.rotate(180)
    return image


def draw_map(map_: Map, images: Callable[[str], bytes | None], board: str | None = None) -> Image.Image:
    """The map (or one board of it, in board-local pixels) with every grid drawn and named.

    ``images`` returns a board image's bytes by file name (e.g. ``Module.image_bytes``).
    """
    placed_boards = map_.boards if board is None else [b for b in map_.boards if b.name == board]
    if board is not None and not placed_boards:
        raise ValueError(f"map {map_.name!r} shows no board {board!r}")
    if board is None:
        width, height = map_.size
        origin = (0, 0)
    else:
        only = placed_boards[0]
        width, height = only.board.size
        origin = (only.x, only.y)
    if width * height > MAX_PIXELS:
        raise ValueError(f"a {width}x{height} canvas is too big to draw")
    canvas = Image.new("RGBA", (max(width, 1), max(height, 1)), (255, 255, 255, 255))
    svg = SvgDrawer(images)
    for placed in placed_boards:
        image = board_image(placed, images(placed.board.image) if placed.board.image else None, svg)
        canvas.alpha_composite(image, (placed.x - origin[0], placed.y - origin[1]))
        grid = placed.board.grid
        if grid is not None:
            to_canvas = _board_transform(placed, origin)
            layer = draw_grid_layer(grid, placed.board.size, to_canvas, canvas.size)
            left, top = placed.x - origin[0], placed.y - origin[1]
            canvas.alpha_composite(_clipped(layer, (left, top, left + placed.width, top + placed.height)))
    return canvas


def _clipped(layer: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """The layer with everything outside ``box`` made transparent: a grid ends at its board's edge."""
    inside = Image.new("L", layer.size, 0)
    ImageDraw.Draw(inside).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=255)
    layer.putalpha(_min_mask(layer, inside))
    return layer


def _board_transform(placed: PlacedBoard, origin: tuple[int, int]) -> ToCanvas:
    def to_canvas(x: float, y: float) -> tuple[float, float]:
        if placed.reversed:
            x, y = placed.width - x, placed.height - y
        return x + placed.x - origin[0], y + placed.y - origin[1]

    return to_canvas


def draw_grid_layer(grid: Grid, size: tuple[int, int], to_canvas: ToCanvas, canvas_size: tuple[int, int]) -> Image.Image:
    """A transparent layer with ``grid`` drawn on a board of ``size`` (board-local -> canvas)."""
    layer = Image.new("RGBA", canvas_size, (0, 0, 0, 0))
    if isinstance(grid, ZonedGrid):
        _draw_zoned(layer, grid, size, to_canvas)
    else:
        _draw_cells(layer, grid, (0, 0, size[0], size[1]), to_canvas, grid.location_name)
    return layer


def _draw_zoned(layer: Image.Image, grid: ZonedGrid, size: tuple[int, int], to_canvas: ToCanvas) -> None:
    """Background grid outside the zones, each zone's grid inside it, zone outlines and names."""
    inside_zones = Image.new("L", layer.size, 0)
    zone_mask_draw = ImageDraw.Draw(inside_zones)
    for zone in grid.zones:
        if len(zone.polygon.points) >= 3:
            zone_mask_draw.polygon([to_canvas(x, y) for x, y in zone.polygon.points], fill=255)
    if grid.background is not None:
        background = Image.new("RGBA", layer.size, (0, 0, 0, 0))

        def outside_zone_name(x: int, y: int) -> str | None:
            # Cells centred in a zone are named by the zone, which labels them itself.
            return None if grid.find_zone(x, y) else grid.location_name(x, y)

        _draw_cells(background, grid.background, (0, 0, size[0], size[1]), to_canvas, outside_zone_name)
        outside = Image.eval(inside_zones, lambda v: 255 - v)
        layer.paste(background, (0, 0), _min_mask(background, outside))
    for zone in grid.zones:
        if zone.grid is not None and len(zone.polygon.points) >= 3:
            cells = Image.new("RGBA", layer.size, (0, 0, 0, 0))
            min_x, min_y, max_x, max_y = zone.polygon.bounds
            _draw_cells(cells, zone.grid, (min_x, min_y, max_x, max_y), to_canvas, zone.location_name)
            mask = Image.new("L", layer.size, 0)
            ImageDraw.Draw(mask).polygon([to_canvas(x, y) for x, y in zone.polygon.points], fill=255)
            layer.alpha_composite(Image.composite(cells, Image.new("RGBA", layer.size, (0, 0, 0, 0)), mask))
    draw = ImageDraw.Draw(layer)
    for zone in grid.zones:
        points = zone.polygon.points
        if len(points) < 2:
            continue
        draw.line([to_canvas(x, y) for x, y in points + points[:1]], fill=ZONE_COLOUR, width=3)
        if len(points) >= 3:
            shape = Polygon(points)
            anchor = shape.representative_point() if shape.is_valid else shape.centroid
            x, y = int(anchor.x), int(anchor.y)
            _label(draw, to_canvas(x, y), zone.location_name(x, y), 14, ZONE_COLOUR)


def _min_mask(image: Image.Image, mask: Image.Image) -> Image.Image:
    """The image's own alpha, cut to where ``mask`` allows."""
    return ImageChops.multiply(image.getchannel("A"), mask)


def _draw_cells(layer: Image.Image, grid: Grid, bounds: tuple[int, int, int, int], to_canvas: ToCanvas,
                namer: Callable[[int, int], str | None]) -> None:
    draw = ImageDraw.Draw(layer)
    if isinstance(grid, RegionGrid):
        for region in grid.regions:
            x, y = to_canvas(region.x, region.y)
            draw.ellipse((x - 5, y - 5, x + 5, y + 5), outline=REGION_COLOUR, width=2)
            _label(draw, (x, y + 14), region.name, 12, REGION_COLOUR)
        return
    if not isinstance(grid, (HexGrid, SquareGrid)):
        return
    font_size = int(max(8, min(22, min(grid.dx, grid.dy) / 4)))
    # One cell more all round: cells centred just off the board still cover part of it.
    reach = int(max(grid.dx, grid.dy)) + 1
    left, top, right, bottom = bounds
    for outline, (cx, cy) in grid.cells(left - reach, top - reach, right + reach, bottom + reach):
        draw.polygon([to_canvas(x, y) for x, y in outline], outline=GRID_COLOUR)
        name = namer(cx, cy)
        if name:
            _label(draw, to_canvas(cx, cy), name, font_size, TEXT_COLOUR)


_FONTS: dict[int, ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}


def _label(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, size: int, colour) -> None:
    font = _FONTS.get(size)
    if font is None:
        font = _FONTS[size] = ImageFont.truetype(font_file("regular"), size)
    draw.text(at, text, fill=colour, font=font, anchor="mm", stroke_width=2, stroke_fill=TEXT_HALO)
