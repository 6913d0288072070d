"""A marker's text stays inside its frame (issue 13 point 3: the "Trondheim Fjord" Thaw
marker's zone name ran into both edges)."""

from __future__ import annotations

import csv

import pytest

from conftest import ROOT
from vassal_tools.art.counters import render_counter

GAME_UNITS = ROOT / "module_src" / "invasion_norway" / "units.csv"
SCALE = 4
SIZE = 64  # marker.toml size
BORDER = 1.0  # marker.toml frame border_width
TEXT_ROWS = (3, 61)  # from the title's top to the value's bottom (marker.toml boxes)


def marker_rows() -> list[dict]:
    with GAME_UNITS.open(encoding="utf-8", newline="") as handle:
        return [row for row in csv.DictReader(handle) if row["id"].startswith("mk-")]


def edge_bands_ink(image, background) -> int:
    """Pixels unlike the background in the 1.5 template px just inside the left and right frame."""
    inner = round((BORDER + 0.25) * SCALE), round((BORDER + 1.75) * SCALE)
    columns = [*range(*inner), *range(SIZE * SCALE - inner[1], SIZE * SCALE - inner[0])]
    rows = range(TEXT_ROWS[0] * SCALE, TEXT_ROWS[1] * SCALE)
    return sum(1 for x in columns for y in rows
               if max(abs(a - b) for a, b in zip(image.getpixel((x, y))[:3], background)) > 60)


@pytest.mark.parametrize("row", marker_rows(), ids=lambda r: r["id"])
def test_no_marker_text_touches_its_frame(row):
    """Every marker of the game, the Trondheim Fjord Thaw marker among them."""
    for side in ("front", "back") if row.get("back") else ("front",):
        image = render_counter(row, side, scale=SCALE).convert("RGB")
        background = image.getpixel((2 * SCALE, 2 * SCALE))
        assert edge_bands_ink(image, background) == 0, side
