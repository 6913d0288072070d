"""A second game, written only under tests/toy_game/ and registered here: its records, its audit and
its module build go through the toolkit with no line of the toolkit written for it.

The toy's words (phases, sides, turns, weather) are in tests/toy_game/data/game.toml; the
expectations below are read off that file by hand.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from toy_game import DATA, ID, PACK, RULE
from vassal_tools.builder.module import (
    assemble,
    module_archive,
    module_file_name,
    write_opening,
)
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.games import pack_for, pack_ids, registered
from vassal_tools.record import PhaseStart
from vassal_tools.record.builder import RecordBuilder
from vassal_tools.replay.logwriter import LogWriter


@pytest.fixture(scope="module", autouse=True)
def toy():
    """The toy registered for this module's tests only: the registry is as it was after them."""
    with registered(PACK) as pack:
        yield pack


def run(*args) -> object:
    return CliRunner().invoke(main, [str(a) for a in args])


def overstacked() -> RecordBuilder:
    """Red's second company joins both blue companies in 0303 in the red movement of Dawn."""
    return (RecordBuilder(ID)
            .unit("r1", ref="red-1").unit("r2", ref="red-2").unit("b1", ref="blue-1").unit("b2", ref="blue-2")
            .place("r1", "0101").place("r2", "0102").place("b1", "0303").place("b2", "0303")
            .phase("red-move", turn="dawn")
            .move("r2", "0303")
            .phase("blue-move"))


def test_the_registry_knows_the_toy_by_its_id():
    assert ID in pack_ids() and pack_for(ID).data_folder == DATA


def test_the_toy_words_come_from_its_game_toml():
    words = pack_for(ID).vocabulary
    assert words.phases == ("red-move", "blue-move", "melee")
    assert words.sides == ("red", "blue")
    assert words.turns == ("Dawn", "Noon", "Dusk")
    assert (words.weather_sections, words.weather_states) == (("field",), ("fair", "rain"))
    assert words.side_of("crimson") == "red" and words.turn_order("Dusk") > words.turn_order("noon")
    assert words.find_turn("Red attacks at  DUSK, after a quiet noon") == "Dusk"  # the first named
    assert words.canonical_turn("April #5") is None  # another game's turn is none of the toy's


def test_a_toy_record_made_in_code_is_read_in_the_toy_words():
    record = overstacked().result(pack_for)
    assert record.game == ID
    assert [e.turn for e in record.entries if isinstance(e, PhaseStart)] == ["Dawn", "Dawn"]  # "dawn" spelled as the game does
    assert record.units["r2"].side == "red" and record.units["b1"].nationality == "azure"


@pytest.mark.parametrize("entry, fault", [
    ({"turn": "April #5", "phase": "red-move"}, "turn is 'April #5'"),
    ({"turn": "Dawn", "phase": "german-land-movement"}, "unknown phase"),
    ({"control": "0202", "side": "german"}, "side is 'german', expected red or blue"),
])
def test_another_games_words_are_refused(entry, fault):
    builder = RecordBuilder(ID).unit("r1", ref="red-1").phase("red-move", turn="Dawn").add(entry)
    with pytest.raises(BadInput, match=fault):
        builder.result(pack_for)


def test_the_audit_applies_the_toys_rule(tmp_path):
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(overstacked().to_dict()), encoding="utf-8")
    result = run("audit", path, "--format", "json")
    assert result.exit_code == 1, result.output
    findings = json.loads(result.output)["findings"]
    assert [(f["rule"], f["where"], f["excess"], f["turn"], f["phase"]) for f in findings] == \
        [(RULE, "0303", 1, "Dawn", "red-move")]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("toy-build")
    result = run("build", DATA, "-o", out)
    assert result.exit_code == 0, result.output
    return out / "toy-skirmish.vmod"


def test_the_toy_module_is_built(built):
    module = vassal_tools.open(built)
    assert module.name == "Toy Skirmish"
    with zipfile.ZipFile(built) as zf:
        build_file = zf.read("buildFile.xml").decode("utf-8")
    for word in ("Red Pikes 1", "Blue Pikes 2", "Dawn", "Dusk", "Red Movement"):
        assert word in build_file


def test_a_toy_log_is_recorded_and_audited(built, tmp_path):
    # The same game played in VASSAL: the opening save of the skirmish, then red's move.
    assembly = assemble(DATA, scenario="skirmish", cache=tmp_path / "cache")
    module = write_archive(module_archive(assembly), tmp_path / module_file_name(assembly.game))
    opening = write_opening(assembly, tmp_path / "start.vsav")

    place = assembly.locator.point

    writer = LogWriter(open_file(opening), place, "Rita", "rita-pw")
    writer.step(writer.seat("Red"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "Dawn", "red-move")))
    writer.step(writer.move("red-2", "0303"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "Dawn", "blue-move")))
    log = writer.save(tmp_path / "game.vlog")

    recorded = run("record", log, "--module", module, "-o", tmp_path / "game.json")
    assert recorded.exit_code == 0, recorded.output
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert record["game"] == ID
    assert {"move": "red-2", "to": "0303", "step": 3} in record["entries"]
    # The opening save already shows Dawn, red movement (the first phase of the first turn).
    phases = [(e["turn"], e["phase"], e["step"]) for e in record["entries"] if "phase" in e]
    assert phases == [("Dawn", "red-move", 0), ("Dawn", "blue-move", 4)]

    audited = run("audit", log, "--module", module, "--format", "json")
    assert audited.exit_code == 1, audited.output
    assert [(f["rule"], f["where"]) for f in json.loads(audited.output)["findings"]] == [(RULE, "0303")]
