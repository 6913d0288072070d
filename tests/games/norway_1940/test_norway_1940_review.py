"""Norway 1940 review fixes not held by the acceptance records: a unit brought to 0 steps is eliminated
for the victory points (record-format.md: `steps` 0 eliminates it), and a clean audit says what it
checked."""

from __future__ import annotations

import json

from click.testing import CliRunner

from vassal_tools.cli import main
from vassal_tools.games.play import audit

FILE = "norway-1940-scenario.txt"
BB = {"class": "naval", "nationality": "british", "type": "BB"}


def record(entries: list[dict]) -> dict:
    return {"format": "vassal-tools/record@1", "game": "norway-1940", "units": {"bb": BB},
            "entries": [{"place": "bb", "at": "Sea Zone 41"}, {"turn": "Turn 3", "phase": "actions"}, *entries]}


def test_a_unit_at_no_steps_is_eliminated_and_scores():
    # German VP: +3 for each Allied CV, BB or BC eliminated.
    assert audit(record([{"steps": "bb", "to": 0}, {"vp": {"side": "german", "add": 3, "for": ["bb"]}}])) == []


def test_a_damaged_unit_is_not_eliminated():
    found = audit(record([{"steps": "bb", "to": 1}, {"vp": {"side": "german", "add": 3, "for": ["bb"]}}]))
    assert [(f.rule, f.entry) for f in found] == [(f"{FILE} German VP", 3)]


def test_a_clean_audit_counts_its_checks(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record([{"remove": "bb"}, {"vp": {"side": "german", "add": 3, "for": ["bb"]}}])))
    result = CliRunner().invoke(main, ["audit", str(path)])
    assert result.exit_code == 0
    # The fifteen checks of the sheet each judge the three entries that are no phase entry (place, remove,
    # vp), and the two that judge at a phase's end (victory points, for awards the set-up defers; a shock roll
    # still due) the two phase ends (the set-up's and Turn 3's actions): 15 * 3 + 2 * 2.
    assert "4 entries, 15 rules families, 49 checks" in result.output
