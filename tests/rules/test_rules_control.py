"""1.6 and lines of supply: a record that starts mid-game says what its lines assumed.

A record with control entries, or one that starts at the beginning of play (April #2,
when every hex is Allied-controlled), has its lines of supply traced only into or
through friendly-controlled hexes (tests/records/attack-*-control.json,
control-*.json). A record that starts mid-game without any cannot show who held a
hex before it: its lines avoid only the hexes the enemy took in the record, and a
supply finding names the hexes within reach that it took as friendly although 1.6's
start would make them the enemy's.
"""

from __future__ import annotations

from conftest import RECORDS
from vassal_tools.games.play import audit


def test_a_record_without_control_names_the_hexes_it_assumed_friendly():
    # attack-break-range: German units in Oslo (4720), SPs in Bergen; no control entries.
    # 4820 is one road hex from Oslo (attack-keep-line) and no German land unit entered it.
    (finding,) = audit(RECORDS / "attack-break-range.json")
    assert finding.rule.endswith("13.3.2")
    assert "assumed German-controlled" in finding.message and "(1.6)" in finding.message
    assumed = finding.message.split("(1.6): ", 1)[1]
    assert "4820" in assumed.split(", ")
    assert "4720" not in assumed  # the attackers' own hex is German: they entered it


def test_a_record_with_control_assumes_nothing():
    (finding,) = audit(RECORDS / "attack-break-enemy-control.json")
    assert finding.rule.endswith("1.6")
    assert "assumed" not in finding.message


def test_a_record_from_the_beginning_of_play_assumes_nothing():
    # control-break-truck starts on April #2: its truck took no hex, and nothing is assumed.
    (finding,) = audit(RECORDS / "control-break-truck.json")
    assert finding.rule.endswith("1.6")
    assert "assumed" not in finding.message


def test_a_mid_game_record_does_not_assume_a_hex_it_shows_taken():
    # control-break-shown-capture: I/2 (Norwegian) stood in 4820 during the record.
    (finding,) = audit(RECORDS / "control-break-shown-capture.json")
    assert finding.rule.endswith("1.6")
    assert "4820" not in finding.message.partition("(1.6): ")[2].split(", ")
