"""Kampen om Norge's card art as a player reads it: every title whole on its card (no
"Panservernka" cut at the edge), and the backs bearing each faction's flag (2.4): Norway's red
field with its white-edged blue Nordic cross, 22:16, the cross 6-1-2-1-12 by 6-1-2-1-6; the
Allies' a British roundel, not the German black cross."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from vassal_tools.art.cards import (
    TITLE_LEFT,
    card_size,
    draw_back,
    draw_card,
    fit_title,
    layout,
    text_width,
)
from vassal_tools.games.kampen_om_norge import KampenPack

RED, WHITE, BLUE, BLACK = (186, 12, 47), (255, 255, 255), (0, 32, 91), (0, 0, 0)


@pytest.fixture(scope="module")
def decks():
    return {(deck.side, deck.mark): deck for deck in KampenPack().area_map().decks}


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_every_title_fits_its_card(decks):
    width, _ = card_size()
    for deck in decks.values():
        for card in deck.cards:
            title = fit_title(card.name)
            assert title.size >= layout()["title_min"] >= 9  # legible at VASSAL's 100%
            assert " ".join(title.lines).replace("- ", "") == card.name  # every word, in order
            assert all(text_width(line, title.face) <= width - 2 * TITLE_LEFT for line in title.lines), card.name
            # and as drawn: the band's right margin holds no ink of the title
            face = _png(draw_card(card))
            band = layout()["band"]
            background = face.getpixel((width - 4, band // 2))
            margin = {face.getpixel((x, y)) for x in range(width - TITLE_LEFT + 1, width - 2) for y in range(3, band)}
            assert margin == {background}, card.name


def _runs(pixels: list[tuple[int, int, int]], palette: dict[str, tuple[int, int, int]]) -> list[tuple[str, int]]:
    """The runs of a line of pixels, each pixel named by its nearest palette colour."""
    runs: list[tuple[str, int]] = []
    for pixel in pixels:
        name = min(palette, key=lambda n: sum((a - b) ** 2 for a, b in zip(pixel, palette[n])))
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    return runs


def test_the_norwegian_back_is_norways_flag(decks):
    deck = decks[("norwegian", "")]
    back = _png(draw_back(deck.cards[0].background, deck.cards[0].foreground, deck.mark, flag=deck.flag))
    width, height = back.size
    palette = {"red": RED, "white": WHITE, "blue": BLUE, "black": BLACK}
    unit = min(height / 22, width / 16)  # the flag hangs: its 22 units run down the card
    across = _runs([back.getpixel((x, round(3 * unit))) for x in range(2, width - 2)], palette)
    along = _runs([back.getpixel((round(3 * unit), y)) for y in range(2, height - 2)], palette)
    assert [name for name, _ in across] == ["red", "white", "blue", "white", "red"]
    assert [name for name, _ in along] == ["red", "white", "blue", "white", "red"]
    for runs, bands in ((across, (6, 1, 2, 1, 6)), (along, (6, 1, 2, 1, 12))):
        inner = [n / unit for _, n in runs[1:-1]]
        assert inner == pytest.approx(bands[1:-1], abs=0.2)  # the cross: 1-2-1 units
        assert runs[0][1] / unit == pytest.approx(bands[0], abs=0.5)  # the field's ends (the border eats 2 px)
        assert runs[-1][1] / unit == pytest.approx(bands[-1], abs=0.5)


def test_the_allied_back_is_a_roundel_not_the_german_cross(decks):
    allied, german = decks[("allied", "")], decks[("german", "")]
    back = _png(draw_back(allied.cards[0].background, allied.cards[0].foreground, allied.mark, flag=allied.flag))
    german_back = _png(draw_back(german.cards[0].background, german.cards[0].foreground, german.mark,
                                 flag=german.flag))
    width, height = back.size
    palette = {"field": back.getpixel((8, 8)), "blue": (31, 63, 143), "white": WHITE, "red": (200, 16, 46),
               "black": BLACK}
    across = [name for name, _ in _runs([back.getpixel((x, height // 2)) for x in range(2, width - 2)], palette)]
    assert across == ["field", "blue", "white", "red", "white", "blue", "field"]  # rings about a red centre
    inside = {back.getpixel((x, y)) for x in range(3, width - 3) for y in range(3, height - 3)}
    assert BLACK not in inside  # no black cross
    assert back.tobytes() != german_back.tobytes()
