"""What players type in chat and put on the map, read from logs of the built module.

The declarations grammar (replay/chat_grammar.py), how the recorder resolves the
names players type, pairs detections with their dice, reads Control and Hit
markers and arrivals from off the map, and what it says when a declaration
cannot be read: a warning naming the step and the text, never a crash, and the
exit code of ``audit`` still set by the findings alone.
"""

from __future__ import annotations

import json
import zipfile

import pytest
from click.testing import CliRunner

from conftest import RECORDS
from kits.mini_module import LogWriter as MiniWriter
from kits.mini_module import build_mini_module
from kits.norway_log import RecordAsLog
from vassal_tools.cli import main
from vassal_tools.games import known_sides
from vassal_tools.games.play import audit, record_log
from vassal_tools.replay.chat_grammar import DeclarationError, UnitName, read_declaration

FORMAT = "vassal-tools/record@1"


def play(norway, tmp_path, entries, then=(), name="game"):
    """A log of ``entries`` (written by the kit) followed by ``then``: (side, chat text or a roll)."""
    kit = RecordAsLog(norway, {"format": FORMAT, "game": "invasion-norway", "entries": entries})
    path = tmp_path / f"{name}.vlog"
    kit.play(path)
    for side, action in then:
        kit.as_side(side)
        if isinstance(action, tuple):
            kit.step(kit.writer.roll(*action))
        elif isinstance(action, dict):
            kit.entry(action, None)
        else:
            kit.step(kit.writer.chat(action))
    written = kit.save(path)
    return written.path, record_log(written.path, norway.opened, written.mapping)


def later(recorded, key=None):
    """Entries after the opening, without step numbers (only those with ``key``, if given)."""
    out = [{k: v for k, v in e.items() if k != "step"} for e in recorded.data["entries"] if e["step"] > 0]
    return [e for e in out if key is None or key in e]


# -- the grammar ---------------------------------------------------------------------------

U = UnitName


@pytest.mark.parametrize("text, key, fields", [
    ("attack 4332 with I/138, II/138 supply SP-3", "attack",
     {"hex": "4332", "attackers": [U("I/138"), U("II/138")], "supply": [U("SP-3")]}),
    ("!Overrun 4332 with I/138", "attack", {"hex": "4332", "attackers": [U("I/138")], "supply": [], "overrun": True}),
    ("defend 4619 supply SP", "defend", {"hex": "4619", "supply": [U("SP")]}),
    ("mission german air-transport Ju-52 x2, II/138 from airbase:Fornebu to 3018", "mission",
     {"side": "german", "kind": "air-transport", "units": [U("Ju-52", 2), U("II/138")], "from": "airbase:Fornebu",
      "target": "3018"}),
    ("mission naval-bombing with Skua from Scapa Flow to Southern Norwegian Sea supply none", "mission",
     {"side": None, "kind": "naval-bombing", "units": [U("Skua")], "from": "Scapa Flow",
      "target": "Southern Norwegian Sea", "supply": []}),
    ("detect naval Norwegian Leads target Hipper, Koln detected", "roll",
     {"for": "naval-detection", "zone": "Norwegian Leads", "target": [U("Hipper"), U("Koln")], "detected": True}),
    ("detect air 4820 target Whitley not detected", "roll",
     {"for": "air-detection", "zone": "4820", "target": [U("Whitley")], "detected": False}),
    ("roll bardufoss-upgrade in 0203", "roll", {"for": "bardufoss-upgrade", "zone": "0203", "target": []}),
    ("intercept naval Norwegian Leads with Southampton, Blenheim", "intercept",
     {"side": None, "zone": "Norwegian Leads", "units": [U("Southampton"), U("Blenheim")]}),
    ("intercept allied Scotland (west) with X", "intercept", {"side": "allied", "zone": "Scotland (west)",
                                                              "units": [U("X")]}),
    ("control 3018 by German", "control", {"control": "3018", "side": "german"}),
    ("hits airbase:Bardufoss to 1", "hits", {"hits": "airbase:Bardufoss", "to": 1}),
    ("phase April #5 german-land-movement", "phase", {"phase": "April #5 german-land-movement"}),
    ("end German Land Movement Phase", "end", {"end": "German Land Movement Phase"}),
])
def test_each_declaration_mirrors_its_record_entry(text, key, fields):
    declared = read_declaration(text, known_sides())
    assert (declared.key, declared.fields) == (key, fields)


@pytest.mark.parametrize("text, why", [
    ("attack 4332", "'with'"),
    ("attack 4332 with none", "at least one"),
    ("attack 4332 with I/138 from 4331", "takes no 'from'"),
    ("defend supply SP", "the hex defended"),
    ("mission german", "kind"),
    ("detect sea Norwegian Leads", "detect naval"),
    ("control 3018 sweden", "german"),
    ("hits 4332 many", "hits LOC N"),
    ("attak 4332 with I/138", "did you mean 'attack'"),
    ("attack 4332 with I/138 x0", "at least 1"),
])
def test_a_declaration_that_cannot_be_read_says_why(text, why):
    with pytest.raises(DeclarationError, match=None) as caught:
        read_declaration(text, known_sides())
    assert why in str(caught.value)


@pytest.mark.parametrize("text", ["Bergen is ours.", "attacks next turn, I think", "good game", "attak!", ""])
def test_ordinary_chat_is_no_declaration(text):
    assert read_declaration(text, known_sides()) is None


# -- names, places and dice, from a log -------------------------------------------------------

AIR = [{"turn": "April #6", "phase": "german-air-missions"},
       {"place": "ger-ju52-1", "at": "airbase:Fornebu"}, {"place": "ger-ju52-2", "at": "airbase:Fornebu"},
       {"place": "ger-ju52-3", "at": "Germany"}, {"place": "ger-138-gj-1", "at": "airbase:Fornebu"}]


def test_names_are_counters_narrowed_to_the_mission_airbase(norway, tmp_path):
    _, recorded = play(norway, tmp_path, AIR, [
        ("german", "mission german air-transport Ju-52 x2, I/138 from airbase:Fornebu to 3018"),
        ("german", "mission german air-transport ger-ju52-3 from Germany to 3018"),
    ])
    missions = later(recorded, "mission")
    assert [m["mission"]["units"] for m in missions] == [["ger-ju52-1", "ger-ju52-2", "ger-138-gj-1"],
                                                         ["ger-ju52-3"]]
    assert missions[0]["said"].startswith("mission german air-transport Ju-52 x2")
    assert recorded.warnings == []


def test_an_unreadable_declaration_is_a_warning_with_its_step(norway, tmp_path):
    _, recorded = play(norway, tmp_path, AIR, [
        ("german", "mission german air-transport Ju-52 to 3018"),       # three Ju-52s: which?
        ("german", "attack 4619 with I/139"),                             # no such counter on the map
        ("german", "attak 4619 with I/138"),                              # a typo in the keyword
        ("german", "mission air-transport I/138 from Sweden to 3018"),   # ok: the player's side
    ])
    assert [m["mission"]["side"] for m in later(recorded, "mission")] == ["german"]
    assert len(recorded.warnings) == 3
    first, second, third = recorded.warnings
    assert first.startswith("step ") and "'Ju-52' names 3 units" in first and "by unit id" in first
    assert "I/139" in second and "no unit on the map" in second
    assert "did you mean 'attack'" in third
    assert recorded.data["warnings"] == recorded.warnings  # the record says it too


def test_a_detection_takes_the_zone_and_target_of_its_declaration(norway, tmp_path):
    entries = [{"turn": "April #4", "phase": "allied-naval-detection"},
               {"place": "ger-ca-hipper", "at": "Norwegian Leads", "stack": "G"}]
    _, recorded = play(norway, tmp_path, entries, [
        ("allied", "detect naval Norwegian Leads target Hipper not detected"),
        ("german", ("Weather determination", 4)),           # another roll in between
        ("allied", ("Naval Detection", 7)),
        ("allied", ("Naval Detection", 2)),                 # no declaration: said, not judged
    ])
    rolls = [e["roll"] for e in later(recorded, "roll")]
    assert rolls[0] == {"for": "weather", "result": 4, "side": "german", "by": "Anna"}
    assert rolls[1] == {"for": "naval-detection", "zone": "Norwegian Leads", "target": ["ger-ca-hipper"],
                        "detected": False, "result": 7, "side": "allied", "by": "Bert"}
    assert rolls[2] == {"for": "naval-detection", "result": 2, "side": "allied", "by": "Bert"}
    assert len(recorded.warnings) == 1 and "has no 'detect' declaration" in recorded.warnings[0]


def test_a_detection_no_roll_answers_is_a_warning(norway, tmp_path):
    entries = [{"turn": "April #4", "phase": "allied-naval-detection"},
               {"place": "ger-ca-hipper", "at": "Norwegian Leads"}]
    _, recorded = play(norway, tmp_path, entries, [
        ("allied", "detect naval Norwegian Leads target Hipper"),
        ("allied", {"turn": "April #4", "phase": "german-naval-detection"}),
    ])
    assert not later(recorded, "roll")
    assert len(recorded.warnings) == 1 and "no naval-detection roll came after it" in recorded.warnings[0]


def test_phase_and_end_declarations(norway, tmp_path):
    entries = [{"turn": "April #5", "phase": "german-land-movement"}, {"place": "ger-159-ir-1", "at": "4720"}]
    _, recorded = play(norway, tmp_path, entries, [
        ("german", "phase german-land-movement"),                # what the tracker shows: nothing to say
        ("german", "phase german-land-combat"),                  # the tracker says otherwise: a warning
        ("german", "end German Land Movement Phase"),
        ("german", "control 4820 german"),
        ("german", "end german-land-movement"),                  # already ended
    ])
    assert later(recorded)[1:] == [{"end": "german-land-movement", "said": "end German Land Movement Phase"},
                                   {"control": "4820", "side": "german", "said": "control 4820 german"}]
    assert len(recorded.warnings) == 2
    assert "the turn tracker shows April #5, german-land-movement" in recorded.warnings[0]
    assert "cannot end: the game is in no phase" in recorded.warnings[1]


def test_hit_markers_count_in_their_place(norway, tmp_path):
    entries = [{"turn": "April #9", "phase": "german-air-missions"},
               {"hits": "airbase:Bardufoss", "to": 2}, {"hits": "4332", "to": 1},
               {"hits": "airbase:Bardufoss", "to": 1}, {"hits": "airbase:Bardufoss", "to": 0}]
    _, recorded = play(norway, tmp_path, entries)
    assert later(recorded, "hits") == [{"hits": "airbase:Bardufoss", "to": 2}, {"hits": "4332", "to": 1},
                                       {"hits": "airbase:Bardufoss", "to": 1}, {"hits": "airbase:Bardufoss", "to": 0}]
    assert recorded.warnings == []


def test_units_from_the_turn_track_arrive_or_move_by_phase(norway, tmp_path):
    # The kit keeps units that first appear by moving on the Turn Record Track (an off-map box).
    entries = [{"turn": "April #5", "phase": "reinforcement"},
               {"move": "ger-159-ir-1", "to": "Germany"},
               {"turn": "April #5", "phase": "german-land-movement"},
               {"move": "ger-159-ir-2", "to": "4720"}]
    _, recorded = play(norway, tmp_path, entries)
    assert later(recorded, "place") + later(recorded, "move") == [
        {"place": "ger-159-ir-1", "at": "Germany"}, {"move": "ger-159-ir-2", "to": "4720"}]
    opening = {e["place"]: e["at"] for e in recorded.data["entries"] if e["step"] == 0 and "place" in e}
    assert opening == {"ger-159-ir-1": "turn-june-3", "ger-159-ir-2": "turn-june-3"}


def test_a_d10_shown_one_to_ten_reads_ten_as_zero(tmp_path):
    # 1.4.6: a roll of "0" is zero. A module whose button rolls 1-10 (plus 0) shows that 0 as 10.
    plain = build_mini_module(tmp_path / "plain.vmod")
    module = tmp_path / "one-to-ten.vmod"
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(module, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "buildFile.xml":
                data = data.replace(b'plus="-1"', b'plus="0"')
            target.writestr(item, data)
    w = MiniWriter("April #5", "allied-naval-detection")
    w.setup("ger-ca-hipper", "Norwegian Leads")
    w.begin()
    w.step(w.roll("weather", 10, "Anna"))
    w.step(w.roll("weather", 3, "Anna"))
    rolls = [e["roll"] for e in record_log(w.write(tmp_path / "dice.vlog", module), module).data["entries"]
             if "roll" in e]
    assert [(r["result"], r.get("reported")) for r in rolls] == [(0, 10), (3, None)]
    built = [e["roll"]["result"] for e in record_log(w.write(tmp_path / "plain.vlog", plain), plain).data["entries"]
             if "roll" in e]
    assert built == [10, 3]  # a 0-9 button that says 10 said something impossible: 1.4.6 will flag it


# -- whole games ---------------------------------------------------------------------------


def test_a_legal_full_length_log_has_no_findings(norway, tmp_path):

    path = RECORDS / "game-legal-long.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    written = RecordAsLog(norway, record).write(tmp_path / "long.vlog")
    recorded = record_log(written.path, norway.opened, written.mapping)
    assert audit(recorded.record) == [] and recorded.warnings == []
    for key in ("attack", "defend", "mission", "intercept", "roll"):
        assert len(later(recorded, key)) == sum(key in e for e in record["entries"]), key
    turns = {(e["turn"], e["phase"]) for e in record["entries"] if "phase" in e}
    assert {(e["turn"], e["phase"]) for e in recorded.data["entries"] if "phase" in e} == turns


def test_typos_are_notes_and_the_exit_code_follows_the_findings(norway, tmp_path):
    entries = [{"turn": "April #5", "phase": "german-land-movement"},
               {"place": "ger-159-ir-1", "at": "4720"}, {"place": "nor-ir2-1", "at": "4619"},
               {"turn": "April #5", "phase": "german-land-combat"}]
    clean, _ = play(norway, tmp_path, entries, [("german", "atack 4619 with I/159"),
                                                 ("german", "attack 4619 with I/159 suply SP")], name="clean")
    runner = CliRunner()
    result = runner.invoke(main, ["audit", str(clean), "--module", str(norway.module)])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("vassal-tools: note: step ")]
    assert len(notes) == 2 and "'atack 4619 with I/159'" in notes[0] and "suply" in notes[1]
    # the report itself holds the notes too, and says what a clean audit checked
    in_report = [line for line in result.stdout.splitlines() if line.startswith("note: step ")]
    assert len(in_report) == 2 and result.stdout.splitlines()[-1].startswith("clean: ")
    broken, _ = play(norway, tmp_path, entries + [{"place": "ger-sp-1", "at": "4332"}],
                     [("german", "atack 4619 with I/159"), ("german", "attack 4619 with I/159 supply SP")],
                     name="broken")
    result = runner.invoke(main, ["audit", str(broken), "--module", str(norway.module), "--format", "json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    assert [f["rule"] for f in report["findings"]] == ["invasion-norway.txt 13.3.2"]  # the SP is out of range
    assert len(report["warnings"]) == 1 and "atack" in report["warnings"][0]


def test_steps_say_the_turn_and_phase_with_the_module(norway, tmp_path):
    entries = [{"turn": "April #5", "phase": "german-land-movement"},
               {"turn": "April #5", "phase": "german-land-combat"}]
    log, _ = play(norway, tmp_path, entries)
    runner = CliRunner()
    named = runner.invoke(main, ["steps", str(log), "--module", str(norway.module)])
    assert named.exit_code == 0 and "1. turn tracker: April #5 / German Land Combat Phase" in named.output
    bare = runner.invoke(main, ["steps", str(log)])
    assert bare.exit_code == 0 and "1. turn tracker advanced" in bare.output


def test_chat_that_merely_starts_with_a_declaration_word_is_chat(norway, tmp_path):
    # Issue 13: "Attack on Bergen went well" is talk, not a declaration; "!attack on Bergen" means one.
    entries = [{"turn": "April #5", "phase": "german-land-combat"}, {"place": "ger-159-ir-1", "at": "4720"}]
    _, recorded = play(norway, tmp_path, entries, [
        ("german", "Attack on Bergen went well"),
        ("german", "End of my turn, over to you"),
        ("german", "Mission accomplished"),
        ("german", "!attack on Bergen"),
    ])
    assert later(recorded, "said") == []
    assert len(recorded.warnings) == 1 and "'!attack on Bergen' is not in the record" in recorded.warnings[0]


def test_the_game_words_of_a_declaration_are_its_games():
    # A game's sides and the words of its phases come from its vocabulary, not from one game's list.
    from vassal_tools.replay.chat_grammar import GameWords, means_to_declare

    red_blue = GameWords(("red", "blue"), ("red", "advance"))
    assert means_to_declare("end advance", red_blue)
    assert not means_to_declare("end advance", GameWords(("german", "allied"), ("german", "land", "movement")))
    assert means_to_declare("action blue", red_blue) and not means_to_declare("action german", red_blue)
    with pytest.raises(DeclarationError) as caught:
        read_declaration("control 3018 green", red_blue.sides)
    assert "'control HEX red' or 'control HEX blue'" in str(caught.value)


def test_a_naval_mission_typed_in_chat_is_an_action_the_audit_judges(norway, tmp_path):
    """invasion-norway.txt 8.1.4: missions are "declared ... during the Naval Movement Segment"; a PBEM
    player types the declaration. 8.6: an amphibious assault needs a port "defended by enemy land
    units with Defense Factors greater than zero": empty Alesund (3328) is not."""
    entries = [{"turn": "April #9", "phase": "german-naval-movement"},
               {"place": "ger-cl-koln", "at": "Southern Norwegian Sea"}]
    _, recorded = play(norway, tmp_path, entries, [
        ("german", "control 3328 allied"),
        ("german", "action german amphibious-assault with Koln in 3328"),
    ])
    assert later(recorded, "action") == [{"action": {"side": "german", "kind": "amphibious-assault",
                                                     "units": ["ger-cl-koln"], "hex": "3328"},
                                          "said": "action german amphibious-assault with Koln in 3328"}]
    assert recorded.warnings == []
    found = audit(recorded.record)
    assert [(f.rule, f.where) for f in found] == [("invasion-norway.txt 8.6", "3328")], found
