"""Norway 1940 refereed rule by rule (issue 25): for each rule a record that breaks it and one that keeps it,
written from norway-1940-scenario.txt (the sentence that decides is quoted beside each), never from the code.
"""

from __future__ import annotations

from typing import Any

from vassal_tools.games.norway_1940 import ID
from vassal_tools.games.norway_1940.data import FILE
from vassal_tools.games.play import audit


def findings(entries: list[dict[str, Any]], units: dict[str, Any] | None = None) -> list[tuple[str, object]]:
    record = {"format": "vassal-tools/record@1", "game": ID, "units": units or {}, "entries": entries}
    return [(f.rule.removeprefix(FILE + " "), f.where) for f in audit(record)]


def roll(purpose: str, result: Any, **more: Any) -> dict[str, Any]:
    return {"roll": {"for": purpose, "result": result, **more}}


def test_an_action_roll_of_0_cites_the_actions():
    # Actions: "Number of Actions is determined by the difference of each player's die roll"; the die is a d6.
    for word in ("action-roll", "action", "Action roll", "initiative"):
        entries = [{"turn": "Turn 1", "phase": "action-roll"}, roll(word, 0, side="german"),
                   roll(word, 3, side="allied")]
        assert findings(entries) == [("Actions", None)], word
    assert findings([{"turn": "Turn 1", "phase": "action-roll"}, roll("action", 2, side="german"),
                     roll("action", 3, side="allied")]) == []
