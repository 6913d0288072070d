"""A command stream as text a user edits: what ``decode`` writes and ``encode`` reads back."""

from __future__ import annotations

import os

from ..errors import BadInput

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
