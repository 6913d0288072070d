"""Dice buttons: one button of the game's die per die roll the rules name, grouped in one toolbar menu.

Every game's game.toml gives its die (``[die]``) and the rolls its rules name
(``[[die_rolls]]``), read by :func:`~vassal_tools.gamedata.read_dice` whatever the board kind,
and both builders (hex and area) add these buttons. VASSAL's DiceButton adds ``plus`` to each
die (vassal-formats.md 5.8): Invasion: Norway's d10 read 0-9 (invasion-norway.txt 1.4.6) is
``nSides`` 10 and ``plus`` -1, a d6 read 1-6 is ``nSides`` 6 and ``plus`` 0. Each roll gets its
own button, named after the roll (one that rolls several dice, ``several = true``, asks how many),
so the chat (and the log) says what was rolled for:
``*** Naval Detection = 7 *** <Alice>``, which the replay's dice reading
(:mod:`vassal_tools.replay.logged_rolls`) counts as a roll of that kind.
"""

from __future__ import annotations

from ..errors import BadInput
from ..formats.components import Component
from ..formats.sequence import encode
from ..gamedata.records import DieRoll, GameDice
from . import standard

REPORT = "** $name$ = $result$ *** &lt;$PlayerName$&gt;"
MENU = "Die rolls"


def die_settings(dice: GameDice) -> dict[str, str]:
    """``nSides`` and ``plus`` for the game's die: faces lowest..highest (game.toml ``[die]``)."""
    faces = dice.faces
    if not faces:
        raise BadInput("game.toml", "the die has no faces", "die")
    return {"nSides": str(len(faces)), "plus": str(faces[0] - 1)}


def dice_buttons(dice: GameDice) -> list[Component]:
    """A DiceButton per die roll, then a ToolbarMenu that gathers them under one button; a game whose
    data names no roll gets one button of its die, named by its dice (``1d6``: the replay's dice
    reading takes such a roll for what the player's declaration before it says)."""
    settings = die_settings(dice)
    rolls = list(dice.rolls.values()) or [DieRoll("die", f"1d{len(dice.faces)}", "", "")]
    buttons = []
    for roll in rolls:
        buttons.append(standard.component(standard.MODULE + "DiceButton", {
            "addToTotal": "0", "canDisable": "false", "disabledIcon": "", "hideWhenDisabled": "false",
            "hotkey": "", "icon": "", "keepCount": "1", "keepDice": "false", "keepOption": ">",
            "lockAdd": "false", "lockDice": "false", "lockPlus": "false", "lockSides": "false",
            "nDice": "1", "name": roll.name, "prompt": "false", "propertyGate": "", "reportFormat": REPORT,
            # A roll of several dice asks how many, the die itself fixed (VASSAL's prompt shows only
            # what is not locked).
            **({"prompt": "true", "lockSides": "true", "lockPlus": "true", "lockAdd": "true"} if roll.several else {}),
            "reportTotal": "false", "sortDice": "false", "text": roll.name,
            "tooltip": f"Roll for {roll.name} ({roll.source})" if roll.source else f"Roll {roll.name}", **settings,
        }))
    names = [roll.name for roll in rolls]
    menu = standard.component(standard.MODULE + "ToolbarMenu", {
        "description": "", "hotkey": "", "icon": "/images/die.gif", "menuItems": encode(names, ",") or "",
        "text": MENU, "tooltip": "Roll the die for one of the rules' die rolls",
    })
    return buttons + [menu]
