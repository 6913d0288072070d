"""Counter art: every row draws, sides are told apart as the rulebook's VASSAL notes ask."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PIL import Image

from conftest import DATA, ROOT
from vassal_tools.art import fonts
from vassal_tools.art.colours import parse
from vassal_tools.art.counters import render_counter
from vassal_tools.art.palette import Colours, Palette, game_palette
from vassal_tools.art.png import png_bytes
from vassal_tools.art.templates import template_for
from vassal_tools.art.units import counter_data
from vassal_tools.errors import BadInput

FIXTURE = DATA / "art" / "units.csv"
GAME_UNITS = ROOT / "module_src" / "invasion_norway" / "units.csv"


def _rows(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


ROWS = {r["id"]: r for r in _rows(FIXTURE)}


def _dark(image: Image.Image, box, scale: float) -> list[tuple[int, int]]:
    """Pixels darker than mid-grey inside a template box."""
    x, y, w, h = (round(v * scale) for v in box)
    grey = image.convert("L").crop((x, y, x + w, y + h))
    width = grey.width
    return [(i % width, i // width) for i, v in enumerate(grey.tobytes()) if v < 90]


def _reddish(image: Image.Image, box, scale: float) -> int:
    x, y, w, h = (round(v * scale) for v in box)
    data = image.crop((x, y, x + w, y + h)).tobytes()
    return sum(1 for i in range(0, len(data), 3) if data[i] > 150 and data[i + 1] < 90 and data[i + 2] < 90)


def _all_rows() -> list:
    params = [pytest.param(FIXTURE, id="fixture")]
    if GAME_UNITS.exists():
        params.append(pytest.param(GAME_UNITS, id="invasion_norway"))
    else:
        params.append(pytest.param(GAME_UNITS, id="invasion_norway", marks=pytest.mark.skip(reason="module_src units.csv not written yet")))
    return params


@pytest.mark.parametrize("path", _all_rows())
def test_every_row_renders_both_sides(path):
    for row in _rows(path):
        data = counter_data(row, str(path))
        size = template_for(data.kind).size
        for side in ("front", "back"):
            image = render_counter(row, side)
            assert image.size == size, (data.id, side)
            assert image.mode == "RGB"


@pytest.mark.parametrize("scale", [1, 1.5, 2, 3])
def test_image_size_follows_template_and_scale(scale):
    for row_id in ("ger-138-gj-1", "brit-cv-ark-royal", "ger-me109-1", "ger-sp-1", "mk-hit-1"):
        image = render_counter(ROWS[row_id], "front", scale)
        assert image.size == (round(64 * scale), round(64 * scale))


def test_rendering_is_deterministic():
    for row in ROWS.values():
        for side in ("front", "back"):
            assert png_bytes(render_counter(row, side)) == png_bytes(render_counter(row, side)), row["id"]
    for row_id in ("ger-138-gj-1", "ger-ca-hipper", "ger-he111-1", "mk-oos-1"):  # at the build's scale too
        assert png_bytes(render_counter(ROWS[row_id], "back", 2)) == png_bytes(render_counter(ROWS[row_id], "back", 2))


def test_reduced_side_differs_where_unit_has_steps():
    for row in ROWS.values():
        data = counter_data(row)
        front, back = render_counter(row, "front"), render_counter(row, "back")
        if data.has_back:
            assert front.tobytes() != back.tobytes(), data.id
        else:
            assert front.tobytes() == back.tobytes(), data.id


@pytest.mark.parametrize("row_id", ["ger-138-gj-1", "nor-ir1-1", "ger-ca-hipper", "ger-dd-1"])
def test_reduced_side_carries_the_band(row_id):
    # 1.4.1 (VASSAL note): a flipped counter must be recognisable at a glance.
    kind = counter_data(ROWS[row_id]).kind
    band = parse(template_for(kind).elements["reduced"].colour)
    back = render_counter(ROWS[row_id], "back", 2)
    front = render_counter(ROWS[row_id], "front", 2)
    assert back.getpixel((6, 6)) == band
    assert front.getpixel((6, 6)) != band


def test_step_pips_show_the_lost_step():
    tpl = template_for("land")
    box = tpl["steps"].box
    row = ROWS["ger-138-gj-1"]
    front, back = render_counter(row, "front", 2), render_counter(row, "back", 2)
    assert _reddish(front, box, 2) == 0
    assert _reddish(back, box, 2) > 10


def test_motorized_movement_is_boxed_in_red():
    box = template_for("land")["factors"].box
    assert _reddish(render_counter(ROWS["ger-rgg-1"], "front", 2), box, 2) > 20
    assert _reddish(render_counter(ROWS["nor-ir1-1"], "front", 2), box, 2) == 0


def test_torpedo_attack_factor_is_red():
    box = template_for("naval")["factors"].box
    assert _reddish(render_counter(ROWS["ger-ca-hipper"], "front", 2), box, 2) > 20
    assert _reddish(render_counter(ROWS["brit-bb-warspite"], "front", 2), box, 2) == 0


def test_bombers_air_combat_factor_boxed_red_fighters_not():
    box = template_for("air")["factors"].box
    assert _reddish(render_counter(ROWS["ger-he111-1"], "front", 2), box, 2) > 20
    assert _reddish(render_counter(ROWS["ger-me109-1"], "front", 2), box, 2) == 0


def _silhouette_width(row_id: str, side: str = "front") -> int:
    box = template_for("naval")["silhouette"].box
    dark = _dark(render_counter(ROWS[row_id], side, 2), box, 2)
    xs = [x for x, _ in dark]
    return max(xs) - min(xs) + 1


def test_ship_silhouettes_share_one_scale_and_the_carrier_fills_the_counter():
    # 1.4.1: the UK CVs are the largest that fit; every other ship to the same scale.
    box_width = template_for("naval")["silhouette"].box[2] * 2
    carrier, battleship, cruiser, destroyer, s_boat = (
        _silhouette_width(i) for i in ("brit-cv-ark-royal", "brit-bb-warspite", "ger-ca-hipper", "ger-dd-1", "ger-sb-1")
    )
    assert carrier >= 0.95 * box_width
    assert carrier > battleship > cruiser > destroyer > s_boat


def _silhouette_area(row_id: str, side: str) -> int:
    box = template_for("air")["silhouette"]["large"]
    return len(_dark(render_counter(ROWS[row_id], side, 2), box, 2))


@pytest.mark.parametrize("row_id", ["ger-me109-1", "ger-he111-1", "ger-ju52-1", "brit-whitley-1"])
def test_two_point_side_has_the_large_silhouette(row_id):
    # 1.5: "2 point air units have a large silhouette and 1 point air units have a small one".
    assert _silhouette_area(row_id, "front") > 2 * _silhouette_area(row_id, "back")


def test_single_step_air_unit_shows_the_small_silhouette():
    # 1.5 (VASSAL note): Ju-52 seaplanes have no reverse; they have a small silhouette.
    ju52_back = render_counter(ROWS["ger-ju52-1"], "back", 2)
    seaplane = render_counter(ROWS["ger-ju52sea-1"], "front", 2)
    assert counter_data(ROWS["ger-ju52sea-1"]).has_back is False
    large = template_for("air")["silhouette"]["large"]
    # On the sea square the seaplane is drawn light on blue: compare the square's extent.
    assert len(_dark(seaplane, large, 2)) < len(_dark(render_counter(ROWS["ger-ju52-1"], "front", 2), large, 2))
    assert ju52_back.size == seaplane.size


def test_marker_reverse_shows_its_own_text():
    front = render_counter(ROWS["mk-oos-1"], "front", 2)
    back = render_counter(ROWS["mk-oos-1"], "back", 2)
    assert front.tobytes() != back.tobytes()


@pytest.mark.parametrize(
    "change, message",
    [({"class": "spaceship"}, "class must be one of"), ({"steps": "two"}, "whole number"), ({"id": ""}, "no id")],
)
def test_bad_row_names_the_unit(change, message):
    row = {**ROWS["ger-138-gj-1"], **change}
    with pytest.raises(BadInput, match=message) as err:
        render_counter(row)
    assert err.value.source == "units.csv"


def test_bad_side_and_scale():
    with pytest.raises(ValueError):
        render_counter(ROWS["ger-sp-1"], "reverse")
    with pytest.raises(ValueError):
        render_counter(ROWS["ger-sp-1"], "front", 0)


def test_works_with_pillows_own_font(monkeypatch):
    """A fresh machine may have no DejaVu: Pillow's bundled font must do."""
    monkeypatch.setenv("VASSAL_TOOLS_SYSTEM_FONTS", "0")
    fonts._font_file.cache_clear()
    fonts.face.cache_clear()
    try:
        assert "pillow-default" in fonts.fingerprint()
        image = render_counter(ROWS["ger-rgg-1"], "back", 2)
        assert image.size == (128, 128)
        assert _reddish(image, template_for("land")["factors"].box, 2) > 20
    finally:
        monkeypatch.delenv("VASSAL_TOOLS_SYSTEM_FONTS")
        fonts._font_file.cache_clear()
        fonts.face.cache_clear()


def _white(image: Image.Image, box, scale: float) -> int:
    x, y, w, h = (round(v * scale) for v in box)
    data = image.crop((x, y, x + w, y + h)).tobytes()
    return sum(1 for i in range(0, len(data), 3) if min(data[i:i + 3]) > 235)


def test_torpedo_factor_stays_visible_on_a_red_counter():
    # Norwegian counters are red: a red torpedo factor gets a white chip behind it.
    red = Palette({"norwegian": Colours((200, 40, 45), (255, 255, 255))}, {})
    box = template_for("naval")["factors"].box
    with_torpedo = render_counter(ROWS["nor-dd-1"], "front", 2, palette=red)
    without = render_counter({**ROWS["nor-dd-1"], "torpedo": "no"}, "front", 2, palette=red)
    assert _white(with_torpedo, box, 2) > _white(without, box, 2) + 60


def test_game_colours_win_over_template_defaults(tmp_path):
    (tmp_path / "game.toml").write_text(
        '[[nationalities]]\nid = "german"\nbackground = "#8c8c7a"\nforeground = "#000000"\n'
        '[[colour_schemes]]\nid = "german_navy"\nbackground = "#5a6e8c"\nforeground = "#ffffff"\n'
        '[[formations]]\nid = "ger-3-geb"\nnationality = "german"\nbox = "#7fbf5f"\n',
        encoding="utf-8",
    )
    palette = game_palette(tmp_path)
    corner = (3, 60)  # inside the frame, clear of any text or symbol
    assert render_counter(ROWS["ger-ca-hipper"], palette=palette).getpixel(corner) == (0x5A, 0x6E, 0x8C)
    # No german_air in the game: German planes take the German colour, not a default.
    assert render_counter(ROWS["ger-me109-1"], palette=palette).getpixel(corner) == (0x8C, 0x8C, 0x7A)
    type_box = template_for("land")["type_box"].box
    inside = (round(type_box[0] + 2), round(type_box[1] + type_box[3] / 2))
    assert render_counter(ROWS["ger-138-gj-1"], palette=palette).getpixel(inside) == (0x7F, 0xBF, 0x5F)
