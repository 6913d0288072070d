"""A saved game's stream split into its restore part and, for a log, its steps (5.2, 5.3).

The restore part runs from ``begin_save`` to ``end_save``. In a log each top-level
token after that whose first command is a ``LOG`` is one step: what one press of
VASSAL's "Step" button replays. A top-level token after ``end_save`` that is not
a LOG is executed when the file is loaded; it is kept in :attr:`GameStream.at_load`.

Undo is logged as a step ``UNDO⇥true … UNDO⇥false`` (VASSAL 2.x: no markers, an
``* UNDO: `` chat line) whose commands invert an earlier step's; :func:`find_undone`
names that step when the inverses match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from .commands import (
    AddPiece,
    ChangePiece,
    Chat,
    Command,
    EndSave,
    LogCommand,
    MovePiece,
    NullCommand,
    RemovePiece,
    Undo,
    decode_commands,
    head,
    walk,
)

# The chat text VASSAL writes to undo a chat line (resource Chatter.undo_message).
UNDO_CHAT = "* UNDO: "


@dataclass(slots=True)
class Step:
    """One log step: ``number`` counts from 1, ``position`` is its index among the top-level tokens.

    ``token`` is the stored top-level command; ``commands`` are the commands it
    executes, in order, lists flattened and LOG wrappers removed.
    """

    number: int
    position: int
    token: Command
    commands: list[Command]
    undoes: int | None = None

    @property
    def is_undo(self) -> bool:
        """Whether this step undoes another: ``UNDO⇥true`` first, or (VASSAL 2.x) an undo chat."""
        first = next((c for c in self.commands if not isinstance(c, NullCommand)), None)
        if isinstance(first, Undo):
            return first.in_progress
        return isinstance(first, Chat) and first.text.startswith(UNDO_CHAT)


@dataclass(slots=True)
class LoadedCommand:
    """A non-LOG top-level token after ``end_save``: run when the file is loaded, not stepped."""

    position: int
    command: Command


@dataclass(slots=True)
class GameStream:
    """The top-level commands of a stream and how they divide.

    ``commands[:restore_end]`` is the restore part (through ``end_save``);
    ``encode_commands(commands)`` gives back the stored text.
    """

    commands: list[Command]
    restore_end: int
    steps: list[Step] = field(default_factory=list)
    at_load: list[LoadedCommand] = field(default_factory=list)

    @property
    def restore(self) -> list[Command]:
        return self.commands[: self.restore_end]

    @property
    def is_log(self) -> bool:
        return bool(self.steps)


def read_stream(text: str) -> GameStream:
    """Decode a stream and split it into restore part, steps and load-time commands."""
    return split_stream(decode_commands(text))


def split_stream(commands: list[Command]) -> GameStream:
    """Divide already decoded top-level commands (see :class:`GameStream`)."""
    restore_end = _restore_end(commands)
    stream = GameStream(commands, restore_end)
    for position in range(restore_end, len(commands)):
        token = commands[position]
        if isinstance(head(token), LogCommand):
            step = Step(len(stream.steps) + 1, position, token, list(walk((token,))))
            stream.steps.append(step)
        else:
            stream.at_load.append(LoadedCommand(position, token))
    mark_undos(stream.steps)
    return stream


def _restore_end(commands: list[Command]) -> int:
    """Index after the top-level ``end_save``; without one, the index of the first LOG token."""
    for i, command in enumerate(commands):
        if isinstance(command, EndSave):
            return i + 1
    for i, command in enumerate(commands):
        if isinstance(head(command), LogCommand):
            return i
    return len(commands)


def mark_undos(steps: list[Step]) -> None:
    """Set ``undoes`` on each undo step whose commands invert an earlier, not yet undone step."""
    undone: set[int] = set()
    for index, step in enumerate(steps):
        if not step.is_undo:
            continue
        target = find_undone(step, steps[:index], undone)
        if target is not None:
            step.undoes = target.number
            undone.add(target.number)


def find_undone(undo: Step, earlier: list[Step], undone: AbstractSet[int] = frozenset()) -> Step | None:
    """The latest earlier step (not undo, not already undone) that ``undo`` exactly inverts."""
    wanted = Counter(filter(None, map(_effect, undo.commands)))
    if not wanted:
        return None
    for step in reversed(earlier):
        if step.is_undo or step.number in undone:
            continue
        if Counter(filter(None, map(_inverse_effect, step.commands))) == wanted:
            return step
    return None


def _effect(command: Command) -> tuple | None:
    """What a piece command leaves behind, comparable with :func:`_inverse_effect`."""
    if isinstance(command, MovePiece):
        return ("at", command.id, command.new_map, command.new_x, command.new_y)
    if isinstance(command, ChangePiece):
        return ("state", command.id, command.new_state)
    if isinstance(command, AddPiece):
        return ("exists", command.id)
    if isinstance(command, RemovePiece):
        return ("gone", command.id)
    if isinstance(command, Chat):
        return ("said", command.text)
    return None


def _inverse_effect(command: Command) -> tuple | None:
    """The effect of the command VASSAL writes to undo ``command`` (5.3)."""
    if isinstance(command, MovePiece):
        return ("at", command.id, command.old_map, command.old_x, command.old_y)
    if isinstance(command, ChangePiece):
        return ("state", command.id, command.old_state) if command.old_state is not None else None
    if isinstance(command, AddPiece):
        return ("gone", command.id)
    if isinstance(command, RemovePiece):
        return ("exists", command.id)
    if isinstance(command, Chat):
        return ("said", UNDO_CHAT + command.text)
    return None
