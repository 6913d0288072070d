"""VASSAL 3.8's ``VOBS`` form of the savedGame entry (vassal-formats.md 5.1.1), read and kept."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import CORPUS
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.formats.obfuscation import deobfuscate, form_of, key_of, obfuscate
from vassal_tools.report.summary import summarize


def _vobs_cases():
    manifest = CORPUS / "MANIFEST.json"
    if not manifest.exists():
        return [pytest.param(None, None, marks=pytest.mark.skip(reason="../shared/corpus is absent"))]
    cases = []
    for entry in json.loads(manifest.read_text(encoding="utf-8"))["files"]:
        if entry.get("set") != "vobs":
            continue
        source = re.match(r"converted from (\S+?):", entry["origin"]).group(1)
        cases.append(pytest.param(CORPUS / entry["local_path"], CORPUS / source, id=Path(entry["local_path"]).name))
    return cases


def test_the_documented_example():
    # 5.1.1: key 0x5a, payload "fe" -> bytes 56 4f 42 53 5a 3c 3f.
    stored = bytes.fromhex("564f42535a3c3f")
    assert form_of(stored) == "vobs" and key_of(stored) == 0x5A
    assert deobfuscate(stored) == b"fe"
    assert obfuscate(b"fe", 0x5A, "vobs") == stored


def test_the_header_alone_decides_the_form():
    assert form_of(b"!VCSK00414243") == "vcsk"
    assert form_of(b"!VOBSx") == "vobs-bang"  # the spelling reported for a later 3.8 beta
    assert form_of(b"begin_save") == "plain"
    assert form_of(b"VOB") == "plain"


def test_a_vobs_entry_without_its_key_is_refused():
    with pytest.raises(BadInput, match="no key after VOBS"):
        deobfuscate(b"VOBS", source="x.vsav")


@pytest.mark.parametrize("vobs, source", _vobs_cases())
def test_vobs_file_decodes_to_the_text_of_its_source(vobs, source):
    converted, original = vassal_tools.open(vobs), vassal_tools.open(source)
    assert converted.form == "vobs" and original.form != "vobs"
    assert converted.stream == original.stream


@pytest.mark.parametrize("vobs, source", _vobs_cases())
def test_vobs_file_is_described_as_its_source_is(vobs, source):
    converted, original = summarize(vassal_tools.open(vobs)), summarize(vassal_tools.open(source))
    assert converted["form"] == "vobs"
    for fact in ("kind", "steps", "pieces_per_map", "players", "dice_rolls", "chat_lines"):
        assert converted[fact] == original[fact], fact


@pytest.mark.parametrize("vobs, source", _vobs_cases())
def test_unchanged_vobs_file_is_written_back_byte_identical(vobs, source, tmp_path):
    out = vassal_tools.open(vobs).save(tmp_path / vobs.name)
    with zipfile.ZipFile(vobs) as a, zipfile.ZipFile(out) as b:
        assert a.namelist() == b.namelist()
        for name in a.namelist():
            assert a.read(name) == b.read(name), name


@pytest.mark.parametrize("vobs, source", _vobs_cases())
def test_an_edited_vobs_file_keeps_its_form_and_key(vobs, source, tmp_path):
    game = vassal_tools.open(vobs)
    game.stream = game.stream.replace("end_save", "end_save\x1bCHAT<Jürgen> - hallo", 1)
    again = vassal_tools.open(game.save(tmp_path / vobs.name))
    assert again.form == "vobs" and again.key == game.key
    assert again.stream == game.stream
    raw = zipfile.ZipFile(tmp_path / vobs.name).read("savedGame")
    assert raw[:4] == b"VOBS" and len(raw) == len(game.stream.encode("utf-8")) + 5


def _vobs_save() -> Path:
    path = CORPUS / "edge" / "vobs__tld_scenario_1.vsav"
    if not path.exists():
        pytest.skip("../shared/corpus is absent")
    return path


def test_encode_like_a_vobs_file_keeps_vobs_and_form_chooses_another(tmp_path):
    vobs = _vobs_save()
    runner = CliRunner()
    text = tmp_path / "stream.txt"
    assert runner.invoke(main, ["decode", str(vobs), "-o", str(text)]).exit_code == 0
    kept, vcsk = tmp_path / "kept.vsav", tmp_path / "vcsk.vsav"
    assert runner.invoke(main, ["encode", str(text), "--like", str(vobs), "-o", str(kept)]).exit_code == 0
    # An unedited stream keeps the very bytes it was read from: form, key and all.
    assert zipfile.ZipFile(kept).read("savedGame") == zipfile.ZipFile(vobs).read("savedGame")
    result = runner.invoke(main, ["encode", str(text), "--like", str(vobs), "-o", str(vcsk), "--form", "vcsk"])
    assert result.exit_code == 0, result.output
    converted = vassal_tools.open(vcsk)
    assert converted.form == "vcsk" and converted.stream == text.read_text(encoding="utf-8")
    assert zipfile.ZipFile(vcsk).read("savedGame")[:5] == b"!VCSK"


def test_inspect_says_which_form_a_file_uses():
    vobs = _vobs_save()
    runner = CliRunner()
    text = runner.invoke(main, ["inspect", str(vobs)])
    assert text.exit_code == 0 and "stored as vobs" in text.output
    as_json = json.loads(runner.invoke(main, ["inspect", "--json", str(vobs)]).output)
    assert as_json["form"] == "vobs"
    plain = CORPUS / "edge" / "tld__scenarios_scenario_5.sav"
    assert json.loads(runner.invoke(main, ["inspect", "--json", str(plain)]).output)["form"] == "plain"


@pytest.mark.parametrize("form, header", [("vcsk", b"!VCSK"), ("vobs", b"VOBS"), ("plain", b"begin_save")])
def test_a_new_save_is_stored_in_the_form_asked_for(form, header, tmp_path):
    from vassal_tools.builder.savegame import write_save

    stream = "begin_save\x1bend_save"
    path = write_save(tmp_path / "new.vsav", stream, moduledata=b"<data/>", module_version="1",
                      description="", vassal_version="3.7.0", date_saved=0, form=form)
    assert zipfile.ZipFile(path).read("savedGame").startswith(header)
    assert vassal_tools.open(path).stream == stream


def test_a_new_save_is_vcsk_unless_asked(tmp_path):
    from vassal_tools.builder.savegame import write_save

    path = write_save(tmp_path / "new.vsav", "begin_save\x1bend_save", moduledata=b"<data/>",
                      module_version="1", description="", vassal_version="3.7.0", date_saved=0)
    assert vassal_tools.open(path).form == "vcsk"
