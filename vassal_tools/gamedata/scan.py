"""A maintainer's own scan of a printed map, used as a board instead of the drawn map.

A game folder may hold ``scan.toml``: for a hex map (the Operational Map), the scanned image and
the pixel centres of a few hexes whose numbers the printed map shows. The build then puts the scan
on the board, with the game's hex grid (its numbering and orientation from the grid definition,
``operational_grid.json``) fitted to those centres (:mod:`vassal_tools.geometry.calibration`),
so VASSAL's grid lies on the printed hexes::

    [[board]]
    map = "Operational Map"
    image = "scans/operational-map.png"     # beside scan.toml
    source = "the printed map, scanned at 150 dpi"
    [board.hexes]                           # hex -> [x, y]: its centre in the scan's pixels
    "0101" = [52, 61]
    "2401" = [1604, 98]
    "0131" = [55, 2004]

Two hexes far apart in different columns and rows are enough; three or more show, by their
residuals, how well the scan and the numbering agree. Only hex maps are calibrated this way: a
map of areas or boxes keeps its drawn board (its zones are polygons the scan would have to be
traced for).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from ..errors import BadInput
from ..geometry.calibration import GridFit, calibrate
from ..geometry.definition import HexGridDefinition, read_grid_definition
from .gametoml import read_toml

SCAN_FILE = "scan.toml"
HEX_MAPS = ("Operational Map",)  # the maps whose board carries the game's hex grid


@dataclass(frozen=True)
class BoardScan:
    """A scanned board: which map, the image, its size, and the hex centres read off it."""

    map: str
    image: Path
    size: tuple[int, int]
    hexes: dict[str, tuple[float, float]]
    source: str


def read_scans(root: str | Path) -> dict[str, BoardScan]:
    """The scanned boards of a game folder, by map name ({} without ``scan.toml``)."""
    path = Path(root) / SCAN_FILE
    if not path.is_file():
        return {}
    out = {}
    for n, board in enumerate(read_toml(path).get("board", [])):
        where = f"board[{n}]"
        scan = _board(path, board, where)
        if scan.map in out:
            raise BadInput(path, f"map {scan.map!r} is scanned twice", where)
        out[scan.map] = scan
    return out


def _board(path: Path, board: dict, where: str) -> BoardScan:
    name = board.get("map")
    if name not in HEX_MAPS:
        raise BadInput(path, f"map {name!r}: only a hex map ({', '.join(HEX_MAPS)}) is calibrated from a scan", where)
    image = path.parent / str(board.get("image", ""))
    if not board.get("image") or not image.is_file():
        raise BadInput(path, f"no scanned image {board.get('image')!r} beside {SCAN_FILE}", f"{where}.image")
    hexes = {}
    for hex_name, point in (board.get("hexes") or {}).items():
        if not (isinstance(point, list) and len(point) == 2 and all(isinstance(v, (int, float)) for v in point)):
            raise BadInput(path, f"hex {hex_name!r}: give its centre as [x, y] pixels", f"{where}.hexes")
        hexes[str(hex_name)] = (float(point[0]), float(point[1]))
    return BoardScan(str(name), image, _image_size(image, path, where), hexes, str(board.get("source", "")))


def _image_size(image: Path, path: Path, where: str) -> tuple[int, int]:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(image) as opened:
            return opened.size
    except (OSError, UnidentifiedImageError) as err:
        raise BadInput(path, f"the scan {image.name} is not a readable image: {err}", f"{where}.image") from None


def game_grid(root: str | Path, grid_file: str = "operational_grid.json",
              hexes: Collection[str] | None = None) -> HexGridDefinition:
    """The game's hex grid definition: its grid file's, fitted to the scan when the hex map is scanned
    (its reference hexes must be among ``hexes``, the map's, when given)."""
    definition = read_grid_definition(Path(root) / grid_file)
    fit = scan_fit(root, definition, hexes)
    return fit.definition if fit is not None else definition


def scan_fit(root: str | Path, definition: HexGridDefinition, hexes: Collection[str] | None = None) -> GridFit | None:
    """The grid fitted to the scanned hex map, with each reference hex's residual; None unscanned."""
    scans = read_scans(root)
    scan = next((scans[name] for name in HEX_MAPS if name in scans), None)
    if scan is None:
        return None
    source = str(Path(root) / SCAN_FILE)
    unknown = [name for name in scan.hexes if hexes is not None and name not in hexes]
    if unknown:
        raise BadInput(source, f"reference hex {unknown[0]!r} is not a hex of the map (hexes.csv)",
                       f"board map {scan.map!r}")
    return calibrate(definition, scan.hexes, scan.size, source)


def scan_report(root: str | Path, grid_file: str = "operational_grid.json") -> str | None:
    """One line on the scanned hex map's fit (None when no map is scanned): the reference hexes and
    each one's residual in pixels, for the maintainer to see that the grid lies on the scan."""
    fit = scan_fit(root, read_grid_definition(Path(root) / grid_file))
    if fit is None:
        return None
    grid = fit.definition.grid
    each = ", ".join(f"{name} {residual:.1f} px" for name, residual in fit.residuals.items())
    return (f"scanned Operational Map: grid fitted to {len(fit.residuals)} hexes (dx {grid['dx']}, dy {grid['dy']}, "
            f"origin {grid['x0']},{grid['y0']}); residuals {each}")
