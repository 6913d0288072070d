"""Nothing in a record is silently left unjudged: a word the game does not know (a roll's ``for``,
a card's name) is said in the audit's warnings with the words the game knows; the manual's English
card names and ASCII spellings of place names are read as the game's own, with a note; an audit
that judged nothing is never called clean.

The records are written as a player writes them from kampen-om-norge.txt: "combat" for the rolls
of a land combat (the game's word is ``land-combat``), the Appendix's English "Bombers" for
Bombefly, "Honefoss" for Hønefoss.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from click.testing import CliRunner

from vassal_tools.cli import main
from vassal_tools.gamedata.vocabulary import fold_place
from vassal_tools.games import pack_for
from vassal_tools.games.play import audit
from vassal_tools.record import load_record
from vassal_tools.report.audit import audit_file

FILE = "kampen-om-norge.txt"


def record(*entries: dict[str, Any], **units: dict[str, Any]) -> dict[str, Any]:
    return {"format": "vassal-tools/record@1", "game": "kampen-om-norge", "units": units, "entries": list(entries)}


def bn(side: str) -> dict[str, Any]:
    return {"class": "land", "side": side, "size": "battalion"}


def bombers(name: str, held: str = "Trondheim") -> dict[str, Any]:
    """The bombers' example (2.3): Bombefly in Tromsø is out of air range from Trondheim."""
    return record({"place": "g", "at": held}, {"place": "n", "at": "Tromsø"}, {"place": "g2", "at": "Lyngen"},
                  {"turn": "Round 7", "phase": "german-movement"}, {"move": "g2", "to": "Tromsø"},
                  {"phase": "german-combat"},
                  {"card": {"side": "german", "name": name, "zone": "Tromsø", "use": "attack"}},
                  {"remove": "n"}, g=bn("german"), g2=bn("german"), n=bn("norwegian"))


def combat_roll(word: str) -> dict[str, Any]:
    return record({"place": "g", "at": "Hamar"}, {"place": "n", "at": "Gjøvik"},
                  {"turn": "Round 2", "phase": "german-movement"}, {"move": "g", "to": "Gjøvik"},
                  {"phase": "german-combat"}, {"roll": {"side": "german", "for": word, "zone": "Gjøvik", "result": [6, 6, 6, 6, 6, 6, 6]}},
                  {"remove": "n"}, g=bn("german"), n=bn("norwegian"))


def test_a_roll_for_a_word_no_check_knows_is_said_with_the_words_the_game_knows():
    known = audit(combat_roll("land-combat"))
    assert [f.rule for f in known] == [f"{FILE} 4.2"]  # seven dice for one battalion: the roll was judged
    assert known.warnings == []
    unknown = audit(combat_roll("combat"))
    assert unknown == []  # the same seven dice, judged by nothing ...
    [warning] = unknown.warnings  # ... and the audit says so
    assert warning.startswith("roll for 'combat' (entry 5): kampen-om-norge has no such roll")
    assert "land-combat" in warning and "naval-combat" in warning
    assert unknown.checked.unknown_words == 1 and "1 word of the record no check knows" in str(unknown.checked)


def test_a_card_roll_by_the_cards_name_is_known():
    rolled = record({"place": "h", "at": "Sea Zone III"}, {"turn": "9. April", "phase": "initial"},
                    {"roll": {"side": "allied", "for": "Rekognoseringsfly", "zone": "Sea Zone III", "result": [6]}},
                    h={"class": "naval", "side": "german", "type": "slagskip"})
    assert audit(rolled).warnings == []


def test_the_manuals_english_card_name_is_read_as_the_norwegian_card():
    norwegian, english = audit(bombers("Bombefly")), audit(bombers("Bombers"))
    assert [f.rule for f in english] == [f.rule for f in norwegian] == [f"{FILE} 2.3"]
    assert english.warnings == ["card 'Bombers' (entry 6) read as kampen-om-norge's 'Bombefly'"]
    assert english.checked.unknown_words == 0


def test_a_card_the_game_does_not_have_is_named_in_the_warnings():
    found = audit(bombers("Bombs"))
    assert found == []
    [warning] = found.warnings
    assert warning.startswith("card 'Bombs' (entry 6): kampen-om-norge has no such card, so no check judged it")
    assert "Bombefly" in warning


@pytest.mark.parametrize(("typed", "own"), [("Honefoss", "Hønefoss"), ("Hoenefoss", "Hønefoss"), ("TROMSO", "Tromsø"),
                                            ("Tromsoe", "Tromsø"), ("Bjornfjell", "Bjørnfjell")])
def test_ascii_spellings_of_places_are_the_games_own_with_a_note(typed, own):
    read = load_record(record({"place": "g", "at": typed}, g=bn("german")), pack_for)
    assert read.entries[0].at == own
    assert read.notes == [f"place {typed!r} read as kampen-om-norge's {own!r}"]
    assert fold_place(typed) == fold_place(own)


def test_an_ascii_spelling_of_a_place_is_judged_as_the_place(tmp_path):
    typed = copy.deepcopy(bombers("Bombefly"))
    typed["entries"][1]["at"] = "Tromso"  # the Norwegian battalion, where the bombers strike
    typed["entries"][4]["to"] = "Tromso"
    typed["entries"][6]["card"]["zone"] = "Tromso"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(typed), encoding="utf-8")
    result = audit_file(path)
    assert [(f.rule, f.where) for f in result.findings] == [(f"{FILE} 2.3", "Tromsø")]
    assert result.warnings == ["place 'Tromso' read as kampen-om-norge's 'Tromsø'"]
    text = CliRunner().invoke(main, ["audit", str(path)]).output
    assert "note: place 'Tromso' read as kampen-om-norge's 'Tromsø'" in text


def test_a_place_no_spelling_of_the_game_matches_is_still_bad_input():
    with pytest.raises(Exception, match="'Tromsdal' is no place of kampen-om-norge"):
        load_record(record({"place": "g", "at": "Tromsdal"}, g=bn("german")), pack_for)


def test_every_game_declares_the_roll_words_its_checks_read():
    # narvik-1940's text lists no die rolls: its rolls are judged for their die (2.0) and "regroup" only.
    for game in ("invasion-norway", "europa-narvik", "kampen-om-norge", "norway-1940"):
        pack = pack_for(game)
        assert pack is not None and pack.vocabulary.record_words.get("roll"), game


def test_an_audit_that_judged_nothing_is_not_called_clean(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(record()), encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", str(path)])
    assert "clean:" not in result.output and "nothing judged" in result.output, result.output
    as_json = json.loads(CliRunner().invoke(main, ["audit", str(path), "--format", "json"]).output)
    assert as_json["clean"] is False and as_json["findings"] == []
