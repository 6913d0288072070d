"""What every hex game's pack shares: its folder (``data/`` beside ``pack.toml``), the rulebook
pack.toml names, pack.toml itself and the game data loaded from ``data/``.

A hex game's package subclasses :class:`HexPack` with its id, title and folder, and adds its
vocabulary, catalogue, rules and notes (``games/narvik_1940``, ``games/europa_narvik``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..gamedata import GameData, load_game

if TYPE_CHECKING:
    from ..record.entries import EntryKind


class HexPack:
    """A pack whose package holds ``pack.toml`` and the game's data under ``data/``."""

    id: str
    title: str
    package_folder: Path  # the game's package: pack.toml and data/ are in it
    entry_kinds: tuple[EntryKind, ...] = ()  # the record entries of the game's own

    @property
    def data_folder(self) -> Path:
        return self.package_folder / "data"

    @property
    def rulebook(self) -> str:
        return str(self.config["rulebook"])

    @cached_property
    def config(self) -> Mapping[str, Any]:
        with (self.package_folder / "pack.toml").open("rb") as stream:
            return tomllib.load(stream)

    @cached_property
    def data(self) -> GameData:
        return load_game(self.data_folder)
