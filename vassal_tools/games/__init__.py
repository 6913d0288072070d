"""The games: the one home of each game's definition, and the registry that finds a game by id.

A record, a log's audit or a module build names its game by id (``invasion-norway``);
:func:`pack_for` imports that game's package on first use and returns what it registered:
its data folder, its record words (:class:`~vassal_tools.gamedata.vocabulary.Vocabulary`: phases, sides, turns,
weather, read from its game.toml), its catalogue, its rules and (optionally) the replay hooks
of its own mechanics (:class:`~vassal_tools.gamedata.vocabulary.ReplayHooks`). :mod:`vassal_tools.gamedata`
(the layer below the record) reads and checks a game's data folder (``module_src/<game>/``) and knows
no one game's words.

A game is a package here (``games/invasion_norway/``: its data under ``data/``, its
catalogue, its checks and ``pack.toml``), found by its folder (:data:`KNOWN_GAMES`: the id is
the folder's name with ``-`` for ``_``); a game kept elsewhere (tests/toy_game) calls
:func:`register`.

May import: :mod:`vassal_tools.gamedata`, :mod:`vassal_tools.geometry`, :mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`.
A game package (``games/<game>/``) may also import record, replay and rules: it plugs its
checks into the engine, and nothing imports it but the registry, by name, at run time.
Imported by: record, replay, rules, art, builder and the demo.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..gamedata.vocabulary import Vocabulary

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

    # Optional members (issue 21 point 4: a game's words live in its pack); a pack without one
    # gets the neutral default the caller names.
    #
    # nationality_words: Mapping[str, tuple[str, ...]]
    #     The words a module's palette, prototype or image names use for each nationality of the
    #     game, for drafting a mapping (replay.mapping_draft). Default: each nationality by its id.
    # sample_game: demo.SampleGame
    #     The demo's sample game (vassal-tools demo plays the first pack's that has one). Default: None.


# id -> module that registers it when imported: every package here is a game's, its id its
# folder's name with "-" for "_" (games/narvik_1940 registers "narvik-1940").
KNOWN_GAMES = {info.name.replace("_", "-"): f"{__name__}.{info.name}"
               for info in pkgutil.iter_modules(__path__) if info.ispkg}
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
