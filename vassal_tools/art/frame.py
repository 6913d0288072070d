"""Drawing shared by every counter class: the frame and a row of printed factors."""

from __future__ import annotations

from dataclasses import dataclass

from .canvas import Canvas
from .colours import RGB, WHITE, contrast
from .templates import Element, Template


@dataclass(frozen=True)
class Factor:
    """One printed number. ``colour`` overrides the ink (red torpedo or no-fire factors);
    ``boxed`` draws a box round it in ``box_colour`` (motorized movement, night bombers)."""

    text: str
    colour: RGB | None = None
    boxed: bool = False
    box_colour: RGB | None = None


def draw_frame(c: Canvas, tpl: Template) -> None:
    """The counter's outline."""
    frame = tpl["frame"]
    w, h = tpl.size
    c.rect((0, 0, w, h), outline=frame["border"], width=frame["border_width"])


CHIP = WHITE
MIN_CONTRAST = 2.5


def needs_chip(colour: RGB | None, ink: RGB, ground: RGB | None) -> bool:
    """A coloured factor that would vanish on ``ground`` (red on a red Norwegian counter)
    or look like the ordinary ink (red on a red-inked Polish one) gets a white chip."""
    if colour is None or ground is None:
        return False
    return contrast(colour, ground) < MIN_CONTRAST or contrast(colour, ink) < 1.5


def draw_factors(c: Canvas, element: Element, factors: list[Factor], ink: RGB, separator: str = "-", ground: RGB | None = None) -> None:
    """Factors centred in ``element.box``, shrunk together so the row always fits.

    ``ground`` is the colour under the row; coloured factors that lack contrast on it
    are set on a white chip (see :func:`needs_chip`).
    """
    if not factors:
        return
    x, y, w, h = element.box
    role = element.font
    pad = element.size * 0.16  # room inside a box around a factor
    sep_w = 0.0

    def row_width(size: float) -> float:
        total = 0.0
        for i, f in enumerate(factors):
            total += c.text_width(f.text, role, size) + (2 * pad * size / element.size if f.boxed else 0)
            if i:
                total += c.text_width(separator, role, size) if separator.strip() else size * 0.3
        return total

    size = element.size
    width = row_width(size)
    if width > w:
        size *= w / width
        width = row_width(size)
    sep_w = c.text_width(separator, role, size) if separator.strip() else size * 0.3
    k = size / element.size
    cursor = x + (w - width) / 2
    for i, f in enumerate(factors):
        if i:
            if separator.strip():
                c.text((cursor, y, sep_w, h), separator, role, size, ink, fit=False)
            cursor += sep_w
        tw = c.text_width(f.text, role, size)
        inner = pad * k if f.boxed else 0.0
        bh = size * 0.98
        box = (cursor + inner * 0.25, y + (h - bh) / 2, tw + inner * 1.5, bh)
        if needs_chip(f.colour or (f.box_colour if f.boxed else None), ink, ground):
            chip = box if f.boxed else (cursor - size * 0.06, y + (h - bh) / 2, tw + size * 0.12, bh)
            c.rect(chip, fill=CHIP, radius=0 if f.boxed else size * 0.12)
        c.text((cursor + inner, y, tw, h), f.text, role, size, f.colour or ink, fit=False)
        if f.boxed:
            c.rect(box, outline=f.box_colour or f.colour or ink, width=max(0.8, size * 0.08))
        cursor += tw + 2 * inner
