"""The games: one home per game's definition, and the registry that finds a game by its id.

A record, a log's audit or a module build names its game by id (``invasion-norway``);
:func:`pack_for` imports that game's package on first use and returns what it registered.
The game packages (``games/<game>/``) hold the game's catalogue, its vocabulary and its
checks; :mod:`.gamedata` reads a game's data folder (``module_src/<game>/``).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .vocabulary import Vocabulary

if TYPE_CHECKING:
    from ..record import Catalogue
    from ..rules.engine import GameRules

__all__ = ["RulePack", "Vocabulary", "known_sides", "pack_for", "register", "pack_ids"]


class RulePack(Protocol):
    """What a game's package provides."""

    id: str

    @property
    def data_folder(self) -> Path:
        """The game's data folder (game.toml, the tables, scenarios/) shipped with its package."""
        ...

    @property
    def vocabulary(self) -> Vocabulary:
        """The words of the game's records: phases, sides, turns, weather (from its game.toml)."""
        ...

    @property
    def catalogue(self) -> Catalogue: ...

    def rules(self) -> GameRules: ...


# id -> module that registers it when imported
KNOWN_GAMES = {"invasion-norway": "vassal_tools.games.invasion_norway"}
_PACKS: dict[str, RulePack] = {}


def register(pack: RulePack) -> RulePack:
    """Make a pack available under its id (packs call this when imported)."""
    _PACKS[pack.id] = pack
    return pack


def pack_ids() -> list[str]:
    return sorted(set(KNOWN_GAMES) | set(_PACKS))


def known_sides() -> tuple[str, ...]:
    """The side words of every game the registry knows, in registry order (for readers of text
    that does not say its game)."""
    sides: dict[str, None] = {}
    for game in pack_ids():
        pack = pack_for(game)
        if pack is not None:
            sides.update(dict.fromkeys(pack.vocabulary.sides))
    return tuple(sides)


def pack_for(game: str) -> RulePack | None:
    """The pack of a game id, importing it if needed; None if there is none."""
    if game not in _PACKS and game in KNOWN_GAMES:
        importlib.import_module(KNOWN_GAMES[game])
    return _PACKS.get(game)
