"""Replay a saved game or log: the game state after the restore and after every step.

A log is a restore part followed by steps (vassal-formats.md 5.3). A
:class:`Replayer` executes the restore and the load-time commands once, then
each step's commands in order on the same :class:`~.state.GameState`: nothing is
ever rebuilt, so walking a log of thousands of steps costs what its commands
cost. Undo steps are executed like any step (their commands are the inverses
VASSAL wrote), which restores the state the undone step changed.

>>> replay = Replayer(vassal_tools.open("game.vlog"))          # doctest: +SKIP
>>> for done in replay.steps():                                   # doctest: +SKIP
...     print(done.step.number, len(done.state.pieces))
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from ..errors import BadInput
from ..formats.commands import walk
from ..formats.files import SavedGame
from ..formats.kinds import open_game
from ..formats.logsteps import GameStream, Step, split_stream
from .piecetypes import PieceTypes
from .state import GameState


@dataclass
class ReplayedStep:
    """A step just executed, and the state right after it (the same object every time)."""

    step: Step
    state: GameState


class Replayer:
    """Steps through one game. ``skip`` names steps not to execute (to compare with an undo)."""

    def __init__(self, game: SavedGame | str | os.PathLike, skip: Collection[int] = (),
                 types: PieceTypes | None = None):
        self.game = open_game(game)
        self.source = str(self.game.path)
        self.stream: GameStream = split_stream(self.game.commands)
        self.skip = frozenset(skip)
        self.types = types if types is not None else PieceTypes()
        self.state = GameState(self.types)
        self.done = -1  # number of the last step executed; -1 before the restore

    @property
    def step_list(self) -> list[Step]:
        return self.stream.steps

    def restore(self) -> GameState:
        """Clear the state and execute the restore part and the load-time commands: step 0."""
        self.state.clear()
        self._execute(self.stream.restore)
        self._execute(loaded.command for loaded in self.stream.at_load)
        self.done = 0
        return self.state

    def steps(self, before: Callable[[Step, GameState], None] | None = None) -> Iterator[ReplayedStep]:
        """Execute the remaining steps in order, yielding after each (restoring first if needed).

        ``before(step, state)``, if given, sees the state just before each step runs.
        """
        if self.done < 0:
            self.restore()
        for step in self.stream.steps[self.done:]:
            if before is not None:
                before(step, self.state)
            if step.number not in self.skip:
                self.apply(step)
            self.done = step.number
            yield ReplayedStep(step, self.state)

    def apply(self, step: Step) -> None:
        """Execute one step's commands on the state."""
        apply = self.state.apply
        for command in step.commands:
            apply(command)

    def state_at(self, number: int) -> GameState:
        """The state after step ``number`` (0: after the restore); replays forward, or anew if behind."""
        last = len(self.stream.steps)
        if not 0 <= number <= last:
            raise BadInput(self.source, f"no step {number}: the game has steps 1 to {last}" if last
                           else f"no step {number}: a saved game has only step 0")
        if number < self.done or self.done < 0:
            self.restore()
        if self.done == number:  # already there: stepping on would run the next step
            return self.state
        for done in self.steps():
            if done.step.number >= number:
                break
        return self.state

    def _execute(self, commands) -> None:
        apply = self.state.apply
        for command in walk(commands):
            apply(command)
