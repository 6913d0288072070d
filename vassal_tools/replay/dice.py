"""Dice rolled in a step, and who rolled them (vassal-formats.md 5.8).

A DiceButton roll is logged as one step: a chat report ``*** <button> = <result>
*** <Player>`` and the button's ``_result`` (etc.) property changes. The player
named in the report rolled; their side is the one they sit on in the game's
roster (``PLAYER`` commands), unless the user's mapping file says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..formats.commands import Chat, Command
from .state import GameState


@dataclass(frozen=True)
class DiceRoll:
    """One reported roll: the button, the dice, their sum, the player and their side."""

    button: str
    values: tuple[int, ...]
    player: str | None
    side: str | None

    @property
    def total(self) -> int:
        return sum(self.values)


def rolls_in(commands: Iterable[Command], state: GameState,
             sides: Mapping[str, str] | None = None) -> list[DiceRoll]:
    """The rolls the chat reports among ``commands``; ``sides`` (player -> side) overrides the roster."""
    out = []
    for command in commands:
        if not isinstance(command, Chat):
            continue
        dice = command.line.dice
        if dice is None:
            continue
        side = (sides or {}).get(dice.player or "") or state.side_of_player(dice.player)
        out.append(DiceRoll(dice.name, dice.values, dice.player, side))
    return out
