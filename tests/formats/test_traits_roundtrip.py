"""Writing and editing traits: what is set is what VASSAL (and this library) reads back, nothing else changes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vassal_tools.formats.java import java_trim
from vassal_tools.formats.pieces import Piece, decode_piece, encode_definition, parse_definition
from vassal_tools.formats.traits import (
    DECORATORS,
    INNERMOST,
    BasicPiece,
    Constraints,
    Deck,
    Delete,
    DynamicProperty,
    Field,
    Immobilized,
    KeyStroke,
    Labeler,
    Marker,
    MovementMarkable,
    PlaceMarker,
    UnknownTrait,
)
from vassal_tools.formats.traits import (
    values as v,
)

# Everything a designer might type, including the characters every encoding level uses.
TEXT = st.text(alphabet=st.one_of(st.sampled_from([";", ",", "\\", "'", "\t", "/", "=", "$", "ü", "J"]),
                                  st.characters(blacklist_categories=("Cs",))), max_size=20)


def _through_definition(*traits) -> Piece:
    """Build a piece, write it as an AddPiece definition, and read that back."""
    piece = Piece([*traits, BasicPiece.new("a.png", "Jürgen")]).fill_states()
    text = encode_definition(piece)
    assert encode_definition(parse_definition(text)[1]) == text
    return parse_definition(text)[1]


@given(st.dictionaries(TEXT, TEXT, min_size=1, max_size=4))
def test_marker_properties_round_trip(properties):
    piece = _through_definition(Marker.new(properties))
    assert piece.marker_properties == properties
    assert piece.basic.name == "Jürgen"


@given(TEXT, TEXT, TEXT)
def test_dynamic_property_round_trip(key, value, description):
    piece = _through_definition(DynamicProperty.new(key, value, description=description))
    prop = piece.traits[0]
    assert (prop.key, prop.value, prop.description) == (key, value, description)
    assert piece.properties()[key] == value


@given(TEXT, TEXT, TEXT)
def test_labeler_round_trip(label, menu, name_format):
    piece = _through_definition(Labeler.new(label, menu_command=menu, name_format=name_format))
    labeler = piece.traits[0]
    assert labeler.label == java_trim(label)  # VASSAL trims the label when it reads it
    assert (labeler.menu_command, labeler.name_format) == (menu, name_format)


@given(st.dictionaries(TEXT, TEXT, min_size=1, max_size=3), TEXT)
def test_marker_inside_a_place_marker_round_trips(properties, label):
    inner = Piece([Labeler.new(label), Marker.new(properties), BasicPiece.new("m.png", "Marker")]).fill_states()
    piece = _through_definition(PlaceMarker.new(inner, command_name="Drop"))
    marker = piece.traits[0].marker
    assert marker.marker_properties == properties
    assert marker.traits[0].label == java_trim(label)


def test_editing_the_embedded_marker_piece_rewrites_the_place_marker():
    inner = Piece([Marker.new({"Side": "German"}), BasicPiece.new("m.png", "Marker")]).fill_states()
    piece = _through_definition(PlaceMarker.new(inner))
    place = piece.traits[0]
    place.marker.traits[0].set("Side", "Norwegian")
    again = decode_piece(piece.type, piece.state)
    assert again.traits[0].marker.marker_properties == {"Side": "Norwegian"}


# -- editing every typed field of every trait -----------------------------------------

NEW_VALUES = {
    v.Text: "new;te,xt\\ 'q'\tJürgen",
    v.Char: "x",
    v.ColorCodec: (1, 2, 3),
    v.Key: KeyStroke(57344, 0, "Edited"),
    v.KeyList: [KeyStroke(65, 130), KeyStroke.named("Two")],
    v.Strings: ["a,b", "c;d", "Jürgen"],
}


def _new_value(field: Field, old):
    codec = type(field.codec)
    if codec is v.Int:
        return old + 7
    if codec is v.Bool:
        return not old
    if codec in (v.Double, v.Float32):
        return 2.5
    if field.codec.__class__.__name__ == "ConstraintsCodec":
        return Constraints(True, -3, 9, True)
    return NEW_VALUES[codec]


CLASSES = [c for c in list(DECORATORS.values()) + list(INNERMOST.values()) if c.fields]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_setting_a_field_changes_that_field_only(cls):
    for field in cls.new().layout():
        trait = cls.new()
        before = trait.values()
        new = _new_value(field, before[field.name])
        if cls is Immobilized and isinstance(new, str):
            new = "V"  # its fields are concatenated, not encoded: plain flags only
        if cls.innermost and isinstance(new, str):
            new = new.replace("\t", " ")  # VASSAL decodes the innermost type once more: a TAB would split it
        setattr(trait, field.name, new)
        chain = [trait] if cls.innermost else [trait, BasicPiece.new("a.png", "A")]
        piece = Piece(chain).fill_states()
        again = decode_piece(piece.type, piece.state).traits[0]
        assert type(again) is cls
        after = again.values()
        assert after[field.name] == new, field.name
        assert {k: x for k, x in after.items() if k != field.name} == \
               {k: x for k, x in before.items() if k != field.name}, field.name


def test_editing_keeps_unknown_trailing_fields_and_fills_missing_ones():
    newer = Delete("delete;Delete;68,130;;FIELD FROM A NEWER VASSAL;42")
    newer.command_name = "Remove"
    assert newer.type == "delete;Remove;68,130;;FIELD FROM A NEWER VASSAL;42"
    older = MovementMarkable("markmoved;moved;24;-24;Mark Moved;77,130")
    older.key_false = KeyStroke(85, 130)
    # the absent fields get what VASSAL reads for them
    assert older.type == ("markmoved;moved;24;-24;Mark Moved;77,130;;false;"
                          "Mark piece as moved;;Mark piece as unmoved;85,130")


def test_unknown_traits_are_kept_verbatim_inside_a_chain():
    piece = decode_piece("conceal;C;x\\;y\tpiece;;;a.png;A", "odd;state\tnull;1;2;;0")
    assert isinstance(piece.traits[0], UnknownTrait)
    assert piece.traits[0].prefix == "conceal;" and piece.traits[0].tokens() == ["C", "x;y"]
    piece.basic.x = 5
    assert piece.type == "conceal;C;x\\;y\tpiece;;;a.png;A"
    assert piece.state == "odd;state\tnull;5;2;;0"


def test_deck_state_and_fields():
    deck = decode_piece("deck;true;0,0,0;40;40;Always;Always;true;true;true;;;;Draw Pile",
                        "Map;200;3700;true;17,18,19,").inner
    assert isinstance(deck, Deck)
    assert (deck.map, deck.x, deck.y, deck.face_down) == ("Map", 200, 3700, True)
    assert deck.deck_name == "Draw Pile" and deck.children == ["17", "18", "19"]
    deck.children = ["19"]
    assert deck.state == "Map;200;3700;true;19"
