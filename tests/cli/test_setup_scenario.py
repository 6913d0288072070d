"""``vassal-tools setup`` without ``--scenario``: a game with one set-up needs none; a game with several
refuses in one line, naming them."""

from __future__ import annotations

import shutil

from click.testing import CliRunner

from conftest import DATA
from vassal_tools.cli import main

MINI = DATA / "build" / "mini_game"  # a hex game with one scenario, "opening"


def test_a_hex_game_with_one_scenario_needs_no_scenario_option(tmp_path):
    cache = str(tmp_path / "cache")
    named = CliRunner().invoke(main, ["setup", str(MINI), "--scenario", "opening", "-o", str(tmp_path / "a.vsav"),
                                      "--cache", cache, "-q"])
    plain = CliRunner().invoke(main, ["setup", str(MINI), "-o", str(tmp_path / "b.vsav"), "--cache", cache, "-q"])
    assert named.exit_code == 0 and plain.exit_code == 0, named.output + plain.output
    assert (tmp_path / "a.vsav").read_bytes() == (tmp_path / "b.vsav").read_bytes()


def test_a_game_with_several_scenarios_asks_which(tmp_path):
    game = tmp_path / "two"
    shutil.copytree(MINI, game)
    second = (game / "scenarios" / "opening.toml").read_text(encoding="utf-8").replace('"opening"', '"second"')
    (game / "scenarios" / "second.toml").write_text(second, encoding="utf-8")
    result = CliRunner().invoke(main, ["setup", str(game), "-o", str(tmp_path / "x.vsav"), "-q"])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "opening, second" in result.output and "--scenario" in result.output
    assert not (tmp_path / "x.vsav").exists()
