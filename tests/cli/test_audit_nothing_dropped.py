"""Nothing is dropped silently (issue 8 point 5): a mapping entry naming no unit is an error,
and pieces the audit cannot read as units are counted in every report, not only on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kits.mini_module import LogWriter
from vassal_tools.cli import main
from vassal_tools.formats.pieces import Piece
from vassal_tools.formats.traits import BasicPiece

UNITS = ["ger-159-ir-1", "ger-159-ir-2", "ger-159-ir-3", "ger-193-ir-1", "ger-193-ir-2"]


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def with_strangers(mini_module, tmp_path_factory) -> Path:
    """The overstacked Bergen game, plus three pieces that carry no unit properties:
    two 'Mystery crate' and one 'Smoke'."""
    w = LogWriter("April #5", "german-land-movement")
    for unit in UNITS:
        w.setup(unit, "4331")
    counter = w.counter
    for name, loc in (("Mystery crate", "4333"), ("Mystery crate", "4334"), ("Smoke", "4335")):
        w.counter = lambda _id, name=name: Piece([BasicPiece.new("", name)])
        w.setup(f"stranger-{loc}", loc)
    w.counter = counter
    w.begin()
    w.step(w.walk(UNITS[0], "4332"))
    for below, unit in zip(UNITS, UNITS[1:]):
        w.step(w.walk(unit, "4332", onto=below))
    w.step(w.phase("April #5", "german-air-missions"))
    return w.write(tmp_path_factory.mktemp("logs") / "strangers.vlog", mini_module)


def test_unidentified_pieces_are_counted_in_text_json_and_html(with_strangers, mini_module, tmp_path):
    text = _run("audit", with_strangers, "--module", mini_module)
    assert text.exit_code == 1, text.output
    first, *findings = text.stdout.splitlines()
    assert first.startswith("3 pieces not identified as units") and "Mystery crate (2), Smoke" in first
    steps = [line for line in findings if line.startswith("step ")]  # a finding's explanation lines follow it
    assert len(steps) == 1 and "11.1.1 at 4332" in steps[0]  # the stacking finding is still there

    data = json.loads(_run("audit", with_strangers, "--module", mini_module, "--format", "json").stdout)
    assert data["unidentified"] == {"pieces": 3, "by_name": {"Mystery crate": 2, "Smoke": 1}}

    page = tmp_path / "audit.html"
    assert _run("audit", with_strangers, "--module", mini_module, "--format", "html", "-o", page).exit_code == 1
    html = page.read_text(encoding="utf-8")
    assert 'class="notice mild">3 pieces not identified as units' in html
    assert html.index('class="notice') < html.index("<table")  # above the findings


def test_a_game_of_units_only_has_no_note(mini_module, tmp_path):
    w = LogWriter("April #5", "german-land-movement")
    w.setup(UNITS[0], "4331")
    w.begin()
    w.step(w.walk(UNITS[0], "4332"))
    log = w.write(tmp_path / "clean.vlog", mini_module)
    done = _run("audit", log, "--module", mini_module, "--format", "json")
    assert done.exit_code == 0 and "unidentified" not in json.loads(done.stdout)


@pytest.mark.parametrize("ref", ["ger-159-ir-9", "GER-159-IR-1 ", ""])
def test_a_mapping_ref_that_names_no_unit_is_an_error_naming_the_entry(ref, with_strangers, mini_module, tmp_path):
    mapping = tmp_path / "mapping.json"
    mapping.write_text(json.dumps({"units": {"Mystery crate": {"ref": ref}}}), encoding="utf-8")
    for verb in ("audit", "record"):
        done = _run(verb, with_strangers, "--module", mini_module, "--mapping", mapping)
        assert done.exit_code == 2, done.output
        line, = done.output.strip().splitlines()
        assert str(mapping) in line and "units['Mystery crate']" in line and f"{ref!r} names no unit" in line


def test_a_mapping_ref_that_names_a_unit_makes_the_piece_that_unit(with_strangers, mini_module, tmp_path):
    """The same entry spelt right: the crates become units of the record and leave the note."""
    mapping = tmp_path / "mapping.json"
    mapping.write_text(json.dumps({"units": {"Mystery crate": {"ref": "ger-138-gj-1"}}}), encoding="utf-8")
    done = _run("audit", with_strangers, "--module", mini_module, "--mapping", mapping, "--format", "json")
    assert done.exit_code == 1, done.output
    assert json.loads(done.stdout)["unidentified"] == {"pieces": 1, "by_name": {"Smoke": 1}}


@pytest.mark.parametrize("verb", ["audit", "record", "position"])
def test_the_note_of_unidentified_pieces_is_said_once_per_command(verb, with_strangers, mini_module):  # noqa: F811
    extra = ["--step", "3", "--format", "text"] if verb == "position" else []
    done = _run(verb, with_strangers, "--module", mini_module, *extra)
    said = done.output.count("not identified as units") + done.output.count("are not units of either side")
    assert said == 1, done.output


def test_the_modules_own_markers_are_never_unidentified_pieces(demo):  # noqa: F811
    """The built Invasion: Norway module's weather, game-turn and Bardufoss markers carry its Marker
    properties (Class=marker, a unit id of the game's data with no side): they are the game's, not strangers."""
    log, module = demo / "sample-game.vlog", demo / "invasion-norway.vmod"
    data = json.loads(_run("audit", log, "--module", module, "--format", "json").stdout)
    assert "unidentified" not in data
    for verb in ("audit", "record"):
        done = _run(verb, log, "--module", module)
        assert "not identified" not in done.output and "not units of either side" not in done.output
