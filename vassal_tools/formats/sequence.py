"""VASSAL's SequenceEncoder: the flat-string list format under every VASSAL string.

Tokens are joined by a one-character delimiter; a delimiter inside a token is
written ``\\D``; a token that starts with a backslash, or is wrapped in single
quotes, is wrapped in one more pair of quotes. Decoding mirrors the Java decoder
exactly, including its lossy corner (a token ending in a backslash swallows the
next delimiter): see vassal-formats.md section 3.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal

# Delimiters that can occur in the text form of a number or boolean: VASSAL
# escapes primitive appends like strings when one of these is the delimiter.
_UGLY_DELIMITERS = frozenset("-.0123456789EINaefilnrstuy")
_JAVA_INT = re.compile(r"[+-]?[0-9]+")


def escape_token(token: str | None, delim: str) -> str:
    """One token as it appears between delimiters (section 3.1 steps 2-4)."""
    if not token:
        return ""
    escaped = token.replace(delim, "\\" + delim) if delim in token else token
    if token[0] == "\\" or (token[0] == "'" and token[-1] == "'"):
        return "'" + escaped + "'"
    return escaped


def encode(tokens: Iterable[str | None], delim: str) -> str | None:
    """Join string tokens as VASSAL's SequenceEncoder does; None for no tokens."""
    parts = [escape_token(t, delim) for t in tokens]
    if not parts:
        return None
    return delim.join(parts)


def decode(value: str | None, delim: str) -> list[str]:
    """Split a SequenceEncoder string into its tokens, exactly as VASSAL's Decoder.

    ``decode("", ",") == [""]`` and ``decode(None, ",") == []``.
    """
    if value is None:
        return []
    tokens: list[str] = []
    append = tokens.append
    find = value.find
    stop = len(value)
    start = 0
    while True:
        if start == stop:
            append("")
            return tokens
        i = find(delim, start)
        if i == -1:
            token = value[start:]
            start = -1
        elif i > 0 and value[i - 1] == "\\":
            # Escaped delimiter: drop the backslash, keep the delimiter, scan on.
            pieces = []
            while i != -1 and i > 0 and value[i - 1] == "\\":
                if i - 1 < start:
                    # Only with a backslash delimiter, which VASSAL never uses: Java throws here.
                    raise ValueError(f"undecodable delimiter run at {i} with delimiter {delim!r}")
                pieces.append(value[start:i - 1])
                start = i
                i = find(delim, i + 1)
            if i == -1:
                pieces.append(value[start:])
                start = -1
            else:
                pieces.append(value[start:i])
                start = i + 1
            token = "".join(pieces)
        else:
            token = value[start:i]
            start = i + 1
        if len(token) > 1 and token[0] == "'" and token[-1] == "'":
            token = token[1:-1]
        append(token)
        if start == -1:
            return tokens


def java_double(value: float) -> str:
    """``String.valueOf(double)``: ``48.0``, ``1.0E-6``, ``NaN``, ``Infinity``."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    sign, digit_tuple, exponent = Decimal(repr(float(value))).normalize().as_tuple()
    assert isinstance(exponent, int)  # finite here: NaN and infinities returned above
    digits = "".join(map(str, digit_tuple))
    point = len(digits) + exponent  # position of the decimal point in digits
    prefix = "-" if sign else ""
    if 1e-3 <= abs(value) < 1e7:
        if point <= 0:
            return f"{prefix}0.{'0' * -point}{digits}"
        whole, frac = digits[:point].ljust(point, "0"), digits[point:]
        return f"{prefix}{whole}.{frac or '0'}"
    return f"{prefix}{digits[0]}.{digits[1:] or '0'}E{point - 1}"


def primitive_text(value: bool | int | float) -> str:
    """The Java text of an int, long, double or boolean append."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return java_double(value)
    return str(value)


class SequenceEncoder:
    """Builder mirroring ``VASSAL.tools.SequenceEncoder`` for writing typed fields."""

    def __init__(self, delim: str, first: str | None = None):
        self.delim = delim
        self._parts: list[str] | None = None
        if first is not None:
            self.append(first)

    def append(self, token: str | None) -> SequenceEncoder:
        if self._parts is None:
            self._parts = []
        self._parts.append(escape_token(token, self.delim))
        return self

    def append_primitive(self, value: bool | int | float) -> SequenceEncoder:
        text = primitive_text(value)
        if self.delim in _UGLY_DELIMITERS:
            return self.append(text)
        if self._parts is None:
            self._parts = []
        self._parts.append(text)
        return self

    def append_char(self, char: str) -> SequenceEncoder:
        if self._parts is None:
            self._parts = []
        text = "\\" + char if char == self.delim else char
        if char in ("\\", "'"):
            text = "'" + text + "'"
        self._parts.append(text)
        return self

    @property
    def value(self) -> str | None:
        return None if self._parts is None else self.delim.join(self._parts)


class Decoder:
    """Reader mirroring ``SequenceEncoder.Decoder`` with its typed defaults."""

    def __init__(self, value: str | None, delim: str):
        self._tokens: Iterator[str] = iter(decode(value, delim))
        self._next = next(self._tokens, None)

    def has_more(self) -> bool:
        return self._next is not None

    def token(self, default: str | None = None) -> str | None:
        if self._next is None:
            return default
        current, self._next = self._next, next(self._tokens, None)
        return current

    def int(self, default: int) -> int:
        token = self.token()
        if token is None:
            return default
        return int(token) if _JAVA_INT.fullmatch(token) else default

    def boolean(self, default: bool) -> bool:
        token = self.token()
        return default if token is None else token == "true"

    def char(self, default: str) -> str:
        token = self.token()
        return token[0] if token else default

    def rest(self) -> list[str]:
        """Every token not read yet."""
        out: list[str] = []
        while (token := self.token()) is not None:
            out.append(token)
        return out
