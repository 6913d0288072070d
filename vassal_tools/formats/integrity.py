"""Whether a saved game's command stream is whole, or stops short (a damaged file).

A save is ``begin_save ... end_save`` (vassal-formats.md 5.2); a log is that opening
position followed by whole LOG steps (5.3). A file cut short, for instance a
``savedGame`` entry halved inside its zip, must not read as a smaller, clean game.
A cut shows as: no ``begin_save`` first; no top-level ``end_save``; a last token that
is not a step; or a last command left incomplete (a move with missing fields, a piece
whose state stops before its traits do, a change without the old state every other
change carries, a dangling escape). A cut that lands exactly between two commands, or
inside chat text, leaves a stream that is whole by every test VASSAL's format allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .commandbase import BeginSave, Command, EndSave, LogCommand, Unknown
from .commands import decode_commands, head, walk
from .piececommands import AddPiece, ChangePiece
from .traits.encoding import split_chain, split_state_chain


@dataclass(frozen=True, slots=True)
class Damage:
    """Where and why a stream stops short."""

    where: str
    why: str

    def __str__(self) -> str:
        return f"damaged: {self.why} ({self.where})"


def stream_damage(text: str) -> Damage | None:
    """:func:`find_damage` of a stream given as text (what ``encode`` is asked to write)."""
    return find_damage(decode_commands(text), len(text))


def find_damage(commands: Sequence[Command], length: int) -> Damage | None:
    """The first sign that the stream (``length`` characters, top-level ``commands``) was cut."""
    if not commands or not isinstance(head(commands[0]), BeginSave):
        return Damage("character 0", "it does not begin with begin_save, so it is no VASSAL saved game")
    end = next((i for i, c in enumerate(commands) if isinstance(c, EndSave)), None)
    if end is None:
        return Damage(f"character {length}, after {len(commands)} commands",
                      "the stream stops inside the opening position: it has no end_save")
    if end == len(commands) - 1:
        return None
    last = commands[-1]
    where = f"step {len(commands) - 1 - end}, the last one, at character {length}"
    if not isinstance(head(last), LogCommand):
        if isinstance(head(last), Unknown):
            return Damage(where, f"the stream ends in a token that is not a step: {last.encode()[:40]!r}")
        return None
    why = _incomplete(list(walk([last])), commands[end + 1:-1], last.encode())
    return Damage(where, why) if why else None


def _incomplete(inner: list[Command], earlier: Sequence[Command], text: str) -> str | None:
    if _dangling_escape(text):
        return "the last step stops after an escape character"
    if not inner:
        return "the last step is empty"
    final = inner[-1]
    if isinstance(final, Unknown) and final.problem:
        return f"its last command is incomplete: {final.problem}"
    if isinstance(final, AddPiece) and final.type != "stack" and _state_stops_early(final):
        return "its last command adds a piece whose state stops before its traits do"
    if isinstance(final, ChangePiece) and final.old_state is None and _changes_carry_old_state(earlier):
        return "its last command changes a piece without the old state every other change carries"
    return None


def _dangling_escape(text: str) -> bool:
    stripped = text.rstrip("\\")
    return (len(text) - len(stripped)) % 2 == 1


def _state_stops_early(command: AddPiece) -> bool:
    states = split_state_chain(command.state, len(split_chain(command.type)))
    return any(state is None for state in states)


def _changes_carry_old_state(steps: Sequence[Command]) -> bool:
    changes = [c for c in walk(steps) if isinstance(c, ChangePiece)]
    return bool(changes) and all(c.old_state is not None for c in changes)
