"""From a log to a game record: what each kind of step becomes, and what is left out and said so."""

from __future__ import annotations

import json
import zipfile

import pytest

from conftest import CORPUS
from kits.mini_module import LogWriter, build_mini_module, spot
from vassal_tools.errors import BadInput
from vassal_tools.formats.pieces import Piece, encode_definition
from vassal_tools.formats.traits import BasicPiece
from vassal_tools.games.play import position_at, record_log
from vassal_tools.replay.units import read_mapping


def entries(recorded, *kinds):
    """The record's entries of some kinds, without their step numbers unless asked."""
    return [e for e in recorded.data["entries"] if not kinds or any(k in e for k in kinds)]


@pytest.fixture(scope="module")
def played(mini_module, tmp_path_factory):
    """A short game: moves, a flip, an elimination, an arrival, dice, weather and phases."""
    w = LogWriter("April #5", "german-naval-movement")
    w.setup("ger-159-ir-1", "4331")
    w.setup("ger-159-ir-2", "4331")
    w.setup("ger-ca-hipper", "Skagerrak")
    w.setup("ger-ju52-1", "airbase:Fornebu")
    w.begin()
    w.step(w.move_stack("ger-ca-hipper", "Norwegian Leads"))  # 1
    w.step(w.phase("April #5", "german-land-movement"))  # 2
    w.step(w.walk("ger-159-ir-1", "4332"))  # 3
    w.step(w.walk("ger-159-ir-2", "4332", onto="ger-159-ir-1"))  # 4
    w.step(w.phase("April #5", "german-land-combat"))  # 5
    w.step(w.flip("ger-159-ir-2"))  # 6
    w.step(w.roll("naval-detection", 7, "Bert"))  # 7
    w.step(w.delete("ger-159-ir-1"))  # 8
    w.step(w.create("ger-159-ir-3", "4332"))  # 9
    w.step(w.set_weather("north", "foul"))  # 10
    w.step(w.walk("ger-159-ir-3", "4333"))  # 11: taken back by the next step
    w.undo(11)  # 12
    w.step(w.chat("Anna", "done"))  # 13
    return w.write(tmp_path_factory.mktemp("logs") / "played.vlog", mini_module)


def test_the_opening_is_placed_with_turn_phase_and_weather(played, mini_module):
    recorded = record_log(played, mini_module)
    opening = [e for e in recorded.data["entries"] if e["step"] == 0]
    assert opening[0] == {"turn": "April #5", "phase": "german-naval-movement", "step": 0}
    assert opening[1] == {"weather": {"north": "clear", "central": "clear", "south": "clear"}, "step": 0}
    assert {(e["place"], e["at"]) for e in opening[2:]} == {
        ("ger-159-ir-1", "4331"), ("ger-159-ir-2", "4331"), ("ger-ca-hipper", "Skagerrak"),
        ("ger-ju52-1", "airbase:Fornebu")}


def test_each_step_becomes_its_entries(played, mini_module):
    recorded = record_log(played, mini_module)
    later = [e for e in recorded.data["entries"] if e["step"] > 0]
    hipper = later[0]
    assert hipper["move"] == "ger-ca-hipper" and hipper["to"] == "Norwegian Leads" and hipper["stack"]
    assert later[1:] == [
        {"turn": "April #5", "phase": "german-land-movement", "step": 2},
        {"move": "ger-159-ir-1", "to": "4332", "step": 3},
        {"move": "ger-159-ir-2", "to": "4332", "step": 4},
        {"turn": "April #5", "phase": "german-land-combat", "step": 5},
        {"steps": "ger-159-ir-2", "to": 1, "step": 6},
        {"roll": {"for": "naval-detection", "result": 7, "side": "allied", "by": "Bert"}, "step": 7},
        {"remove": "ger-159-ir-1", "step": 8},
        {"place": "ger-159-ir-3", "at": "4332", "step": 9},
        {"weather": {"north": "foul"}, "step": 10},
    ]  # steps 11 and 12 (a move and its undo) add nothing
    assert set(recorded.data["units"]) == {"ger-159-ir-1", "ger-159-ir-2", "ger-159-ir-3", "ger-ca-hipper",
                                          "ger-ju52-1"}
    assert recorded.data["units"]["ger-159-ir-1"] == {"ref": "ger-159-ir-1"}
    # The detection roll was not declared ("detect naval ZONE target ..."): said, not judged.
    assert len(recorded.warnings) == 1 and "step 7" in recorded.warnings[0] and "'detect'" in recorded.warnings[0]
    assert recorded.record.entries[-1].to_dict() == later[-1]  # the record loads


def test_position_at_a_step_is_the_places_then(played, mini_module):
    after = position_at(played, mini_module, 9)
    places = {e["place"]: e["at"] for e in entries(after, "place")}
    assert places == {"ger-159-ir-2": "4332", "ger-159-ir-3": "4332", "ger-ca-hipper": "Norwegian Leads",
                      "ger-ju52-1": "airbase:Fornebu"}
    assert {"steps": "ger-159-ir-2", "to": 1, "step": 9} in after.data["entries"]
    assert {"turn": "April #5", "phase": "german-land-combat", "step": 9} in after.data["entries"]
    # the undone move leaves the unit where it was
    assert {e["place"]: e["at"] for e in entries(position_at(played, mini_module, 12), "place")}["ger-159-ir-3"] \
        == "4332"


def test_pieces_without_unit_data_are_named_not_guessed(mini_module, tmp_path):
    w = LogWriter()
    w.setup("ger-159-ir-1", "4331")
    marker = Piece([BasicPiece.new("", "Control")])
    marker.basic.map, marker.basic.x, marker.basic.y = spot("4520")
    w.restore.append(encode_definition(marker, "9"))
    w.begin()
    log = w.write(tmp_path / "marker.vlog", mini_module)
    recorded = record_log(log, mini_module)
    assert [w for w in recorded.warnings if "Control" in w and "mapping file" in w]
    mapping = tmp_path / "mapping.json"
    mapping.write_text(json.dumps({"units": {"Control": {"ref": "ger-159-ir-2"}}}))
    mapped = record_log(log, mini_module, read_mapping(mapping))
    assert {"place": "ger-159-ir-2", "at": "4520", "step": 0} in mapped.data["entries"]
    assert not mapped.warnings


def test_without_a_turn_tracker_chat_lines_name_the_phase(tmp_path):
    module = build_mini_module(tmp_path / "no-tracker.vmod")
    with zipfile.ZipFile(module) as zf:
        files = {n: zf.read(n) for n in zf.namelist()}
    build = files["buildFile.xml"].decode()
    start, end = build.index("<VASSAL.build.module.turn.TurnTracker"), build.index("</VASSAL.build.module.turn.TurnTracker>")
    files["buildFile.xml"] = (build[:start] + build[end + len("</VASSAL.build.module.turn.TurnTracker>"):]).encode()
    with zipfile.ZipFile(module, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    w = LogWriter()
    w.setup("ger-159-ir-1", "4331")
    w.begin()
    w.step(w.chat("Anna", "April #6: starting the German Land Movement Phase now"))
    w.step(w.walk("ger-159-ir-1", "4332"))
    recorded = record_log(w.write(tmp_path / "chat.vlog", module), module)
    assert entries(recorded, "phase") == [{"turn": "April #6", "phase": "german-land-movement", "step": 1}]


def test_a_module_without_a_rule_pack_is_refused(played):
    module = CORPUS / "modules" / "zxvt__CaptureOfTheTerritory.vmod"
    if not module.exists():
        pytest.skip("../shared/corpus is absent")
    with pytest.raises(BadInput, match="does not match module"):
        record_log(played, module)  # the wrong module for this log: said first
    with pytest.raises(BadInput, match="no rule pack"):
        record_log(played, module, allow_mismatch=True)


def test_a_mapping_file_that_is_not_one_says_where(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"units": {"X": {"class": "land"}}}))
    with pytest.raises(BadInput, match=r"units\['X'\].*'ref'"):
        read_mapping(path)
