"""Every die roll of one or more logs: who rolled, what for, the dice, and whether it was undone.

A roll is a dice report in chat (vassal-formats.md 5.8; VASL's ``*** (IFT DR) 3,1 ***``
too, see :mod:`vassal_tools.formats.chatlines`). Its *kind* is the die button's name
(``Naval Detection``, ``IFT DR``); a button named only by its dice (``2d6``, ``1d10``,
``Roll``) takes the declaration its player typed since their previous roll, when their
last chat line is one (:mod:`.chat_grammar`: ``detect naval North Sea`` makes a
``naval-detection`` roll, ``roll breakdown`` a ``breakdown`` roll, ``attack 4332 with
…`` an ``attack`` roll); any other chat line is no declaration. A roll
in a step that a later undo step takes back is *undone*: counted apart, never mixed
with the rolls that stand. Reading rolls needs no replay: only the steps' commands.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..formats.chatlines import read_chat
from ..formats.commands import Chat
from ..formats.files import SavedGame
from ..formats.logsteps import split_stream
from .chat_grammar import DETECTIONS, KEYWORDS
from .replayer import open_game

UNKNOWN_PLAYER = "(unknown)"
# Button names that say only which dice they roll, not what for.
_GENERIC = re.compile(r"^(\d*d\d+([+-]\d+)?|dice|die|roll|rolls?|random)$", re.IGNORECASE)


@dataclass(frozen=True)
class LoggedRoll:
    """One reported roll of a log."""

    log: str
    step: int
    player: str
    kind: str
    values: tuple[int, ...]
    undone: bool
    button: str = ""  # the die button's name as reported

    @property
    def total(self) -> int:
        return sum(self.values)


def roll_kind(button: str, said: str | None = None) -> str:
    """``(IFT DR)`` -> ``IFT DR``; a generic button (``2d6``) -> what the declaration ``said`` rolls for."""
    name = button.strip().strip("()").strip() or button.strip()
    declared = declared_kind(said) if said and _GENERIC.match(name) else None
    return declared or name


def declared_kind(text: str) -> str | None:
    """The roll a chat line declares (``detect naval …`` -> ``naval-detection``), or None for no declaration."""
    words = text.strip().lstrip("!").lower().split()
    if not words or words[0] not in KEYWORDS:
        return None
    if words[0] == "detect" and len(words) > 1 and words[1] in DETECTIONS:
        return DETECTIONS[words[1]]
    if words[0] == "roll" and len(words) > 1:
        return words[1]
    return words[0]


def rolls_of_log(path: SavedGame | str | os.PathLike) -> list[LoggedRoll]:
    """The rolls of one log (or save: none), in order; BadInput for anything that is no saved game.
    ``path`` may be the log already read (its rolls then name its path)."""
    game = open_game(path)
    stream = split_stream(game.commands)
    undone = {step.undoes for step in stream.steps if step.undoes is not None}
    said: dict[str, str] = {}  # player -> their last chat line since their last roll
    out = []
    name = str(game.path if isinstance(path, SavedGame) else path)
    for step in stream.steps:
        if step.is_undo:
            continue
        for command in step.commands:
            if not isinstance(command, Chat):
                continue
            line = read_chat(command.text)
            if line.kind == "player" and line.player:
                said[line.player] = line.message
            if line.dice is None:
                continue
            player = line.dice.player or UNKNOWN_PLAYER
            kind = roll_kind(line.dice.name, said.pop(player, None))
            out.append(LoggedRoll(name, step.number, player, kind, line.dice.values, step.number in undone,
                                  line.dice.name))
    return out


def rolls_of_logs(paths: Iterable[SavedGame | str | os.PathLike]) -> list[LoggedRoll]:
    """The rolls of several logs of one campaign, log after log in the order given."""
    return [roll for path in paths for roll in rolls_of_log(path)]
