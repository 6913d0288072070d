"""A maintainer's own scan as the board (issue 22 §4): the module shows the scanned image with
the game's hex grid fitted to hex centres read off it.

The "scan" is drawn here: a board of another size than the game's drawn map, its hexes at
another spacing and origin (70 x 80 pixels, origin 45,50, against the grid file's 56 x 64 at
40,40), each hex centre marked. The maintainer reads three centres off it, one pixel off here and
there, as eyes and a mouse do.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw

from conftest import MINI_GAME
from vassal_tools.builder.module import build_module
from vassal_tools.cli import main
from vassal_tools.formats.files import open_file
from vassal_tools.geometry.definition import read_grid_definition
from vassal_tools.geometry.from_module import ModuleGeometry

TRUE_GRID = {"dx": "70.0", "dy": "80.0", "x0": "45", "y0": "50"}
SIZE = (330, 470)
READ = {"0101": (46, 49), "0401": (255, 90), "0305": (185, 370)}  # true centres (45,50) (255,90) (185,370), misread


def true_grid():
    definition = read_grid_definition(MINI_GAME / "operational_grid.json")
    definition.grid.update(TRUE_GRID)
    return definition.__class__(definition.grid, definition.numbering, SIZE, definition.numbering_element).hex_grid()


@pytest.fixture
def scanned(tmp_path) -> Path:
    game = tmp_path / "game"
    shutil.copytree(MINI_GAME, game)
    image = Image.new("RGB", SIZE, "#e8dcc0")
    draw = ImageDraw.Draw(image)
    grid = true_grid()
    for column in range(1, 5):
        for row in range(1, 6):
            x, y = grid.point_of_location(f"{column:02d}{row:02d}")
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill="black")
    (game / "scans").mkdir()
    image.save(game / "scans" / "operational.png")
    refs = "\n".join(f'"{name}" = [{x}, {y}]' for name, (x, y) in READ.items())
    (game / "scan.toml").write_text(
        f'[[board]]\nmap = "Operational Map"\nimage = "scans/operational.png"\nsource = "drawn for the test"\n'
        f"[board.hexes]\n{refs}\n", encoding="utf-8")
    return game


def test_the_module_shows_the_scan_with_a_grid_that_fits_it(scanned, tmp_path):
    module = open_file(build_module(scanned, tmp_path / "dist", cache=tmp_path / "cache"))
    scan = (scanned / "scans" / "operational.png").read_bytes()
    assert scan in [module.image_bytes(name) for name in module.images()]
    geometry = ModuleGeometry(module)
    truth = true_grid()
    # Every hex of the map is named where the scan shows it, not only the three read off it.
    for column in range(1, 5):
        for row in range(1, 6):
            name = f"{column:02d}{row:02d}"
            x, y = truth.point_of_location(name)
            assert geometry.name_at("Operational Map", x, y) == name


def test_the_build_reports_each_reference_hexs_residual(scanned, tmp_path):
    result = CliRunner().invoke(main, ["build", str(scanned), "-o", str(tmp_path / "dist"), "-q",
                                       "--cache", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "scan" in line]
    assert said and "3 hexes" in said[0] and "0305" in said[0]


def test_a_reference_the_numbering_does_not_have_is_one_line_of_bad_input(scanned, tmp_path):
    toml = scanned / "scan.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"0305"', '"0309"'), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(scanned), "-o", str(tmp_path / "dist"), "-q"])
    assert result.exit_code == 2
    assert "scan.toml" in result.output and "0309" in result.output


def test_references_in_one_column_cannot_fix_the_grid(scanned, tmp_path):
    toml = scanned / "scan.toml"
    text = toml.read_text(encoding="utf-8")
    for name in ("0401", "0305"):
        text = text.replace(f'"{name}"', '"0103"' if name == "0401" else '"0105"')
    toml.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(scanned), "-o", str(tmp_path / "dist"), "-q"])
    assert result.exit_code == 2 and "two columns and two rows" in result.output
