"""Pictures of a map at one moment, drawn from the module's own board and piece images.

:class:`BoardPainter` draws what VASSAL would show for a replayed
:class:`~vassal_tools.replay.state.GameState`: the boards of the map where the
board layout puts them (vassal-formats.md 7), then every piece in draw order,
each as its BasicPiece image under the images of its active Layers (at their
current level, offset and scale), stacks fanned out by the map's StackMetrics
as VASSAL draws an unexpanded stack (each piece ``unexSepX`` right and
``unexSepY`` up from the one below). Invisible and masked pieces are drawn
half transparent: the picture is for someone auditing the game, not a player.

Images VASSAL could show but Pillow cannot read (SVG boards of old modules) are
drawn as a labelled grey area, so a picture is always made. A picture may be
cropped around an outline (a hex or zone) that is drawn over it.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, UnidentifiedImageError

from ..formats.components import child_elements, simple_name
from ..formats.files import Module
from ..formats.traits.layer import Layer
from ..geometry.from_module import ModuleGeometry
from ..replay.state import GameState, PieceState
from .places import Outline

#: VASSAL's StackMetrics defaults (unexpanded separation of stacked pieces).
UNEXPANDED = (2, 4)
MARGIN = 260  # pixels of map kept around an outline when cropping
OUTLINE = (220, 20, 60, 255)
BACKGROUND = (200, 200, 200, 255)
Box = tuple[int, int, int, int]


class BoardPainter:
    """Draws the maps of one module; images are decoded once and kept."""

    def __init__(self, module: Module, geometry: ModuleGeometry) -> None:
        self.module = module
        self.geometry = geometry
        self._images: dict[tuple[str, float], Image.Image | None] = {}
        self._separation = {view.identifier: _separation(view) for view in module.buildfile.maps if view.identifier}

    # -- images -----------------------------------------------------------------------

    def image(self, name: str, scale: float = 1.0) -> Image.Image | None:
        """An image of the module as RGBA, scaled; None when missing or unreadable (SVG)."""
        key = (name, scale)
        if key not in self._images:
            self._images[key] = self._load(name, scale)
        return self._images[key]

    def _decode(self, name: str) -> Image.Image | None:
        data = self.module.image_bytes(name) if name else None
        if data is None:
            return None
        try:
            img = Image.open(io.BytesIO(data))
            img.load()
        except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
            return None
        return img

    def _load(self, name: str, scale: float) -> Image.Image | None:
        img = self._decode(name)
        if img is None:
            return None
        img = img.convert("RGBA")
        if scale != 1.0 and scale > 0:
            size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
            img = img.resize(size, Image.Resampling.LANCZOS)
        return img

    # -- a map ------------------------------------------------------------------------

    def draw(self, state: GameState, map_name: str, crop: Box | None = None,
             outline: Outline | None = None) -> Image.Image:
        """The map ``map_name`` in ``state``; only the ``crop`` box (map coordinates) if given."""
        geo_map = self.geometry.map(map_name)
        width, height = geo_map.size
        box = _clip(crop, width, height) if crop else (0, 0, width, height)
        canvas = Image.new("RGBA", (max(1, box[2] - box[0]), max(1, box[3] - box[1])), BACKGROUND)
        for placed in geo_map.boards:
            self._board(canvas, placed, box)
        for piece, (x, y) in self.placed_pieces(state, map_name):
            self._piece(canvas, piece, x - box[0], y - box[1])
        if outline is not None and outline.map == map_name:
            _outline(canvas, [(x - box[0], y - box[1]) for x, y in outline.points])
        return canvas

    def around(self, state: GameState, outline: Outline, margin: int = MARGIN) -> Image.Image:
        """The map of an outline, cropped to the outline plus ``margin``, the outline drawn."""
        x0, y0, x1, y1 = outline.bounds
        return self.draw(state, outline.map, (x0 - margin, y0 - margin, x1 + margin, y1 + margin), outline)

    def _board(self, canvas: Image.Image, placed, box: Box) -> None:
        """Paste the part of a board inside ``box``; the board image is cropped before converting."""
        x0, y0 = max(box[0], placed.x), max(box[1], placed.y)
        x1, y1 = min(box[2], placed.x + placed.width), min(box[3], placed.y + placed.height)
        if x0 >= x1 or y0 >= y1:
            return
        img = self.board_image(placed.board.image, placed.reversed)
        dest = (x0 - box[0], y0 - box[1])
        if img is None:
            draw = ImageDraw.Draw(canvas)
            left, top = placed.x - box[0], placed.y - box[1]
            draw.rectangle((left, top, left + placed.width - 1, top + placed.height - 1), fill=(225, 225, 220, 255),
                           outline=(120, 120, 120, 255))
            draw.text((max(left, 0) + 8, max(top, 0) + 8), placed.name, fill=(60, 60, 60, 255))
            return
        part = img.crop((x0 - placed.x, y0 - placed.y, x1 - placed.x, y1 - placed.y)).convert("RGBA")
        canvas.alpha_composite(part, dest=dest)

    def board_image(self, name: str, reversed_: bool = False) -> Image.Image | None:
        """A board image as decoded (not converted: boards are large), turned if reversed."""
        key = (f"board:{name}", -1.0 if reversed_ else 1.0)
        if key not in self._images:
            img = self._decode(name)
            self._images[key] = img.rotate(180) if img is not None and reversed_ else img
        return self._images[key]

    # -- pieces -----------------------------------------------------------------------

    def placed_pieces(self, state: GameState, map_name: str) -> Iterable[tuple[PieceState, tuple[int, int]]]:
        """Every piece of the map with the point it is drawn at, bottom first."""
        dx, dy = self._separation.get(map_name, UNEXPANDED)
        for top in state.maps.get(map_name, ()):
            if top.children is None:
                yield top, (top.x, top.y)
                continue
            for i, child in enumerate(top.children):
                yield child, (top.x + dx * i, top.y - dy * i)

    def _piece(self, canvas: Image.Image, piece: PieceState, x: int, y: int) -> None:
        faded = piece.hidden_by is not None or piece.masked_by is not None
        for img, (ox, oy) in self.piece_layers(piece):
            if faded:
                img = img.copy()
                img.putalpha(img.getchannel("A").point(lambda a: a // 2))
            left, top = x + ox - img.width // 2, y + oy - img.height // 2
            if left >= canvas.width or top >= canvas.height or left + img.width <= 0 or top + img.height <= 0:
                continue
            canvas.paste(img, (left, top), img)

    def piece_layers(self, piece: PieceState) -> list[tuple[Image.Image, tuple[int, int]]]:
        """The images a piece shows now, bottom first, with their offsets from its position."""
        decoded = piece.piece
        out = []
        basic = decoded.basic
        if basic is not None and basic.image:
            img = self.image(basic.image)
            if img is not None:
                out.append((img, (0, 0)))
        for layer in decoded.layers:
            shown = _layer_image(layer)
            if not shown:
                continue
            img = self.image(shown, _scale(layer))
            if img is not None:
                out.append((img, (getattr(layer, "x_offset", 0), getattr(layer, "y_offset", 0))))
        if not out:
            out.append((_placeholder(), (0, 0)))
        return out


def _layer_image(layer: Layer) -> str:
    value = layer.value
    images = layer.level_images
    if value <= 0 or not images:
        return ""
    return images[min(value, len(images)) - 1]


def _scale(layer: Layer) -> float:
    scale = getattr(layer, "scale", 1.0)
    return scale if isinstance(scale, float) and scale > 0 else 1.0


@lru_cache(maxsize=1)
def _placeholder() -> Image.Image:
    img = Image.new("RGBA", (24, 24), (250, 250, 250, 255))
    ImageDraw.Draw(img).rectangle((0, 0, 23, 23), outline=(90, 90, 90, 255))
    return img


def _separation(view) -> tuple[int, int]:
    for child in child_elements(view.element):
        if simple_name(child.tag) == "StackMetrics":
            try:
                return int(child.get("unexSepX", UNEXPANDED[0])), int(child.get("unexSepY", UNEXPANDED[1]))
            except ValueError:
                return UNEXPANDED
    return UNEXPANDED


def _clip(box: Box, width: int, height: int) -> Box:
    x0, y0, x1, y1 = box
    return max(0, x0), max(0, y0), min(width, x1), min(height, y1)


def _outline(canvas: Image.Image, points: Sequence[tuple[int, int]]) -> None:
    draw = ImageDraw.Draw(canvas)
    draw.line(list(points) + [points[0]], fill=OUTLINE, width=5, joint="curve")
