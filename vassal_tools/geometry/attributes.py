"""Typed reading of buildFile attribute strings, the way VASSAL's setAttribute parses them.

Grids are configured from XML attribute dicts of strings. Numbers are parsed as
Java parses them; a malformed number is bad input (VASSAL would refuse to load the
module), reported with the element and attribute at fault. Booleans follow
``Boolean.valueOf``: only ``true`` (any case, no spaces around it) is true. Letter
options (a numbering's ``first``, ``hType``, ``vType``) are ``charAt(0)`` of the text,
so the editor's words ``Vertical first`` or ``Alphabetic`` mean ``V`` and ``A``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ..errors import BadInput
from ..formats.java import parse_java_double, parse_java_int


class Attributes:
    """Read-only typed view of one element's attributes; ``where`` names it in errors."""

    def __init__(self, attrs: Mapping[str, str] | None, source: str | None = None, where: str = ""):
        self.attrs = dict(attrs or {})
        self.source = source
        self.where = where

    def __contains__(self, name: str) -> bool:
        return name in self.attrs

    def text(self, name: str, default: str) -> str:
        value = self.attrs.get(name)
        return default if value is None else value

    def boolean(self, name: str, default: bool) -> bool:
        value = self.attrs.get(name)
        if value is None:
            return default
        # Boolean.valueOf is equalsIgnoreCase("true"): " true" is false in VASSAL too.
        return value.lower() == "true"

    def letter(self, name: str, default: str) -> str:
        """``((String) value).charAt(0)``: the first character; an empty value fails in VASSAL too."""
        value = self.attrs.get(name)
        if value is None:
            return default
        if not value:
            raise self.error(f"attribute {name} is empty (VASSAL reads its first character)")
        return value[0]

    def integer(self, name: str, default: int) -> int:
        value = self.attrs.get(name)
        if value is None:
            return default
        try:
            return parse_java_int(value.strip())
        except ValueError:
            raise self.error(f"attribute {name}={value!r} is not an integer") from None

    def double(self, name: str, default: float) -> float:
        value = self.attrs.get(name)
        if value is None:
            return default
        try:
            number = parse_java_double(value)
        except ValueError:
            raise self.error(f"attribute {name}={value!r} is not a number") from None
        if not math.isfinite(number):
            raise self.error(f"attribute {name}={value!r} is not a finite number")
        return number

    def error(self, what: str) -> BadInput:
        return BadInput(self.source, what, self.where)


def require_positive(value: float, name: str, source: str | None, where: str) -> None:
    """Grid spacings must be positive: dx 0 divides by zero, negative flips every formula."""
    if not (math.isfinite(value) and value > 0):
        raise BadInput(source, f"grid {name} must be a positive number, not {value!r}", where)
