"""Open a file as the kind a command needs: a module, or a saved game or log.

Anything else is bad input naming the file and what it is instead.
"""

from __future__ import annotations

import os
from typing import TypeVar

from ..errors import BadInput
from .files import Module, SavedGame, open_file

Kind = TypeVar("Kind", Module, SavedGame)


def open_as(path: str | os.PathLike, kind: type[Kind], words: str) -> Kind:
    """The file at ``path`` opened as a ``kind``; ``words`` name that kind for the message."""
    opened = open_file(path)
    if not isinstance(opened, kind):
        raise BadInput(path, f"is a {opened.kind}, not {words}")
    return opened


def open_game(source: SavedGame | str | os.PathLike) -> SavedGame:
    """A saved game or log, from an open file or a path."""
    return source if isinstance(source, SavedGame) else open_as(source, SavedGame, "a saved game or log")


def open_module(source: Module | str | os.PathLike) -> Module:
    """A module or extension, from an open file or a path."""
    return source if isinstance(source, Module) else open_as(source, Module, "a module")
