"""The command stream: decoding as GameModule.decode does, and re-encoding byte for byte."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CORPUS, VECTORS, corpus_params, load_vectors
from vassal_tools.formats import commands as cmd
from vassal_tools.formats.chatlines import read_chat
from vassal_tools.formats.commands import decode_commands, encode_commands, walk
from vassal_tools.formats.files import open_file
from vassal_tools.formats.sequence import decode, encode

ESC = "\x1b"

if not VECTORS.exists():  # the vectors parametrize this module, so skip it whole
    pytest.skip(f"{VECTORS} is absent: place the shared material beside the checkout", allow_module_level=True)


def vector(what_starts: str) -> dict:
    cases = [c for c in load_vectors("pieces_commands.json")["commands"] if c["what"].startswith(what_starts)]
    assert len(cases) == 1, what_starts
    return cases[0]


def _java(value) -> str:
    return "null" if value is None else str(value)


def java_to_string(commands) -> str:
    """What VASSAL's Command.toString prints for the decoded tree (NullCommands print nothing)."""
    names = []
    for c in walk(commands, unwrap_logs=False):
        if isinstance(c, cmd.NullCommand):
            continue
        if isinstance(c, (cmd.BeginSave, cmd.EndSave)):
            names.append("SetupCommand")
        elif isinstance(c, cmd.MovePiece):
            names.append(f"MovePiece[id={c.id},map={_java(c.new_map)},position=java.awt.Point[x={c.new_x},"
                         f"y={c.new_y}],under={_java(c.new_under)}]")
        elif isinstance(c, cmd.ChangePiece):
            names.append(f"ChangePiece[id={c.id},oldState={_java(c.old_state)},newState={c.new_state}]")
        elif isinstance(c, cmd.Chat):
            names.append(f"DisplayText[{c.text}]")
        else:
            names.append(type(c).__name__)
    return "+".join(names)


@pytest.mark.parametrize("case", load_vectors("pieces_commands.json")["decode_roundtrip"],
                         ids=lambda c: c["decoded_toString"][:40])
def test_decode_matches_vassal_and_reencodes_identically(case):
    commands = decode_commands(case["encoded"])
    assert java_to_string(commands) == case["decoded_toString"]
    # VASSAL's own re-encoding loses the NullCommand structure; ours must not.
    assert encode_commands(commands) == case["encoded"]


@pytest.mark.parametrize("case", load_vectors("pieces_commands.json")["commands"], ids=lambda c: c["what"][:40])
def test_command_vectors_roundtrip(case):
    commands = decode_commands(case["encoded"])
    assert encode_commands(commands) == case["encoded"]
    if "top_level_tokens" in case:
        assert [c.encode() for c in commands] == case["top_level_tokens"]
    assert not any(isinstance(c, cmd.Unknown) for c in walk(commands))


def test_add_piece_fields():
    (add,) = decode_commands(vector("AddPiece")["encoded"])
    assert isinstance(add, cmd.AddPiece)
    assert add.id == "1700000000001"
    assert add.type == "mark;Side\tpiece;;;Tank.png;Tank"
    assert add.state == "German\tnull;0;0;17;1;UniqueID;1700000000001"


def test_move_piece_all_fields():
    (move,) = decode_commands(vector("MovePiece onto a stack")["encoded"])
    assert (move.id, move.new_map, move.new_x, move.new_y, move.new_under) == (
        "1700000000001", "Main Map", 500, 350, "1700000000009")
    assert (move.old_map, move.old_x, move.old_y, move.old_under, move.player_id) == ("Main Map", 412, 300, None, "")
    (first,) = decode_commands(vector("MovePiece(id")["encoded"])
    assert first.old_map is None and first.player_id == "secretpw"


def test_change_piece_new_state_first_and_optional_old():
    (change,) = decode_commands(vector("ChangePiece(id")["encoded"])
    assert change.new_state.startswith("Soviet") and change.old_state.startswith("German")
    (bare,) = decode_commands(vector("ChangePiece without")["encoded"])
    assert (bare.id, bare.new_state, bare.old_state) == ("X1", "s2", None)


def test_remove_piece():
    (remove,) = decode_commands(vector("RemovePiece")["encoded"])
    assert isinstance(remove, cmd.RemovePiece) and remove.id == "1700000000001"


def test_null_command_list_keeps_its_empty_head():
    commands = decode_commands(vector("NullCommand")["encoded"])
    assert [type(c) for c in commands] == [cmd.NullCommand, cmd.AddPiece, cmd.RemovePiece]
    (_, restore_pieces) = decode_commands(encode(["begin_save", encode_commands(commands)], ESC))
    assert isinstance(restore_pieces, cmd.CommandList)
    assert [type(c) for c in restore_pieces.children] == [cmd.NullCommand, cmd.AddPiece, cmd.RemovePiece]


@pytest.mark.parametrize("raw, kind, fields", [
    ("LOG\tUNDO\ttrue", cmd.LogCommand, {}),
    ("UNDO\tfalse", cmd.Undo, {"in_progress": False}),
    ("MutableProperty\t2d6_result\t1,2\t3,5\tModule", cmd.PropertyChange,
     {"name": "2d6_result", "old_value": "1,2", "new_value": "3,5", "container": "Module", "dice_button": "2d6"}),
    ("GlobalProperty\t;AxisCVP;0;Casualties", cmd.GlobalPropertyRestore,
     {"name": "AxisCVP", "value": "0", "container": "Casualties"}),
    ("TURNTurnTracker0\t0|1;0;true;13", cmd.TurnState, {"tracker_id": "TurnTracker0", "state": "0|1;0;true;13"}),
    ("PLAYER\tfoo\tJoel\tAllies", cmd.PlayerAdd, {"player_id": "foo", "name": "Joel", "side": "Allies"}),
    ("PYREMOVE\tfoo", cmd.PlayerRemove, {"player_id": "foo"}),
    ("SETUP_STACK\t", cmd.SetupStackMarker, {}),
    ("NOTES\tline one|line two", cmd.Notes, {"kind": "NOTES", "text": "line one|line two"}),
    ("EXT\tVASLOverlays\t1.01", cmd.ExtensionUsed, {"name": "VASLOverlays", "version": "1.01"}),
    ("SHOW_RESULTS\tSpecialDice0\t3\t0", cmd.DiceResults, {"button": "SpecialDice0", "faces": [3, 0]}),
    ("CLOCKCONTROL\tfalse\tfalse", cmd.ComponentState, {"kind": "CLOCKCONTROL", "fields": ["false", "false"]}),
    ("CHECK\trunningVassalVersion<2.9.8\tALERT\\\tVersion mismatch.", cmd.VersionCheck,
     {"condition": "runningVassalVersion<2.9.8", "message": "Version mismatch."}),
    ("end_save\n", cmd.EndSave, {}),
    ("INFO\tAxis\tAxis", cmd.Unknown, {"prefix": "INFO"}),
    ("M/1/Map/x/0/null/null/0/0/null/", cmd.Unknown, {}),
])
def test_typed_commands(raw, kind, fields):
    (command,) = decode_commands(raw)
    assert isinstance(command, kind)
    for name, value in fields.items():
        assert getattr(command, name) == value
    assert command.encode() == raw


def test_board_picker_map_name_is_a_prefix():
    (boards,) = decode_commands("Main MapBoardPicker\tplain/rev\t1\t0\tplain\t0\t0")
    assert isinstance(boards, cmd.SetBoards)
    assert boards.map_name == "Main Map"
    assert boards.boards == [cmd.BoardPlacement("plain", True, 1, 0), cmd.BoardPlacement("plain", False, 0, 0)]
    (empty,) = decode_commands("Turn TrackBoardPicker")
    assert isinstance(empty, cmd.SetBoards) and empty.map_name == "Turn Track" and empty.boards == []


def test_log_command_wraps_one_command():
    (log,) = decode_commands("LOG\tM/1/Main Map/5/6/null/null/0/0/null/pw")
    assert isinstance(log, cmd.LogCommand) and isinstance(log.inner, cmd.MovePiece)


# Trees of tokens as VASSAL's encoder writes them, with the awkward characters.
_leaf = st.text(alphabet="ab\\'\t/;", max_size=6) | st.sampled_from(["LOG\tCHATx", "LOG\t", "'x'", "\\"])
_tree = st.recursive(_leaf, lambda inner: st.lists(inner, min_size=1, max_size=4), max_leaves=12)


def _vassal_encode(node) -> str:
    return node if isinstance(node, str) else encode([_vassal_encode(n) for n in node], ESC)


@settings(max_examples=150, deadline=None)
@given(_tree)
def test_any_encoded_tree_reencodes_identically(tree):
    text = _vassal_encode(tree)
    assert encode_commands(decode_commands(text)) == text


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([ESC, "\\", "'", "a", "LOG\t", "M/", "/"]), max_size=12).map("".join))
def test_even_hand_made_text_reencodes_identically(text):
    assert encode_commands(decode_commands(text)) == text


def test_edited_children_are_encoded_not_the_stored_text():
    commands = decode_commands("'x'" + ESC + "b")  # a hand-quoted token VASSAL would not write
    assert encode_commands(commands) == "'x'" + ESC + "b"
    commands[1] = cmd.Chat("CHAThi")
    assert encode_commands(commands) == "x" + ESC + "CHAThi"


def _stream_files():
    params = corpus_params("save") + corpus_params("log")
    edge = sorted((CORPUS / "edge").glob("*.sav")) if (CORPUS / "edge").is_dir() else []
    return params + [pytest.param(p, id=p.name) for p in edge]


@pytest.mark.parametrize("path", _stream_files())
def test_corpus_stream_reencodes_byte_for_byte(path):
    text = open_file(path).stream
    commands = decode_commands(text)
    assert encode_commands(commands) == text
    # Every command with a prefix we know was read (Unknown only for module-specific ones).
    assert [c.raw for c in walk(commands) if isinstance(c, cmd.Unknown) and c.problem] == []
    top = decode(text, ESC)
    assert len(commands) == len(top)


@pytest.mark.parametrize("case", load_vectors("dicebutton.json")["cases"], ids=lambda c: c["reportFormat"][:20])
def test_dice_button_reports(case):
    line = read_chat(case["chat_text"])
    if case["reportFormat"].lstrip("*").startswith(" $name$ = $result$"):
        assert line.kind == "dice"
        assert line.dice.name == case["name"]
        assert line.dice.result == case["result_property"]
        assert line.dice.player is None  # the oracle had no player logged in
    else:
        assert line.kind == "report" and line.dice is None


@pytest.mark.parametrize("text, kind, player, message", [
    ("&lt;Alice&gt; - hello, world", "player", "Alice", "hello, world"),
    ("<Joel> - Remember to Begin a Log File!", "player", "Joel", "Remember to Begin a Log File!"),
    ("<> - who am I", "anonymous", None, "who am I"),
    ("* Tank moves 0203 -> 0304 *", "report", None, "* Tank moves 0203 -> 0304 *"),
    ("- Game saved", "system", None, "- Game saved"),
    (" ", "blank", None, " "),
    ("*** 2d6 = 3,5 *** &lt;Alice&gt;", "dice", "Alice", "*** 2d6 = 3,5 *** &lt;Alice&gt;"),
    ("*** d6 = 2 *** <Joel>", "dice", "Joel", "*** d6 = 2 *** <Joel>"),
    ("<Joel> - *** d6 = 2 *** <Joel>", "player", "Joel", "*** d6 = 2 *** <Joel>"),
])
def test_chat_lines(text, kind, player, message):
    line = read_chat(text)
    assert (line.kind, line.player, line.message) == (kind, player, message)


def test_dice_values_of_old_and_vasl_forms():
    assert read_chat("*** d6 = 2 *** <Joel>").dice.values == (2,)
    vasl = read_chat("*** (IFT DR) 3,1 ***   <Alice>      [2 / 6   avg   4.00 (6.50)]    (01.21)").dice
    assert (vasl.name, vasl.values, vasl.player) == ("(IFT DR)", (3, 1), "Alice")
