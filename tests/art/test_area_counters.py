"""The area games' counters as a player reads them at VASSAL's 100% (their Layer scale is 1): no
text under 9 px and none wider than its box; a land unit of the Norway 1940 scenario shows its NATO
symbol and size mark, a ship its profile, an aircraft its plan view; Kampen om Norge's battalions are
miniature soldiers (2.2) and its ship cards show their category's profile and the die results that
sink and chase (6.1, sample values from ships.csv)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from vassal_tools.art.areamap import draw_piece, label_fit, piece_look
from vassal_tools.art.templates import template_for
from vassal_tools.games.kampen_om_norge import KampenPack
from vassal_tools.games.norway_1940 import NorwayPack

LEGIBLE = 9  # px: the smallest text a player reads on a counter at 100%


@pytest.fixture(scope="module")
def norway():
    return [p for p in NorwayPack().area_map().pieces]


@pytest.fixture(scope="module")
def kampen():
    return [p for p in KampenPack().area_map().pieces if p.unit_class != "chip"]


def test_every_text_is_legible_and_fits(norway, kampen):
    tpl = template_for("area")
    smallest = {}
    for piece in norway + kampen:
        _look, texts = piece_look(piece)
        for element, text in texts:
            if not text:
                continue
            shown, role, size = label_fit(tpl[element], text)
            assert size >= LEGIBLE, (piece.id, element, text, size)
            smallest[piece.id] = min(size, smallest.get(piece.id, size))
            assert shown == text or shown.endswith("."), (piece.id, shown)  # shortened only visibly
    assert len(smallest) == len(norway) + len(kampen)  # every counter prints something


def test_norway_1940_counters_show_symbol_profile_or_plan(norway):
    looks = {p.id: piece_look(p)[0] for p in norway}
    for piece in norway:
        expected = {"land": "symbol", "naval": "ship", "air": "aircraft"}[piece.unit_class]
        assert looks[piece.id] == expected, (piece.id, piece.type)
        if piece.unit_class == "land" and piece.size:
            assert piece.mark, piece.id  # II, III, X over the symbol
    brigade = next(p for p in norway if p.id == "nor-6th-infantry-brigade")
    assert brigade.symbol == ("cross",) and brigade.mark == "X" and brigade.short == "6th"


def test_kampen_battalions_are_soldiers_and_ships_print_their_dice(kampen):
    for piece in kampen:
        look, texts = piece_look(piece)
        if piece.unit_class == "land":
            assert look == "figure"
        elif piece.type != "dummy":
            assert look == "ship", piece.id
    warspite = next(p for p in kampen if p.name == "Warspite")
    assert piece_look(warspite)[1] == [("over", "Warspite"), ("values", "S6 C5")]  # ships.csv: sink 6, chase 5


def test_a_counter_is_drawn_at_its_template_size_in_its_colours(norway):
    piece = next(p for p in norway if p.id == "nor-6th-infantry-brigade")
    image = Image.open(io.BytesIO(draw_piece(piece))).convert("RGB")
    assert image.size == template_for("area").size == (48, 48)
    colours = {colour for _n, colour in image.getcolors(4096)}
    background = tuple(int(piece.background[i:i + 2], 16) for i in (1, 3, 5))
    foreground = tuple(int(piece.foreground[i:i + 2], 16) for i in (1, 3, 5))
    assert background in colours and foreground in colours
