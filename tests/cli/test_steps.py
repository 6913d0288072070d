"""Logs as steps: one step per top-level LOG token after end_save, undo, and steps in words."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from conftest import CORPUS, corpus_params, load_vectors
from vassal_tools.cli import main
from vassal_tools.formats import commands as cmd
from vassal_tools.formats.commands import decode_commands, walk
from vassal_tools.formats.files import open_file
from vassal_tools.formats.logsteps import read_stream, split_stream
from vassal_tools.formats.sequence import decode, encode
from vassal_tools.report.stepwords import StepContext, context_for, describe_step

ESC = "\x1b"


def corpus(path: str):
    full = CORPUS / path
    if not full.exists():
        pytest.skip(f"{full} is absent")
    return full


def vector(what_starts: str) -> str:
    (case,) = [c for c in load_vectors("pieces_commands.json")["commands"] if c["what"].startswith(what_starts)]
    return case["encoded"]


def top_level_log_tokens(text: str) -> int:
    """Counted without the command tree: real top-level ESC tokens after end_save starting LOG⇥."""
    tokens = decode(text, ESC)
    end = next(i for i, t in enumerate(tokens) if t.strip() == "end_save")
    return sum(t.startswith("LOG\t") for t in tokens[end + 1:])


@pytest.mark.parametrize("path", corpus_params("log") + corpus_params("save"))
def test_one_step_per_top_level_log_token(path):
    game = open_file(path)
    stream = split_stream(game.commands)
    assert len(stream.steps) == top_level_log_tokens(game.stream)
    assert [s.number for s in stream.steps] == list(range(1, len(stream.steps) + 1))
    assert all(isinstance(c, cmd.EndSave) for c in stream.restore[-1:])
    for step in stream.steps:
        assert not any(isinstance(c, (cmd.LogCommand, cmd.CommandList)) for c in step.commands)


def test_log_skeleton_steps_and_undo():
    stream = read_stream(vector("log skeleton"))
    assert [type(c) for c in stream.restore] == [cmd.BeginSave, cmd.EndSave]
    first, chat, undo = stream.steps
    assert [type(c) for c in first.commands] == [cmd.MovePiece, cmd.Chat]
    assert chat.commands[0].line.player == "Bob"
    assert [type(c) for c in undo.commands] == [cmd.Undo, cmd.Chat, cmd.MovePiece, cmd.Undo]
    assert undo.is_undo and undo.undoes == 1
    assert not first.is_undo and first.undoes is None


def test_legacy_undo_is_found_by_its_chat_line():
    # VASSAL 2.9 wrote no UNDO markers: an undone chat comes back as "* UNDO: <text>".
    stream = split_stream(open_file(corpus("logs/tld__0606-1.vlog")).commands)
    undos = [s for s in stream.steps if s.is_undo]
    assert undos
    for step in undos:
        undone = stream.steps[step.undoes - 1]
        said = [c.text for c in undone.commands if isinstance(c, cmd.Chat)]
        assert [c.text for c in step.commands if isinstance(c, cmd.Chat)] == ["* UNDO: " + t for t in said]


def test_non_log_token_after_end_save_runs_at_load():
    text = encode(["begin_save", "end_save", "CHAT<rk> - Welcome", "LOG\tCHAT<rk> - hi"], ESC)
    stream = read_stream(text)
    assert [loaded.position for loaded in stream.at_load] == [2]
    assert len(stream.steps) == 1 and stream.steps[0].position == 3


def tank_log() -> str:
    """The oracle's save skeleton (a Tank AddPiece) followed by the oracle's log steps."""
    restore = decode_commands(vector("saved-game skeleton"))
    steps = decode(vector("log skeleton"), ESC)[2:]
    return encode([c.encode() for c in restore] + steps, ESC)


def test_describe_steps_with_piece_names_from_the_restore_part():
    stream = read_stream(tank_log())
    context = context_for(stream)
    words = [describe_step(step, context) for step in stream.steps]
    assert words[0] == ["moved Tank from (412,300) to (500,350) on Main Map", "* Tank moves *"]
    assert words[1] == ["<Bob> hi"]
    assert words[2][0] == "undo of step 1"
    assert "moved Tank from (500,350) to (412,300) on Main Map" in words[2]


def test_describe_uses_the_locate_hook():
    stream = read_stream(tank_log())
    spots = {(412, 300): "0203", (500, 350): "0304"}
    context = context_for(stream, locate=lambda map_name, x, y: spots.get((x, y)))
    assert describe_step(stream.steps[0], context)[0] == "moved Tank from 0203 to 0304 on Main Map"


def test_pieces_added_during_the_log_are_named_later():
    add = vector("AddPiece").replace("null;0;0", "Main Map;1;1")
    text = encode(["begin_save", "end_save", "LOG\t" + add, "LOG\t-/1700000000001"], ESC)
    stream = read_stream(text)
    context = StepContext()
    assert describe_step(stream.steps[0], context) == ["added Tank"]
    assert describe_step(stream.steps[1], context) == ["removed Tank"]


def test_dice_roll_in_words():
    text = encode(["begin_save", "end_save", encode([
        "LOG\tCHAT*** 2d6 = 3,5 *** &lt;Alice&gt;",
        "LOG\tMutableProperty\t2d6_result\t1,1\t3,5\tModule"], ESC)], ESC)
    (step,) = read_stream(text).steps
    assert describe_step(step, StepContext()) == ["Alice rolled 2d6: 3,5"]


VASL_DICE = re.compile(r"\*\*\* \((?P<name>[^)]+)\) (?P<result>[\d,]+) \*\*\*\s+<(?P<player>[^>]+)>")
VASL_CHAT = re.compile(r"<(?P<player>[^>]+)> - (?P<text>.*)", re.S)


@pytest.mark.parametrize("path", [p for p in corpus_params("log") if p.values[0] is None or "vasl" in p.id])
def test_vasl_chat_and_dice_have_player_names(path):
    chats = [c for c in walk(open_file(path).commands) if isinstance(c, cmd.Chat)]
    assert chats
    for chat in chats:
        line = chat.line
        if dice := VASL_DICE.match(chat.text):
            assert line.kind == "dice"
            assert line.dice.name == f"({dice['name']})"
            assert line.dice.values == tuple(int(v) for v in dice["result"].split(","))
            assert line.player == dice["player"]
        elif said := VASL_CHAT.match(chat.text):
            assert (line.kind, line.player, line.message) == ("player", said["player"], said["text"])


def test_vasl_dice_players():
    chats = [c.line for c in walk(open_file(corpus("logs/vasl__4players.vlog")).commands)
             if isinstance(c, cmd.Chat)]
    assert {line.player for line in chats if line.kind == "dice"} == {"Alice", "Bob", "Chuck", "Dave"}


def test_steps_cli_text_and_json(tmp_path):
    log = corpus("logs/zxvt__5x5_startup.vlog")
    text = CliRunner().invoke(main, ["steps", str(log)])
    assert text.exit_code == 0, text.output
    numbered = [line for line in text.output.splitlines() if re.match(r"\d+\. ", line)]
    assert len(numbered) == top_level_log_tokens(open_file(log).stream)
    assert numbered[0].startswith("1. added ")

    as_json = CliRunner().invoke(main, ["steps", "--json", str(log)])
    assert as_json.exit_code == 0
    steps = json.loads(as_json.output)
    assert [s["number"] for s in steps] == list(range(1, len(numbered) + 1))
    assert steps[0]["commands"][0]["command"] == "AddPiece"


def test_steps_cli_rejects_a_module():
    result = CliRunner().invoke(main, ["steps", str(corpus("modules/zxvt__CaptureOfTheTerritory.vmod"))])
    assert result.exit_code == 2
    assert "not a saved game or log" in result.output


def test_steps_with_module_name_hexes_of_every_move_on_the_hex_map():
    import re

    from click.testing import CliRunner

    from conftest import CORPUS
    from vassal_tools.cli import main

    log, module = CORPUS / "logs" / "tld__0608-2.vlog", CORPUS / "modules" / "tld__TheLongestDay_tmp.vmod"
    if not (log.exists() and module.exists()):
        pytest.skip("corpus absent")
    result = CliRunner().invoke(main, ["steps", str(log), "--module", str(module)])
    assert result.exit_code == 0, result.output
    moves = [line for line in result.output.splitlines() if " on Normandy" in line and "moved" in line]
    assert moves
    # The Normandy board carries a numbered hex grid: every spot on it is a four-digit hex.
    for line in moves:
        spots = re.findall(r"(?:from|to) (\S+)(?= on Normandy| to )", line)
        assert spots and all(re.fullmatch(r"\d{4}", s) for s in spots if not s.startswith("(")), line
