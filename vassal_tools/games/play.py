"""The verbs on a record, a log or a module that names its game: the game found in the registry and
handed to the layers below, which never look a game up themselves.

    from vassal_tools.games.play import audit, record_log
    audit("game.json")                       # the record's "game" picks the pack; the findings
    record_log("turn3.vlog", "norway.vmod")  # the module's name (or a mapping's "game") picks it

A game is picked, in order, by the id given, a mapping file's ``"game"``, the module's name
(``Invasion: Norway`` -> ``invasion-norway``); an id the registry does not know is bad input.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..errors import BadInput
from ..formats.files import Module
from ..formats.kinds import open_module
from ..pack import GamePack
from ..record import Record, load_record
from ..replay import chain, recorder
from ..replay.mapping_draft import draft_mapping
from ..replay.units import Mapping_
from ..rules import Findings
from ..rules import audit as audit_record
from . import pack_for, pack_ids

__all__ = ["audit", "build_chain", "draft_for_module", "pack_of", "position_at", "record_log"]


def audit(record: Record | str | os.PathLike | dict) -> Findings:
    """Check a game record against the rules of the game it names; the findings in record order.

    ``record`` may be a loaded :class:`~vassal_tools.record.Record`, a path or a parsed dict (then it
    is loaded, and a bad record raises BadInput)."""
    if not isinstance(record, Record):
        record = load_record(record, pack_for)
    pack = pack_for(record.game)
    if pack is None:
        raise BadInput(record.source, f"unknown game {record.game!r} (no rule pack of that id)", "field 'game'")
    return audit_record(record, pack)


def pack_of(module: Module, mapping: Mapping_ | None = None, game: str | None = None) -> GamePack:
    """The pack of the game a log of ``module`` is recorded as (:func:`recorder.game_wanted`)."""
    wanted = recorder.game_wanted(module, mapping, game)
    pack = pack_for(wanted)
    if pack is None:
        known = ", ".join(pack_ids()) or "none"
        raise BadInput(module.path, f"no rule pack {wanted!r} for module {module.name!r} "
                       f"(rule packs: {known}); name one in a mapping file's \"game\"")
    return pack


def record_log(game, module: Module | str | os.PathLike, mapping: Mapping_ | None = None,
               game_id: str | None = None, last: int | None = None, *,
               allow_mismatch: bool = False) -> recorder.RecordedLog:
    """The record of a log (or save) replayed against a module (:func:`recorder.record_log`)."""
    if not isinstance(module, Module):
        module = open_module(module)
    found = module
    return recorder.record_log(game, module, lambda: pack_of(found, mapping, game_id), mapping, last,
                               allow_mismatch=allow_mismatch)


def position_at(game, module: Module | str | os.PathLike, step: int, mapping: Mapping_ | None = None,
                game_id: str | None = None, *, allow_mismatch: bool = False) -> recorder.RecordedLog:
    """The state after step ``step`` as a record of ``place`` entries (:func:`recorder.position_at`)."""
    if not isinstance(module, Module):
        module = open_module(module)
    found = module
    return recorder.position_at(game, module, lambda: pack_of(found, mapping, game_id), step, mapping,
                                allow_mismatch=allow_mismatch)


def build_chain(paths: Sequence[str | os.PathLike], module_path: str | os.PathLike | None = None,
                sort: bool = False) -> chain.Chain:
    """Read the logs (and the module, for names: the game's, when a pack knows the module) and link
    them, in the order given or by time (:func:`chain.build_chain`)."""
    module = chain.open_module(module_path) if module_path is not None else None
    game = pack_for(recorder.module_slug(module)) if module is not None else None
    return chain.build_chain(paths, module, sort, game)


def draft_for_module(path: str | os.PathLike, game: str) -> dict[str, Any]:
    """A mapping draft (:func:`draft_mapping`) of the module file at PATH against the game GAME."""
    pack = pack_for(game)
    if pack is None:
        raise BadInput(None, f"no game {game!r}: the games are {', '.join(pack_ids())}", "--game")
    module = open_module(path)
    try:
        return draft_mapping(module.buildfile, pack.catalogue, pack.id, pack.vocabulary.side_names,
                             pack.nationality_words)
    except BadInput as err:
        raise err.located(path) from None
