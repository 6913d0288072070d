"""Traits against VASSAL's own outputs: vectors/pieces_commands.json (piece_types, trait_defaults)."""

from __future__ import annotations

import pytest

from conftest import load_vectors
from vassal_tools.formats.pieces import Piece, decode_piece
from vassal_tools.formats.traits import (
    DECORATORS,
    INNERMOST,
    BasicPiece,
    Constraints,
    DynamicProperty,
    Embellishment,
    FreeRotator,
    Hideable,
    Immobilized,
    KeyStroke,
    Labeler,
    MovementMarkable,
    Obscurable,
    ReportState,
    prefix_of,
)
from vassal_tools.formats.traits.encoding import join_chain

DATA = load_vectors("pieces_commands.json")


@pytest.mark.parametrize("case", DATA["piece_types"], ids=lambda c: c["input_type"][:40])
def test_piece_types_decode_to_vassal_classes_and_round_trip(case):
    piece = decode_piece(case["input_type"])
    assert [t.java_class for t in piece.traits] == case["class_chain"]
    assert piece.type == case["input_type"]  # kept exactly as given
    assert piece.state is None  # a bare type has no state until one is given


@pytest.mark.parametrize("case", DATA["piece_types"], ids=lambda c: c["input_type"][:40])
def test_typed_fields_reencode_as_vassal_does(case):
    """Re-encoding from typed fields gives VASSAL's getType (e.g. 0.3 -> 0.30000001192092896)."""
    piece = decode_piece(case["input_type"])
    assert Piece(t.normalized() for t in piece.traits).type == case["getType"]


@pytest.mark.parametrize("case", DATA["piece_types"], ids=lambda c: c["input_type"][:40])
def test_initial_states_are_vassals(case):
    piece = decode_piece(case["input_type"])
    assert join_chain([t.initial_state() for t in piece.traits]) == case["getState"]
    assert piece.fill_states().state == case["getState"]


def _trait_class(type_: str):
    registry = INNERMOST if type_.startswith("piece;") else DECORATORS
    return registry[prefix_of(type_)]


@pytest.mark.parametrize("case", DATA["trait_defaults"], ids=lambda c: c["class"].rsplit(".", 1)[-1])
def test_new_traits_match_vassal_defaults(case):
    type_ = case.get("getType", case.get("myGetType"))
    state = case.get("getState", case.get("myGetState"))
    cls = _trait_class(type_)
    assert cls.java_class == case["class"].rsplit(".", 1)[-1]
    trait = cls.new()
    assert trait.type == type_
    # A null myGetState is written as an empty token inside a chain.
    assert trait.state == (state or "")


def test_every_trait_class_of_the_vectors_is_known_and_all_50_prefixes_exist():
    java = {c["class"].rsplit(".", 1)[-1] for c in DATA["trait_defaults"]}
    ours = {cls.java_class for cls in list(DECORATORS.values()) + list(INNERMOST.values())}
    assert java <= ours
    assert len(DECORATORS) + len(INNERMOST) == 50
    assert set(INNERMOST) == {"piece;", "stack", "deck;"}


def test_builders_reproduce_vassal_written_types():
    """Builders set fields by name; the results are the strings VASSAL wrote for the same settings."""
    written = {decode_piece(c["input_type"]).traits[0].type for c in DATA["piece_types"]}
    built = [
        Embellishment.new(["front.png", "back.png"], ["", "+ reduced"], name="Step", activate_modifiers=2,
                          up_command="Increase", up_modifiers=2, up_key="]", down_command="Decrease",
                          down_modifiers=2, down_key="[", reset_level=""),
        Labeler.new(label_key=KeyStroke(76, 130), menu_command="Change Label", font_size=12,
                    background=(255, 255, 255)),
        DynamicProperty.new("Strength", constraints=Constraints(True, 0, 10, False),
                            key_commands=r"Increase:81\,130:I\,1,Decrease:87\,130:I\,-1", description="Step counter"),
        Immobilized.new(selection="n", movement="V"),
        MovementMarkable.new(x_offset=20, y_offset=-20, command="Mark Moved", command_true="", command_false=""),
        Obscurable.new(mask_key=KeyStroke(79, 130), image="back.png", display="G/back2.png"),
        FreeRotator.new(n_angles=1, set_angle_key=KeyStroke(82, 130), set_angle_text="Rotate"),
        ReportState.new(keys=[KeyStroke(76, 130)], description="Report"),
    ]
    for trait in built:
        assert trait.type in written
    hide = Hideable.new(background=(255, 255, 255))
    assert hide.type == "hide;73,130;Invisible;255,255,255;player:;0.30000001192092896;;false"


def test_basic_piece_state_fields_in_vassal_order():
    piece = BasicPiece.new("Tank.png", "Tank")
    assert piece.type == "piece;;;Tank.png;Tank"  # 4.4.1 oracle example
    piece.map, piece.x, piece.y, piece.gpid = "Main Map", 412, 300, "17"
    piece.properties = {"UniqueID": "1700000000001"}
    assert piece.state == "Main Map;412;300;17;1;UniqueID;1700000000001"
