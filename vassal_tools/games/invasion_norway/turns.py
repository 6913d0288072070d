"""How Invasion: Norway names its turns: ``<Month> #<n>`` (2.0; the Turn Record Track).

A record or a log may name any turn of that form in March to July, also beyond the turns
the game's turn record lists (a long sample game, a scenario played on), as it always could;
turns order by month, then number.
"""

from __future__ import annotations

import re

_TURN = re.compile(r"^\s*([A-Za-z]+)\s*#\s*(\d+)\s*$")
_TURN_TEXT = re.compile(r"\b(March|April|May|June|July)\s*#\s*(\d+)", re.IGNORECASE)
_MONTHS = {"march": 3, "april": 4, "may": 5, "june": 6, "july": 7}


class MonthTurns:
    """The game's :class:`~vassal_tools.gamedata.vocabulary.TurnNames`."""

    def canonical(self, turn: str) -> str | None:
        m = _TURN.match(turn)
        if not m or m.group(1).lower() not in _MONTHS:
            return None
        return f"{m.group(1).capitalize()} #{int(m.group(2))}"

    def order(self, turn: str) -> tuple[int, int]:
        """A sortable key of a turn name such as ``"April #5"`` (month, number)."""
        m = _TURN.match(turn)
        if not m or m.group(1).lower() not in _MONTHS:
            raise ValueError(f"not a turn: {turn!r}")
        return _MONTHS[m.group(1).lower()], int(m.group(2))

    def find(self, text: str) -> str | None:
        match = _TURN_TEXT.search(text or "")
        return self.canonical(f"{match.group(1)} #{match.group(2)}") if match else None
