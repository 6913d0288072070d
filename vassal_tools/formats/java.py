"""Java semantics that VASSAL's files and geometry depend on (vassal-formats.md 0, 3).

VASSAL computes pixel positions with Java ``(int)`` casts, ``Math.round`` and, for hex
polygons, 32-bit floats; it reads numbers with ``Integer.parseInt`` and text with
``String.trim``. Python's ``int``, ``round``, ``float`` and ``strip`` differ at exactly
the inputs that matter (a board edge, a hex corner, ``1_0``, a no-break space), so the
formats and the grids use these helpers instead.
"""

from __future__ import annotations

import math
import re
import struct
from typing import TypeVar, overload

_F32 = struct.Struct("f")
_JAVA_INT = re.compile(r"[+-]?[0-9]+")
_Default = TypeVar("_Default")

# Java's (int) cast of a double truncates toward zero: Python's int() does the same
# for finite values. Named so call sites read like the Java they mirror.
trunc = int
floor = math.floor


def jround(value: float) -> int:
    """Java ``Math.round``: nearest integer, exact ties toward +infinity.

    Not ``floor(value + 0.5)``: for 0.49999999999999994 that sum rounds up to 1.0.
    """
    low = math.floor(value)
    return low + 1 if value - low >= 0.5 else low


def f32(value: float) -> float:
    """Round a double to the nearest IEEE binary32 value, as a Java ``float`` holds it."""
    return _F32.unpack(_F32.pack(value))[0]


def jdiv(a: int, b: int) -> int:
    """Java integer division ``a / b``, which truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


_JAVA_DOUBLE = re.compile(r"[+-]?(NaN|Infinity|((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?)")


def parse_java_double(text: str) -> float:
    """``Double.parseDouble`` for decimal text: surrounding whitespace and a d/f suffix allowed.

    Python's ``float`` would also take ``inf``, ``nan`` and ``1_0``, which Java rejects.
    """
    s = text.strip()
    if not _JAVA_DOUBLE.fullmatch(s):
        raise ValueError(f"not a number: {text!r}")
    if s[-1] in "dDfF" and not s.endswith("Infinity"):
        s = s[:-1]
    return float(s.replace("Infinity", "inf"))


@overload
def java_int(text: str) -> int | None: ...
@overload
def java_int(text: str, default: _Default) -> int | _Default: ...
def java_int(text: str, default: object = None) -> object:
    """``Integer.parseInt`` of a 32-bit int, or ``default`` where Java would throw
    (``SequenceEncoder.Decoder.nextInt(default)`` reads fields this way)."""
    if _JAVA_INT.fullmatch(text):
        value = int(text)
        if -(2**31) <= value < 2**31:
            return value
    return default


def java_trim(text: str) -> str:
    """``String.trim()``: strip every character up to U+0020 from both ends."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


def java_strip(text: str) -> str:
    """``String.strip()``: strip Java whitespace (not the no-break spaces Python strips)."""
    start, end = 0, len(text)
    while start < end and _java_space(text[start]):
        start += 1
    while end > start and _java_space(text[end - 1]):
        end -= 1
    return text[start:end]


def _java_space(char: str) -> bool:
    return char.isspace() and char not in "\u00a0\u2007\u202f"


def parse_java_int(text: str) -> int:
    """``Integer.parseInt``: optional sign and ASCII digits only, no whitespace, within an int."""
    s = text
    body = s[1:] if s[:1] in "+-" else s
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError(f"not an integer: {text!r}")
    value = int(s)
    if not -2**31 <= value < 2**31:
        raise ValueError(f"not an int (out of range): {text!r}")
    return value
