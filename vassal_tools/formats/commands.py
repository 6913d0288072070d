"""The command stream of saves and logs, as a tree of commands (vassal-formats.md 5.2, 5.4).

A stream is a SequenceEncoder list split by ESC. :func:`decode_commands` mirrors
``GameModule.decode``: a token holding a real (or escaped) ESC is itself a list of
commands, decoded recursively; any other token is one command, recognised by its
prefix. The tree keeps the lists as :class:`CommandList` nodes and every single
command keeps its exact token, so :func:`encode_commands` gives back the stored
stream byte for byte: re-encoding a decoded SequenceEncoder list reproduces what
VASSAL wrote, escapes and quotes included, and the rare hand-made text VASSAL
would have written differently is remembered as it was stored.

Parsing is shallow on purpose: a save holds megabytes of piece definitions, and
the trait chain of an :class:`AddPiece` is decoded only when someone asks for it
(:meth:`AddPiece.piece`). The command types are defined in :mod:`.commandbase`,
:mod:`.piececommands` and :mod:`.componentcommands`, and all importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields, is_dataclass

from .commandbase import (
    ESC,
    BeginSave,
    Command,
    CommandList,
    EndSave,
    LogCommand,
    NullCommand,
    SingleCommand,
    Unknown,
    encode_list,
)
from .componentcommands import (
    BOARD_PICKER,
    COMPONENT_KINDS,
    Alert,
    BoardPlacement,
    Chat,
    ComponentState,
    DiceResults,
    ExtensionUsed,
    GlobalPropertyRestore,
    Notes,
    PlayerAdd,
    PlayerRemove,
    PropertyChange,
    SetBoards,
    SetupStackMarker,
    TurnState,
    Undo,
    VersionCheck,
)
from .piececommands import AddPiece, ChangePiece, MovePiece, RemovePiece
from .sequence import decode

__all__ = [
    "ESC", "Command", "CommandList", "SingleCommand", "NullCommand", "BeginSave", "EndSave", "Unknown",
    "LogCommand", "AddPiece", "RemovePiece", "ChangePiece", "MovePiece", "Chat", "Undo", "PropertyChange",
    "GlobalPropertyRestore", "TurnState", "PlayerAdd", "PlayerRemove", "BoardPlacement", "SetBoards",
    "SetupStackMarker", "Notes", "ExtensionUsed", "VersionCheck", "Alert", "DiceResults", "ComponentState",
    "decode_commands", "encode_commands", "parse_token", "parse_single", "walk", "head",
    "command_json",
]

# A token starting with one of these may be quoted, so it must go through the decoder.
_QUOTE_STARTS = ("'", "\\")
# Where a list segment starts with a quote or a backslash that escapes no ESC:
# only there can re-encoding differ from the stored text (see CommandList).
_MAYBE_UNCANONICAL = re.compile("\x1b(?:'|\\\\(?!\x1b))")

# Commands named by the word before their first TAB.
_BY_TAB_WORD: dict[str, Callable[[str], Command]] = {
    "UNDO": Undo.parse,
    "MutableProperty": PropertyChange.parse,
    "GlobalProperty": GlobalPropertyRestore.parse,
    "PLAYER": PlayerAdd.parse,
    "PYREMOVE": PlayerRemove.parse,
    "SETUP_STACK": SetupStackMarker.parse,
    "NOTES": Notes.parse,
    "PNOTES": Notes.parse,
    "PNOTE": Notes.parse,
    "SNOTE": Notes.parse,
    "EXT": ExtensionUsed.parse,
    "CHECK": VersionCheck.parse,
    "ALERT": Alert.parse,
    "SHOW_RESULTS": DiceResults.parse,
    **{kind: ComponentState.parse for kind in COMPONENT_KINDS},
}

_BY_HEAD: dict[str, Callable[[str], Command]] = {
    "+/": AddPiece.parse,
    "-/": RemovePiece.parse,
    "D/": ChangePiece.parse,
    "M/": MovePiece.parse,
}


def decode_commands(text: str) -> list[Command]:
    """The top-level commands of a stream, each a single command or a :class:`CommandList`."""
    node = parse_token(text)
    if isinstance(node, CommandList):
        commands, as_stored = node.children, node.as_stored
    else:
        commands, as_stored = [node], None
        # VASSAL writes a lone command as it is, but a list token starting with a
        # quote or backslash gets quoted: keep such a lone command's text.
        if text.startswith(_QUOTE_STARTS) and encode_list(commands) != text:
            as_stored = (encode_list(commands), text)
    return commands if as_stored is None else _StoredList(commands, as_stored)


def encode_commands(commands: Iterable[Command]) -> str:
    """The stream text of top-level commands: the inverse of :func:`decode_commands`."""
    text = encode_list(commands)
    as_stored = getattr(commands, "as_stored", None)
    return as_stored[1] if as_stored is not None and as_stored[0] == text else text


class _StoredList(list):
    """Top-level commands of a stream VASSAL would have written differently (see CommandList)."""

    def __init__(self, commands: list[Command], as_stored: tuple[str, str]):
        super().__init__(commands)
        self.as_stored = as_stored


def parse_token(token: str) -> Command:
    """One token of an ESC list, decoded as ``GameModule.decode`` does."""
    if ESC not in token and not token.startswith(_QUOTE_STARTS):
        return parse_single(token)
    parts = decode(token, ESC)
    if len(parts) == 1 and parts[0] == token:
        return parse_single(token)
    node = CommandList([parse_token(part) for part in parts])
    if token.startswith(_QUOTE_STARTS) or _MAYBE_UNCANONICAL.search(token):
        text = node.encode()
        if text != token:
            node.as_stored = (text, token)
    return node


def parse_single(raw: str) -> Command:
    """One command token (no ESC list inside), typed by its prefix; Unknown if none fits."""
    parser = _BY_HEAD.get(raw[:2])
    if parser is not None:
        return parser(raw)
    if not raw:
        return NullCommand(raw)
    if raw.startswith("LOG\t"):
        return LogCommand(parse_token(raw[4:]))
    word, tab, _ = raw.partition("\t")
    parser = _BY_TAB_WORD.get(word) if tab else None
    if parser is not None:
        return parser(raw)
    if word.endswith(BOARD_PICKER) and len(word) > len(BOARD_PICKER):
        return SetBoards.parse(raw)
    if raw.startswith("CHAT"):
        return Chat(raw)
    if raw.startswith("TURN"):
        return TurnState.parse(raw)
    # Plain-text saves of VASSAL 2.x end with a newline after end_save.
    marker = raw.rstrip()
    if marker == "begin_save":
        return BeginSave(raw)
    if marker == "end_save":
        return EndSave(raw)
    return Unknown(raw)


def walk(commands: Iterable[Command], unwrap_logs: bool = True) -> Iterator[Command]:
    """Every single command in execution order, lists flattened (and LOG wrappers removed)."""
    for command in commands:
        if isinstance(command, CommandList):
            yield from walk(command.children, unwrap_logs)
        elif unwrap_logs and isinstance(command, LogCommand):
            yield from walk((command.inner,), unwrap_logs)
        else:
            yield command


def head(command: Command) -> Command:
    """The command that leads a list (its first descendant): what VASSAL appends the rest to."""
    while isinstance(command, CommandList) and command.children:
        command = command.children[0]
    return command


def command_json(command: Command) -> dict:
    """A JSON-ready dict of one single command: its class name and parsed fields."""
    out: dict = {"command": type(command).__name__}
    if isinstance(command, LogCommand):
        out["logged"] = command_json(command.inner)
        return out
    if isinstance(command, CommandList):
        out["children"] = [command_json(c) for c in command.children]
        return out
    assert is_dataclass(command)  # every concrete command is a dataclass
    for f in fields(command):
        if f.name != "raw":
            out[f.name] = getattr(command, f.name)
    if isinstance(command, (Unknown, NullCommand, BeginSave, EndSave, SetupStackMarker, Alert, Chat)):
        out["raw"] = command.raw
    if isinstance(command, Chat):
        out.update(command.line.to_json())
    if isinstance(command, SetBoards):
        out["boards"] = [b._asdict() for b in command.boards]
    return out
