"""1.6 and lines of supply: a record that gives no control says what its lines assumed.

A record with control entries has its lines of supply traced only into or through
friendly-controlled hexes (tests/records/attack-*-control.json). A record without
any keeps the lines of 13.3.2-13.3.3 alone, and a supply finding names the hexes
within reach that it took as friendly although 1.6 would make them the enemy's
(every hex starts Allied-controlled; a German land unit with a Defense Factor
takes one by entering it).
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
