"""Location formats: VASSAL's FormattedString as grids and zones evaluate it (vassal-formats.md 6.3.3).

A format such as ``Hex $column$/$row$ [$gridLocation$]`` is split with the
SequenceEncoder decoder on ``$``; tokens alternate text / property name, starting
with text. A property-position token is a name only when another token follows it,
so ``cost $5`` is ``cost 5``. Names the grid supplies are substituted; others come
from the module's properties, and an unknown name gives its bare name (un-localised
evaluation, used by zones) or nothing (localised, used by hex and square numbering).

Formats are compiled once per grid so naming thousands of points costs a join.
"""

from __future__ import annotations

from collections.abc import Mapping

from .sequence import decode

# Compiled part: a literal string, or a 1-tuple naming a value the grid supplies.
Part = str | tuple[str]


def compile_format(
    fmt: str,
    supplied: frozenset[str],
    localized: bool,
    properties: Mapping[str, str] | None = None,
) -> tuple[Part, ...]:
    """Compile ``fmt`` into literal strings and ``(name,)`` slots for supplied values.

    ``supplied`` names the values the caller passes to :func:`render` (for a hex
    numbering ``gridLocation``, ``row``, ``column``). Any other name is resolved now,
    from ``properties`` (the module's property values) or the unknown-name rule.
    """
    tokens = decode(fmt, "$")
    parts: list[Part] = []
    for i, token in enumerate(tokens):
        if not token:
            continue  # empty tokens still advance the text/name alternation
        is_name = i % 2 == 1 and i + 1 < len(tokens)
        if not is_name:
            parts.append(token)
        elif token in supplied:
            parts.append((token,))
        elif properties is not None and token in properties:
            value = properties[token]
            if value is not None:
                parts.append(str(value))
        elif not localized:
            parts.append(token)
    return _merge_literals(parts)


def _merge_literals(parts: list[Part]) -> tuple[Part, ...]:
    merged: list[Part] = []
    for part in parts:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    return tuple(merged)


def render(parts: tuple[Part, ...], values: Mapping[str, str | None]) -> str:
    """The text of a compiled format; a supplied value of None contributes nothing."""
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        else:
            value = values.get(part[0])
            if value is not None:
                out.append(value)
    return "".join(out)


def only_slot(parts: tuple[Part, ...]) -> str | None:
    """The name of the single slot when a format is exactly one supplied value, else None.

    ``$gridLocation$`` is by far the commonest format; callers skip rendering for it.
    """
    if len(parts) == 1 and isinstance(parts[0], tuple):
        return parts[0][0]
    return None
