"""Cards of an area game, drawn with Pillow: a card's face (its name and printed text in the faction's
colours) and the back shown while it lies face down (the faction's colours and a cross, and the deck's
mark, such as ``9. April``). Kampen om Norge 2.4: the back of a card bears its faction's flag; the
faces' pictures are lost with the printed cards, so the faces carry the Appendix text only.

Deterministic: the same card gives the same PNG bytes.
"""

from __future__ import annotations

import textwrap

from PIL import Image, ImageDraw

from ..games.areas import AreaPiece
from .fonts import face
from .png import png_bytes

CARD_SIZE = (120, 168)  # px, a 5:7 playing card


def draw_card(card: AreaPiece) -> bytes:
    """The face of a card: a band of the faction's colour with the name, then the card's text."""
    width, height = CARD_SIZE
    image = Image.new("RGB", CARD_SIZE, "#fbf8ef")
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, width - 1, 34), fill=card.background)
    pen.rectangle((0, 0, width - 1, height - 1), outline="#000000", width=2)
    title = face("bold", 12).font
    y = 4
    for line in textwrap.wrap(card.name, 16)[:2]:
        pen.text((6, y), line, font=title, fill=card.foreground)
        y += 14
    body = face("regular", 10).font
    y = 40
    for line in [w for text in card.lines for w in textwrap.wrap(text, 19)][:10]:
        pen.text((6, y), line, font=body, fill="#000000")
        y += 12
    if card.type == "april":
        pen.text((6, height - 16), "9. April", font=body, fill="#c05a00")
    return png_bytes(image)


def draw_back(background: str, foreground: str, mark: str = "", size: tuple[int, int] = CARD_SIZE) -> bytes:
    """A card's back: the faction's colour crossed by a band of the other (a flag), and the deck's mark."""
    width, height = size
    image = Image.new("RGB", size, background)
    pen = ImageDraw.Draw(image)
    band = max(4, width // 8)
    pen.rectangle((width // 3 - band // 2, 0, width // 3 + band // 2, height), fill=foreground)
    pen.rectangle((0, height // 2 - band // 2, width, height // 2 + band // 2), fill=foreground)
    pen.rectangle((0, 0, width - 1, height - 1), outline="#000000", width=2)
    if mark:
        font = face("bold", 12).font
        left, top, right, bottom = font.getbbox(mark)
        x, y = (width - (right - left)) // 2 - left, height - 22 - top
        pen.rectangle((x - 3, y + top - 2, x + right + 3, y + bottom + 2), fill="#ffffff")
        pen.text((x, y), mark, font=font, fill="#c05a00")
    return png_bytes(image)
