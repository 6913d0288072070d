"""Editing a buildFile through the views: building from scratch, appending, removing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vassal_tools.formats.buildfile import BuildFile
from vassal_tools.formats.components import Component
from vassal_tools.formats.java import java_trim
from vassal_tools.formats.mapviews import Board, BoardPicker, Map, SetupStack
from vassal_tools.formats.moduleviews import PieceSlot, Prototype

TAB = "\t"

# A small module laid out the way VASSAL writes one (compare the corpus files):
# declaration with standalone="no", four-space indent, attributes in alphabetical
# order, empty elements self-closed, slot text inline with raw tabs.
EXPECTED = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.0" description="" name="Test" nextPieceSlotId="1" version="1.0">
    <VASSAL.build.module.BasicCommandEncoder/>
    <VASSAL.build.module.PlayerRoster>
        <entry>Allies</entry>
        <entry>Axis</entry>
    </VASSAL.build.module.PlayerRoster>
    <VASSAL.build.module.Map edgeHeight="0" edgeWidth="0" mapName="Main">
        <VASSAL.build.module.map.BoardPicker>
            <setup>MainBoardPicker{TAB}Board{TAB}0{TAB}0</setup>
            <VASSAL.build.module.map.boardPicker.Board image="board.png" name="Board" reversible="false"/>
        </VASSAL.build.module.map.BoardPicker>
        <VASSAL.build.module.map.SetupStack location="0101" name="Start" owningBoard="Board" useGridLocation="true" x="0" y="0">
            <VASSAL.build.widget.PieceSlot entryName="Tank" gpid="0" height="60" width="60">+/null/piece;;;tank.png;Tank/null;0;0;0;0</VASSAL.build.widget.PieceSlot>
        </VASSAL.build.module.map.SetupStack>
    </VASSAL.build.module.Map>
</VASSAL.build.GameModule>
"""


def build_small_module() -> BuildFile:
    bf = BuildFile.new(
        "module",
        {"name": "Test", "version": "1.0", "VassalVersion": "3.7.0", "description": "", "nextPieceSlotId": 0},
    )
    bf.append(Component.new(tag="VASSAL.build.module.BasicCommandEncoder"))
    bf.append(Component.new(tag="VASSAL.build.module.PlayerRoster"))
    bf.player_sides = ["Allies", "Axis"]
    game_map = bf.append(Map.new({"mapName": "Main", "edgeWidth": 0, "edgeHeight": 0}))
    picker = game_map.append(BoardPicker.new())
    picker.append(Board.new({"name": "Board", "image": "board.png", "reversible": False}))
    picker.setup = f"MainBoardPicker{TAB}Board{TAB}0{TAB}0"
    stack = game_map.append(
        SetupStack.new({"name": "Start", "owningBoard": "Board", "useGridLocation": True, "location": "0101"})
    )
    slot = PieceSlot.new({"entryName": "Tank", "gpid": bf.allocate_gpid(), "width": 60, "height": 60})
    slot.text = "+/null/piece;;;tank.png;Tank/null;0;0;0;0"
    stack.append(slot)
    return bf


def test_module_built_from_scratch_is_laid_out_like_vassal():
    bf = build_small_module()
    assert bf.to_bytes().decode("utf-8") == EXPECTED


def test_module_built_from_scratch_reads_back():
    bf = BuildFile.from_bytes(build_small_module().to_bytes(), "built.vmod")
    (game_map,) = bf.maps
    assert (game_map.name, game_map.map_id, game_map.edge) == ("Main", "Map0", (0, 0))
    assert game_map.board_picker.setup == f"MainBoardPicker{TAB}Board{TAB}0{TAB}0"
    (stack,) = game_map.setup_stacks
    assert (stack.use_grid_location, stack.location) == (True, "0101")
    (slot,) = bf.piece_slots
    assert (slot.entry_name, slot.gpid, slot.width, slot.height) == ("Tank", "0", 60, 60)
    assert bf.player_sides == ["Allies", "Axis"]
    assert bf.next_piece_slot_id == 1


def test_views_write_live_into_the_tree():
    bf = BuildFile.from_bytes(build_small_module().to_bytes())
    board = bf.maps[0].boards[0]
    board.reversible = True
    board.width = 800
    board.color = None  # absent stays absent
    board.name = None  # None removes an attribute
    bf.piece_slots[0].text = "+/null/piece;;;tank2.png;Tank/null;0;0;0;0"
    bf.maps[0].board_picker.setup = None
    out = BuildFile.from_bytes(bf.to_bytes())
    board = out.maps[0].boards[0]
    assert (board.reversible, board.width, board.element.get("name")) == (True, 800, None)
    assert out.piece_slots[0].text.endswith("tank2.png;Tank/null;0;0;0;0")
    assert out.maps[0].board_picker.setup is None
    assert b"<setup>" not in out.to_bytes()


def test_append_and_remove_keep_the_surrounding_layout():
    original = EXPECTED.encode("utf-8")
    bf = BuildFile.from_bytes(original)
    stack = bf.maps[0].setup_stacks[0]
    added = stack.append(PieceSlot.new({"entryName": "Jeep", "gpid": "9", "width": 60, "height": 60}, text="+/null/x/y"))
    lines = bf.to_bytes().decode("utf-8").splitlines()
    tank, jeep = (next(line for line in lines if f'entryName="{n}"' in line) for n in ("Tank", "Jeep"))
    assert len(tank) - len(tank.lstrip()) == len(jeep) - len(jeep.lstrip()) == 12
    assert lines.index(jeep) == lines.index(tank) + 1
    added.remove()
    assert bf.to_bytes() == original
    first = bf.maps[0].setup_stacks[0].piece_slots[0]
    first.remove()
    assert "<VASSAL.build.module.map.SetupStack " in bf.to_bytes().decode() and bf.piece_slots == []


def test_crlf_files_stay_crlf_when_edited():
    original = EXPECTED.replace("\n", "\r\n").encode("utf-8")
    bf = BuildFile.from_bytes(original)
    assert bf.to_bytes() == original
    bf.append(Prototype.new({"name": "Unit"}, text="+/null/piece;;;;/null;0;0"))
    out = bf.to_bytes()
    assert out.count(b"\n") == out.count(b"\r\n")
    assert BuildFile.from_bytes(out).prototypes[0].text == "+/null/piece;;;;/null;0;0"


def test_components_finds_by_class_suffix_including_unknown_classes():
    data = EXPECTED.replace(
        "<VASSAL.build.module.BasicCommandEncoder/>",
        '<VASSAL.build.module.BasicCommandEncoder/>\n    <my.custom.Thing a="1"><!-- note --></my.custom.Thing>',
    ).encode()
    bf = BuildFile.from_bytes(data)
    (thing,) = bf.components("Thing")
    assert (thing.tag, thing.attributes) == ("my.custom.Thing", {"a": "1"})
    assert [c.tag for c in bf.components("map.boardPicker.Board")] == ["VASSAL.build.module.map.boardPicker.Board"]
    assert bf.to_bytes() == data


# --- round trips of arbitrary values ---------------------------------------------------

# Characters XML 1.0 can carry (lxml refuses the others).
xml_text = st.text(
    st.characters(
        blacklist_categories=("Cs",),
        blacklist_characters="".join(chr(c) for c in range(32) if c not in (9, 10, 13)) + "\ufffe\uffff",
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(value=xml_text, crlf=st.booleans())
def test_any_attribute_value_survives_a_round_trip(value, crlf):
    data = EXPECTED.replace("\n", "\r\n") if crlf else EXPECTED
    bf = BuildFile.from_bytes(data.encode())
    bf.maps[0].name = value
    bf.maps[0].boards[0].set("image", value)
    out = BuildFile.from_bytes(bf.to_bytes())
    assert out.maps[0].name == value
    assert out.maps[0].boards[0].image == value


@settings(max_examples=150, deadline=None)
@given(value=xml_text, crlf=st.booleans())
def test_any_slot_text_survives_a_round_trip(value, crlf):
    data = EXPECTED.replace("\n", "\r\n") if crlf else EXPECTED
    bf = BuildFile.from_bytes(data.encode())
    bf.piece_slots[0].text = value
    out = BuildFile.from_bytes(bf.to_bytes())
    # VASSAL trims slot text when it reads it (Builder.getText)
    assert out.piece_slots[0].text == java_trim(value)


def test_lexical_forms_lxml_cannot_write_survive_until_edited():
    # '<a></a>', single quotes and a character reference: lxml writes these differently
    data = (
        b"<?xml version='1.0'?>\n<VASSAL.build.GameModule name='T' version=\"1\">"
        b"<VASSAL.build.module.Documentation></VASSAL.build.module.Documentation>&#65;"
        b"</VASSAL.build.GameModule>"
    )
    bf = BuildFile.from_bytes(data)
    assert bf.to_bytes() == data
    bf.description = "d"
    out = bf.to_bytes()
    assert out != data and BuildFile.from_bytes(out).description == "d"
    bf.element.attrib.pop("description")
    assert bf.to_bytes() == data  # canonically the input again: the input's own bytes
