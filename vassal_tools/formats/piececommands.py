"""Piece commands (BasicCommandEncoder, 5.4): add, remove, change and move a piece."""

from __future__ import annotations

from dataclasses import dataclass

from .commandbase import JAVA_INT, SingleCommand, Unknown, unwrap_null
from .sequence import decode


@dataclass(slots=True)
class AddPiece(SingleCommand):
    """``+/id/type/state``: creates a piece (or stack, or deck) with its full definition.

    ``type`` and ``state`` are the encoded trait chains, kept as text; call
    :meth:`piece` to decode them.
    """

    id: str | None
    type: str
    state: str

    @classmethod
    def parse(cls, raw: str) -> AddPiece:
        parts = decode(raw[2:], "/")
        parts += [""] * (3 - len(parts))
        return cls(raw, unwrap_null(parts[0]), parts[1], parts[2])

    def piece(self):
        """The decoded piece (``pieces.decode_piece``); decoded now, not when the stream was read."""
        from .pieces import decode_piece  # the trait decoder lives apart and is costly

        return decode_piece(self.type, self.state)


@dataclass(slots=True)
class RemovePiece(SingleCommand):
    """``-/id``: deletes a piece."""

    id: str

    @classmethod
    def parse(cls, raw: str) -> RemovePiece:
        return cls(raw, raw[2:])


@dataclass(slots=True)
class ChangePiece(SingleCommand):
    """``D/id/newState[/oldState]``: a piece's whole state chain changes. New state first."""

    id: str
    new_state: str
    old_state: str | None

    @classmethod
    def parse(cls, raw: str) -> ChangePiece:
        parts = decode(raw[2:], "/")
        new_state = parts[1] if len(parts) > 1 else ""
        old_state = parts[2] if len(parts) > 2 else None
        return cls(raw, parts[0], new_state, old_state)


@dataclass(slots=True)
class MovePiece(SingleCommand):
    """``M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/playerId`` (map coordinates).

    ``None`` stands for VASSAL's ``null``: a map of ``None`` is "not on a map",
    an underneath id of ``None`` is "bottom of the stack or alone".
    """

    id: str | None
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player_id: str

    @classmethod
    def parse(cls, raw: str) -> SingleCommand:
        parts = decode(raw[2:], "/")
        if len(parts) < 9:
            return Unknown(raw, f"move has {len(parts)} fields, needs at least 9")
        coords = [parts[i] for i in (2, 3, 6, 7)]
        if not all(JAVA_INT.fullmatch(c) for c in coords):
            return Unknown(raw, "move has a coordinate that is not an integer")
        nx, ny, ox, oy = map(int, coords)
        player = parts[9] if len(parts) > 9 else ""  # VASSAL 2.x wrote no player id
        return cls(raw, unwrap_null(parts[0]), unwrap_null(parts[1]), nx, ny, unwrap_null(parts[4]),
                   unwrap_null(parts[5]), ox, oy, unwrap_null(parts[8]), player)
