"""The Piece API: typed views, names, definitions, prototype expansion."""

from __future__ import annotations

import pytest

from conftest import load_vectors
from vassal_tools.errors import BadInput
from vassal_tools.formats.pieces import (
    Piece,
    decode_piece,
    encode_definition,
    expand_prototypes,
    parse_definition,
)
from vassal_tools.formats.traits import (
    BasicName,
    BasicPiece,
    Comment,
    DynamicProperty,
    Embellishment,
    Labeler,
    Marker,
    MovementMarkable,
    Obscurable,
    Prototype,
    Stack,
)

DATA = load_vectors("pieces_commands.json")
TAB = "\t"


def test_add_piece_command_of_the_vectors():
    text = next(c["encoded"] for c in DATA["commands"] if c["what"] == "AddPiece of an off-map piece")
    ident, piece = parse_definition(text)
    assert ident == "1700000000001"
    assert piece.basic.name == "Tank" and piece.basic.image == "Tank.png"
    assert (piece.basic.map, piece.basic.x, piece.basic.y, piece.basic.gpid) == (None, 0, 0, "17")
    assert piece.basic.properties == {"UniqueID": "1700000000001"}
    assert piece.marker_properties == {"Side": "German"}
    assert encode_definition(piece, ident) == text


def test_layer_level_names_make_the_piece_name():
    # the emb2 vector: levels front.png / back.png named "" and "+ reduced"
    case = next(c for c in DATA["piece_types"] if c["input_type"].startswith("emb2;"))
    piece = decode_piece(case["input_type"], case["getState"])
    layer = piece.layers[0]
    assert (layer.name, layer.level_images, layer.level_names) == ("Step", ["front.png", "back.png"], ["", "+ reduced"])
    assert (layer.level, layer.active) == (0, True)
    assert piece.name == "A"
    layer.level = 1
    assert piece.state == "2\tnull;0;0;;0"
    assert piece.name == "A reduced"
    layer.active = False
    assert piece.state.startswith("-2\t") and piece.name == "A"
    assert piece.images == ["a.png", "front.png", "back.png"]


def test_names_prefix_replace_label_and_basic_name_override():
    layer = Embellishment.new(["x.png"], ["Elite +"], name="Rank")
    label = Labeler.new("$Side$ 2/8")
    piece = Piece([label, layer, Marker.new({"Side": "German"}), BasicPiece.new("inf.png", "Infantry")]).fill_states()
    assert piece.name == "Elite Infantry (German 2/8)"
    piece.traits.insert(2, BasicName.new(name="Jäger"))
    assert piece.basic_name == "Jäger" and piece.name == "Elite Jäger (German 2/8)"


def test_layer_following_a_property():
    layer = Embellishment.new(["1.png", "2.png", "3.png"], ["One", "Two", "Three"], follow_property=True,
                              property_name="Steps", first_level_value=0)
    piece = Piece([layer, DynamicProperty.new("Steps", "2"), BasicPiece.new("", "Unit")]).fill_states()
    assert piece.name == "Three"  # level = 2 - 0 + 1


def test_properties_outer_traits_win():
    piece = Piece([
        Marker.new({"Side": "Outer"}), DynamicProperty.new("Strength", "4"),
        Marker.new({"Side": "Inner", "Type": "Inf"}), BasicPiece.new("a.png", "A"),
    ]).fill_states()
    piece.basic.properties = {"Type": "persistent", "UniqueID": "9"}
    assert piece.properties() == {"Side": "Outer", "Type": "Inf", "UniqueID": "9", "Strength": "4"}
    assert piece.marker_properties == {"Side": "Outer", "Type": "Inf"}


def test_images_of_mask_and_moved_marker():
    piece = Piece([MovementMarkable.new(), Obscurable.new(image="back.png", display="Gback2.png"),
                   BasicPiece.new("front.png", "F")]).fill_states()
    assert piece.images == ["front.png", "back.png", "back2.png", "moved.gif"]


def test_stack_state():
    stack = decode_piece("stack", "Main Map;412;300;170;171;@@2").inner
    assert isinstance(stack, Stack)
    assert (stack.map, stack.x, stack.y, stack.children, stack.layer) == ("Main Map", 412, 300, ["170", "171"], 2)
    stack.children = ["171"]
    assert stack.state == "Main Map;412;300;171;@@2"
    legacy = parse_definition("+/1116882739946/stack/null;0;0")[1].inner  # 4.5 legacy example
    assert (legacy.map, legacy.children, legacy.layer) == (None, [], None)


def test_short_definition_state_is_kept_and_editable():
    ident, piece = parse_definition("+/null/mark;Side\tpiece;;;a.png;A/null;12;34")
    assert piece.state == "null;12;34" and piece.traits[0].state == "null;12;34"
    assert piece.basic.state is None
    again = Piece(piece.traits)
    assert again.state == "null;12;34"
    piece.fill_states()
    assert piece.state == "null;12;34\tnull;0;0;;0"


def test_definition_without_state_and_bad_definitions():
    ident, piece = parse_definition("+/null/piece;;;a.png;A")
    assert piece.state is None and encode_definition(piece) == "+/null/piece;;;a.png;A"
    with pytest.raises(BadInput, match="not a piece definition"):
        parse_definition("piece;;;a.png;A", "game.vmod: PieceSlot 'A'")
    with pytest.raises(BadInput, match="no piece type"):
        parse_definition("+/null")


def test_edited_piece_is_rewritten_and_slash_escaped():
    ident, piece = parse_definition("+/null/piece;;;a.png;1\\/2 Inf/null;0;0;5;0")
    assert piece.basic.name == "1/2 Inf"
    piece.basic.name = "2/3 Inf"
    assert encode_definition(piece) == "+/null/piece;;;a.png;2\\/3 Inf/null;0;0;5;0"


# -- prototypes ---------------------------------------------------------------------

def _proto(*traits) -> Piece:
    return Piece([*traits, BasicPiece.new()]).fill_states()


def test_expansion_replaces_references_and_drops_comments():
    prototypes = {
        "Army": _proto(Marker.new({"Side": "German"}), Prototype.new("Unit")),
        "Unit": _proto(MovementMarkable.new(), Comment.new(comment="why")),
    }
    slot = Piece([Labeler.new(), Prototype.new("Army"), Comment.new(), BasicPiece.new("a.png", "A")]).fill_states()
    expanded = expand_prototypes(slot, prototypes)
    assert [t.prefix for t in expanded.traits] == ["label;", "mark;", "markmoved;", "piece;"]
    assert expanded.basic.name == "A" and expanded.marker_properties == {"Side": "German"}
    assert slot.prototypes == ["Army"]  # the slot itself is not changed
    assert expand_prototypes(slot, {}).traits[-1] == slot.traits[-1]  # missing: dropped, as VASSAL does
    with pytest.raises(BadInput, match="no prototype named 'Army'"):
        expand_prototypes(slot, {}, strict=True)


def test_prototype_cycles_are_bad_input():
    prototypes = {"A": _proto(Prototype.new("B")), "B": _proto(Marker.new({"x": "1"}), Prototype.new("A"))}
    with pytest.raises(BadInput, match="prototype cycle: A -> B -> A"):
        expand_prototypes(_proto(Prototype.new("A")), prototypes)


def test_prototype_parameters_are_substituted_in_the_whole_definition():
    prototypes = {"Unit": _proto(Marker.new({"Side": "$side$", "Name": "$pieceName$"}))}
    slot = _proto(Prototype.new("Unit", {"side": "Norway"}))
    expanded = expand_prototypes(slot, prototypes)
    # a parameter is replaced; any other $name$ becomes its bare name, as FormattedString does
    assert expanded.marker_properties == {"Side": "Norway", "Name": "pieceName"}
    plain = expand_prototypes(_proto(Prototype.new("Unit")), prototypes)
    assert plain.marker_properties == {"Side": "$side$", "Name": "$pieceName$"}


def test_legacy_layer_format():
    # emb; + activateKey;resetCommand;... (one nested field), activate command ("_" = draw underneath),
    # up key, up command, down key, down command, x, y offsets, then one image,name field per level
    piece = decode_piece("emb;A;_Flip;];Up;[;Down;3;4;front.gif,Front;back.gif,+ back\tpiece;;;b.gif;Unit",
                         "-2\tnull;0;0;;0")
    layer = piece.layers[0]
    assert (layer.level_images, layer.level_names) == (["front.gif", "back.gif"], ["Front", "+ back"])
    assert (layer.x_offset, layer.y_offset, layer.activate_key) == (3, 4, "A")
    assert layer.draw_underneath_when_selected
    assert (layer.level, layer.active, piece.name) == (1, False, "Unit")
    layer.active = True
    assert piece.name == "Unit back" and piece.state == "2\tnull;0;0;;0"
    assert piece.images == ["b.gif", "front.gif", "back.gif"]
