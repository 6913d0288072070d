"""``decode`` and ``encode``: the stored stream out as text, and an edited text back into a save."""

from __future__ import annotations

import shutil
import zipfile

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from vassal_tools.cli import main
from vassal_tools.formats import commands as cmd
from vassal_tools.formats.commands import decode_commands, encode_commands
from vassal_tools.formats.files import open_file
from vassal_tools.formats.logsteps import read_stream

ESC = "\x1b"


def corpus(path: str):
    full = CORPUS / path
    if not full.exists():
        pytest.skip(f"{full} is absent")
    return full


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def entries(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def test_decode_prints_the_stream_exactly(tmp_path):
    log = corpus("logs/vasl__4players.vlog")
    result = run("decode", log)
    assert result.exit_code == 0
    assert result.stdout_bytes == open_file(log).stream.encode("utf-8")
    assert run("decode", log, "-o", tmp_path / "s.txt").exit_code == 0
    assert (tmp_path / "s.txt").read_bytes() == result.stdout_bytes


def test_decode_then_encode_gives_back_the_same_entries(tmp_path):
    original = corpus("logs/zxvt__5x5_startup.vlog")
    assert run("decode", original, "-o", tmp_path / "s.txt").exit_code == 0
    result = run("encode", tmp_path / "s.txt", "--like", original, "-o", tmp_path / "out.vlog")
    assert result.exit_code == 0, result.output
    assert entries(tmp_path / "out.vlog") == entries(original)


def test_utf8_name_survives_decode_edit_encode(tmp_path):
    original = corpus("logs/zxvt__5x5_startup.vlog")
    text = open_file(original).stream
    commands = decode_commands(text) + [cmd.LogCommand(cmd.Chat("CHAT&lt;Jürgen&gt; - Grüße aus Narvik"))]
    edited = encode_commands(commands)
    (tmp_path / "s.txt").write_bytes(edited.encode("utf-8"))
    result = run("encode", tmp_path / "s.txt", "--like", original, "-o", tmp_path / "out.vlog")
    assert result.exit_code == 0, result.output

    written = entries(tmp_path / "out.vlog")
    assert written["savedGame"][:7] == entries(original)["savedGame"][:7]  # !VCSK and the same key
    assert {k: v for k, v in written.items() if k != "savedGame"} == \
        {k: v for k, v in entries(original).items() if k != "savedGame"}
    assert open_file(tmp_path / "out.vlog").stream == edited
    assert run("decode", tmp_path / "out.vlog").stdout_bytes == edited.encode("utf-8")
    last = read_stream(edited).steps[-1].commands[-1]
    assert last.line.player == "Jürgen" and last.line.message == "Grüße aus Narvik"


def test_encode_keeps_upper_case_hex_of_old_saves(tmp_path):
    original = corpus("saves/tld__scenarios_scenario_1.vsav")
    (tmp_path / "s.txt").write_text(open_file(original).stream + ESC + "CHAT<Joel> - edited", encoding="utf-8")
    assert run("encode", tmp_path / "s.txt", "--like", original, "-o", tmp_path / "out.vsav").exit_code == 0
    body = entries(tmp_path / "out.vsav")["savedGame"][5:]
    assert body == body.upper()
    assert open_file(tmp_path / "out.vsav").stream.endswith("CHAT<Joel> - edited")


def test_encode_like_a_plain_text_save_writes_plain_text(tmp_path):
    original = corpus("edge/tld__scenarios_scenario_5.sav")
    (tmp_path / "s.txt").write_bytes(original.read_bytes().replace(b"end_save", b"end_save\x1bCHAThi"))
    assert run("encode", tmp_path / "s.txt", "--like", original, "-o", tmp_path / "out.sav").exit_code == 0
    assert (tmp_path / "out.sav").read_bytes() == (tmp_path / "s.txt").read_bytes()


def test_encode_never_overwrites_the_original_without_force(tmp_path):
    original = tmp_path / "game.vsav"
    shutil.copy(corpus("saves/kassala__Default_Setup.vsav"), original)
    before = original.read_bytes()
    (tmp_path / "s.txt").write_text(open_file(original).stream + ESC + "CHAThi", encoding="utf-8")

    refused = run("encode", tmp_path / "s.txt", "--like", original, "-o", original)
    assert refused.exit_code == 2 and "--force" in refused.output
    assert original.read_bytes() == before

    forced = run("encode", tmp_path / "s.txt", "--like", original, "-o", original, "--force")
    assert forced.exit_code == 0, forced.output
    assert open_file(original).stream.endswith("CHAThi")


@pytest.mark.parametrize("data, fault", [
    (b"begin_save\x1b\xfcber\x1bend_save", "not UTF-8"),
    (b"\xef\xbb\xbfbegin_save\x1bend_save", "byte-order mark"),
])
def test_encode_refuses_text_vassal_would_misread(tmp_path, data, fault):
    (tmp_path / "s.txt").write_bytes(data)
    result = run("encode", tmp_path / "s.txt", "--like", corpus("saves/vasl__empty.vsav"), "-o", tmp_path / "o.vsav")
    assert result.exit_code == 2 and fault in result.output
    assert not (tmp_path / "o.vsav").exists()


def test_decode_of_a_missing_file_is_one_line(tmp_path):
    result = run("decode", tmp_path / "nope.vsav")
    assert result.exit_code == 2 and "no such file" in result.output
