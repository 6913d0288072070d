"""Replay VASSAL logs and saves, and turn them into game records.

* :class:`~.replayer.Replayer` executes a log step by step on one
  :class:`~.state.GameState` (pieces, stacks, maps, properties, turn trackers,
  players): ``restore()``, ``steps()``, ``state_at(n)``.
* :func:`~.recorder.record_log` / :func:`~.recorder.position_at` make a game record
  (``vassal-tools/record@1``, :mod:`vassal_tools.record`) of a log, or of the position at a step.
  What VASSAL cannot say, players put on the map (Control and Hit markers,
  :mod:`.markers`) and type in chat (declarations, :mod:`.chat_grammar`). The words
  (sides, phases, turns, weather) and the game's own mechanics (its replay hooks) come
  from the game the log is of, handed down by the caller (:class:`~.recorder.RecordedGame`:
  ``vassal_tools.games.play`` finds it in the registry).
* :class:`~.logwriter.LogWriter` writes logs as VASSAL does, for demos and tests.

May import: :mod:`vassal_tools.record`, :mod:`vassal_tools.gamedata`, :mod:`vassal_tools.geometry`,
:mod:`vassal_tools.formats`, :mod:`vassal_tools.errors` (never rules, never games).
Imported by: games (the play verbs), report, the demo and the CLI.
"""

from __future__ import annotations

from .recorder import position_at, record_log
from .replayer import Replayer
from .state import GameState

__all__ = ["GameState", "Replayer", "record_log", "position_at"]
