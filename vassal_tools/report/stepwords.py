"""Log steps in words: "moved Tank from (412,300) on Main Map to (500,350) on Main Map".

Piece names come from the AddPiece definitions seen so far in the stream, kept
in a :class:`StepContext` that learns as steps are described, so describe the
steps of a log in order. Where a move happened is ``(x,y) on MAP`` unless the
context has a ``locate(map_name, x, y)`` callable that names the spot (for
example a grid location from the module).

A turn tracker's state is a list of level positions (vassal-formats.md 5.4); only
the module's buildFile says what they are called. With a ``turn_words(tracker_id,
state)`` callable (the steps command makes one from the module's TurnTracker
levels) a step reads "turn tracker: April #5 / German Land Movement Phase";
without one it reads "turn tracker advanced".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..errors import BadInput
from ..formats.commands import (
    AddPiece,
    ChangePiece,
    Chat,
    Command,
    DiceResults,
    ExtensionUsed,
    MovePiece,
    PlayerAdd,
    PlayerRemove,
    PropertyChange,
    RemovePiece,
    SetBoards,
    TurnState,
    Undo,
    Unknown,
    walk,
)
from ..formats.logsteps import GameStream, Step
from ..formats.sequence import decode

Locate = Callable[[str, int, int], "str | None"]
#: (tracker id, state) -> the values the tracker shows, outermost level first (empty: unknown).
TurnWords = Callable[[str, str], "list[str]"]


@dataclass
class StepContext:
    """What the describer knows: piece id -> (type, state), how to name a spot and a tracker state."""

    pieces: dict[str, tuple[str, str]] = field(default_factory=dict)
    locate: Locate | None = None
    turn_words: TurnWords | None = None

    def learn(self, commands: Iterable[Command]) -> None:
        """Record piece definitions and state changes from commands (lists and LOGs unwrapped)."""
        for command in walk(commands):
            self.learn_one(command)

    def learn_one(self, command: Command) -> None:
        if isinstance(command, AddPiece) and command.id is not None:
            self.pieces[command.id] = (command.type, command.state)
        elif isinstance(command, ChangePiece) and command.id in self.pieces:
            self.pieces[command.id] = (self.pieces[command.id][0], command.new_state)

    def name(self, piece_id: str | None) -> str:
        """The piece's name, or its id in brackets when it was never defined."""
        known = self.pieces.get(piece_id) if piece_id is not None else None
        if known is None:
            return f"[{piece_id}]"
        type_, state = known
        if type_ == "stack":
            return self._stack_name(state)
        return piece_name(type_, state) or f"[{piece_id}]"

    def _stack_name(self, state: str) -> str:
        members = [t for t in decode(state, ";")[3:] if t and not t.startswith("@@")]
        names = [self.name(m) for m in members]
        return f"stack ({', '.join(names)})" if names else "empty stack"

    def place(self, map_name: str | None, x: int, y: int) -> str:
        if map_name is None:
            return "off map"
        return f"{self.spot(map_name, x, y)} on {map_name}"

    def spot(self, map_name: str, x: int, y: int) -> str:
        """The location name VASSAL shows for a point, or the point itself without a grid."""
        name = self.locate(map_name, x, y) if self.locate else None
        return name or f"({x},{y})"

    def turn(self, tracker_id: str, state: str) -> str:
        """A tracker's new state in words: the values its levels show, when the context knows them."""
        values = [v for v in (self.turn_words(tracker_id, state) if self.turn_words else []) if v]
        return "turn tracker: " + " / ".join(values) if values else "turn tracker advanced"


def context_for(stream: GameStream, locate: Locate | None = None, turn_words: TurnWords | None = None) -> StepContext:
    """A context that knows the restore part and the commands run at load, before step 1."""
    context = StepContext(locate=locate, turn_words=turn_words)
    context.learn(stream.restore)
    context.learn(loaded.command for loaded in stream.at_load)
    return context


@lru_cache(maxsize=8192)
def piece_name(type_: str, state: str) -> str:
    """A piece's name from its definition: the one place to swap in a better namer.

    Uses ``pieces.decode_piece``, else the name field of the BasicPiece (the
    innermost trait) of the type chain. Cached: a log names the same pieces in the same
    states again and again (a 1,091-step log decodes 1,733 names, most of them repeats).
    """
    # Imported here: the trait decoders load only when a piece is named.
    from ..formats.pieces import decode_piece

    try:
        name = getattr(decode_piece(type_, state), "name", None)
    except BadInput:
        name = None  # a trait the decoder refuses still has a BasicPiece name
    if isinstance(name, str) and name:
        return name
    return basic_name(type_)


def basic_name(type_: str) -> str:
    """The last ``;`` field of the innermost trait's type (the BasicPiece's common name)."""
    inner = type_
    while True:
        parts = decode(inner, "\t")
        if len(parts) < 2:
            break
        inner = parts[1]
    fields = decode(inner, ";")
    return fields[-1] if fields[0] == "piece" and len(fields) > 1 else ""


def describe_step(step: Step, context: StepContext,
                  special: Callable[[Command], str | None] | None = None) -> list[str]:
    """One line per command worth telling; the context learns the step's pieces as it goes.

    ``special(command)``, when given, words a command first (a report that knows more,
    such as layer names, than this game-agnostic describer).
    """
    words = []
    if step.is_undo:
        words.append(f"undo of step {step.undoes}" if step.undoes else "undo")
    has_dice_chat = any(isinstance(c, Chat) and c.line.dice for c in step.commands)
    for command in step.commands:
        if has_dice_chat and isinstance(command, PropertyChange) and command.dice_button:
            continue  # the chat line already says it
        line = (special(command) if special else None) or describe_command(command, context)
        context.learn_one(command)
        if line:
            words.append(line)
    return words


def describe_command(command: Command, context: StepContext) -> str | None:
    """Words for one command, or None for bookkeeping nobody reads (undo markers, nulls)."""
    describe = _DESCRIBERS.get(type(command))
    return describe(command, context) if describe else None


def _move(c: MovePiece, ctx: StepContext) -> str:
    if c.old_map is not None and c.old_map == c.new_map:
        # "from 4332 to 4333 on Operational Map": one map named once.
        return (f"moved {ctx.name(c.id)} from {ctx.spot(c.old_map, c.old_x, c.old_y)}"
                f" to {ctx.place(c.new_map, c.new_x, c.new_y)}")
    return (f"moved {ctx.name(c.id)} from {ctx.place(c.old_map, c.old_x, c.old_y)}"
            f" to {ctx.place(c.new_map, c.new_x, c.new_y)}")


def _add(c: AddPiece, ctx: StepContext) -> str:
    ctx.learn_one(c)
    return f"added {ctx.name(c.id)}"


def _chat(c: Chat, ctx: StepContext) -> str | None:
    line = c.line
    if line.dice:
        roller = line.dice.player or "someone"
        return f"{roller} rolled {line.dice.name}: {line.dice.result}"
    if line.kind == "player":
        return f"<{line.player}> {line.message}"
    if line.kind == "anonymous":
        return f"<(Anonymous)> {line.message}"
    return line.message.strip() or None


def _property(c: PropertyChange, ctx: StepContext) -> str:
    if c.dice_button and c.name.endswith("_result"):
        return f"rolled {c.dice_button}: {c.new_value}"
    return f"set {c.name} to {c.new_value!r} (was {c.old_value!r})"


# Each describer takes an instance of the command class it is keyed by.
_DESCRIBERS: dict[type[Command], Callable[[Any, StepContext], str | None]] = {
    MovePiece: _move,
    AddPiece: _add,
    RemovePiece: lambda c, ctx: f"removed {ctx.name(c.id)}",
    ChangePiece: lambda c, ctx: f"changed {ctx.name(c.id)}",
    Chat: _chat,
    PropertyChange: _property,
    DiceResults: lambda c, ctx: f"{c.button} rolled faces {', '.join(map(str, c.faces))}",
    SetBoards: lambda c, ctx: f"boards of {c.map_name}: " + ", ".join(
        f"{b.name}{' (reversed)' if b.reversed else ''} at {b.column},{b.row}" for b in c.boards),
    TurnState: lambda c, ctx: ctx.turn(c.tracker_id, c.state),
    PlayerAdd: lambda c, ctx: f"{c.name} took side {c.side}",
    PlayerRemove: lambda c, ctx: "a player left their side",
    ExtensionUsed: lambda c, ctx: f"extension {c.name} {c.version}",
    Undo: lambda c, ctx: None,
    Unknown: lambda c, ctx: f"unrecognised command {c.prefix!r}",
}
