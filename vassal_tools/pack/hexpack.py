"""What every hex game's pack shares: its folder (``data/`` beside ``pack.toml``), the rulebook
pack.toml names, pack.toml itself and the game data loaded from ``data/``.

A hex game's package subclasses :class:`HexPack` with its id, title and folder, and adds its
vocabulary, catalogue, rules and notes (``games/narvik_1940``, ``games/europa_narvik``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ..gamedata import GameData, load_game
from . import BoardKind, GamePack
from .printed import PrintedNames, roll_names


class HexPack(GamePack):
    """A hex game's pack whose package holds ``pack.toml`` and the game's data under ``data/``."""

    board_kind = BoardKind.HEX
    package_folder: Path  # the game's package: pack.toml and data/ are in it

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

    @cached_property
    def printed_names(self) -> PrintedNames:
        """Phases by pack.toml's ``[phase_names]`` (the rulebook's words), else by game.toml's names; die
        rolls by game.toml's names."""
        named = self.config.get("phase_names", {})
        phases = {phase.id: named.get(phase.id, phase.name) for phase in self.data.info.phases.values()}
        rolls = roll_names((roll.id, roll.name) for roll in self.data.info.die_rolls.values())
        return replace(super().printed_names, phases=phases, rolls=rolls)
