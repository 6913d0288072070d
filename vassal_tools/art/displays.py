"""Off-map displays drawn from boxes.csv: one board per ``[displays.*]`` table of maps.toml.

Each display gathers the boxes of some kinds (airbase, carrier and frozen-lake holding
boxes on the Airbase Display, 5.1 and 5.1.4; the turns of the Turn Record Track, 2.0;
the Norwegian Mobilization Display, 14.0; the Air Base Supply and SP Tracks, 13.2.2 and
13.3.9; the Air-Naval Combat Display, 7.3.1 and 8.2.1) and lays them out in a grid. A box
is split into its ``sections`` (Ready | Flown, 6.4.5 and 7.1.6); a display with
``spaces`` gives each box (or each section) numbered spaces.

Exported boxes are keyed by box id (what scenarios' ``at`` names), sections as
``<id>/<section>`` and spaces as ``<id>/<n>`` or ``<id>/<section>/<n>``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from .canvas import Canvas
from .colours import RGB
from .drawn import Drawn, Rect, int_rect
from .map_data import MapData
from .map_style import MapStyle

TITLE_H = 44
GAP = 12
HEADER_H = 38
INK = (25, 25, 25)
SUB_INK = (70, 70, 70)

Boxes = dict[str, tuple[int, int, int, int]]


def display_names(style: MapStyle) -> dict[str, str]:
    """Display key in maps.toml -> the map's name (its title)."""
    return {key: str(table.get("title", key)) for key, table in style.table("displays").items()}


def draw_display(key: str) -> Callable[[MapData, MapStyle], Drawn]:
    """The painter of display ``key`` (a table of ``[displays]`` in maps.toml)."""

    def paint(data: MapData, style: MapStyle) -> Drawn:
        return _draw(key, data, style)

    return paint


def _draw(key: str, data: MapData, style: MapStyle) -> Drawn:
    conf = f"displays.{key}"
    kinds = style.get(f"{conf}.kinds")
    boxes = [b for b in data.boxes if b.get("kind") in kinds]
    if not boxes:
        raise BadInput(data.source, f"no boxes of kind {', '.join(kinds)} for the {style.get(f'{conf}.title')}")
    bw, bh = style.pair(f"{conf}.box")
    columns = int(style.number(f"{conf}.columns"))
    margin = style.number("displays_margin", 24)
    rows = (len(boxes) + columns - 1) // columns
    width = int(2 * margin + columns * (bw + GAP) - GAP)
    height = int(2 * margin + TITLE_H + rows * (bh + GAP))
    c = Canvas((width, height), 1, style.colour("displays_background", "#f4f1e6"), 2)
    c.text((margin, margin / 2, width - 2 * margin, TITLE_H - 8), style.get(f"{conf}.title"), "bold", 22, (30, 30, 30))
    notes = _turn_notes(data)
    out: Boxes = {}
    for i, box in enumerate(boxes):
        rect = (margin + (i % columns) * (bw + GAP), margin + TITLE_H + (i // columns) * (bh + GAP), bw, bh)
        out.update(draw_box(c, box, rect, style, conf, notes.get(box.get("place", ""), [])))
    return Drawn(c, {}, out)


@dataclass(frozen=True)
class Note:
    """A note printed on a box (a turn's, on the Turn Record Track); ``colour`` names the maps.toml
    ``[box_colours]`` key of a turn it highlights ("" for none)."""

    text: str
    colour: str = ""


def draw_box(c: Canvas, box: dict[str, Any], rect: Rect, style: MapStyle, conf: str, notes: list[Note] | None = None) -> Boxes:
    """One box: a header with name and capacity, then its sections or numbered spaces."""
    x, y, w, h = rect
    fill = _fill(box, style, notes or [])
    c.rect(rect, fill=fill, outline=(50, 50, 50), width=2)
    c.text((x + 6, y + 4, w - 12, 17), box.get("name", box["id"]), "bold", 15, INK)
    capacity = str(box.get("capacity", "")).strip()
    if capacity and capacity != "unlimited":
        c.text((x + 6, y + 22, w - 12, 13), f"capacity {capacity}", "condensed", 12, SUB_INK)
    out: Boxes = {box["id"]: int_rect(rect)}
    sections = [s for s in str(box.get("sections", "")).split("|") if s]
    spaces = int(style.number(f"{conf}.spaces", 0))
    body = (x + 6, y + HEADER_H, w - 12, h - HEADER_H - 6)
    if notes:
        _notes(c, notes, rect)
    notes = notes or []
    first = int(style.number(f"{conf}.first_space", 1))
    if not sections:
        if spaces:
            out.update(_spaces(c, box["id"], body, spaces, first))
        return out
    for section, srect in zip(sections, _split(body, len(sections), vertical=bool(spaces))):
        name = f"{box['id']}/{section}"
        out[name] = int_rect(srect)
        if spaces:
            c.text((srect[0], srect[1], 90, srect[3]), section.capitalize(), "bold", 13, INK, align="left")
            out.update(_spaces(c, name, (srect[0] + 90, srect[1], srect[2] - 90, srect[3]), spaces, first))
        else:
            colour = style.colour(f"section_colours.{section}", "#f6f1de")
            c.rect(srect, fill=colour, outline=(110, 110, 110), width=1)
            c.text((srect[0], srect[1] + 3, srect[2], 14), section.capitalize(), "condensed_bold", 12, (80, 80, 80))
    return out


def _split(area: Rect, n: int, vertical: bool) -> list[Rect]:
    """``n`` equal parts of ``area``, side by side (or stacked when ``vertical``)."""
    x, y, w, h = area
    gap = 6
    if vertical:
        part = (h - gap * (n - 1)) / n
        return [(x, y + i * (part + gap), w, part) for i in range(n)]
    part = (w - gap * (n - 1)) / n
    return [(x + i * (part + gap), y, part, h) for i in range(n)]


def _spaces(c: Canvas, name: str, area: Rect, count: int, first: int) -> Boxes:
    """Numbered spaces ``first`` .. ``first + count - 1``."""
    out: Boxes = {}
    for i, rect in enumerate(_split(area, count, vertical=False)):
        label = str(first + i)
        c.rect(rect, fill=(252, 250, 242), outline=(110, 110, 110), width=1)
        c.text((rect[0], rect[1] + 2, rect[2], 14), label, "condensed_bold", 12, (90, 90, 90))
        out[f"{name}/{label}"] = int_rect(rect)
    return out


def _fill(box: dict[str, Any], style: MapStyle, notes: list[Note]) -> RGB:
    highlight = next((n.colour for n in notes if n.colour), "") if box.get("kind") == "turn" else ""
    if highlight:
        return style.colour(f"box_colours.{highlight}")
    return style.colour(f"box_colours.{box.get('kind')}", style.get("box_colours.default"))


def _turn_notes(data: MapData) -> dict[str, list[Note]]:
    """What the Turn Record Track prints per turn, as the game's data says (its [art.maps]
    turn_notes, :class:`~.map_data.MapWords`): the notes of the turns' own columns, turn by turn,
    then those of its tables."""
    notes: dict[str, list[Note]] = defaultdict(list)
    flags = [n for n in data.words.turn_notes if n.get("flag")]
    for turn in data.turns:
        name = str(turn.get("name", ""))
        for note in flags:
            if _true(turn.get(str(note["flag"]))):
                notes[name].append(Note(str(note.get("text", "")), str(note.get("colour", ""))))
    for note in data.words.turn_notes:
        if not note.get("table"):
            continue
        listed: dict[str, list[str]] = defaultdict(list)
        for entry in data.tables.get(str(note["table"]), []):
            listed[str(entry.get("turn", ""))].append(str(entry.get(str(note.get("list", "")), "")))
        for turn_name, items in listed.items():
            notes[turn_name].append(Note(str(note.get("text", "")) + ", ".join(items), str(note.get("colour", ""))))
    return notes


def _notes(c: Canvas, notes: list[Note], rect: Rect) -> None:
    x, y, w, h = rect
    for j, note in enumerate(notes):
        colour = (120, 40, 30) if note.colour else (60, 60, 60)
        c.text((x + 4, y + h - 16 - 14 * (len(notes) - 1 - j), w - 8, 12), note.text, "condensed_bold", 11, colour)


def _true(value: Any) -> bool:
    return value is True or str(value).strip().lower() in ("true", "yes", "1")
