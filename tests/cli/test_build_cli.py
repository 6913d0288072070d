"""``vassal-tools build`` and ``vassal-tools setup`` from the command line, and what bad data says.

Bad data must give one line on stderr naming the file, the row (or key) and the
field at fault, and exit code 2; never a traceback.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import DATA
from vassal_tools.cli import main

MINI = DATA / "build" / "mini_game"


@pytest.fixture
def game_dir(tmp_path) -> Path:
    target = tmp_path / "game"
    shutil.copytree(MINI, target)
    return target


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_build_writes_the_module(tmp_path, art_cache):
    result = run("build", MINI, "-o", tmp_path / "dist", "--cache", art_cache, "-q")
    assert result.exit_code == 0, result.output
    path = Path(result.stdout.strip())
    assert path == tmp_path / "dist" / "mini-norway.vmod"
    assert vassal_tools.open(path).kind == "module"


def test_setup_writes_the_opening_save(tmp_path, art_cache):
    result = run("setup", MINI, "--scenario", "opening", "-o", tmp_path / "start.vsav", "--cache", art_cache, "-q")
    assert result.exit_code == 0, result.output
    assert vassal_tools.open(tmp_path / "start.vsav").kind == "save"


def test_unknown_unit_type_names_file_row_and_field(game_dir, tmp_path):
    edit(game_dir / "units.csv", "land,infantry,battalion", "land,paratroopers,battalion")
    line = one_line_error(run("build", game_dir, "-o", tmp_path / "dist", "-q"))
    assert "units.csv" in line and "row 3" in line and "'type'" in line and "paratroopers" in line


def test_duplicate_unit_id_is_refused(game_dir, tmp_path):
    edit(game_dir / "units.csv", "ger-ir-1,", "ger-gj-1,")
    line = one_line_error(run("build", game_dir, "-o", tmp_path / "dist", "-q"))
    assert "units.csv" in line and "row 3" in line and "ger-gj-1" in line


def test_hex_outside_the_map_is_refused(game_dir, tmp_path):
    edit(game_dir / "scenarios" / "opening.toml", 'at = "0304"', 'at = "0907"')
    line = one_line_error(run("setup", game_dir, "--scenario", "opening", "-o", tmp_path / "s.vsav", "-q"))
    assert "opening.toml" in line and "0907" in line


def test_location_no_map_shows_names_scenario_and_unit(game_dir, tmp_path, art_cache):
    # The data's hex grid has a row 06 that the Operational Map's board is too short for.
    edit(game_dir / "game.toml", "yy_max = 5", "yy_max = 6")
    with (game_dir / "hexes.csv").open("a", encoding="utf-8") as f:
        for xx in range(1, 5):
            f.write(f"{xx:02d}06,sea,none,no,no,Norwegian Leads,south,sample\n")
    edit(game_dir / "scenarios" / "opening.toml", 'at = "0304"', 'at = "0406"')
    line = one_line_error(run("build", game_dir, "-o", tmp_path / "dist", "--cache", tmp_path / "cache", "-q"))
    assert "opening.toml" in line and "brit-sg-1" in line and "'0406'" in line


def test_unknown_scenario_lists_the_known_ones(tmp_path, art_cache):
    line = one_line_error(run("setup", MINI, "--scenario", "nope", "-o", tmp_path / "s.vsav", "--cache", art_cache))
    assert "'nope'" in line and "opening" in line


def test_not_a_game_folder(tmp_path):
    line = one_line_error(run("build", tmp_path, "-o", tmp_path / "dist", "-q"))
    assert "game.toml" in line


def test_missing_template_field_names_template_and_field(tmp_path, monkeypatch):
    import vassal_tools.art.templates as templates

    folder = tmp_path / "templates"
    shutil.copytree(templates.TEMPLATES_DIR, folder)
    edit(folder / "land.toml", 'font = "condensed_bold"\n', "")
    monkeypatch.setattr(templates, "TEMPLATES_DIR", folder)
    line = one_line_error(run("build", MINI, "-o", tmp_path / "dist", "--cache", tmp_path / "cache", "-q"))
    assert "land.toml" in line and "name.font" in line
