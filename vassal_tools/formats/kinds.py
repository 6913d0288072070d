"""Open a file as the kind a command needs: a module, or a saved game or log.

Anything else is bad input naming the file and what it is instead.
"""

from __future__ import annotations

import os

from ..errors import BadInput
from .files import Module, SavedGame, open_file


def open_game(source: SavedGame | str | os.PathLike) -> SavedGame:
    """A saved game or log, from an open file or a path."""
    if isinstance(source, SavedGame):
        return source
    game = open_file(source)
    if not isinstance(game, SavedGame):
        raise BadInput(source, f"is a {game.kind}, not a saved game or log")
    return game


def open_module(source: Module | str | os.PathLike) -> Module:
    """A module or extension, from an open file or a path."""
    if isinstance(source, Module):
        return source
    module = open_file(source)
    if not isinstance(module, Module):
        raise BadInput(source, f"is a {module.kind}, not a module")
    return module
