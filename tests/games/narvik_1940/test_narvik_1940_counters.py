"""Narvik 1940 counters as narvik-1940.txt 2.3 describes them, drawn through the template the game's
data chooses (game.toml [art]): fire and movement with "+" for elite and "-" otherwise, "a" after the
fire factor for anti-armor, the fire factor boxed for close assault, the range when greater than one,
the sub-command's colours, the flag and reinforcement code on the back, strikes and leaders."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PIL import Image

from vassal_tools.art.counter_set import render_all
from vassal_tools.art.fire import fire_row
from vassal_tools.art.game_art import counter_rows, template_names
from vassal_tools.art.templates import template_for
from vassal_tools.art.units import counter_data
from vassal_tools.gamedata import load_game
from vassal_tools.games.narvik_1940 import DATA_DIR

SCALE = 2  # the build's scale: 128 px images of a 64 px template


@pytest.fixture(scope="module")
def game():
    return load_game(DATA_DIR)


@pytest.fixture(scope="module")
def drawn(game, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("narvik-counters")
    render_all(game, out)
    return out


@pytest.fixture(scope="module")
def rows(game):
    return {row["id"]: counter_data(row) for row in counter_rows(game, list(game.units.values()))}


def details() -> dict[str, dict[str, str]]:
    with (DATA_DIR / "counters.csv").open(newline="", encoding="utf-8") as stream:
        return {row["id"]: row for row in csv.DictReader(stream)}


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    """The colour at template pixel (x, y)."""
    return image.convert("RGB").getpixel((round(x * SCALE), round(y * SCALE)))


def test_the_game_data_chooses_the_fire_template_and_other_games_keep_theirs(game):
    assert template_names(game) == {"land": "fire", "air": "fire", "naval": "fire"}
    assert template_for("fire").kind == "fire"
    other = load_game(Path(DATA_DIR).parents[1] / "invasion_norway" / "data")
    assert template_names(other) == {}


@pytest.mark.parametrize("unit_id", sorted(details()))
def test_each_counter_prints_fire_elite_mark_anti_armor_and_movement_from_the_data(rows, unit_id):
    row, unit = details()[unit_id], rows[unit_id]
    if unit.kind != "land" or (unit.type == "leader" and row["fire"] == "0"):
        return
    tokens, separator = fire_row(template_for("fire"), unit)
    assert separator == ("+" if row["elite"] == "yes" else "-")  # 2.3.5
    assert tokens[0].text == row["fire"] + ("a" if row["anti_armor"] == "yes" else "")  # 2.3.5
    assert tokens[0].boxed == (row["assault"] == "yes")  # 2.3.5: the close-assault rectangle
    assert tokens[1].text == unit.fields["movement"]


def test_auchinleck_is_not_a_combat_unit_and_prints_no_factors(rows):
    assert fire_row(template_for("fire"), rows["brit-auchinleck"]) == ([], "")  # 18.2


def row_colours(image: Image.Image) -> set[tuple[int, ...]]:
    """The colours along the factor row, just above its bottom (below the digits' middle)."""
    return {pixel(image, x / 4, 56.5) for x in range(8, 248)}


def test_the_close_assault_box_is_white_on_grey_and_blue_on_a_white_counter(drawn):
    white, blue = (255, 255, 255), (0x2F, 0x5F, 0xC0)  # templates/fire.toml [assault_box]
    assert white in row_colours(Image.open(drawn / "ger-i-139.png"))       # assault capable, grey counter
    assert white not in row_colours(Image.open(drawn / "ger-hq-sec.png"))  # not assault capable
    assert blue in row_colours(Image.open(drawn / "nw-i-12.png"))          # white would not show (2.3.5)
    assert blue not in row_colours(Image.open(drawn / "brit-eng.png"))


def test_the_range_is_printed_only_when_greater_than_one(drawn):
    ring = (55.25, 22.6)  # the top of the range ring (templates/fire.toml [range])
    assert pixel(Image.open(drawn / "ger-mtn-art.png"), *ring) != pixel(Image.open(drawn / "ger-mtn-art.png"), 55.25, 19)
    assert pixel(Image.open(drawn / "ger-i-139.png"), *ring) == pixel(Image.open(drawn / "ger-i-139.png"), 55.25, 19)


def test_german_sub_commands_colour_the_unit_type_symbol(game, drawn):
    colours = {entry["id"]: entry["symbol"] for entry in game.info.raw["subcommands"]}
    corner = (32, 21.5)  # inside the type box, top middle: between the X of the infantry symbol
    for unit_id, command in (("ger-i-139", "KGD"), ("ger-ii-139", "KGW"), ("ger-berger-1", "KGB"),
                             ("ger-haussels", "KGH")):
        expected = tuple(int(colours[command][i:i + 2], 16) for i in (1, 3, 5))
        got = pixel(Image.open(drawn / f"{unit_id}.png"), *corner)
        assert max(abs(a - b) for a, b in zip(got, expected)) <= 2, unit_id


def test_combat_units_have_a_back_with_their_code_and_strikes_leaders_have_none(drawn):
    codes = details()
    backs = {p.name.removesuffix("_back.png") for p in drawn.glob("*_back.png")}
    assert "ger-dietl" not in backs and "brit-auchinleck" not in backs and "allied-naval-1" not in backs
    assert {"ger-i-139", "ger-fl", "fr-13-dble-1"} <= backs
    at_start, random = Image.open(drawn / "ger-i-139_back.png"), Image.open(drawn / "ger-fl_back.png")
    code_area = [(x, 48) for x in range(24, 41)]
    assert codes["ger-fl"]["code"] == "R" and codes["ger-i-139"]["code"] == ""
    assert any(pixel(random, *p) != pixel(at_start, *p) for p in code_area)  # "R" printed (2.3)


def test_strikes_print_their_kind_and_fire_value(drawn, game):
    air, naval = Image.open(drawn / "ger-air-1.png"), Image.open(drawn / "allied-naval-1.png")
    assert air.size == naval.size == (128, 128)
    assert pixel(air, 32, 30) != pixel(air, 4, 30)      # the plane
    assert pixel(naval, 32, 30) != pixel(naval, 4, 30)  # the anchor
