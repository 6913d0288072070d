"""What a chat message says: who wrote it, and whether it reports a dice roll (5.4, 5.7, 5.8).

Stored chat text (after ``CHAT``) comes in a few shapes:

* player chat, ``&lt;Name&gt; - text`` (VASSAL >= 3.3.3) or ``<Name> - text`` (older);
* anonymous chat, starting ``<>`` (VASSAL shows "(Anonymous)");
* game reports, starting ``*``; a DiceButton report with the default format is
  ``*** 2d6 = 3,5 *** &lt;Alice&gt;`` (3.4+) or ``*** 2d6 = 3,5 *** <Alice>`` (older),
  and VASL's own dice write ``*** (IFT DR) 3,1 ***   <Alice>   [stats]``;
* system messages, starting ``-``.

VASSAL classifies on the trimmed text, so this module does too.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

_PLAYER_CHAT = re.compile(r"(?:&lt;(?P<html>.*?)&gt;|<(?P<plain>[^<>]*)>) - (?P<text>.*)", re.DOTALL)
_ANONYMOUS = "<>"
# "*** name = result *** <Player>": the name is anything, the result a list of
# integers (a total is one integer), the player in HTML-escaped or plain brackets.
# The "= " is optional because VASL writes "*** (IFT DR) 3,1 ***".
_DICE = re.compile(
    r"\*{2,3}\s*(?P<name>.*?)\s*(?:=\s*)?(?P<result>-?\d+(?:\s*,\s*-?\d+)*)\s*\*{3}\s*"
    r"(?:&lt;(?P<html>.*?)&gt;|<(?P<plain>[^<>]*)>)(?P<tail>.*)",
    re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class DiceReport:
    """A dice roll reported in chat: button name, result text and its numbers, roller."""

    name: str
    result: str
    values: tuple[int, ...]
    player: str | None


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat message read: ``kind`` is player, anonymous, dice, report, system, blank or other.

    ``player`` is the writer when the text names one; ``message`` is the text
    without the ``<Name> - `` part.
    """

    kind: str
    player: str | None
    message: str
    dice: DiceReport | None = None

    def to_json(self) -> dict:
        out = asdict(self)
        out["dice"] = asdict(self.dice) if self.dice else None
        return out


def read_chat(text: str) -> ChatLine:
    """Classify one stored chat message (the text after ``CHAT``)."""
    shown = text.strip()
    if not shown:
        return ChatLine("blank", None, text)
    if shown.startswith("*"):
        dice = read_dice(shown)
        if dice is not None:
            return ChatLine("dice", dice.player, shown, dice)
        return ChatLine("report", None, shown)
    if shown.startswith("-"):
        return ChatLine("system", None, shown)
    if text.startswith(_ANONYMOUS):
        return ChatLine("anonymous", None, text[2:].removeprefix(" - "))
    match = _PLAYER_CHAT.match(text)
    if match:
        name = match["html"] if match["html"] is not None else match["plain"]
        return ChatLine("player", name or None, match["text"])
    return ChatLine("other", None, shown)


def read_dice(text: str) -> DiceReport | None:
    """The roll in a ``*** name = result *** <Player>`` report, or None if it is not one."""
    match = _DICE.match(text.strip())
    if match is None:
        return None
    player = match["html"] if match["html"] is not None else match["plain"]
    result = match["result"]
    values = tuple(int(v) for v in result.split(","))
    return DiceReport(match["name"], result, values, player.strip() or None)
