"""Findings of every game in the words a player reads (issue 23 §3): counters by the names printed on
them (the game data's ``name``), phases by the rulebook's names, sides capitalised, Kampen om Norge's
cards with the English name its Appendix ("Translation of Cards") gives them, articles and counts that
agree, sentences that end. The words expected come from the rulebooks and the game data, never from
the findings; the ids a record writes must not reach the player.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from conftest import ROOT
from vassal_tools.games import pack_for
from vassal_tools.games.play import audit
from vassal_tools.pack.printed import article
from vassal_tools.record import load_record
from vassal_tools.report.position_text import position_text
from vassal_tools.report.text import json_report, text_report

RECORDS = ROOT / "tests" / "records"


def data_name(game: str, uid: str) -> str:
    """The name the game data prints on a unit's counter."""
    unit = pack_for(game).catalogue.unit(uid)
    assert unit is not None and unit["name"], uid
    return unit["name"]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def only(findings, number: str):
    found = [f for f in findings if f.number == number]
    assert len(found) == 1, [str(f) for f in findings]
    return found[0]


# -- the grammar --------------------------------------------------------------------------------


@pytest.mark.parametrize("written, read", [
    ("in a allied move action", "in an allied move action"),
    ("a event roll of 7", "an event roll of 7"),
    ("A escape roll", "An escape roll"),
    ("a unit, a one-hex move, a U-boat", "a unit, a one-hex move, a U-boat"),  # a vowel letter, a consonant sound
    ("a German unit", "a German unit"),
    ("a SP and a NDV, a HQ", "an SP and an NDV, an HQ"),  # abbreviations said letter by letter
    ("a Stuka, a Norwegian", "a Stuka, a Norwegian"),
])
def test_a_before_a_vowel_sound_is_an(written, read):
    assert article(written) == read


# -- Invasion: Norway -------------------------------------------------------------------------


def test_invasion_norway_names_the_counter_and_the_phase():
    record = load(RECORDS / "motorized-break-out-of-supply.json")
    finding = only(audit(record), "11.3")
    uid = finding.units[0]
    name = data_name("invasion-norway", uid)
    assert finding.message.startswith(f"{name} has an Out of Supply marker") and uid not in finding.message
    assert finding.unit_names == (name,)
    # invasion-norway.txt's sequence of play: "German Motorized Movement Phase".
    assert finding.phase_name == "German Motorized Movement Phase"
    shown = text_report([finding]) + json_report([finding], source=None, game="invasion-norway")
    assert f"[{name}]" in shown and json.loads(shown[shown.index("{"):])["findings"][0]["unit_names"] == [name]


def test_one_asp_is_one_asp():
    # 13.2.1: "One ASP must be expended for every two air points": one two-point He-111 needs 1 ASP.
    record = load(RECORDS / "air-break-short.json")
    mission = record["entries"][-1]["mission"]
    mission["units"], mission["supply"] = ["ger-he111-1"], []
    record["entries"] = [e for e in record["entries"] if e.get("place") not in ("ger-he111-2", "ger-asp-1")]
    finding = only(audit(record), "13.2.1")
    assert "1 ASP needed, 0 expended" in finding.message


def test_an_expended_sp_is_named_once():
    finding = only(audit(load(RECORDS / "attack-break-sp-reused.json")), "13.3.1")
    name = data_name("invasion-norway", finding.units[0])
    assert finding.message == f"{name} is already expended"


# -- Europa Narvik ----------------------------------------------------------------------------


def test_europa_narvik_phase_and_unit_names():
    record = load(RECORDS / "europa_narvik" / "supply-break-spent-and-captured.json")
    record["units"]["I/138"] = {"ref": "ger-138-i"}  # the unit of the game data: its counter reads I/138
    findings = audit(record)
    attack = [f for f in findings if f.units == ("I/138",) and f.number == "11B1b"]
    assert attack and all(f.unit_names == (data_name("europa-narvik", "ger-138-i"),) for f in attack)
    # europa-narvik.txt 5: "D. Combat Phase" of the German player turn.
    assert {f.phase_name for f in findings} == {"German Combat Phase"}
    assert all("german-combat" not in f.message for f in findings)


def test_an_expended_or_captured_supply_counter_is_said_so_not_out_of_range():
    # 11B1b: "Once a supply counter is used for attack, it is expended and removed from play at the end of
    # the combat phase." 11C: "Captured supplies may be use to provide general supply, but never attack supply."
    findings = audit(load(RECORDS / "europa_narvik" / "supply-break-spent-and-captured.json"))
    captured = only([f for f in findings if f.units == ("II/138",)], "11B1b")
    assert "captured" in captured.message and "within" not in captured.message
    reused = only([f for f in findings if f.units == ("I/138",)], "11B1b")
    assert "expended" in reused.message and "within" not in reused.message


# -- Narvik 1940 ------------------------------------------------------------------------------


def test_narvik_1940_counts_and_phase():
    record = {"format": "vassal-tools/record@1", "game": "narvik-1940",
              "entries": [{"place": "brit-gurkha-opt", "at": "Harstad"},
                          {"turn": "GT 1", "phase": "action-point-determination"}]}
    finding = only(audit(record), "22.1")
    # 22.1: "for each German OPT(A) unit deployed, the Allies add one optional unit": one unit, none deployed.
    assert finding.message.startswith("1 Allied optional unit set up with the start force for 0 German OPT(A) "
                                      "units deployed")
    assert finding.unit_names == (data_name("narvik-1940", "brit-gurkha-opt"),)


def test_narvik_1940_phases_are_the_rulebooks():
    names = pack_for("narvik-1940").printed_names
    # narvik-1940.txt 5.1: the Preparation Phase's segments and the Actions Phase.
    assert names.phase("action-point-determination") == "Action Point Determination Segment"
    assert names.phase("actions") == "Actions Phase"


# -- Kampen om Norge --------------------------------------------------------------------------


def kampen(entries: list[dict]) -> dict:
    return {"format": "vassal-tools/record@1", "game": "kampen-om-norge", "entries": entries}


def test_eidsvoll_and_norge_by_name_in_a_whole_sentence():
    record = kampen([{"place": "eidsvoll-norge", "at": "Sea Zone III"},
                     {"turn": "Round 1", "phase": "norwegian-movement"},
                     {"intercept": {"side": "norwegian", "zone": "Sea Zone III", "naval": ["eidsvoll-norge"]}}])
    finding = only(audit(record), "6.1")
    # 6.1: "except during the 9. April turn (see chapter 7.2) it may not intercept enemy ships".
    assert finding.message.endswith("may not intercept enemy ships")
    assert "eidsvoll-norge" not in finding.message and finding.message.startswith("Eidsvoll & Norge intercepts")
    assert finding.phase_name == "Norwegian Movement Phase"  # 4.1 "Phase 1: Movement", Norway's turn


def test_a_card_by_its_name_and_the_appendixs_english():
    record = kampen([{"place": "nor-1", "at": "Hamar"}, {"place": "ger-1", "at": "Kongsvinger"},
                     {"turn": "Round 3", "phase": "german-movement"}, {"move": "ger-1", "to": "Hamar"},
                     {"phase": "german-combat"},
                     {"card": {"side": "allied", "name": "Panservernkanon", "zone": "Hamar", "use": "cancel"}},
                     {"remove": "nor-1"}])
    finding = only(audit(record), "4.2")
    # Appendix, Translation of Cards: "Panservernkanon (Antitank gun)".
    assert "Allied plays Panservernkanon (Antitank gun) in the combat in Hamar with no Allied battalion" \
        in finding.message
    assert finding.phase_name == "German Combat Phase"


def test_a_card_already_glossed_is_not_glossed_twice():
    names = pack_for("kampen-om-norge").printed_names
    assert names.text("Stridsvogn in Narvik") == "Stridsvogn (Armor) in Narvik"
    assert names.text("Stridsvogn (Armor) in Narvik") == "Stridsvogn (Armor) in Narvik"


# -- Norway 1940 ------------------------------------------------------------------------------


def test_norway_1940_an_allied_action_in_the_pre_turn():
    record = {"format": "vassal-tools/record@1", "game": "norway-1940",
              "entries": [{"turn": "Pre-turn", "phase": "pre-turn-activation"},
                          {"action": {"side": "allied", "kind": "naval", "units": ["bri-furious"]}}]}
    found = audit(copy.deepcopy(record))
    finding = next(f for f in found if "action" in f.message and "pre-turn" in f.message.lower())
    assert finding.message.startswith("an Allied action")
    # German Special Rules 1a: "a German pre-turn activation phase".
    assert finding.phase_name == "German Pre-turn Activation Phase"
    assert finding.unit_names == (data_name("norway-1940", "bri-furious"),)


def test_position_heads_with_the_rulebooks_phase_name():
    record = load_record({"format": "vassal-tools/record@1", "game": "narvik-1940",
                          "entries": [{"turn": "GT 1", "phase": "actions"}, {"place": "ger-mtn-art", "at": "0919"}]},
                         pack_for)
    text = position_text(record)
    # narvik-1940.txt 5.1: "Actions Phase"; the counter reads as units.csv names it.
    assert text.splitlines()[0] == "GT 1, Actions Phase"
    assert f"0919 (1): {data_name('narvik-1940', 'ger-mtn-art')} (German)" in text


def test_a_counter_named_for_its_kind_is_said_once():
    record = load(RECORDS / "europa_narvik" / "supply-break-spent-and-captured.json")
    record["units"]["SC-1"] = {"ref": "ger-sup-1"}  # units.csv: a German supply counter, its counter reads Supply
    assert data_name("europa-narvik", "ger-sup-1") == "Supply"
    spent = [f.message for f in audit(record) if f.entry == 17]
    assert spent[0].startswith("the supply counter was expended in an earlier combat phase")
    assert "its listed supply counter was expended" in spent[1]
    assert not any("counter Supply" in message or "SC-1" in message for message in spent)


def test_a_log_steps_words_gloss_cards_but_keep_chat_as_typed():
    names = pack_for("kampen-om-norge").printed_names
    assert names.step_words("moved Stridsvogn from Allied deck to Narvik") == \
        "moved Stridsvogn (Armor) from Allied deck to Narvik"  # Appendix: "Stridsvogn (Armor)"
    assert names.step_words("turn tracker: Round 2 / allied-combat") == "turn tracker: Round 2 / Allied Combat Phase"
    assert names.step_words("<Gerd> Stridsvogn a allied-combat") == "<Gerd> Stridsvogn a allied-combat"
