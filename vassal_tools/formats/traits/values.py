"""Typed values inside trait strings: how each kind is read and written (vassal-formats.md 3.2, 4.3).

A codec turns the decoded token of one field into a Python value and back.
Reading follows VASSAL's ``SequenceEncoder.Decoder`` helpers (a token that does
not parse gives the field's default, as ``nextInt(d)`` does); writing produces
the text VASSAL's ``append`` overloads produce.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..java import f32, java_int
from ..sequence import java_double
from .encoding import join, tokens

CTRL = 130  # InputEvent.CTRL_DOWN_MASK | CTRL_MASK, as KeyStroke reports it
NAMED_KEY_BASE = 0xE000  # first code VASSAL allocates to a named command (4.3)
#: A new GlobalCommandTarget (``|``-encoded), as Global Key Command and similar traits start.
DEFAULT_TARGET = "COUNTER|false|MAP|||||0|0||false|||EQUALS||"


class Codec:
    """Converts one decoded token to a value and back (subclasses per kind)."""

    def read(self, token: str, default: Any) -> Any:
        return token

    def write(self, value: Any) -> str:
        return "" if value is None else str(value)


class Text(Codec):
    """A string token, kept as is."""


class Int(Codec):
    def read(self, token: str, default: Any) -> Any:
        return java_int(token, default)

    def write(self, value: Any) -> str:
        return str(int(value))


class Bool(Codec):
    """``nextBoolean``: true only for the exact token ``true``."""

    def read(self, token: str, default: Any) -> Any:
        return token == "true"

    def write(self, value: Any) -> str:
        return "true" if value else "false"


class Double(Codec):
    """A Java double, written in Java's shortest form (``1.0``, ``1.0E-6``)."""

    def read(self, token: str, default: Any) -> Any:
        try:
            return float(token.strip())
        except ValueError:
            return default

    def write(self, value: Any) -> str:
        return java_double(float(value))


class Float32(Double):
    """A Java float field written through a double: ``0.3`` becomes ``0.30000001192092896``."""

    def write(self, value: Any) -> str:
        return java_double(f32(float(value)))  # a Java float widened to double


class Char(Codec):
    """One character (``nextChar``); an empty token is the default (often none)."""

    def read(self, token: str, default: Any) -> Any:
        return token[0] if token else default

    def write(self, value: Any) -> str:
        return value or ""


class ColorCodec(Codec):
    """``R,G,B`` or ``R,G,B,A`` as a tuple, empty as None; legacy ``0xRRGGBB`` is read too."""

    def read(self, token: str, default: Any) -> Any:
        if not token or token == "null":
            return None
        try:
            if token[:2] in ("0x", "0X"):
                rgb = int(token[2:], 16)
                return ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
            parts = tuple(int(p) for p in token.split(",") if p)
        except ValueError:
            return (0, 0, 0)  # VASSAL falls back to black on bad data
        if len(parts) > 3:
            return parts[:4]
        return parts[:3] if len(parts) == 3 else (0, 0, 0)

    def write(self, value: Any) -> str:
        if value is None:
            return ""
        if len(value) > 3 and value[3] != 255:
            return ",".join(str(v) for v in value[:4])
        return ",".join(str(v) for v in value[:3])


@dataclass(frozen=True)
class KeyStroke:
    """A NamedKeyStroke (4.3): Java key code, AWT modifier mask, optional command name.

    ``str(k)`` is the encoded form, ``65,130`` or ``57344,0,Flip``. For a named
    command only ``name`` matters; its code is allocated per VASSAL session.
    """

    code: int
    modifiers: int = 0
    name: str = ""

    def __str__(self) -> str:
        text = f"{self.code},{self.modifiers}"
        return f"{text},{self.name}" if self.name else text

    @property
    def meaning(self) -> tuple[Any, ...]:
        """What the key stands for: a named command by its name alone (its code is only the
        session's), any other key by code and modifiers. Two versions of a module compare so."""
        return ("named", self.name) if self.name else (self.code, self.modifiers)

    @classmethod
    def ctrl(cls, char: str) -> KeyStroke:
        """Ctrl + a character, as legacy one-character keys and defaults mean it."""
        return cls(ord(char), CTRL)

    @classmethod
    def named(cls, name: str) -> KeyStroke:
        """A named command with no real key, coded like VASSAL's first allocation."""
        return cls(NAMED_KEY_BASE, 0, name)

    @classmethod
    def parse(cls, text: str | None) -> KeyStroke | None:
        """``NamedHotKeyConfigurer.decode`` (``None`` for none or bad data)."""
        if not text:
            return None
        parts = text.split(",")
        while parts and parts[-1] == "":  # Java's split drops trailing empties
            parts.pop()
        if len(parts) < 2:
            return None
        try:
            code, modifiers = int(parts[0]), int(parts[1])
        except ValueError:
            return None
        return cls(code, modifiers, parts[2] if len(parts) > 2 else "")


# A named key inside any text, at any depth of escaping (``57965\\,0\\,Flip`` in a ``,``-list):
# a code from NAMED_KEY_BASE up, the modifiers, then the name.
_NAMED_KEY_TEXT = re.compile(r"(?<!\d)(\d{5})(\\*,\\*\d+\\*,)(?=[^\\,;:/|\s])")


def without_named_key_codes(text: str) -> str:
    """``text`` with the per-session code of every named key left out (``57965,0,Flip`` becomes
    ``,0,Flip``): to compare type strings and attributes of two versions of a module, which
    VASSAL's editor writes with codes of its own session (vassal-formats.md 4.3)."""
    if "," not in text:
        return text
    return _NAMED_KEY_TEXT.sub(lambda m: m.group(2) if int(m.group(1)) >= NAMED_KEY_BASE else m.group(0), text)


class Key(Codec):
    """``nextNamedKeyStroke``: empty is none, a lone character is Ctrl+character."""

    def read(self, token: str, default: Any) -> Any:
        if not token:
            return None
        if "," not in token:
            return KeyStroke.ctrl(token[0])
        return KeyStroke.parse(token)

    def write(self, value: Any) -> str:
        return "" if value is None else str(value)


class KeyList(Codec):
    """A NamedKeyStroke array: a ``,`` list, or (legacy) one Ctrl+character per character."""

    def read(self, token: str, default: Any) -> Any:
        if token.find(",") > 0:
            keys = (KeyStroke.parse(t) for t in tokens(token, ",") if t)
            return [k for k in keys if k is not None]
        return [KeyStroke.ctrl(c) for c in token]

    def write(self, value: Any) -> str:
        return join([str(k) for k in value if k is not None], ",")


class Strings(Codec):
    """A String array: a ``,`` list; the empty token is the empty array."""

    def read(self, token: str, default: Any) -> Any:
        return tokens(token, ",") if token else []

    def write(self, value: Any) -> str:
        return join(value, ",") if value else ""


TEXT = Text()
INT = Int()
BOOL = Bool()
DOUBLE = Double()
FLOAT = Float32()
CHAR = Char()
COLOR = ColorCodec()
KEY = Key()
KEYS = KeyList()
STRINGS = Strings()
