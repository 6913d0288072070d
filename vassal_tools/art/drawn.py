"""What a map painter returns: the canvas and the zones and boxes drawn on it."""

from __future__ import annotations

from dataclasses import dataclass

from .canvas import Canvas


@dataclass
class Drawn:
    """A drawn board, with its zones (polygons) and boxes (rectangles) in board pixels."""

    canvas: Canvas
    zones: dict[str, list[tuple[int, int]]]
    boxes: dict[str, tuple[int, int, int, int]]
    geography: dict | None = None  # the board's real geography (geometry.projection.BoardGeography.to_json)


Rect = tuple[float, float, float, float]


def int_rect(rect: Rect) -> tuple[int, int, int, int]:
    """A rectangle (x, y, w, h) rounded to whole pixels."""
    x, y, w, h = rect
    return (round(x), round(y), round(w), round(h))


def rect_ring(rect: Rect) -> list[tuple[int, int]]:
    """The four corners of a rectangle, clockwise from the top left, as a zone path."""
    x, y, w, h = int_rect(rect)
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
