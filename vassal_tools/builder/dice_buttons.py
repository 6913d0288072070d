"""Dice buttons: one ten-sided die per die roll the rules name, grouped in one toolbar menu.

The game uses one d10 read 0-9, a 0 being zero (invasion-norway.txt 1.4.6). VASSAL's
DiceButton adds ``plus`` to each die (vassal-formats.md 5.8), so ``nSides`` 10 and
``plus`` -1 give 0-9. Each roll of game.toml ``[[die_rolls]]`` gets its own button,
named after the roll, so the chat (and the log) says what was rolled for:
``*** Naval Detection = 7 *** <Alice>``.
"""

from __future__ import annotations

from ..errors import BadInput
from ..formats.components import Component
from ..formats.sequence import encode
from . import standard

REPORT = "** $name$ = $result$ *** &lt;$PlayerName$&gt;"
MENU = "Die rolls"


def die_settings(info) -> dict[str, str]:
    """``nSides`` and ``plus`` for the game's die: faces lowest..highest (game.toml ``[die]``)."""
    faces = info.die_faces
    if not faces:
        raise BadInput("game.toml", "the die has no faces", "die")
    return {"nSides": str(len(faces)), "plus": str(faces[0] - 1)}


def dice_buttons(info) -> list[Component]:
    """A DiceButton per die roll, then a ToolbarMenu that gathers them under one button."""
    settings = die_settings(info)
    buttons = []
    for roll in info.die_rolls.values():
        buttons.append(standard.component(standard.MODULE + "DiceButton", {
            "addToTotal": "0", "canDisable": "false", "disabledIcon": "", "hideWhenDisabled": "false",
            "hotkey": "", "icon": "", "keepCount": "1", "keepDice": "false", "keepOption": ">",
            "lockAdd": "false", "lockDice": "false", "lockPlus": "false", "lockSides": "false",
            "nDice": "1", "name": roll.name, "prompt": "false", "propertyGate": "", "reportFormat": REPORT,
            "reportTotal": "false", "sortDice": "false", "text": roll.name,
            "tooltip": f"Roll for {roll.name} ({roll.source})", **settings,
        }))
    names = [roll.name for roll in info.die_rolls.values()]
    menu = standard.component(standard.MODULE + "ToolbarMenu", {
        "description": "", "hotkey": "", "icon": "/images/die.gif", "menuItems": encode(names, ",") or "",
        "text": MENU, "tooltip": "Roll the die for one of the rules' die rolls",
    })
    return buttons + [menu]
