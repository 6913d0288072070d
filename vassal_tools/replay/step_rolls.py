"""Dice rolled in a step, who rolled them, and what for (vassal-formats.md 5.8).

A DiceButton roll is logged as one step: a chat report ``*** <button> = <result>
*** <Player>`` and the button's ``_result`` (etc.) property changes. The player
named in the report rolled; their side is the one they sit on in the game's
roster (``PLAYER`` commands), unless the user's mapping file says otherwise.
:class:`DiceButtons` says which of the game's die rolls a button makes, and reads
its number as the game's die: a d10 button showing 1-10 shows a 0 as 10.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..formats.commands import Chat, Command
from ..formats.files import Module
from ..gamedata.vocabulary import word_key
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
    rolls = (roll_of(command, state, sides) for command in commands)
    return [roll for roll in rolls if roll is not None]


def roll_of(command: Command, state: GameState, sides: Mapping[str, str] | None = None) -> DiceRoll | None:
    """The roll one command reports, if it is a dice report in chat."""
    if not isinstance(command, Chat):
        return None
    dice = command.line.dice
    if dice is None:
        return None
    side = (sides or {}).get(dice.player or "") or state.side_of_player(dice.player)
    return DiceRoll(dice.name, dice.values, dice.player, side)


class DiceButtons:
    """A module's dice buttons as the game sees them: the roll each makes, and its die's faces.

    The game's rolls come from its data (``die_rolls``, named like the buttons the
    builder makes) or its vocabulary's roll words; any other button's roll is its name in record words. VASSAL
    adds ``plus`` to each die: a button of ``nSides`` 10 and ``plus`` 0 shows 1-10,
    so where the game's die reads 0-9 (1.4.6: a 0 is zero, not ten) its 10 is a 0.
    """

    def __init__(self, module: Module, catalogue: object, roll_words: Mapping[str, str] | None = None) -> None:
        """``catalogue``: its .data.info, if any; ``roll_words``: the game's roll ids by the key
        (:func:`~vassal_tools.gamedata.vocabulary.word_key`) of each spelling, its vocabulary's
        ``record_words["roll"]`` (an area game's buttons are named by them: "Air-Naval Attack")."""
        info = getattr(getattr(catalogue, "data", None), "info", None)
        rolls = getattr(info, "die_rolls", None) or {}
        self.purposes = {roll.name.strip().lower(): rid for rid, roll in rolls.items()}
        self.roll_words = dict(roll_words or {})
        self.ten_is_zero: set[str] = set()
        if list(getattr(info, "die_faces", None) or ()) == list(range(10)):
            for button in module.buildfile.dice_buttons:
                attrs = button.element.attrib
                if (attrs.get("nSides"), attrs.get("plus", "0"), attrs.get("nDice", "1")) == ("10", "0", "1"):
                    self.ten_is_zero.add(str(button.name).strip().lower())

    def purpose(self, roll: DiceRoll) -> str:
        """The game's die roll id for the button (``naval-detection``), else its name in record words."""
        name = roll.button.strip().lower()
        return self.purposes.get(name) or self.roll_words.get(word_key(name)) or re.sub(r"[\s_]+", "-", name)

    def result(self, roll: DiceRoll) -> int:
        """The roll as the game reads it."""
        if roll.button.strip().lower() in self.ten_is_zero and len(roll.values) == 1 and roll.total == 10:
            return 0
        return roll.total
