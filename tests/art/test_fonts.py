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


def test_every_letter_the_strategic_map_draws_is_in_its_font(monkeypatch):
    """Invasion: Norway's Strategic Map printed its unlimited capacities as an infinity sign the
    shipped fonts lack: a box on the map. Every character drawn must be a glyph of its font."""
    from vassal_tools.art.canvas import Canvas
    from vassal_tools.art.map_data import map_data
    from vassal_tools.art.map_style import load_map_style
    from vassal_tools.art.strategic import draw_strategic
    from vassal_tools.games.invasion_norway import DATA_DIR

    drawn: list[tuple[str, str]] = []
    original = Canvas.text

    def text(self, box, words, role, *args, **kwargs):
        drawn.append((words, role))
        return original(self, box, words, role, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", text)
    draw_strategic(map_data(DATA_DIR), load_map_style())
    fonts = {role: ImageFont.truetype(font_file(role), 24) for role in FILES}
    missing = {role: glyph(font, MISSING) for role, font in fonts.items()}
    assert [(words, role) for words, role in drawn
            if any(glyph(fonts[role], ch) == missing[role] for ch in set(words))] == []
    assert any("unlimited" in words for words, _ in drawn)
