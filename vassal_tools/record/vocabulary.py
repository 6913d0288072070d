"""The record's words: its format id, phases, sides, weather, and how turns are named and ordered."""

from __future__ import annotations

import re

FORMAT = "vassal-tools/record@1"

#: The phases of a game turn, in the order of play (invasion-norway.txt 2.0).
PHASES = (
    "weather",
    "reinforcement",
    "allied-naval-detection",
    "german-naval-detection",
    "allied-naval-movement",
    "german-naval-movement",
    "german-land-movement",
    "german-air-missions",
    "german-ops-allied-air-missions",
    "german-land-combat",
    "german-motorized-movement",
    "norwegian-surrender",
    "allied-land-movement",
    "allied-air-missions",
    "allied-ops-german-air-missions",
    "allied-land-combat",
    "allied-motorized-movement",
    "norwegian-mobilization",
    "repair",
)
SIDES = ("german", "allied")
UNIT_CLASSES = ("land", "naval", "air", "supply", "marker")
SIZES = ("platoon", "company", "battery", "battalion", "regiment", "brigade", "division")
WEATHER = ("clear", "cloudy", "foul", "stormy")
SECTIONS = ("north", "central", "south")

_TURN = re.compile(r"^\s*([A-Za-z]+)\s*#\s*(\d+)\s*$")
_MONTHS = {"march": 3, "april": 4, "may": 5, "june": 6, "july": 7}


def turn_order(turn: str) -> tuple[int, int]:
    """A sortable key of a turn name such as ``"April #5"`` (month, number)."""
    m = _TURN.match(turn)
    if not m or m.group(1).lower() not in _MONTHS:
        raise ValueError(f"not a turn: {turn!r}")
    return _MONTHS[m.group(1).lower()], int(m.group(2))


def canonical_turn(turn: str) -> str:
    m = _TURN.match(turn)
    assert m
    return f"{m.group(1).capitalize()} #{int(m.group(2))}"


