"""Editing ``;``-list state strings one token at a time (BasicPiece, Stack, Deck, Mask ...).

Like type fields, state tokens are rewritten in place so that an edit leaves
every other byte of the state as it was found (see :mod:`.encoding`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .encoding import escape, segments, tokens


def replace_tokens(state: str | None, start: int, texts: Sequence[str], pad: Sequence[str],
                   delim: str = ";", truncate: bool = False) -> str:
    """``state`` with its tokens from ``start`` on replaced by ``texts``.

    Missing tokens before ``start`` are filled from ``pad`` (the default state's
    tokens). With ``truncate`` the tokens after the replaced ones are dropped,
    for variable-length tails such as BasicPiece's property pairs.
    """
    parts = segments(state, delim) if state is not None else [escape(t, delim) for t in pad]
    while len(parts) < start:
        parts.append(escape(pad[len(parts)], delim) if len(parts) < len(pad) else "")
    new = [escape(t, delim) for t in texts]
    end = start + len(new)
    tail = [] if truncate else parts[end:]
    return delim.join(parts[:start] + new + tail)


def stack_members(fields: Sequence[str]) -> list[str]:
    """The piece ids a Stack's state ``map;x;y;id;id...[;@@layer]`` lists, bottom first."""
    return [t for t in fields[3:] if t and not t.startswith("@@")]


def deck_members(fields: Sequence[str]) -> list[str]:
    """The piece ids a Deck's state lists (its fifth token, comma-separated), bottom first."""
    return [t for t in tokens(fields[4], ",") if t] if len(fields) > 4 else []
