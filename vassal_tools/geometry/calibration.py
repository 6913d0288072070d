"""A hex grid fitted to a scanned map: spacing and origin from hex centres read off the scan.

A maintainer who scans the printed map reads the pixel centres of two or three (or more) hexes
whose numbers the map prints, far apart. VASSAL's HexGrid puts raw hex (nx, ny) at
``x = nx * dx + x0`` and ``y = ny * dy + y0`` (plus ``dy / 2`` in odd columns; x and y swapped
on a sideways grid, vassal-formats.md 6.2.1), which is linear in (dx, dy, x0, y0): the grid is
the least-squares solution over the references, with the origin rounded to whole pixels as
VASSAL stores it and the spacing fitted again around it. Each reference's residual (pixels
between where the maintainer read it and where the fitted grid puts it) says how well the scan
and the numbering agree.

>>> from vassal_tools.geometry.definition import HexGridDefinition
>>> definition = HexGridDefinition({"sideways": "false"}, {"first": "H", "hOff": "1", "vOff": "1",
...     "hType": "N", "vType": "N", "hLeading": "1", "vLeading": "1", "sep": "", "stagger": "false"}, (600, 600))
>>> fit = calibrate(definition, {"0101": (40, 40), "0401": (250, 80), "0105": (40, 360)}, (600, 600))
>>> fit.definition.grid["dx"], fit.definition.grid["dy"], fit.definition.grid["x0"], fit.definition.grid["y0"]
('70.0', '80.0', '40', '40')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..errors import BadInput
from .definition import HexGridDefinition

Pixel = tuple[float, float]


@dataclass(frozen=True)
class GridFit:
    """The grid fitted to the references, and each reference's residual in pixels."""

    definition: HexGridDefinition
    residuals: dict[str, float]

    @property
    def worst(self) -> float:
        return max(self.residuals.values(), default=0.0)


def calibrate(definition: HexGridDefinition, references: Mapping[str, Pixel], size: tuple[int, int],
              source: str | None = None) -> GridFit:
    """The grid of ``definition`` (its numbering and orientation kept) on a board of ``size`` pixels,
    with dx, dy, x0 and y0 fitted to ``references`` (hex name -> the scan's pixel at its centre)."""
    sized = replace(definition, size=size)
    grid = sized.hex_grid()
    rows_x, rows_y, seen_columns, seen_rows = [], [], set(), set()
    for name, (px, py) in references.items():
        parsed = grid.numbering.parse(name) if grid.numbering is not None else None
        if parsed is None:
            raise BadInput(source, f"reference hex {name!r} is not a hex name of the map's numbering")
        nx, ny = grid.raw_index_of(*parsed)
        across, down = (py, px) if grid.sideways else (px, py)  # the grid's own frame
        rows_x.append((nx, across))
        rows_y.append((ny + (0.5 if nx % 2 else 0.0), down))
        seen_columns.add(nx)
        seen_rows.add(rows_y[-1][0])
    if len(seen_columns) < 2 or len(seen_rows) < 2:
        raise BadInput(source, "the reference hexes must lie in at least two columns and two rows "
                               "(two or three hexes far apart)")
    dx, x0 = _line(rows_x)
    dy, y0 = _line(rows_y)
    x0, y0 = round(x0), round(y0)
    dx, dy = _slope(rows_x, x0), _slope(rows_y, y0)
    fitted = replace(sized, grid={**sized.grid, "dx": repr(dx), "dy": repr(dy), "x0": str(x0), "y0": str(y0)})
    placed = fitted.hex_grid()
    residuals = {}
    for name, (px, py) in references.items():
        point = placed.point_of_location(name)
        assert point is not None  # parsed above
        residuals[name] = float(np.hypot(point[0] - px, point[1] - py))
    return GridFit(fitted, residuals)


def _line(rows: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Least-squares slope and intercept of ``value = slope * index + intercept``."""
    index = np.array([r[0] for r in rows], dtype=float)
    value = np.array([r[1] for r in rows], dtype=float)
    slope, intercept = np.polyfit(index, value, 1)
    return round(float(slope), 4), float(intercept)


def _slope(rows: Sequence[tuple[float, float]], intercept: int) -> float:
    """The least-squares slope through the fixed (whole-pixel) intercept."""
    index = np.array([r[0] for r in rows], dtype=float)
    value = np.array([r[1] for r in rows], dtype=float) - intercept
    return round(float(index @ value / (index @ index)), 4)
