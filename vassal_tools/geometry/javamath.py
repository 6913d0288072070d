"""Java's numeric semantics, where VASSAL's grid code depends on them (vassal-formats.md 0).

VASSAL computes pixel positions with Java ``(int)`` casts, ``Math.round`` and, for hex
polygons, 32-bit floats. Python's ``int``, ``round`` and doubles differ at exactly the
points a board edge or hex corner lands on, so every grid uses these helpers instead.
"""

from __future__ import annotations

import math
import re
import struct

_F32 = struct.Struct("f")

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


def parse_java_int(text: str) -> int:
    """``Integer.parseInt``: optional sign and ASCII digits only, no whitespace."""
    s = text
    body = s[1:] if s[:1] in "+-" else s
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError(f"not an integer: {text!r}")
    return int(s)
