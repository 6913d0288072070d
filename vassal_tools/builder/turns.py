"""The turn tracker: turns, and in each turn the segments and phases of the sequence of play.

VASSAL's turn levels nest (vassal-formats.md 2.3, 5.4): the top ListTurnLevel lists
the turns of the Turn Record Track; its sub-levels are played one after the other,
one ListTurnLevel per segment listing that segment's phases (invasion-norway.txt 2.0).
When a segment's last phase is passed the next segment starts, and after the last
segment the turn advances. The global property ``Turn`` holds the turn name and
``Phase`` the phase name, as game.toml spells them.
"""

from __future__ import annotations

from ..formats.components import Component
from ..formats.sequence import encode
from . import standard
from .counters import module_rule

_TURN = "VASSAL.build.module.turn."
TRACKER_ID = "TurnTracker0"  # the first (only) tracker of the module, by buildFile order
TURN_PROPERTY = "Turn"
PHASE_PROPERTY = "Phase"
REPORT = "* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$"


def _cited(text: str, rule: str) -> str:
    return f"{text} ({rule})" if rule else text


def turn_tracker(info) -> Component:
    """The TurnTracker of a game (``info``: gamedata.GameInfo)."""
    tracker = standard.component(_TURN + "TurnTracker", {
        "buttonText": "Turn", "fwdOnly": "false", "hotkey": "", "icon": "", "length": "-1",
        "lengthStyle": "Maximum", "name": "Turn", "nexthotkey": "", "plusButtonSize": "22",
        "prevhotkey": "", "reportFormat": REPORT, "tooltip": _cited("Turn and phase", module_rule(info, "turns")),
        "turnButtonHeight": "22", "turnFormat": "$level1$ - $level2$",
    })
    turns = _list_level("Turn", TURN_PROPERTY, list(info.turn_names), "$value$")
    for segment in info.segments:
        names = [info.phases[p].name for p in segment.phases]
        # A one-phase segment is named like its phase; otherwise say which segment it is.
        shown = "$value$" if names == [segment.name] else f"{segment.name}: $value$"
        turns.append(_list_level(segment.name, PHASE_PROPERTY, names, shown))
    tracker.append(turns)
    return tracker


def _list_level(name: str, prop: str, items: list[str], turn_format: str) -> Component:
    return standard.component(_TURN + "ListTurnLevel", {
        "configFirst": "false", "configList": "false", "list": encode(items, ",") or "",
        "name": name, "property": prop, "prompt": "", "turnFormat": turn_format,
    })


def tracker_state(info, turn: str, phase: str | None = None) -> str:
    """The tracker's saved state at ``phase`` (default: the first) of ``turn`` (TurnTracker.getState).

    ``currentLevel|turnLevel``; a ListTurnLevel is ``current;currentSubLevel;first;
    active flags;sub-level states...``.
    """
    segment = next((i for i, s in enumerate(info.segments) if phase in s.phases), 0)
    segments = [_level_state(s.phases.index(phase) if i == segment and phase in s.phases else 0, 0, len(s.phases), [])
                for i, s in enumerate(info.segments)]
    turn_level = _level_state(info.turn_names.index(turn), segment, len(info.turn_names), segments)
    return encode(["0", turn_level], "|") or ""


def _level_state(current: int, sub_level: int, items: int, sub_states: list[str]) -> str:
    active = encode(["true"] * items, ",") or ""
    return encode([str(current), str(sub_level), "0", active, *sub_states], ";") or ""


def turn_command(state: str, tracker_id: str = TRACKER_ID) -> str:
    """The save's restore command for the tracker: ``TURN<id>⇥state``."""
    return encode(["TURN" + tracker_id, state], "\t") or ""
