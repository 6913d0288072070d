"""``vassal-tools pieces``: slots of corpus modules, in text, JSON and CSV, and bad input."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest
from click.testing import CliRunner
from lxml import etree

from conftest import CORPUS
from vassal_tools.cli import main

ZXVT = CORPUS / "modules" / "zxvt__CaptureOfTheTerritory.vmod"
JZ = CORPUS / "modules" / "jzedwards__jzhex-n-counters-template-v12-379.vmod"


def _need(path):
    if not path.exists():
        pytest.skip(f"{path} absent")
    return path


def _slot_entries(path) -> list[str]:
    """entryName of every PieceSlot/CardSlot, read straight from the buildFile."""
    with zipfile.ZipFile(path) as archive:
        root = etree.fromstring(archive.read("buildFile.xml" if "buildFile.xml" in archive.namelist() else "buildFile"))
    return [e.get("entryName") for e in root.iter()
            if isinstance(e.tag, str) and e.tag.rsplit(".", 1)[-1] in ("PieceSlot", "CardSlot")]


def run(*args):
    return CliRunner().invoke(main, ["pieces", *map(str, args)])


def test_json_lists_every_slot_with_its_prototypes():
    result = run("--json", _need(ZXVT))
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["entry_name"] for r in rows] == _slot_entries(ZXVT)
    pawn = next(r for r in rows if r["entry_name"] == "Red")
    # editor order: "prototype;Basic" is the inner reference, so it comes first
    assert pawn["prototypes"] == ["Basic", "Pawn"] and pawn["basic_name"] == "Red" and pawn["gpid"] == "7"
    assert pawn["palette_path"] == ["Pieces", "Pawns"]


def test_expand_applies_prototype_traits():
    plain = json.loads(run("--json", _need(JZ)).output)
    expanded = json.loads(run("--json", "--expand", JZ).output)
    assert len(plain) == len(expanded) == len(_slot_entries(JZ))
    unit = next(r for r in expanded if r["entry_name"] == "INF-XX-2-3-5_123_456")
    # the side prototype brings the moved marker and the Marker properties shown in the labels
    assert "moved.gif" in unit["images"]
    assert unit["properties"]["size"] == "XX"
    assert unit["name"] == "INF-XX-2-3-5_123_456 (XX) (123) (456) (2-3-5)"
    before = next(r for r in plain if r["entry_name"] == "INF-XX-2-3-5_123_456")
    assert "moved.gif" not in before["images"] and before["prototypes"] == unit["prototypes"]


def test_csv_and_text_output():
    result = run("--csv", _need(ZXVT))
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0][:3] == ["palette_path", "entry_name", "gpid"]
    assert len(rows) == 1 + len(_slot_entries(ZXVT))
    text = run(ZXVT)
    assert text.exit_code == 0 and "7 piece slots" in text.output and "Pawn" in text.output


def test_a_save_or_missing_file_is_one_line_of_bad_input(tmp_path):
    save = CORPUS / "saves" / "kassala__Default_Setup.vsav"
    result = run(_need(save))
    assert result.exit_code == 2
    assert "not a module" in result.output and len(result.output.strip().splitlines()) == 1
    assert run(tmp_path / "nope.vmod").exit_code == 2


def _module(tmp_path, body: str):
    path = tmp_path / "bad.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", f'<VASSAL.build.GameModule name="Bad">{body}</VASSAL.build.GameModule>')
    return path


def test_broken_definitions_are_reported_with_file_and_slot(tmp_path):
    slot = '<VASSAL.build.widget.PieceSlot entryName="Tank">piece;;;tank.png;Tank</VASSAL.build.widget.PieceSlot>'
    window = f'<VASSAL.build.module.PieceWindow name="Units">{slot}</VASSAL.build.module.PieceWindow>'
    result = run(_module(tmp_path, window))
    assert result.exit_code == 2
    assert "bad.vmod" in result.output and "'Tank'" in result.output and "not a piece definition" in result.output


def test_prototype_cycle_is_bad_input(tmp_path):
    protos = "".join(
        f'<VASSAL.build.module.PrototypeDefinition name="{a}">+/null/prototype;{b}\tpiece;;;;/\tnull;0;0;;0'
        "</VASSAL.build.module.PrototypeDefinition>" for a, b in (("A", "B"), ("B", "A")))
    slot = ('<VASSAL.build.widget.PieceSlot entryName="X">'
            "+/null/prototype;A\tpiece;;;x.png;X/\tnull;0;0;;0</VASSAL.build.widget.PieceSlot>")
    body = (f"<VASSAL.build.module.PrototypesContainer>{protos}</VASSAL.build.module.PrototypesContainer>"
            f'<VASSAL.build.module.PieceWindow name="U">{slot}</VASSAL.build.module.PieceWindow>')
    path = _module(tmp_path, body)
    assert run(path).exit_code == 0  # unexpanded, the references are just names
    result = run("--expand", path)
    assert result.exit_code == 2 and "prototype cycle: A -> B -> A" in result.output
