"""The games: a plug-in layer of one package per game, and the registry that finds a game by id.

A record, a log's audit or a module build names its game by id (``invasion-norway``);
:func:`pack_for` imports that game's package on first use and returns what it registered: a
:class:`~.pack.GamePack` (the pack contract: its data folder, record words, catalogue, rules, board
kind, and what it may say more). The layers below (record, replay, rules, art) never import this
one: their callers (the builder, the report, the CLI, :mod:`.play`) look the pack up here and hand
them what they need (a catalogue, a vocabulary, hooks, a rules object).

A game is a package (``games/invasion_norway/``: its data under ``data/``, its catalogue, its checks,
``pack.toml`` and its pack as ``PACK``) plus one line in :data:`KNOWN_GAMES`, the only line of the
toolkit a new game touches; a pack kept elsewhere may also be :func:`register`-ed (or
:func:`registered` for a while) as an instance.

May import: every layer up to art (formats, geometry, gamedata, record, replay, rules, art) and errors.
Imported by: builder, report, the demo and the CLI.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager

from ..gamedata.vocabulary import Vocabulary
from ..pack import BoardKind, GamePack, ListedCheck, what_kind_needs

__all__ = ["BoardKind", "GamePack", "ListedCheck", "Vocabulary", "checked", "known_sides", "pack_for",
           "register", "registered", "pack_ids", "ids_in_registry_order"]


# id -> the game's package; its ``PACK`` is the game's GamePack (imported on first use)
KNOWN_GAMES = {"invasion-norway": "vassal_tools.games.invasion_norway",
               "narvik-1940": "vassal_tools.games.narvik_1940",
               "kampen-om-norge": "vassal_tools.games.kampen_om_norge",
               "norway-1940": "vassal_tools.games.norway_1940",
               "europa-narvik": "vassal_tools.games.europa_narvik"}
_PACKS: dict[str, GamePack] = {}


def checked(pack: object) -> GamePack:
    """The pack, if it keeps the contract: a :class:`GamePack` giving what its board kind needs; a
    TypeError (a programming error of the pack) otherwise."""
    if not isinstance(pack, GamePack):
        raise TypeError(f"{pack!r} is no GamePack: a game's pack subclasses vassal_tools.games.GamePack")
    missing = what_kind_needs(pack)
    if missing:
        raise TypeError(f"the {pack.board_kind.value} game {pack.id} does not give {', '.join(missing)}")
    return pack


def register(pack: GamePack) -> GamePack:
    """Make a pack kept outside :data:`KNOWN_GAMES` available under its id (checked as :func:`checked`)."""
    _PACKS[pack.id] = checked(pack)
    return pack


@contextmanager
def registered(pack: GamePack) -> Iterator[GamePack]:
    """The pack registered for the block and unregistered after it (a game kept outside the
    toolkit, used for a while: a test's, a maintainer's trial), leaving the registry as it was."""
    before = _PACKS.get(pack.id)
    register(pack)
    try:
        yield pack
    finally:
        if before is None:
            _PACKS.pop(pack.id, None)
        else:
            _PACKS[pack.id] = before


def pack_ids() -> list[str]:
    return sorted(set(KNOWN_GAMES) | set(_PACKS))


def ids_in_registry_order() -> list[str]:
    """Every game's id: :data:`KNOWN_GAMES` in its order (the toolkit's first game first), then the
    packs registered besides, by id."""
    return list(KNOWN_GAMES) + sorted(set(_PACKS) - set(KNOWN_GAMES))


def known_sides() -> tuple[str, ...]:
    """The side words of every game the registry knows, in registry order (for readers of text
    that does not say its game)."""
    sides: dict[str, None] = {}
    for game in pack_ids():
        pack = pack_for(game)
        if pack is not None:
            sides.update(dict.fromkeys(pack.vocabulary.sides))
    return tuple(sides)


def pack_for(game: str) -> GamePack | None:
    """The pack of a game id (a registered one, else a known game's package's ``PACK``, imported on
    first use); None if there is none."""
    if game in _PACKS:
        return _PACKS[game]
    if game in KNOWN_GAMES:
        return checked(importlib.import_module(KNOWN_GAMES[game]).PACK)
    return None
