"""The Narvik 1940 module: built from its data folder, byte-identical twice, every image in it, its
set-up where the data says (read back through the module's own grid), and a log of it written with
the project's log writer, recorded and audited against narvik-1940.txt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from kits.module_places import setup_places
from vassal_tools.builder.module import (
    assemble,
    build_module,
    module_archive,
    module_file_name,
    write_opening,
)
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.gamedata import load_game
from vassal_tools.games.narvik_1940 import DATA_DIR
from vassal_tools.release.lint import lint_module
from vassal_tools.replay.logwriter import LogWriter


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module(DATA_DIR, tmp_path_factory.mktemp("narvik-a"), cache=tmp_path_factory.mktemp("cache-a"))


def test_the_module_builds_byte_identical_twice(built, tmp_path):
    again = build_module(DATA_DIR, tmp_path / "b", cache=tmp_path / "cache-b")  # a cold cache: drawn anew
    assert again.read_bytes() == built.read_bytes()


def test_it_opens_and_every_image_it_references_is_in_it(built):
    module = vassal_tools.open(built)
    assert module.name == "Narvik 1940"
    missing = [f for f in lint_module(built) if "referenced but missing" in f.message]
    assert missing == []
    build_file = module.buildfile.element
    names = {e.get("entryName") for e in build_file.iter() if isinstance(e.tag, str) and e.get("entryName")}
    assert {"Dietl", "Auchinleck", "I/13 DBLE"} <= names


def test_the_set_up_is_where_the_data_says_through_the_modules_grid(built):
    found = setup_places(vassal_tools.open(built))
    scenario = load_game(DATA_DIR).scenarios["campaign"]
    assert found == {p.unit: p.at for p in scenario.setup}


def test_a_log_of_the_module_is_recorded_and_audited(tmp_path):
    assembly = assemble(DATA_DIR, scenario="campaign", cache=tmp_path / "cache")
    module = write_archive(module_archive(assembly), tmp_path / module_file_name(assembly.game))
    opening = write_opening(assembly, tmp_path / "start.vsav")

    place = assembly.locator.point

    writer = LogWriter(open_file(opening), place, "Gerd", "gerd-pw")
    writer.step(writer.seat("German"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "GT 1", "actions")))
    # Narvik (0919) holds three German ground units and Dietl at the start: a fourth overstacks it (9.0).
    writer.step(writer.move("ger-mtn-art", "0919"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "GT 1", "victory-check")))
    log = writer.save(tmp_path / "game.vlog")
    runner = CliRunner()
    recorded = runner.invoke(main, ["record", str(log), "--module", str(module), "-o", str(tmp_path / "g.json")])
    assert recorded.exit_code == 0, recorded.output
    record = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert record["game"] == "narvik-1940"
    assert {"move": "ger-mtn-art", "to": "0919", "step": 3} in record["entries"]
    audited = runner.invoke(main, ["audit", str(log), "--module", str(module), "--format", "json"])
    assert audited.exit_code == 1, audited.output
    findings = json.loads(audited.output)["findings"]
    assert [(f["rule"], f["where"], f["excess"]) for f in findings] == [("narvik-1940.txt 9.0", "0919", 1)]


def fog_log(tmp_path: Path, *, attack: bool) -> list[tuple[str, str]]:
    """German units masked, then unmasked: Narvik (0919) after (or without) an Allied attack on it, and
    a unit in the German Random Reinforcements display."""
    assembly = assemble(DATA_DIR, scenario="campaign", cache=tmp_path / "cache")
    module = write_archive(module_archive(assembly), tmp_path / module_file_name(assembly.game))
    opening = write_opening(assembly, tmp_path / "start.vsav")

    place = assembly.locator.point

    writer = LogWriter(open_file(opening), place, "Gerd", "gerd-pw")
    writer.step(writer.seat("German"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "GT 1", "actions")))
    writer.step(writer.mask("ger-i-139", "Gerd"))
    writer.step(writer.mask("ger-fl", "Gerd"))
    if attack:
        writer.step(writer.chat("attack 0919 with brit-1-sg"))
    writer.step(writer.mask("ger-i-139", None))
    writer.step(writer.mask("ger-fl", None))
    log = writer.save(tmp_path / "fog.vlog")
    audited = CliRunner().invoke(main, ["audit", str(log), "--module", str(module), "--format", "json"])
    assert audited.exit_code in (0, 1), audited.output
    return [(f["rule"], f["where"]) for f in json.loads(audited.output)["findings"]]


def test_the_modules_units_carry_a_mask_per_side(built):
    module = vassal_tools.open(built)
    text = "\n".join(e.text or "" for e in module.buildfile.element.iter() if isinstance(e.tag, str))
    assert text.count("obs;") >= 44  # every unit of units.csv (21.0)
    assert "side:" in text


def test_a_logs_unmasking_is_judged_as_fog_of_war(tmp_path):
    # 21.0: the units in a target hex are revealed; units in off-map displays never are. A log shows no
    # recon action, so an unmasking on the map with no attack may be one: not a finding.
    # The attack is declared from Bogen (0216), beyond brit-1-sg's range of one: a 14.2 finding too.
    assert fog_log(tmp_path / "a", attack=True) == [("narvik-1940.txt 14.2", "0919"),
                                                    ("narvik-1940.txt 21.0", "German Random Reinforcements")]
    assert fog_log(tmp_path / "b", attack=False) == [("narvik-1940.txt 21.0", "German Random Reinforcements")]


def test_the_module_carries_the_counters_of_the_games_own_template(built, tmp_path):
    """game.toml [art] picks the fire template (2.3): the counters in the built module are the ones
    the game's art draws, not the shared attack-defence-movement template's."""
    import zipfile

    from PIL import Image

    from vassal_tools.art.counter_set import render_all

    own = render_all(load_game(DATA_DIR), tmp_path / "own")
    shared = render_all(DATA_DIR, tmp_path / "shared")  # the bare units.csv: no [art], the shared template
    with zipfile.ZipFile(built) as archive:
        names = set(archive.namelist())
        for unit in ("brit-1-ig", "ger-dietl", "ger-i-139"):
            own_png = next(p for p in own if p.stem == unit)
            shared_png = next(p for p in shared if p.stem == unit)
            assert f"images/{unit}.png" in names
            with archive.open(f"images/{unit}.png") as f:
                in_module = Image.open(f).convert("RGBA").tobytes()
            assert in_module == Image.open(own_png).convert("RGBA").tobytes(), unit
            assert in_module != Image.open(shared_png).convert("RGBA").tobytes(), unit
