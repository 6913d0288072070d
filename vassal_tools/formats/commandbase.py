"""The command tree's building blocks: the node types every stream has (5.2).

A decoded stream is a tree of :class:`Command` nodes: a :class:`CommandList` for a
token that is itself an ESC list, a :class:`SingleCommand` (keeping its exact
token in ``raw``) for everything else, and a :class:`LogCommand` wrapping a logged
command. The typed single commands live in :mod:`.piececommands` and
:mod:`.componentcommands`; :mod:`.commands` decodes and encodes whole streams.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .sequence import decode, encode

ESC = "\x1b"
JAVA_INT = re.compile(r"[+-]?[0-9]+")


class Command:
    """One node of a decoded stream: a single command or a :class:`CommandList`."""

    __slots__ = ()

    def encode(self) -> str:
        """This command's encoding: its token before the enclosing list escapes it."""
        raise NotImplementedError


@dataclass(slots=True)
class CommandList(Command):
    """A token that is itself an ESC list: a command with appended sub-commands.

    VASSAL decodes the first child and appends the others to it, so the first
    child decides what the group is (a group headed by a LOG is one log step).
    """

    children: list[Command]
    # (what encoding the children gives, the stored text) for the rare text that
    # VASSAL's encoder would not have written (a hand-quoted token): the stored
    # text is kept for as long as the children are unchanged.
    as_stored: tuple[str, str] | None = field(default=None, repr=False, compare=False)

    def encode(self) -> str:
        text = encode_list(self.children)
        if self.as_stored is not None and self.as_stored[0] == text:
            return self.as_stored[1]
        return text


def encode_list(commands: Iterable[Command]) -> str:
    """Commands joined into one ESC list, as GameModule.encode writes a command and its subs."""
    return encode([c.encode() for c in commands], ESC) or ""


@dataclass(slots=True)
class SingleCommand(Command):
    """A command stored as one token; ``raw`` is that token, the source of truth."""

    raw: str

    def encode(self) -> str:
        return self.raw

    @classmethod
    def parse(cls, raw: str) -> SingleCommand:
        return cls(raw)


@dataclass(slots=True)
class NullCommand(SingleCommand):
    """An empty token: VASSAL's NullCommand, or the empty 3.x version check."""


@dataclass(slots=True)
class BeginSave(SingleCommand):
    """``begin_save``: wipes the game before a restore."""


@dataclass(slots=True)
class EndSave(SingleCommand):
    """``end_save``: the restore is complete and the game starts."""


@dataclass(slots=True)
class Unknown(SingleCommand):
    """A token no encoder of this library recognises (module-specific, or malformed).

    ``problem`` says why a token with a known prefix could not be read.
    """

    problem: str = ""

    @property
    def prefix(self) -> str:
        """The text up to the first TAB or ``/``: what names the command's encoder."""
        return re.split(r"[\t/]", self.raw, maxsplit=1)[0]



@dataclass(slots=True)
class LogCommand(Command):
    """``LOG⇥<command>``: one logged command (its sub-commands are logged as siblings, 5.3)."""

    inner: Command

    def encode(self) -> str:
        return "LOG\t" + self.inner.encode()


def unwrap_null(token: str) -> str | None:
    """VASSAL writes a null id or map as the word ``null``."""
    return None if token == "null" else token


def int_or(token: str | None, default: int) -> int:
    """``Decoder.nextInt(default)``: the default when missing or not a Java int."""
    return int(token) if token is not None and JAVA_INT.fullmatch(token) else default


def tab_fields(raw: str, count: int) -> list[str | None]:
    """The ``count`` TAB fields after the prefix word, None where missing."""
    parts = decode(raw, "\t")[1:]
    return (parts + [None] * count)[:count]
