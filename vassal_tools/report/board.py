"""Pictures of a map at one moment, drawn from the module's own board and piece images.

:class:`BoardPainter` draws what VASSAL would show for a replayed
:class:`~vassal_tools.replay.state.GameState`: the boards of the map where the
board layout puts them (vassal-formats.md 7), then every piece in draw order,
each as its BasicPiece image under the images of its active Layers (at their
current level, offset and scale), stacks fanned out by the map's StackMetrics
as VASSAL draws an unexpanded stack (each piece ``unexSepX`` right and
``unexSepY`` up from the one below). A deck is drawn as VASSAL's ``Deck.draw`` draws it:
its cards 2 pixels right and up from the one below, at most its ``maxStack`` of them
seen; every card of a face-down deck shows what its Mask shows the other players (its
mask image: a card's back), and so does a masked card under the top of a face-up deck
(the top one is drawn unmasked). Other invisible and masked pieces are drawn half
transparent: the picture is for someone auditing the game, not a player.

SVG images are drawn by :class:`~vassal_tools.geometry.svgraster.SvgDrawer`, with
the files they reference taken from the module. Images that cannot be drawn (missing,
damaged) are a labelled grey area, so a picture is always made. A picture may be
cropped around an outline (a hex or zone) that is drawn over it.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont, UnidentifiedImageError

from ..fonts import font_file
from ..formats.components import child_elements, simple_name
from ..formats.files import Module
from ..formats.traits import Deck, Obscurable
from ..formats.traits.layer import Layer
from ..geometry.from_module import ModuleGeometry
from ..geometry.svgraster import SvgDrawer, is_svg
from ..replay.piecetypes import DECK
from ..replay.state import GameState, PieceState
from .places import Outline

#: VASSAL's StackMetrics defaults (unexpanded separation of stacked pieces).
UNEXPANDED = (2, 4)
#: How far each card of a deck is drawn right and up from the one below (Deck.draw).
DECK_SEPARATION = (2, 2)
COMPACT_OVER = 4  # a stack of more pieces is drawn compactly, with a count badge
COMPACT_SHOWN = 3  # pieces of a compact stack drawn (its top ones)
SIDE_GAP = 4  # pixels between a stack and the highlighted pieces drawn beside it
HIGHLIGHT = (255, 200, 0, 255)  # the frame of a piece a finding names
HIGHLIGHT_WIDTH = 3
BADGE = (25, 25, 25, 235)
BADGE_TEXT = (255, 255, 255, 255)
MARGIN = 260  # pixels of map kept around an outline when cropping
OUTLINE = (220, 20, 60, 255)
BACKGROUND = (200, 200, 200, 255)
Box = tuple[int, int, int, int]


#: What a picture may show besides the map and its pieces, in the words of its key.
KEY_WORDS = {
    "outline": "crimson outline: the place of the finding",
    "frame": "amber frame: a unit the finding names (one a stack would hide is drawn beside it)",
    "badge": "dark disc: the number of pieces in a stack drawn compactly, its top 3 shown",
    "faded": "faded: a hidden or masked piece",
    "blank board": "grey area: a board whose image cannot be drawn",
}


class MapPicture(NamedTuple):
    """A drawn map and its key: the words for every mark drawn over the map."""

    image: Image.Image
    key: list[str]


class DrawnPiece(NamedTuple):
    """A piece as drawn: the point its centre goes to, framed if highlighted, the count
    its badge shows (0: no badge)."""

    piece: PieceState
    x: int
    y: int
    framed: bool = False
    badge: int = 0


class BoardPainter:
    """Draws the maps of one module; images are decoded once and kept."""

    def __init__(self, module: Module, geometry: ModuleGeometry) -> None:
        self.module = module
        self.geometry = geometry
        self._images: dict[tuple[str, float], Image.Image | None] = {}
        self._svg = SvgDrawer(module.image_bytes)
        self._separation = {view.identifier: _separation(view) for view in module.buildfile.maps if view.identifier}

    # -- images -----------------------------------------------------------------------

    def image(self, name: str, scale: float = 1.0) -> Image.Image | None:
        """An image of the module as RGBA, scaled; None when missing or unreadable."""
        key = (name, scale)
        if key not in self._images:
            self._images[key] = self._load(name, scale)
        return self._images[key]

    def _decode(self, name: str, scale: float = 1.0) -> Image.Image | None:
        """The image as read; an SVG is drawn at ``scale`` (crisper than resizing it later)."""
        data = self.module.image_bytes(name) if name else None
        if data is None:
            return None
        if is_svg(data, name):
            return self._svg.draw(data, scale)
        try:
            img = Image.open(io.BytesIO(data))
            img.load()
        except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
            return None
        return img

    def _load(self, name: str, scale: float) -> Image.Image | None:
        if name.lower().endswith(".svg"):
            return self._decode(name, scale)
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
             outline: Outline | None = None, highlight: Collection[str] = (), compact: bool = True) -> Image.Image:
        """The map ``map_name`` in ``state``; only the ``crop`` box (map coordinates) if given.

        Pieces whose ids are in ``highlight`` are framed, and drawn beside their stack when
        a piece above would hide them. ``compact=False`` fans every stack out whole, as VASSAL."""
        return self.picture(state, map_name, crop, outline, highlight, compact).image

    def picture(self, state: GameState, map_name: str, crop: Box | None = None,
                outline: Outline | None = None, highlight: Collection[str] = (), compact: bool = True) -> MapPicture:
        """:meth:`draw`, with the key of what the picture shows besides the map and pieces."""
        geo_map = self.geometry.map(map_name)
        width, height = geo_map.size
        box = _clip(crop, width, height) if crop else (0, 0, width, height)
        canvas = Image.new("RGBA", (max(1, box[2] - box[0]), max(1, box[3] - box[1])), BACKGROUND)
        key: set[str] = set()
        for placed in geo_map.boards:
            if not self._board(canvas, placed, box):
                key.add("blank board")
        badges = []
        for drawn in self.placed_pieces(state, map_name, highlight, compact):
            bounds = self._piece(canvas, drawn.piece, drawn.x - box[0], drawn.y - box[1])
            if bounds is None:
                continue
            if faded(drawn.piece):
                key.add("faded")
            if drawn.framed:
                _frame(canvas, bounds)
                key.add("frame")
            if drawn.badge:
                badges.append((bounds, drawn.badge))
        for bounds, count in badges:  # over every piece: a neighbour must not hide a count
            _badge(canvas, bounds, count)
            key.add("badge")
        if outline is not None and outline.map == map_name:
            _outline(canvas, [(x - box[0], y - box[1]) for x, y in outline.points])
            key.add("outline")
        return MapPicture(canvas, [words for name, words in KEY_WORDS.items() if name in key])

    def around(self, state: GameState, outline: Outline, margin: int = MARGIN,
               highlight: Collection[str] = ()) -> Image.Image:
        """The map of an outline, cropped to the outline plus ``margin``, the outline drawn."""
        return self.picture_around(state, outline, margin, highlight).image

    def picture_around(self, state: GameState, outline: Outline, margin: int = MARGIN,
                       highlight: Collection[str] = ()) -> MapPicture:
        """:meth:`around`, with the picture's key."""
        x0, y0, x1, y1 = outline.bounds
        return self.picture(state, outline.map, (x0 - margin, y0 - margin, x1 + margin, y1 + margin), outline,
                            highlight)

    def _board(self, canvas: Image.Image, placed, box: Box) -> bool:
        """Paste the part of a board inside ``box`` (the board image is cropped before
        converting); False when its image cannot be drawn and a grey area stands for it."""
        x0, y0 = max(box[0], placed.x), max(box[1], placed.y)
        x1, y1 = min(box[2], placed.x + placed.width), min(box[3], placed.y + placed.height)
        if x0 >= x1 or y0 >= y1:
            return True
        img = self.board_image(placed.board.image, placed.reversed)
        dest = (x0 - box[0], y0 - box[1])
        if img is None:
            draw = ImageDraw.Draw(canvas)
            left, top = placed.x - box[0], placed.y - box[1]
            draw.rectangle((left, top, left + placed.width - 1, top + placed.height - 1), fill=(225, 225, 220, 255),
                           outline=(120, 120, 120, 255))
            draw.text((max(left, 0) + 8, max(top, 0) + 8), placed.name, fill=(60, 60, 60, 255))
            return False
        part = img.crop((x0 - placed.x, y0 - placed.y, x1 - placed.x, y1 - placed.y)).convert("RGBA")
        canvas.alpha_composite(part, dest=dest)
        return True

    def board_image(self, name: str, reversed_: bool = False) -> Image.Image | None:
        """A board image as decoded (not converted: boards are large), turned if reversed."""
        key = (f"board:{name}", -1.0 if reversed_ else 1.0)
        if key not in self._images:
            img = self._decode(name)
            self._images[key] = img.rotate(180) if img is not None and reversed_ else img
        return self._images[key]

    # -- pieces -----------------------------------------------------------------------

    def fanned_pieces(self, state: GameState, map_name: str) -> Iterable[tuple[PieceState, tuple[int, int]]]:
        """Every piece of the map with the point VASSAL draws it at, bottom first: each stack
        fanned out whole by the map's StackMetrics (the replay page shows them all)."""
        for top in state.maps.get(map_name, ()):
            yield from self.fanned_top(top, map_name)

    def fanned_top(self, top: PieceState, map_name: str) -> list[tuple[PieceState, tuple[int, int]]]:
        """One top-level piece of a map, or a stack's or deck's pieces fanned out, bottom first, where drawn."""
        if top.children is None:
            return [(top, (top.x, top.y))]
        dx, dy = self.separation(top, map_name)
        out = []
        for i, child in enumerate(top.children):
            step = self.fan_index(top, i)
            out.append((child, (top.x + dx * step, top.y - dy * step)))
        return out

    def separation(self, top: PieceState, map_name: str) -> tuple[int, int]:
        """How far each member of a stack or deck is drawn from the one below."""
        return DECK_SEPARATION if top.kind == DECK else self._separation.get(map_name, UNEXPANDED)

    @staticmethod
    def fan_index(top: PieceState, i: int) -> int:
        """The place in the fan of member ``i`` (bottom 0): a deck shows only its top ``maxStack``
        cards, the ones below lie hidden under the lowest of them."""
        if top.kind != DECK:
            return i
        deck = top.piece.inner
        shown = deck.max_stack if isinstance(deck, Deck) and deck.max_stack > 0 else len(top.members)
        return max(0, i - max(0, len(top.members) - shown))

    def placed_pieces(self, state: GameState, map_name: str,
                      highlight: Collection[str] = (), compact_stacks: bool = True) -> Iterable[DrawnPiece]:
        """Every piece of the map drawn, bottom first, where it is drawn.

        A stack is fanned out by the map's StackMetrics as VASSAL draws it unexpanded,
        but one of more than :data:`COMPACT_OVER` pieces shows only its top
        :data:`COMPACT_SHOWN` and a count badge (a campaign's 127-counter stack would
        run across the map). Highlighted pieces under the top one follow, side by
        side to the right of the stack, so that none is hidden."""
        for top in state.maps.get(map_name, ()):
            if top.children is None:
                yield DrawnPiece(top, top.x, top.y, top.id in highlight)
                continue
            dx, dy = self.separation(top, map_name)
            children = list(top.children)
            compact = compact_stacks and len(children) > COMPACT_OVER
            shown = children[-COMPACT_SHOWN:] if compact else children
            first = len(children) - len(shown)
            for i, child in enumerate(shown):
                last = i == len(shown) - 1
                step = i if compact else self.fan_index(top, first + i)
                yield DrawnPiece(child, top.x + dx * step, top.y - dy * step, last and child.id in highlight,
                                 len(children) if compact and last else 0)  # a piece under it: framed beside
            hidden = [child for child in children[:-1] if child.id in highlight]
            left = top.x + dx * (len(shown) - 1) + self.piece_width(shown[-1]) // 2 if hidden else 0
            for child in hidden:
                width = self.piece_width(child)
                left += SIDE_GAP
                yield DrawnPiece(child, left + width // 2, top.y, True)
                left += width

    def piece_width(self, piece: PieceState) -> int:
        """The width of what a piece shows (its widest layer, offsets included)."""
        return max(img.width + 2 * abs(ox) for img, (ox, _oy) in self.piece_layers(piece))

    def _piece(self, canvas: Image.Image, piece: PieceState, x: int, y: int) -> Box | None:
        """Draw one piece centred on (x, y); the box it covers on the canvas, None if off it."""
        fade = faded(piece)
        covered: Box | None = None
        for img, (ox, oy) in self.piece_layers(piece):
            if fade:
                img = img.copy()
                img.putalpha(img.getchannel("A").point(lambda a: a // 2))
            left, top = x + ox - img.width // 2, y + oy - img.height // 2
            if left >= canvas.width or top >= canvas.height or left + img.width <= 0 or top + img.height <= 0:
                continue
            canvas.paste(img, (left, top), img)
            box = (left, top, left + img.width, top + img.height)
            covered = box if covered is None else (min(covered[0], box[0]), min(covered[1], box[1]),
                                                   max(covered[2], box[2]), max(covered[3], box[3]))
        return covered

    def piece_layers(self, piece: PieceState) -> list[tuple[Image.Image, tuple[int, int]]]:
        """The images a piece shows now, bottom first, with their offsets from its position."""
        out = []
        for name, ox, oy, scale in shown_images(piece):
            img = self.image(name, scale)
            if img is not None:
                out.append((img, (ox, oy)))
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


def shown_images(piece: PieceState) -> list[tuple[str, int, int, float]]:
    """The image names a piece shows now, bottom first, with their offsets and scales.

    The names behind :meth:`BoardPainter.piece_layers`, for a viewer that draws the
    images itself (the replay page); an empty list means a placeholder is drawn. A card
    VASSAL draws masked (:func:`shows_mask`) shows its Mask's image and the Layers outside
    the Mask, as ``Obscurable.draw`` shows it to a player who may not see it.
    """
    decoded = piece.piece
    out: list[tuple[str, int, int, float]] = []
    mask = decoded.first(Obscurable) if shows_mask(piece) else None
    if mask is not None:
        if mask.image:
            out.append((mask.image, 0, 0, 1.0))
        layers = [t for t in reversed(decoded.traits[:decoded.traits.index(mask)]) if isinstance(t, Layer)]
    else:
        if decoded.basic is not None and decoded.basic.image:
            out.append((decoded.basic.image, 0, 0, 1.0))
        layers = decoded.layers
    for layer in layers:
        shown = _layer_image(layer)
        if shown:
            out.append((shown, getattr(layer, "x_offset", 0), getattr(layer, "y_offset", 0), _scale(layer)))
    return out


def shows_mask(piece: PieceState) -> bool:
    """Whether VASSAL draws this card of a deck as its Mask shows it to others.

    ``Deck.draw`` sets the top card's ``OBSCURED_BY`` to "nobody" when the deck is face down
    (to nobody's sight otherwise) and draws every card under it as that top card, or, face
    up, as each card is (masked or not). Pieces outside a deck are drawn as they are.
    """
    deck = piece.parent
    if deck is None or deck.kind != DECK:
        return False
    trait = deck.piece.inner
    if isinstance(trait, Deck) and trait.face_down:
        return True
    return piece.masked_by is not None and deck.members[-1] is not piece


def faded(piece: PieceState) -> bool:
    """Whether a piece is drawn half transparent: hidden, or masked outside a deck (the
    auditor sees what it is; in a deck it is drawn as :func:`shows_mask` says)."""
    in_deck = piece.parent is not None and piece.parent.kind == DECK
    return piece.hidden_by is not None or (piece.masked_by is not None and not in_deck)


def _frame(canvas: Image.Image, bounds: Box) -> None:
    """A highlight frame just outside a piece."""
    pad = HIGHLIGHT_WIDTH
    ImageDraw.Draw(canvas).rectangle((bounds[0] - pad, bounds[1] - pad, bounds[2] + pad - 1, bounds[3] + pad - 1),
                                     outline=HIGHLIGHT, width=HIGHLIGHT_WIDTH)


@lru_cache(maxsize=1)
def _badge_font() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.truetype(font_file("regular"), 13)


def _badge(canvas: Image.Image, bounds: Box, count: int) -> None:
    """The number of pieces of a compact stack, in a disc on its top piece's upper right corner."""
    draw = ImageDraw.Draw(canvas)
    text = str(count)
    font = _badge_font()
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    radius = max(9, (right - left) // 2 + 4)
    cx, cy = bounds[2] - 2, bounds[1] + 2
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=BADGE, outline=BADGE_TEXT)
    draw.text((cx, cy), text, fill=BADGE_TEXT, font=font, anchor="mm")
