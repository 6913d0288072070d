"""The turn and phase a game is in: from the module's turn tracker, else from chat lines.

A turn tracker's state (``TURN<id>⇥state``, vassal-formats.md 5.4) is a ``|`` list
``currentLevel|level0|level1…``; a ListTurnLevel's state is ``current;currentSub;
first;activeFlags;sub-level states…`` and a CounterTurnLevel's ``current;currentSub;
loop;loopLimit;sub-level states…``. Following ``currentLevel`` and each level's
``currentSub`` down gives the values shown, outermost first: for a module built by
vassal_tools, the turn (``April #5``) and the phase (``German Naval Movement Phase``).

Names become record words through a :class:`PhaseNames` table: the game's phase
names (when its rule pack has the game data) and the record's phase ids. A module
without a tracker that names phases leaves it to chat lines such as "Beginning the
German Land Movement Phase" or "April #5".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ..formats.sequence import decode
from ..gamedata.vocabulary import Vocabulary

_TURN_TEXT = re.compile(r"\b(March|April|May|June|July)\s*#\s*(\d+)", re.IGNORECASE)


def _words(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.strip().lower())


class PhaseNames:
    """Phase name (any spelling the game uses) -> record phase id."""

    def __init__(self, words: Vocabulary, names: Mapping[str, str] | None = None):
        self.words = words
        self.by_words: dict[str, str] = {_words(p): p for p in words.phases}
        for name, phase in (names or {}).items():
            self.by_words[_words(name)] = phase
        # Longest first, so "German Air Mission Phase (Allied Operations Segment)" wins
        # over "German Air Mission Phase" in a chat line.
        alternatives = sorted(self.by_words, key=len, reverse=True)
        self._search = re.compile("|".join(re.escape(a).replace(r"\ ", r"[\s_\-]+") for a in alternatives),
                                  re.IGNORECASE)

    @classmethod
    def of_catalogue(cls, catalogue, words: Vocabulary) -> PhaseNames:
        """The names of the game data behind a rule pack's catalogue, when it has them."""
        info = getattr(getattr(catalogue, "data", None), "info", None)
        phases = getattr(info, "phases", None) or {}
        return cls(words, {phase.name: pid for pid, phase in phases.items() if pid in words.phases})

    def phase(self, name: str | None) -> str | None:
        """The record phase id a level value names exactly, or None."""
        return self.by_words.get(_words(name)) if name else None

    def find(self, text: str) -> str | None:
        """The phase a free text names (the longest name found), or None."""
        match = self._search.search(text)
        return self.by_words.get(_words(match.group(0))) if match else None


def find_turn(text: str | None, words: Vocabulary) -> str | None:
    """A turn of the game named in a text (``April #5``, ``april#5``), canonically spelled, or None."""
    return words.find_turn(text)


@dataclass
class _Level:
    """A turn level of the buildFile: list items (None for a counter), sub-levels."""

    items: list[str] | None
    subs: list[_Level]


def _levels(views) -> list[_Level]:
    out = []
    for view in views:
        items = view.items if hasattr(view, "items") else None
        out.append(_Level(items, _levels(view.levels)))
    return out


class TurnTracker:
    """One TurnTracker of a module: reads the values its state shows."""

    def __init__(self, tracker_id: str, levels: list[_Level]):
        self.tracker_id = tracker_id
        self.levels = levels

    @classmethod
    def of_module(cls, module) -> list[TurnTracker]:
        return [cls(t.tracker_id or f"TurnTracker{i}", _levels(t.levels))
                for i, t in enumerate(module.buildfile.turn_trackers)]

    def values(self, state: str) -> list[str]:
        """The values shown by the active levels, outermost first ("" where unreadable)."""
        parts = decode(state, "|")
        try:
            current = int(parts[0])
        except (ValueError, IndexError):
            return []
        if not 0 <= current < len(self.levels) or current + 1 >= len(parts):
            return []
        return _values(self.levels[current], parts[current + 1])

    def names_phases(self, names: PhaseNames) -> bool:
        """Whether some level of this tracker lists a phase the record knows."""
        return any(names.phase(item) for item in _all_items(self.levels))


def _all_items(levels: Iterable[_Level]):
    for level in levels:
        yield from level.items or ()
        yield from _all_items(level.subs)


def _values(level: _Level, state: str) -> list[str]:
    fields = decode(state, ";")
    try:
        current, sub = int(fields[0]), int(fields[1])
    except (ValueError, IndexError):
        return []
    if level.items is not None:
        value = level.items[current] if 0 <= current < len(level.items) else ""
        sub_states = fields[4:]
    else:
        value = str(current)
        sub_states = fields[4:]
    out = [value]
    if level.subs and 0 <= sub < len(level.subs) and sub < len(sub_states):
        out += _values(level.subs[sub], sub_states[sub])
    return out


def turn_words(module) -> Callable[[str, str], list[str]]:
    """``(tracker id, state) -> values shown`` through a module's trackers (for stepwords' ``turn_words``)."""
    trackers = {t.tracker_id: t for t in TurnTracker.of_module(module)}

    def words(tracker_id: str, state: str) -> list[str]:
        tracker = trackers.get(tracker_id)
        return tracker.values(state) if tracker is not None else []

    return words


class TurnReader:
    """Turn and phase of a game state: tracker first, chat lines as the fallback."""

    def __init__(self, trackers: list[TurnTracker], names: PhaseNames):
        self.names = names
        self.trackers = [t for t in trackers if t.names_phases(names)]
        self.turn: str | None = None
        self.phase: str | None = None

    @property
    def uses_tracker(self) -> bool:
        return bool(self.trackers)

    def from_trackers(self, turns: Mapping[str, str]) -> tuple[str | None, str | None]:
        """Turn and phase shown by the trackers in ``turns`` (tracker id -> state)."""
        for tracker in self.trackers:
            state = turns.get(tracker.tracker_id)
            if state is None:
                continue
            values = tracker.values(state)
            phase = next((self.names.phase(v) for v in reversed(values) if self.names.phase(v)), None)
            turn = next((find_turn(v, self.names.words) for v in values if find_turn(v, self.names.words)), None)
            if phase is not None or turn is not None:
                self.turn, self.phase = turn or self.turn, phase or self.phase
        return self.turn, self.phase

    def from_chat(self, text: str) -> tuple[str | None, str | None]:
        """Turn and phase after a chat line (unchanged unless it names them)."""
        self.turn = find_turn(text, self.names.words) or self.turn
        self.phase = self.names.find(text) or self.phase
        return self.turn, self.phase
