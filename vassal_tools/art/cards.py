"""Cards of an area game, drawn with Pillow as templates/area.toml ``[card]`` lays them out: a card's
face (its name and printed text in the faction's colours) and the back shown while it lies face down
(the flag the game's data gives, else the faction's colours crossed, and the deck's mark, such as
``9. April``). A title is drawn whole: smaller, down to ``title_min``, then wrapped, never cut.

Deterministic: the same card gives the same PNG bytes.
"""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image, ImageDraw

from ..gamedata.areas import AreaPiece, Flag
from .fonts import Face, face
from .png import png_bytes
from .templates import template_for


def layout() -> dict:
    """The ``[card]`` table of templates/area.toml."""
    return dict(template_for("area").data["card"])


def card_size() -> tuple[int, int]:
    width, height = layout()["size"]
    return int(width), int(height)


def draw_card(card: AreaPiece) -> bytes:
    """The face of a card: a band of the faction's colour with the name, then the card's text."""
    tpl = layout()
    width, height = size = card_size()
    image = Image.new("RGB", size, tpl["paper"])
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, width - 1, tpl["band"]), fill=card.background)
    pen.rectangle((0, 0, width - 1, height - 1), outline=tpl["border"], width=2)
    title = fit_title(card.name)
    y = 4
    for line in title.lines:
        pen.text((TITLE_LEFT, y), line, font=title.face.font, fill=card.foreground)
        y += title.size + 2
    body = face("regular", tpl["body_size"])
    y = tpl["body_top"]
    room = width - 2 * TITLE_LEFT
    for line in [w for text in card.lines for w in _wrap(text, body, room, split=True)][:tpl["body_lines"]]:
        pen.text((TITLE_LEFT, y), line, font=body.font, fill=tpl["border"])
        y += tpl["body_line"]
    if card.type == "april":
        pen.text((TITLE_LEFT, height - 16), "9. April", font=body.font, fill=tpl["mark"])
    return png_bytes(image)


TITLE_LEFT = 6  # px: the title's margin on either side


class Title(NamedTuple):
    """A card's title as printed: its face, px size and lines."""

    face: Face
    size: int
    lines: list[str]


def fit_title(name: str) -> Title:
    """The face and lines of a card's title fitting its band's width: the largest size from
    ``title_size`` down to ``title_min`` at which it fits on one line or two (broken between words);
    else two lines at the smallest size, a word broken where it must be."""
    tpl = layout()
    room = card_size()[0] - 2 * TITLE_LEFT
    for size in range(int(tpl["title_size"]), int(tpl["title_min"]) - 1, -1):
        title = face(tpl["title_font"], size)
        wrapped = _wrap(name, title, room)
        if len(wrapped) <= 2 and all(text_width(line, title) <= room for line in wrapped):
            return Title(title, size, wrapped)
    smallest = int(tpl["title_min"])
    title = face(tpl["title_font"], smallest)
    return Title(title, smallest, _wrap(name, title, room, split=True)[:2])


def text_width(text: str, font: Face) -> float:
    """How wide ``text`` is drawn in ``font``, in pixels."""
    return font.font.getlength(text) + 2 * font.stroke


def _wrap(text: str, font: Face, room: float, split: bool = False) -> list[str]:
    """``text`` in lines no wider than ``room``, broken at spaces (and inside a word when ``split``)."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, font) <= room:
            lines[-1] = joined
            continue
        while split and len(word) > 1 and text_width(word, font) > room:
            cut = max((i for i in range(1, len(word)) if text_width(word[:i] + "-", font) <= room), default=1)
            lines.append(word[:cut] + "-")
            word = word[cut:]
        lines.append(word)
    return lines


def draw_back(background: str, foreground: str, mark: str = "", size: tuple[int, int] | None = None,
              flag: Flag | None = None) -> bytes:
    """A card's back (or a face-down counter's, ``size`` given): the ``flag`` it bears, else the faction's
    colour crossed by a band of the other; and the deck's mark."""
    tpl = layout()
    width, height = size = size or card_size()
    image = Image.new("RGB", size, flag.field if flag is not None else background)
    pen = ImageDraw.Draw(image)
    if flag is not None:
        draw_flag(pen, flag, (0, 0, width, height))
    else:
        band = max(4, width // 8)
        pen.rectangle((width // 3 - band // 2, 0, width // 3 + band // 2, height), fill=foreground)
        pen.rectangle((0, height // 2 - band // 2, width, height // 2 + band // 2), fill=foreground)
    pen.rectangle((0, 0, width - 1, height - 1), outline=tpl["border"], width=2)
    if mark:
        font = face("bold", tpl["mark_size"]).font
        left, top, right, bottom = font.getbbox(mark)
        x, y = (width - (right - left)) // 2 - left, height - 22 - top
        pen.rectangle((x - 3, y + top - 2, x + right + 3, y + bottom + 2), fill="#ffffff")
        pen.text((x, y), mark, font=font, fill=tpl["mark"])
    return png_bytes(image)


def flag_box(flag: Flag, box: tuple[int, int, int, int]) -> tuple[float, float, float, bool]:
    """Where a Nordic cross flag goes in ``box`` at its own proportions, as large as fits and centred:
    left, top, one unit's pixels, and whether it hangs (its hoist at the top: a portrait box)."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    hangs = height > width
    long, short = (height, width) if hangs else (width, height)
    unit = min(long / sum(flag.along), short / sum(flag.across))
    along, across = unit * sum(flag.along), unit * sum(flag.across)
    flag_w, flag_h = (across, along) if hangs else (along, across)
    return x0 + (width - flag_w) / 2, y0 + (height - flag_h) / 2, unit, hangs


def draw_flag(pen: ImageDraw.ImageDraw, flag: Flag, box: tuple[int, int, int, int]) -> None:
    """``flag`` in ``box`` (its field already painted): a Nordic cross at its proportions, hanging in a
    portrait box; a roundel centred, its outer ring nine tenths of the box's narrower side."""
    x0, y0, x1, y1 = box
    if flag.design == "roundel":
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        scale = 0.45 * min(x1 - x0, y1 - y0) / max(flag.rings)
        for colour, radius in zip(flag.colours, flag.rings):
            r = radius * scale
            pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
        return
    left, top, unit, hangs = flag_box(flag, box)
    along, across = sum(flag.along), sum(flag.across)
    for depth, colour in enumerate(flag.colours, start=1):
        a0, a1 = sum(flag.along[:depth]), along - sum(flag.along[len(flag.along) - depth:])
        c0, c1 = sum(flag.across[:depth]), across - sum(flag.across[len(flag.across) - depth:])
        for (u0, u1), (v0, v1) in (((a0, a1), (0, across)), ((0, along), (c0, c1))):  # the two arms
            if hangs:  # along runs down the box, across runs right
                rect = (left + v0 * unit, top + u0 * unit, left + v1 * unit, top + u1 * unit)
            else:
                rect = (left + u0 * unit, top + v0 * unit, left + u1 * unit, top + v1 * unit)
            pen.rectangle((round(rect[0]), round(rect[1]), round(rect[2]) - 1, round(rect[3]) - 1), fill=colour)
