"""Cards of an area game, drawn with Pillow as templates/area.toml ``[card]`` lays them out: a card's
face (its name and printed text in the faction's colours) and the back shown while it lies face down
(the faction's colours and a cross, and the deck's mark, such as ``9. April``). Kampen om Norge 2.4: the
back of a card bears its faction's flag; the faces' pictures are lost with the printed cards, so the
faces carry the Appendix text only.

Deterministic: the same card gives the same PNG bytes.
"""

from __future__ import annotations

import textwrap

from PIL import Image, ImageDraw

from ..gamedata.areas import AreaPiece
from .fonts import face
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
    title = face("bold", tpl["title_size"]).font
    y = 4
    for line in textwrap.wrap(card.name, tpl["title_wrap"])[:2]:
        pen.text((6, y), line, font=title, fill=card.foreground)
        y += tpl["title_size"] + 2
    body = face("regular", tpl["body_size"]).font
    y = tpl["body_top"]
    for line in [w for text in card.lines for w in textwrap.wrap(text, tpl["body_wrap"])][:tpl["body_lines"]]:
        pen.text((6, y), line, font=body, fill=tpl["border"])
        y += tpl["body_line"]
    if card.type == "april":
        pen.text((6, height - 16), "9. April", font=body, fill=tpl["mark"])
    return png_bytes(image)


def draw_back(background: str, foreground: str, mark: str = "", size: tuple[int, int] | None = None) -> bytes:
    """A card's back (or a face-down counter's, ``size`` given): the faction's colour crossed by a band of
    the other (a flag), and the deck's mark."""
    tpl = layout()
    width, height = size = size or card_size()
    image = Image.new("RGB", size, background)
    pen = ImageDraw.Draw(image)
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
