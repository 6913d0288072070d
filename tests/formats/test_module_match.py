"""A log checked against the wrong module says so (issue 8 point 4): one line and exit 2, or,
with --allow-mismatch, a warning at the top of every report."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import CORPUS, corpus_files
from vassal_tools.cli import main
from vassal_tools.formats.files import open_file
from vassal_tools.formats.match import compare

MODULES = CORPUS / "modules"
OWN_MODULE = {"tld": "tld__TheLongestDay_tmp.vmod", "kassala": "kassala__Kassala.vmod",
              "zxvt": "zxvt__CaptureOfTheTerritory.vmod"}
KASSALA = MODULES / OWN_MODULE["kassala"]
ZXVT = MODULES / OWN_MODULE["zxvt"]
GAMES = [p for p in corpus_files("log") + corpus_files("save") if p.name.split("__")[0] in OWN_MODULE]


@pytest.fixture(scope="module")
def modules():
    if not KASSALA.exists():
        pytest.skip("../shared/corpus absent")
    return {prefix: open_file(MODULES / name) for prefix, name in OWN_MODULE.items()}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_corpus_game_matches_its_own_module_and_no_other(path, modules):
    own = path.name.split("__")[0]
    game = open_file(path)
    assert compare(game, modules[own]).problems == []
    for prefix, module in modules.items():
        if prefix != own:
            assert compare(game, module).problems, f"{path.name} passes as a game of {prefix}"


def test_a_different_version_of_the_same_module_is_said_but_no_mismatch(modules):
    found = compare(open_file(CORPUS / "logs" / "zxvt__5x5_startup.vlog"), modules["zxvt"])
    assert found.problems == [] and found.notes == [
        "it was saved with version 0.2.0 of 'Capture of the territory', this is 0.3.0"]


def test_the_demo_log_matches_the_demo_module(demo):
    assert compare(open_file(demo / "sample-game.vlog"), open_file(demo / "invasion-norway.vmod")).problems == []


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_reported_case_audit_against_kassala_is_refused_in_one_line(demo):
    """audit sample-game.vlog --module Kassala.vmod --game invasion-norway gave 1 finding, no word of the module."""
    if not KASSALA.exists():
        pytest.skip("../shared/corpus absent")
    done = _run("audit", demo / "sample-game.vlog", "--module", KASSALA, "--game", "invasion-norway")
    assert done.exit_code == 2
    line, = done.output.strip().splitlines()
    assert "does not match module" in line and "'Invasion: Norway'" in line and "'Kassala'" in line
    assert "--allow-mismatch" in line


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_allowed_mismatch_puts_a_warning_at_the_top_of_every_report(fmt, demo, tmp_path):
    if not KASSALA.exists():
        pytest.skip("../shared/corpus absent")
    out = tmp_path / f"audit.{fmt}"
    done = _run("audit", demo / "sample-game.vlog", "--module", KASSALA, "--game", "invasion-norway",
                "--allow-mismatch", "--format", fmt, "-o", out)
    assert done.exit_code in (0, 1), done.output
    report = out.read_text(encoding="utf-8")
    if fmt == "text":
        assert report.startswith("WARNING: read against a module it does not match (kassala__Kassala.vmod)")
    elif fmt == "json":
        data = json.loads(report)
        assert next(iter(data)) == "mismatch" and "'Kassala'" in data["mismatch"][0]
    else:
        body = report.split("<main>", 1)[1]
        assert body.lstrip().startswith('<p class="notice">WARNING: read against a module it does not match')


def test_the_matching_module_gives_no_warning(demo):
    done = _run("audit", demo / "sample-game.vlog", "--module", demo / "invasion-norway.vmod", "--format", "json")
    assert done.exit_code == 1 and "mismatch" not in json.loads(done.stdout)


@pytest.mark.parametrize("verb", [["record"], ["position", "--step", "1"], ["render", "--step", "1", "-o", "{tmp}/x.png"],
                                  ["steps"]])
def test_every_log_reader_refuses_the_wrong_module(verb, demo, tmp_path):
    if not ZXVT.exists():
        pytest.skip("../shared/corpus absent")
    args = [a.format(tmp=tmp_path) for a in verb]
    done = _run(args[0], demo / "sample-game.vlog", "--module", ZXVT, *args[1:])
    assert done.exit_code == 2
    line, = done.output.strip().splitlines()
    assert "does not match module" in line and "'Capture of the territory'" in line


def test_steps_with_another_module_no_longer_falls_back_to_pixels_silently(modules):
    log = CORPUS / "logs" / "tld__0606-1.vlog"
    refused = _run("steps", log, "--module", KASSALA)
    assert refused.exit_code == 2 and "does not match module" in refused.output
    allowed = _run("steps", log, "--module", KASSALA, "--allow-mismatch")
    assert allowed.exit_code == 0
    assert allowed.stdout.startswith("WARNING: read against a module it does not match (kassala__Kassala.vmod)")


def test_locate_and_grid_take_a_board_layout_only_from_a_game_of_the_module(tmp_path):
    if not ZXVT.exists():
        pytest.skip("../shared/corpus absent")
    other = CORPUS / "logs" / "tld__0606-1.vlog"
    own = CORPUS / "logs" / "zxvt__5x5_startup.vlog"
    for args in (["locate", ZXVT, "--map", "Main Map", "10,10"], ["grid", ZXVT, "--map", "Main Map", "-o", tmp_path / "g.png"]):
        refused = _run(*args, "--game", other)
        assert refused.exit_code == 2 and "does not match module" in refused.output
        allowed = _run(*args, "--game", other, "--allow-mismatch")
        assert allowed.exit_code == 0 and "vassal-tools: WARNING: read against a module it does not match" in allowed.output
        assert _run(*args, "--game", own).exit_code == 0
