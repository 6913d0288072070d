"""The game-neutral rulebook parser (vassal_tools.rules.rulebook): each way a rulebook numbers its rules,
declared as data, gives each rule its id, title and text; the index quotes the whole sentence holding a
phrase, per case; a rule or phrase the text lacks is refused. Written on small texts made here."""

from __future__ import annotations

import pytest

from vassal_tools.errors import BadInput
from vassal_tools.rules.rulebook import (
    Numbering,
    RulesIndex,
    build_index,
    parse_rules,
    sentence_with,
)

DOTTED = Numbering.from_table({"heading": [{"pattern": r"^(?P<id>\d+\.\d+(?:\.\d+)*)\s+(?P<title>[A-Z].*)$",
                                            "title_ends": ""}],
                               "begins": "^CREDITS$"}, "test")
NESTED = Numbering.from_table({"heading": [
    {"pattern": r"^Rule (?P<id>\d+) - (?P<title>.+?)\.?$", "level": 1},
    {"pattern": r"^\s*(?P<id>[A-Z])\.\s+(?P<title>.+)$", "level": 2, "under": 1, "keep_title": True},
    {"pattern": r"^\s*(?P<id>\d+)\.\s+(?P<title>.+)$", "level": 3, "under": 2, "keep_title": True},
]}, "test")


def test_a_table_of_contents_before_the_text_does_not_count():
    text = "1.0 INTRODUCTION\n2.0 STACKING\nCREDITS\n1.0 INTRODUCTION\nA game.\n2.0 STACKING\nThree units.\n2.1 Limits\nTwo."
    rules = parse_rules(text, DOTTED)
    assert [(r.number, r.title, r.text) for r in rules] == [
        ("1.0", "INTRODUCTION", "A game."), ("2.0", "STACKING", "Three units."), ("2.1", "Limits", "Two.")]


def test_letters_and_numbers_run_together_under_their_rule():
    text = ("Rule 10 - Ground Combat\nIntro.\nB. General Restrictions.\n3. A unit may only attack into its hex.\n"
            "Rule 5 - Sequence of Play\nE. Exploitation Phase. Motorized units move again.\n")
    rules = {r.number: r for r in parse_rules(text, NESTED)}
    assert list(rules) == ["10", "10B", "10B3", "5", "5E"]
    assert rules["10B3"].text == "A unit may only attack into its hex."
    assert (rules["5E"].title, rules["5E"].text) == ("Exploitation Phase", "Exploitation Phase. Motorized units move again.")


def test_an_id_template_a_scope_and_a_misprint():
    numbering = Numbering.from_table({"heading": [
        {"pattern": r"^(?P<id>\d+)\s+(?P<title>[A-Z].*)$", "title_ends": "", "until": "^APPENDIX$"},
        {"pattern": r"^(?P<card>[A-Z]\w+) \((?P<title>[^)]+)\)$", "id": "Appendix {card}", "after": "^APPENDIX$",
         "title_ends": ""}],
        "spelled": {"Appendix Regnoseringsfly": "Appendix Rekognoseringsfly"}}, "test")
    text = "4 Combat\nBombefly (Bombers) may be played.\nAPPENDIX\nBombefly (Bombers)\n+2 dice.\nRegnoseringsfly (Recon)\nLook."
    assert [(r.number, r.title) for r in parse_rules(text, numbering)] == [
        ("4", "Combat"), ("Appendix Bombefly", "Bombers"), ("Appendix Rekognoseringsfly", "Recon")]


def test_the_quote_is_the_whole_sentence_and_a_case_has_its_own():
    text = "CREDITS\n5.1 Air Unit Basing\nAir units land at friendly airbases. Exception: a maximum of two bombers may be in Scotland."
    explain = {"5.1": {"says": "land at friendly", "remedy": "Base them elsewhere.",
                       "cases": {"scotland": {"says": "a maximum of two", "remedy": "No more than two."}}}}
    index = build_index(text, DOTTED, explain, "x.txt")
    read = RulesIndex(index["rulebook"], index["titles"], index["cited"])
    assert read.explain("5.1").quote == "Air units land at friendly airbases."
    scotland = read.explain("5.1", "scotland")
    assert (scotland.title, scotland.quote, scotland.remedy) == (
        "Air Unit Basing", "Exception: a maximum of two bombers may be in Scotland.", "No more than two.")
    assert read.explain("5.1", "a case with no sentence of its own").quote == "Air units land at friendly airbases."
    assert read.explain("9.9") is None


def test_a_rule_or_phrase_the_text_lacks_is_refused():
    text = "CREDITS\n9.0 STACKING\nThree units."
    with pytest.raises(ValueError, match="9.1"):
        build_index(text, DOTTED, {"9.1": {"says": "Three", "remedy": "r"}}, "x.txt")
    with pytest.raises(ValueError, match="9.0"):
        build_index(text, DOTTED, {"9.0": {"says": "Four units", "remedy": "r"}}, "x.txt")
    with pytest.raises(ValueError, match="9.0 case big"):
        build_index(text, DOTTED, {"9.0": {"says": "Three", "remedy": "r", "cases": {"big": {"says": "Five"}}}}, "x.txt")


def test_list_items_and_bullets_end_sentences():
    text = "Limits are as follows: German: three. • Opposing units may never share a hex. -Each unit acts once."
    assert sentence_with(text, "Opposing") == "Opposing units may never share a hex."
    assert sentence_with(text, "acts once") == "Each unit acts once."


def test_a_numbering_without_headings_or_with_a_bad_pattern_is_bad_input():
    with pytest.raises(BadInput, match="rulebook.toml"):
        Numbering.from_table({}, "rulebook.toml")
    with pytest.raises(BadInput, match="heading 1"):
        Numbering.from_table({"heading": [{"pattern": "(unclosed"}]}, "rulebook.toml")


def test_a_case_falls_back_to_the_case_its_name_extends():
    index = RulesIndex("x.txt", {"3": "Set-up"}, {"3": {"quote": "All lists.", "remedy": "r",
                                                        "cases": {"norwegian-land": {"quote": "Land list.", "remedy": "l"}}}})
    assert index.explain("3", "norwegian-land-oslo").quote == "Land list."
    assert index.explain("3", "british-naval").quote == "All lists."


def test_a_paragraph_the_text_broke_runs_on_and_a_heading_does_not():
    text = "CREDITS\n6.2 Naval Interception\nSubtract the roll. For\n\neach point of difference, you can Intercept.\n\n" \
           "Germany\n\nGermany then places ships."
    [rule] = parse_rules(text, DOTTED)
    assert sentence_with(rule.text, "each point") == "For each point of difference, you can Intercept."
    assert sentence_with(rule.text, "then places") == "Germany then places ships."


def test_a_text_without_the_line_the_rules_begin_after_is_refused():
    with pytest.raises(ValueError, match="begins"):
        parse_rules("1.0 INTRODUCTION\n2.0 STACKING", DOTTED)
