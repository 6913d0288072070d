"""A file cut short is reported where it stops, with exit 2; never read as a smaller game (issue 8.3)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import CORPUS
from kits.mini_module import LogWriter
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.formats.commands import decode_commands
from vassal_tools.formats.integrity import find_damage, stream_damage
from vassal_tools.formats.obfuscation import obfuscate
from vassal_tools.games.play import record_log

TLD_LOG = CORPUS / "logs" / "tld__0606-1.vlog"


def _all_corpus_games():
    manifest = CORPUS / "MANIFEST.json"
    if not manifest.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus is absent"))]
    entries = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    return [pytest.param(CORPUS / e["local_path"], id=Path(e["local_path"]).name)
            for e in entries if e["kind"] in ("save", "log")]


@pytest.mark.parametrize("path", _all_corpus_games())
def test_no_real_file_is_called_damaged(path):
    game = vassal_tools.open(path)
    assert find_damage(game.commands, len(game.stream)) is None


def _rezipped(source: Path, out: Path, keep) -> Path:
    """SOURCE with its savedGame stream cut by KEEP(stream) and stored again, a valid zip."""
    game = vassal_tools.open(source)
    cut = keep(game.stream)
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "savedGame":
                data = obfuscate(cut.encode("utf-8"), game.key or 0)
            zout.writestr(info.filename, data)
    return out


@pytest.fixture()
def tld_log() -> Path:
    if not TLD_LOG.exists():
        pytest.skip("../shared/corpus is absent")
    return TLD_LOG


def test_a_log_cut_in_half_inside_its_zip_is_refused_by_inspect(tld_log, tmp_path):
    half = _rezipped(tld_log, tmp_path / "half.vlog", lambda s: s[: len(s) // 2])
    result = CliRunner().invoke(main, ["inspect", str(half)])
    assert result.exit_code == 2
    assert "damaged" in result.output and len(result.output.strip().splitlines()) == 1


def test_a_log_cut_inside_its_opening_position_says_so(tld_log, tmp_path):
    stream = vassal_tools.open(tld_log).stream
    cut = _rezipped(tld_log, tmp_path / "cut.vlog", lambda s: s[: s.index("end_save") // 2])
    result = CliRunner().invoke(main, ["inspect", str(cut)])
    assert result.exit_code == 2 and "no end_save" in result.output
    assert len(stream) > 0


def test_a_log_cut_inside_a_move_is_refused(tld_log, tmp_path):
    def inside_last_move(stream: str) -> str:
        at = stream.rindex("M/")
        return stream[: at + 12]

    cut = _rezipped(tld_log, tmp_path / "move.vlog", inside_last_move)
    for verb in (["inspect"], ["steps"], ["decode"]):
        result = CliRunner().invoke(main, [*verb, str(cut)])
        assert result.exit_code == 2, (verb, result.output)
        assert "damaged" in result.output and "step" in result.output


def test_decode_prints_a_damaged_stream_when_asked(tld_log, tmp_path):
    cut = _rezipped(tld_log, tmp_path / "half.vlog", lambda s: s[: len(s) // 2])
    out = tmp_path / "half.txt"
    result = CliRunner().invoke(main, ["decode", str(cut), "--allow-damaged", "-o", str(out)])
    assert result.exit_code == 0, result.output
    full = vassal_tools.open(tld_log).stream
    assert out.read_text(encoding="utf-8") == full[: len(full) // 2]


def test_a_piece_added_with_its_state_cut_is_damage():
    stream = "begin_save\x1bend_save\x1bLOG\t+/1/emb2;;;;\tpiece;;;a.png;A/emb2state"
    # The chain type has two levels; the state stops inside the first one.
    assert stream_damage(stream) is not None
    whole = stream + "\tnull;0;0;;0"
    assert stream_damage(whole) is None


def test_a_change_without_the_old_state_the_others_carry_is_damage():
    changes = "\x1bLOG\tD/1/new/old\x1bLOG\tD/1/newer/new"
    assert stream_damage("begin_save\x1bend_save" + changes) is None
    assert stream_damage("begin_save\x1bend_save" + changes + "\x1bLOG\tD/1/newe") is not None


def test_a_stream_that_does_not_begin_with_begin_save_is_no_game():
    assert "begin_save" in str(stream_damage("CHAT hello"))


def test_a_whole_save_and_a_whole_log_pass():
    assert stream_damage("begin_save\x1bend_save") is None
    assert stream_damage("begin_save\x1bend_save\x1bLOG\tCHAT<Anna> - hello") is None
    assert find_damage(decode_commands("begin_save\x1bend_save\n"), 20) is None  # VASSAL 2.x plain saves


def test_encode_refuses_text_that_is_not_a_stream_unless_raw(tld_log, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("my notes about the game", encoding="utf-8")
    runner = CliRunner()
    out = tmp_path / "out.vlog"
    refused = runner.invoke(main, ["encode", str(text), "--like", str(tld_log), "-o", str(out)])
    assert refused.exit_code == 2 and "--raw" in refused.output and not out.exists()
    forced = runner.invoke(main, ["encode", str(text), "--like", str(tld_log), "-o", str(out), "--raw"])
    assert forced.exit_code == 0, forced.output
    assert vassal_tools.open(out).stream == "my notes about the game"


def test_record_of_a_damaged_log_is_refused(mini_module, tmp_path):
    w = LogWriter("April #5", "german-land-movement")
    w.setup("ger-159-ir-1", "4331")
    w.begin()
    w.step(w.walk("ger-159-ir-1", "4332"))
    w.step(w.walk("ger-159-ir-1", "4333"))
    log = w.write(tmp_path / "played.vlog", mini_module)
    whole = vassal_tools.open(log).stream
    cut = _rezipped(log, tmp_path / "cut.vlog", lambda s: s[: s.rindex("M/") + 20])
    assert len(vassal_tools.open(cut).stream) < len(whole)
    with pytest.raises(BadInput, match="damaged"):
        record_log(cut, mini_module)
    result = CliRunner().invoke(main, ["audit", str(cut), "--module", str(mini_module)])
    assert result.exit_code == 2 and "damaged" in result.output
