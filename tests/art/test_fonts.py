"""Every picture draws Norwegian letters: the shipped fonts have ø, å, æ (Pillow's own font draws
them as its missing-glyph box, as the grid overlay and the audit pictures did)."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from vassal_tools.fonts import FILES, font_file

LETTERS = "øØåÅæÆöÖäÄüÜéèçłŁ"
MISSING = "\u4e00"  # a CJK ideograph: no font here has it, so it shows the missing-glyph box


def glyph(font, letter: str) -> bytes:
    return bytes(font.getmask(letter))


@pytest.mark.parametrize("role", sorted(FILES))
def test_each_letter_is_a_glyph_of_its_own(role):
    font = ImageFont.truetype(font_file(role), 24)
    missing = glyph(font, MISSING)
    drawn = {letter: glyph(font, letter) for letter in LETTERS}
    assert [letter for letter, mask in drawn.items() if mask == missing] == []
    assert len(set(drawn.values())) == len(LETTERS)


def test_pillows_own_font_lacks_them_which_is_why_we_ship_ours():
    font = ImageFont.load_default(size=24)
    assert glyph(font, "ø") == glyph(font, MISSING)
