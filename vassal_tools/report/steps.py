"""A log's steps in words (or as JSON): what ``vassal-tools steps`` prints.

With the game's module, places are named by the map's own grid and the turn and phase by
its turn tracker, as VASSAL shows them; the module must be the log's own
(:mod:`..formats.match`), or the user must allow the mismatch, and is then warned first.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from ..formats.commands import command_json, walk
from ..formats.files import SavedGame
from ..formats.kinds import open_game, open_module
from ..formats.logsteps import GameStream, split_stream
from .stepwords import Locate, TurnWords, context_for, describe_command, describe_step


@dataclass
class StepsReport:
    """A log's steps with the words to name them, and what the reader must be told first."""

    game: SavedGame
    stream: GameStream
    locate: Locate | None = None
    turn_words: TurnWords | None = None
    warnings: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return steps_text(self.stream, self.locate, self.turn_words)

    def json(self) -> list[dict[str, Any]]:
        return steps_json(self.stream, self.locate, self.turn_words)


def read_steps(log: str | os.PathLike, module_path: str | os.PathLike | None = None, *,
               allow_mismatch: bool = False) -> StepsReport:
    """The steps of ``log``, named through ``module_path`` when given."""
    game = open_game(log)
    report = StepsReport(game, split_stream(game.commands))
    if module_path is not None:
        # Imported here: a log's steps without its module need neither shapely nor the replay.
        from ..formats.match import require_match
        from ..geometry.from_module import ModuleGeometry, board_layouts
        from ..replay.turns import turn_words

        module = open_module(module_path)
        report.warnings = require_match(game, module, allow_mismatch)
        report.locate = ModuleGeometry(module, board_layouts(game.stream)).name_at
        report.turn_words = turn_words(module)
    return report


def steps_text(stream: GameStream, locate: Locate | None = None, turn_words: TurnWords | None = None) -> list[str]:
    """Numbered lines: ``N. first thing`` with the step's further lines indented below."""
    context = context_for(stream, locate, turn_words)
    lines: list[str] = []
    for loaded in stream.at_load:
        for command in walk((loaded.command,)):
            words = describe_command(command, context)
            if words:
                lines.append(f"at load: {words}")
    for step in stream.steps:
        step_words = describe_step(step, context) or ["(no visible change)"]
        prefix = f"{step.number}. "
        lines.append(prefix + step_words[0])
        lines.extend(" " * len(prefix) + w for w in step_words[1:])
    return lines


def steps_json(stream: GameStream, locate: Locate | None = None, turn_words: TurnWords | None = None) -> list[dict]:
    """One object per step: number, undo facts, the words and the commands."""
    context = context_for(stream, locate, turn_words)
    out = []
    for step in stream.steps:
        out.append({
            "number": step.number,
            "undo": step.is_undo,
            "undoes": step.undoes,
            "words": describe_step(step, context),
            "commands": [command_json(c) for c in step.commands],
        })
    return out
