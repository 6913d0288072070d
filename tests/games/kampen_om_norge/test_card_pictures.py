"""What a player sees of Kampen om Norge's card decks in `render`, the replay page and the audit
pictures: VASSAL draws a face-down deck's cards as their Mask shows them to the other players
(Deck.draw sets the top card's OBSCURED_BY to "nobody"), so the opening save's six decks show
their backs, never the face of their top card; turned face up, the top card shows its face."""

from __future__ import annotations

import base64

import pytest
from PIL import Image, ImageChops

import vassal_tools
from vassal_tools.formats.traits import Obscurable
from vassal_tools.replay.piecetypes import DECK
from vassal_tools.replay.replayer import Replayer
from vassal_tools.report.board import DECK_SEPARATION, BoardPainter, faded
from vassal_tools.report.render import geometry_of
from vassal_tools.report.replay_page import page_data

BOARD = "Kampen om Norge"


@pytest.fixture(scope="module")
def opening(kampen):
    _, _, module_path, save = kampen
    module = vassal_tools.open(module_path)
    state = Replayer(save).state_at(0)
    painter = BoardPainter(module, geometry_of(module, state))
    decks = [top for top in state.maps[BOARD] if top.kind == DECK]
    return module, state, painter, decks


def _image(module, name: str) -> Image.Image:
    import io
    return Image.open(io.BytesIO(module.image_bytes(name))).convert("RGB")


def _differs(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of the two same-sized pictures differ."""
    return int(sum(ImageChops.difference(a, b).convert("L").point(lambda p: 255 if p > 8 else 0).histogram()[255:]))


def test_every_deck_of_the_opening_save_shows_its_back(opening):
    module, state, painter, decks = opening
    assert len(decks) == 6
    picture = painter.draw(state, BOARD).convert("RGB")
    where = {d.piece.id: (d.x, d.y) for d in painter.placed_pieces(state, BOARD)}
    for deck in decks:
        top = deck.members[-1]
        mask = top.piece.first(Obscurable)
        assert mask is not None and mask.image
        back, face = _image(module, mask.image), _image(module, top.piece.layers[0].level_images[0])
        assert _differs(back, face) > back.width * back.height // 4  # the two sides are unlike
        x, y = where[top.id]
        assert (deck.x - x) * DECK_SEPARATION[1] == (y - deck.y) * DECK_SEPARATION[0]  # fanned up and right
        left, upper = x - back.width // 2, y - back.height // 2
        # the top card as drawn, its upper right corner (where a count badge sits) left out
        drawn = picture.crop((left, upper + 20, left + back.width, upper + back.height))
        assert _differs(drawn, back.crop((0, 20, back.width, back.height))) == 0, deck.piece.inner.deck_name
        assert not faded(top)


def test_a_face_up_deck_shows_its_top_card(opening):
    module, state, painter, decks = opening
    deck = decks[0]
    top = deck.members[-1]
    shown_down = [img.tobytes() for img, _ in painter.piece_layers(top)]
    trait = deck.piece.inner
    trait.face_down = False
    state.set_state(deck, deck.piece.state)
    try:
        face = top.piece.layers[0].level_images[0]
        shown_up = [img.tobytes() for img, _ in painter.piece_layers(top)]
        assert shown_up != shown_down
        assert shown_up[0] == painter.image(face).tobytes()
    finally:
        trait = deck.piece.inner
        trait.face_down = True
        state.set_state(deck, deck.piece.state)


def test_the_replay_page_shows_the_decks_backs(kampen, opening):
    module, state, _painter, decks = opening
    data = page_data(kampen[3], module)
    index = {piece["id"]: i for i, piece in enumerate(data.pieces)}
    drawn = {change[0]: change for change in data.changes[0] if len(change) > 1}
    for deck in decks:
        top = deck.members[-1]
        back = module.image_bytes(top.piece.first(Obscurable).image)
        layers, faded_ = data.looks[drawn[index[top.id]][4]]
        assert not faded_ and len(layers) == 1
        shown = data.images[layers[0][0]]
        assert shown.endswith(base64.b64encode(back).decode("ascii"))  # the back, as the board shows it
