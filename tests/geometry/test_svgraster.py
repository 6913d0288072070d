"""SVG images are drawn, not left as blank squares (issue 8 point 7).

Expected colours are read off the crafted SVGs by hand: which shape covers which pixel.
"""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from PIL import Image

from vassal_tools.cli import main
from vassal_tools.formats.files import open_file
from vassal_tools.geometry.svgraster import SvgDrawer, inline_references, render_svg, with_fallback
from vassal_tools.report.board import BoardPainter

RED, BLUE, GREEN, YELLOW = (255, 0, 0, 255), (0, 0, 255, 255), (0, 255, 0, 255), (255, 255, 0, 255)
CLEAR = 0  # alpha of an undrawn pixel

TWO_HALVES = b"""<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
  <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
  <circle cx="15" cy="5" r="4" fill="blue"/>
</svg>"""

# A counter in the style of The Longest Day's: shapes taken from a symbol file of the module.
COUNTER = b"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     width="30" height="10">
  <use x="0" y="0" style="fill:#00ff00" xlink:href="lib.svg#box"/>
  <use x="10" y="0" xlink:href="lib.svg#pair"/>
  <image x="20" y="0" width="10" height="10" xlink:href="dot.png"/>
</svg>"""
LIBRARY = b"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
  <defs>
    <rect id="box" width="10" height="10"/>
    <g id="pair"><use xlink:href="#box" style="fill:#0000ff"/></g>
  </defs>
</svg>"""


def yellow_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGBA", (10, 10), YELLOW).save(buffer, "PNG")
    return buffer.getvalue()


def test_an_svg_is_drawn_with_its_colours_at_scale():
    image = render_svg(TWO_HALVES, scale=2)
    assert image is not None and image.size == (40, 20)
    assert image.getpixel((4, 10)) == RED  # the rectangle
    assert image.getpixel((30, 10)) == BLUE  # the circle's centre (15, 5) x 2
    assert image.getpixel((21, 1))[3] == CLEAR  # outside the circle's bounding square


def test_references_to_other_files_of_the_module_are_drawn():
    files = {"lib.svg": LIBRARY, "dot.png": yellow_png()}
    asked: list[str] = []

    def fetch(name: str) -> bytes | None:
        asked.append(name)
        return files.get(name)

    image = render_svg(COUNTER, fetch)
    assert image is not None
    assert image.getpixel((5, 5)) == GREEN  # fill inherited from the <use> through the copied rect
    assert image.getpixel((15, 5)) == BLUE  # a group whose own <use> points inside lib.svg
    assert image.getpixel((25, 5)) == YELLOW  # a raster <image> of the module
    assert sorted(set(asked)) == ["dot.png", "lib.svg"]  # read only through the module, each once per name


def test_a_missing_reference_leaves_the_rest_drawn():
    image = render_svg(COUNTER, lambda _name: None)
    assert image is not None and image.size == (30, 10)
    assert image.getpixel((5, 5))[3] == CLEAR


def test_undrawable_svgs_give_none_not_an_error():
    assert render_svg(LIBRARY) is None  # no intrinsic size: a symbol library
    assert render_svg(b"<svg xmlns='http://www.w3.org/2000/svg' width='5' height='5'><rect") is None
    bomb = b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg width="5" height="5">&a;</svg>'
    assert render_svg(bomb) is None
    assert render_svg(b"<svg xmlns='http://www.w3.org/2000/svg' width='100000' height='100000'/>") is None


def test_inlined_document_names_no_other_file():
    text = inline_references(COUNTER, {"lib.svg": LIBRARY, "dot.png": yellow_png()}.get)
    assert b"lib.svg#" not in text and b'href="dot.png"' not in text
    assert b"data:image/png;base64," in text


def test_missing_font_families_fall_back_like_batik():
    assert with_fallback("Nimbus Sans L").startswith("Nimbus Sans L, 'Liberation Sans'")
    assert with_fallback("Nimbus Roman No9 L").endswith("serif") and "Times" in with_fallback("Nimbus Roman No9 L")
    assert with_fallback("Some Font").endswith(", sans-serif")  # Batik's default family: SansSerif
    assert with_fallback("Georgia, serif") == "Georgia, serif"


@pytest.fixture(scope="module")
def longest_day(corpus_dir):
    return open_file(corpus_dir / "modules" / "tld__TheLongestDay_tmp.vmod")


def test_a_corpus_counter_is_drawn_with_its_symbols(longest_day):
    """0000.svg: <use style="fill:#bed2c1" xlink:href="symbols.svg#s"/>, a 49x49 black-edged square."""
    painter = BoardPainter(longest_day, geometry=None)
    counter = painter.image("0000.svg")
    assert counter is not None and counter.size == (50, 50)
    assert counter.getpixel((10, 22)) == (0xBE, 0xD2, 0xC1, 255)  # the square's fill, clear of text and symbols
    assert max(counter.getpixel((0, 25))[:3]) < 0xBE // 2  # its left edge: a black stroke 1 wide, centred on x=0
    assert painter.image("0000.svg", 2.0).size == (100, 100)  # drawn at the layer's scale, not resized


def test_grid_draws_an_svg_board(longest_day, tmp_path):
    """Allied_Remnants.svg: a 50x50 box with a 1px black edge at x = 35 - 9.5 = 25.5, y from 48.8."""
    out = tmp_path / "remnants.png"
    result = CliRunner().invoke(main, ["grid", str(longest_day.path), "--map", "Allied Remnants", "-o", str(out)])
    assert result.exit_code == 0, result.output
    picture = Image.open(out).convert("RGB")
    assert picture.getpixel((25, 70)) == (0, 0, 0)  # the box's left edge
    assert picture.getpixel((50, 70)) == (255, 255, 255)  # inside it: transparent board over the white canvas


def test_one_drawer_parses_a_referenced_file_once():
    calls: list[str] = []

    def fetch(name: str) -> bytes | None:
        calls.append(name)
        return LIBRARY if name == "lib.svg" else None

    drawer = SvgDrawer(fetch)
    for _ in range(3):
        assert drawer.draw(COUNTER) is not None
    assert calls.count("lib.svg") == 1
