"""A command stream as text a user edits: what ``decode`` writes and ``encode`` reads back."""

from __future__ import annotations

import os

from ..errors import BadInput
from .integrity import stream_damage

_BOM = b"\xef\xbb\xbf"


def read_stream_text(path: str | os.PathLike) -> str:
    """A stream written by ``decode`` (possibly edited): strict UTF-8, no byte-order mark."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except OSError as err:
        raise BadInput(path, f"cannot read: {err.strerror or err}") from None
    if data.startswith(_BOM):
        raise BadInput(path, "starts with a UTF-8 byte-order mark, which VASSAL would read as part of "
                             "the first command; save the text without it")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadInput(path, f"is not UTF-8 text (byte 0x{data[err.start]:02x})", f"byte {err.start}") from None


def require_whole(game) -> None:
    """Refuse a save or log whose stream was cut short (reading its commands checks it)."""
    try:
        game.commands  # noqa: B018 - decoding the commands is the check
    except BadInput as err:
        raise BadInput(err.source, f"{err.what}; pass --allow-damaged to print it anyway", err.where) from None


def require_whole_text(path: os.PathLike | str, stream: str) -> None:
    """Refuse text that is not a whole VASSAL command stream (``encode --raw`` skips this)."""
    damage = stream_damage(stream)
    if damage is not None:
        raise BadInput(path, f"is not a whole VASSAL command stream, {damage}; pass --raw to write it anyway")
