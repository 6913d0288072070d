"""Commands of module components (5.4): chat, undo, properties, turns, players, boards, notes…"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .chatlines import ChatLine, read_chat
from .commandbase import JAVA_INT, SingleCommand, Unknown, int_or, tab_fields
from .sequence import decode


@dataclass(slots=True)
class Chat(SingleCommand):
    """``CHAT<message>``: a line for the chat window (player chat, report, dice roll, system)."""

    @property
    def text(self) -> str:
        return self.raw[4:]

    @property
    def line(self) -> ChatLine:
        """Who said what: kind, player name, message and any dice roll (see chatlines)."""
        return read_chat(self.raw[4:])


@dataclass(slots=True)
class Undo(SingleCommand):
    """``UNDO⇥true`` opens an undo, ``UNDO⇥false`` closes it."""

    in_progress: bool

    @classmethod
    def parse(cls, raw: str) -> Undo:
        return cls(raw, raw[5:] == "true")


@dataclass(slots=True)
class PropertyChange(SingleCommand):
    """``MutableProperty⇥name⇥old⇥new⇥container``: a global property changes during play."""

    name: str
    old_value: str | None
    new_value: str | None
    container: str

    @classmethod
    def parse(cls, raw: str) -> PropertyChange:
        parts = tab_fields(raw, 4)
        return cls(raw, parts[0] or "", parts[1], parts[2], parts[3] or "")

    @property
    def dice_button(self) -> str | None:
        """The DiceButton name when this is one of its ``_result`` (etc.) report properties."""
        for suffix in _DICE_PROPERTY_SUFFIXES:
            if self.name.endswith(suffix) and len(self.name) > len(suffix):
                return self.name[: -len(suffix)]
        return None


_DICE_PROPERTY_SUFFIXES = ("_result", "_total", "_keep", "_summary")


@dataclass(slots=True)
class GlobalPropertyRestore(SingleCommand):
    """``GlobalProperty⇥;name;value;container``: a global property's value in a save."""

    name: str
    value: str
    container: str

    @classmethod
    def parse(cls, raw: str) -> GlobalPropertyRestore:
        parts = decode(raw, ";")[1:] + ["", "", ""]
        return cls(raw, parts[0], parts[1], parts[2])


@dataclass(slots=True)
class TurnState(SingleCommand):
    """``TURN<trackerId>⇥state``: a turn tracker's position."""

    tracker_id: str
    state: str

    @classmethod
    def parse(cls, raw: str) -> TurnState:
        parts = decode(raw, "\t") + [""]
        return cls(raw, parts[0][4:], parts[1])


@dataclass(slots=True)
class PlayerAdd(SingleCommand):
    """``PLAYER⇥id⇥name⇥side``: a player takes a side. The id is the player's password."""

    player_id: str | None
    name: str | None
    side: str | None

    @classmethod
    def parse(cls, raw: str) -> PlayerAdd:
        parts = tab_fields(raw, 3)
        return cls(raw, *parts)


@dataclass(slots=True)
class PlayerRemove(SingleCommand):
    """``PYREMOVE⇥id``: a player leaves their side."""

    player_id: str

    @classmethod
    def parse(cls, raw: str) -> PlayerRemove:
        return cls(raw, tab_fields(raw, 1)[0] or "")


class BoardPlacement(NamedTuple):
    """One board of a map layout: its name, whether it is turned 180°, its grid cell."""

    name: str
    reversed: bool
    column: int
    row: int


@dataclass(slots=True)
class SetBoards(SingleCommand):
    """``<map>BoardPicker⇥name[/rev]⇥col⇥row…``: the boards that make up a map."""

    map_name: str
    boards: list[BoardPlacement]

    @classmethod
    def parse(cls, raw: str) -> SetBoards:
        parts = decode(raw, "\t")
        boards = []
        for i in range(1, len(parts), 3):
            name_rev = decode(parts[i], "/")
            column = int_or(parts[i + 1] if i + 1 < len(parts) else None, 0)
            row = int_or(parts[i + 2] if i + 2 < len(parts) else None, 0)
            reversed_ = len(name_rev) > 1 and name_rev[1] == "rev"
            boards.append(BoardPlacement(name_rev[0], reversed_, column, row))
        return cls(raw, parts[0][: -len(BOARD_PICKER)], boards)


BOARD_PICKER = "BoardPicker"


@dataclass(slots=True)
class SetupStackMarker(SingleCommand):
    """``SETUP_STACK⇥``: at-start stacks were already placed; this is not a new game."""


@dataclass(slots=True)
class Notes(SingleCommand):
    """``NOTES⇥``, ``PNOTES⇥`` (text), ``PNOTE⇥`` and ``SNOTE⇥`` (TAB fields): notes windows."""

    kind: str
    text: str

    @classmethod
    def parse(cls, raw: str) -> Notes:
        kind, _, text = raw.partition("\t")
        return cls(raw, kind, text)


@dataclass(slots=True)
class ExtensionUsed(SingleCommand):
    """``EXT⇥name⇥version``: an extension that was loaded when the game was saved."""

    name: str | None
    version: str | None

    @classmethod
    def parse(cls, raw: str) -> ExtensionUsed:
        return cls(raw, *tab_fields(raw, 2))


@dataclass(slots=True)
class VersionCheck(SingleCommand):
    """Legacy ``CHECK⇥<condition>⇥ALERT⇥<message>`` (VASSAL 2.x); 3.x ignores it."""

    condition: str
    message: str

    @classmethod
    def parse(cls, raw: str) -> VersionCheck:
        parts = tab_fields(raw, 2)
        alert = decode(parts[1] or "", "\t")
        message = alert[1] if len(alert) > 1 and alert[0] == "ALERT" else parts[1] or ""
        return cls(raw, parts[0] or "", message)


@dataclass(slots=True)
class Alert(SingleCommand):
    """Legacy ``ALERT⇥message``: a message box."""

    @property
    def message(self) -> str:
        return self.raw[6:]


@dataclass(slots=True)
class DiceResults(SingleCommand):
    """``SHOW_RESULTS⇥button⇥face…``: a SpecialDiceButton roll, as face indexes."""

    button: str
    faces: list[int]

    @classmethod
    def parse(cls, raw: str) -> SingleCommand:
        parts = decode(raw, "\t")
        if not all(JAVA_INT.fullmatch(p) for p in parts[2:]):
            return Unknown(raw, "special dice result that is not an integer")
        return cls(raw, parts[1] if len(parts) > 1 else "", [int(p) for p in parts[2:]])


@dataclass(slots=True)
class ComponentState(SingleCommand):
    """Another documented component command (5.4): masking options, clocks, flares, audio…

    ``kind`` is its prefix word (``UNMASK``, ``CLOCK``…), ``fields`` the TAB fields after it.
    """

    kind: str
    fields: list[str]

    @classmethod
    def parse(cls, raw: str) -> ComponentState:
        parts = decode(raw, "\t")
        return cls(raw, parts[0], parts[1:])


COMPONENT_KINDS = ("UNMASK", "SEMAIL", "CLOCK", "CLOCKCONTROL", "SGKC", "FLARE",
                    "LOCKSPOTAB", "DECKREPOS", "AUDIO")
