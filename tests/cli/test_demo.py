"""``vassal-tools demo`` end to end, and the LogWriter it plays the sample game with."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import vassal_tools
from vassal_tools.cli import main
from vassal_tools.formats.files import Log, Module
from vassal_tools.replay.replayer import Replayer


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    result = CliRunner().invoke(main, ["demo", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


def test_demo_writes_module_log_and_reports(demo_dir):
    out, output = demo_dir
    assert isinstance(vassal_tools.open(out / "invasion-norway.vmod"), Module)
    log = vassal_tools.open(out / "sample-game.vlog")
    assert isinstance(log, Log) and len(log.steps) >= 8
    html = (out / "audit.html").read_text(encoding="utf-8")
    assert "<img" in html and "11.1.1" in html
    assert "audit.html" in output


def test_demo_flags_the_overstacked_hex(demo_dir):
    # The sample game moves five German infantry battalions into Bergen: one over the
    # four a hex may hold at the end of the movement phase (invasion-norway.txt 11.1.1).
    out, _ = demo_dir
    findings = json.loads((out / "audit.json").read_text(encoding="utf-8"))["findings"]
    stacking = [f for f in findings if f["rule"].endswith("11.1.1")]
    assert len(stacking) == 1
    assert stacking[0]["where"] == "4332" and len(stacking[0]["units"]) == 5 and stacking[0]["excess"] == 1


def test_demo_flags_the_interception_the_roll_did_not_allow(demo_dir):
    # Five cruisers intercept after a roll of 3 against an NDV of at most 5: two per
    # point of difference allows four at the very most (invasion-norway.txt 6.4.1, 6.2).
    out, _ = demo_dir
    findings = json.loads((out / "audit.json").read_text(encoding="utf-8"))["findings"]
    interception = [f for f in findings if f["rule"].endswith(" 6.2") and f["where"] == "North Sea"]
    assert len(interception) == 1
    assert len(interception[0]["units"]) == 5 and interception[0]["excess"] >= 1


def test_written_log_replays_to_the_writer_state(demo_dir):
    # What the writer believed after each command is what a replay of its file gives.
    out, _ = demo_dir
    from vassal_tools.builder.module import assemble
    from vassal_tools.demo import game_source
    from vassal_tools.replay.logwriter import LogWriter

    assembly = assemble(game_source(), scenario="campaign", cache=out / ".art-cache")

    place = assembly.locator.point

    writer = LogWriter(vassal_tools.open(out / "campaign-start.vsav"), place)
    writer.step(writer.move("ger-138-gj-1", "4332"))
    writer.step(writer.move("ger-138-gj-2", "4332"))      # onto the first: no new stack
    writer.step(writer.move("ger-138-gj-1", "4333"))      # out from under the second
    writer.step(writer.flip("ger-138-gj-2"))
    path = writer.save(out / "writer-check.vlog")
    replayed = Replayer(vassal_tools.open(path)).state_at(4)
    assert replayed.snapshot() == writer.state.snapshot()
    first, second = writer.unit("ger-138-gj-1"), writer.unit("ger-138-gj-2")
    assert second.parent is not None and first.parent is not second.parent


def test_demo_writes_the_dice_report_of_its_sample_game(demo_dir):
    # The sample game has one roll: Bert's Naval Detection of 3 (demo.play_sample_game).
    out, _ = demo_dir
    page = (out / "dice" / "index.html").read_text(encoding="utf-8")
    assert "Bert: Naval Detection" in page and "<svg" in page
    assert "1 rolls, 1 dice; mean 3.00" in page
