"""``vassal-tools errata ERRATA.toml --game GAME_DIR``: errata into a data-built game.

Only the asked-for cells change (every other byte of the CSVs stays), the module version
is bumped, the changelog gets the changes and the rules-text notes, and the module built
from the new data differs from the old one by exactly the errata's changes plus the
version: the changed counters' images differ, every other archive entry is byte-identical.
"""

from __future__ import annotations

import shutil
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT
from vassal_tools.builder.module import build_module
from vassal_tools.cli import main
from vassal_tools.release.diff import diff_modules

NORWAY = ROOT / "module_src" / "invasion_norway"
REAL_ERRATA = NORWAY / "errata" / "errata.toml"
LAKE_HEXES = ("3522", "3823", "5229")  # invasion-norway.txt 5.1.4 ADD names them

# Two errata of the kind a publisher's sheet carries, for the test only (sample values).
UNIT_ERRATA = """
[errata]
title = "Counter corrections (test)"

[[entry]]
cite = "sample: test erratum"
note = "I/1's movement allowance is 5"
unit = "nor-ir1-1"
set = { movement = 5 }

[[entry]]
cite = "sample: test erratum"
unit_type = "Fw-200"
set = { oma = 40 }
"""


def run(*args):
    return CliRunner().invoke(main, ["errata"] + [str(a) for a in args])


@pytest.fixture
def norway(tmp_path) -> Path:
    folder = tmp_path / "invasion_norway"
    shutil.copytree(NORWAY, folder, ignore=shutil.ignore_patterns("errata"))
    return folder


def first_printing(folder: Path) -> None:
    """The data as it was before 5.1.4's erratum: the three named hexes without a lake symbol."""
    path = folder / "hexes.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.split(",")[0] in LAKE_HEXES:
            cells = line.split(",")
            assert cells[3] == "yes"  # hex,terrain,coast,lake,...
            cells[3] = "no"
            lines[i] = ",".join(cells)
    path.write_text("".join(lines), encoding="utf-8")


def test_the_real_errata_set_exactly_the_lake_cells_bump_the_version_and_log_the_notes(norway):
    first_printing(norway)
    units_before = (norway / "units.csv").read_bytes()
    result = run(REAL_ERRATA, "--game", norway)
    assert result.exit_code == 0, result.output
    # Setting the three cells gives back the data as published with the erratum, byte for byte.
    assert (norway / "hexes.csv").read_bytes() == (NORWAY / "hexes.csv").read_bytes()
    assert (norway / "units.csv").read_bytes() == units_before
    assert tomllib.loads((norway / "game.toml").read_text(encoding="utf-8"))["version"] == "0.2"
    game_lines = (norway / "game.toml").read_text(encoding="utf-8").splitlines()
    assert [line for line in game_lines if line not in (NORWAY / "game.toml").read_text().splitlines()] == \
        ['version = "0.2"']
    changelog = (norway / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## 0.2: Errata in the living rules" in changelog
    for hex_ in LAKE_HEXES:
        assert f"hexes.csv {hex_}: lake no -> yes" in changelog
    for cite in ("8.5.1 CLARIFICATION", "13.3.7 ADD", "15.1.1 CLARIFICATION"):
        assert "Rules text only, no data changed: " in changelog and f"(invasion-norway.txt {cite})" in changelog
    assert "all or nothing" in changelog and "Dombaas" in changelog


def test_the_real_errata_on_todays_data_find_them_applied(norway):
    before = {p.name: p.read_bytes() for p in norway.glob("*.csv")}
    result = run(REAL_ERRATA, "--game", norway)
    assert result.exit_code == 0, result.output
    assert result.output.count("already so: hexes.csv") == 3
    assert {p.name: p.read_bytes() for p in norway.glob("*.csv")} == before


def test_a_dry_run_writes_nothing(norway):
    first_printing(norway)
    before = {p.name: p.read_bytes() for p in norway.iterdir() if p.is_file()}
    result = run(REAL_ERRATA, "--game", norway, "--dry-run")
    assert result.exit_code == 0 and "would write: CHANGELOG.md, game.toml, hexes.csv" in result.output
    assert {p.name: p.read_bytes() for p in norway.iterdir() if p.is_file()} == before


@pytest.mark.parametrize("entry, message", [
    ('unit = "no-such-unit"\nset = { movement = 5 }', "no row of units.csv has id 'no-such-unit'"),
    ('unit = "nor-ir1-1"\nset = { speed = 5 }', "units.csv has no column 'speed'"),
    ('unit = "nor-ir1-1"\nset = { id = "x" }', "'id' names the row"),
    ('piece = "I/1"\nset = { name = "x" }', "use 'vassal-tools patch' for a module"),
    ('unit = "nor-ir1-1"\nset = { side = "martian" }', "would make the game data invalid"),
])
def test_bad_errata_are_refused_in_one_line_and_nothing_is_written(norway, tmp_path, entry, message):
    errata = tmp_path / "bad.toml"
    errata.write_text(f'[[entry]]\ncite = "test"\n{entry}\n', encoding="utf-8")
    before = {p.name: p.read_bytes() for p in norway.iterdir() if p.is_file()}
    result = run(errata, "--game", norway)
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert {p.name: p.read_bytes() for p in norway.iterdir() if p.is_file()} == before


def test_the_module_after_errata_differs_by_exactly_the_errata_and_the_version(norway, tmp_path):
    cache = tmp_path / "cache"
    old = build_module(norway, tmp_path / "old", cache=cache)
    stamps = {p.name: p.stat().st_mtime_ns for p in (cache / "counters").glob("*.png")}
    units_before = (norway / "units.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    errata = tmp_path / "errata.toml"
    errata.write_text(UNIT_ERRATA, encoding="utf-8")
    result = run(errata, "--game", norway, "-o", tmp_path / "new", "--cache", cache)
    assert result.exit_code == 0, result.output
    new = tmp_path / "new" / old.name

    # The data: two lines of units.csv changed, in one cell each.
    units_after = (norway / "units.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    changed_lines = [(a, b) for a, b in zip(units_before, units_after) if a != b]
    assert len(units_after) == len(units_before) and len(changed_lines) == 2
    for before, after in changed_lines:
        assert sum(x != y for x, y in zip(before.split(","), after.split(","))) == 1

    # Only the two counters were redrawn.
    redrawn = {n for n, t in stamps.items() if (cache / "counters" / n).stat().st_mtime_ns != t}
    assert {n.split(".")[0].removesuffix("_back") for n in redrawn} == {"nor-ir1-1", "ger-fw200-1"}

    # The archive: the changed counters' images, the buildFile and the version; nothing else.
    with zipfile.ZipFile(old) as a, zipfile.ZipFile(new) as b:
        assert a.namelist() == b.namelist()
        differ = {n for n in a.namelist() if a.read(n) != b.read(n)}
    counter_images = {n for n in differ if n.startswith("images/")}
    assert counter_images and {Path(n).stem.removesuffix("_back") for n in counter_images} == {"nor-ir1-1",
                                                                                                 "ger-fw200-1"}
    assert differ - counter_images == {"buildFile.xml", "moduledata"}

    # The release notes: the version bump and the two counters' images. A counter carries its
    # factors in its art only (its Markers hold id, side, type ...), so no piece definition changes.
    report = diff_modules(old, new).report
    assert report["metadata"] == [{"entry": "moduledata", "field": "version", "old": "0.1", "new": "0.2"}]
    assert report["components"]["changed"] == [{"path": "GameModule", "kind": "module", "attributes": [
        {"name": "version", "old": "0.1", "new": "0.2"}]}]
    assert {i["name"] for i in report["images"]["changed"]} == {"nor-ir1-1.png", "ger-fw200-1.png"}
    assert all(i["differing_pixels"] > 0 for i in report["images"]["changed"])
    counts = {k: v for k, v in report["summary"].items() if v}
    assert counts == {"components changed": 1, "images changed": 2, "metadata fields changed": 1}
