"""How trait strings are cut into fields and put back together.

Every trait string is a SequenceEncoder list (vassal-formats.md 3). Reading
splits it at the *real* delimiters (those not preceded by a backslash) into
*segments*: the escaped text of each field exactly as written. A field's value is
its segment with ``\\D`` turned back into ``D`` and one pair of wrapping quotes
removed, which is precisely what VASSAL's decoder yields. Keeping segments
rather than values lets a trait change one field and leave every other byte of
its string as it was found.

Writing uses VASSAL's escaping with one addition: a token that ends in a
backslash is also wrapped in quotes. VASSAL's own writer does not do this, and
its output for such a token is corrupt (the backslash escapes the next
delimiter and two tokens merge, section 3.3); the quoted form is read back
correctly by VASSAL's decoder. Every other token is written byte for byte as
VASSAL writes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache

from ..sequence import escape_token

TAB = "\t"
BACKSLASH = "\\"


@cache
def _real_delimiter(delim: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\\)" + re.escape(delim))


def segments(value: str, delim: str) -> list[str]:
    """The escaped text of each token of ``value`` (``""`` has one empty token).

    A delimiter is real unless a backslash stands right before it (3.2).
    """
    parts = value.split(delim)
    if BACKSLASH + delim not in value:
        return parts
    out = []
    pending = ""
    last = len(parts) - 1
    for i, part in enumerate(parts):
        if pending:
            part = pending + delim + part
            pending = ""
        if i < last and part.endswith(BACKSLASH):
            pending = part  # an escaped delimiter: the token goes on
        else:
            out.append(part)
    return out


def unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def token(segment: str, delim: str) -> str:
    """The decoded value of one segment, as VASSAL's decoder returns it."""
    escaped = "\\" + delim
    if escaped in segment:
        segment = segment.replace(escaped, delim)
    return unquote(segment)


def tokens(value: str | None, delim: str) -> list[str]:
    """All decoded tokens of ``value``; None has none (like ``sequence.decode``)."""
    if value is None:
        return []
    return [token(s, delim) for s in segments(value, delim)]


def escape(text: str | None, delim: str) -> str:
    """One token ready to stand between delimiters (see module docstring)."""
    out = escape_token(text, delim)
    if out.endswith("\\") and not (len(out) > 1 and out[0] == "'" and out[-1] == "'"):
        return "'" + out + "'"
    return out


def join(values: Iterable[str | None], delim: str) -> str:
    """Encode tokens; unlike ``sequence.encode`` an empty list gives ``""``."""
    return delim.join(escape(v, delim) for v in values)


def split_pair(value: str, delim: str = TAB) -> tuple[str, str | None]:
    """The first two tokens of a nested list: ``(own, inner)``, inner None if absent.

    This is how VASSAL peels one level off a decorator chain (4.1): further
    tokens, which VASSAL never writes, are ignored as VASSAL ignores them.
    """
    # str.find/count run in C; a regex with a look-behind is ten times slower here.
    escaped = "\\" + delim
    i = value.find(delim)
    while i > 0 and value[i - 1] == "\\":
        i = value.find(delim, i + 1)
    if i < 0:
        return token(value, delim), None
    rest = value[i + 1:]
    if rest.count(delim) != rest.count(escaped) or rest.startswith(delim):
        # A third token (never written by VASSAL): the inner part stops at it.
        rest = _real_delimiter(delim).split(rest, 1)[0]
    return token(value[:i], delim), token(rest, delim)


def join_pair(own: str, inner: str | None, delim: str = TAB) -> str:
    """The inverse of :func:`split_pair`."""
    if inner is None:
        return escape(own, delim)
    return escape(own, delim) + delim + escape(inner, delim)


# Whole chains. Nesting makes a chain of L traits carry about L*L/2 backslashes
# (the TAB closing level j is preceded by j of them), so peeling it level by
# level costs L passes over a string that grows with L: a 200-trait piece is
# 60 KB. Instead the chain is split at every TAB once and each TAB is assigned
# to a level by the backslashes in front of it, which is exactly the decision
# VASSAL's decoder makes level after level. Only a chain with a quote-wrapped
# inner part (which the per-level decoder would unwrap) or with extra tokens
# takes the slow road; both give identical results.


def _split_fast(value: str, levels: int | None) -> list[str | None] | None:
    """All levels from one split, or None when the per-level decoder must decide.

    ``levels`` is None for a type (the innermost is decoded once more, as
    createPiece does) and the trait count for a state (the innermost gets the
    rest whole, as Decorator.setState gives it).
    """
    segs = value.split(TAB)
    stop = -1 if levels is None else levels - 1
    delimiters = _real_tabs(segs, stop)
    if delimiters is None:
        return None
    owns: list[str | None] = []
    start = 0
    for level, d in enumerate(delimiters):
        if start == d:
            text = segs[d]
        else:
            text = TAB.join([s[: len(s) - level - 1] for s in segs[start:d]] + [segs[d]])
        if level:
            text = text[: len(text) - level]
        owns.append(unquote(text) if text[:1] == "'" else text)
        start = d + 1
    level = len(delimiters)
    remove = level if level == stop else level + 1
    tail = segs[start:]
    text = tail[0] if len(tail) == 1 else TAB.join([s[: len(s) - remove] for s in tail[:-1]] + [tail[-1]])
    owns.append(unquote(text))
    if levels is not None:
        owns += [None] * (levels - len(owns))
    return owns


def split_chain(value: str) -> list[str]:
    """Each level's own token of a chain type, outermost first (BasicCommandEncoder.createPiece)."""
    owns = _split_fast(value, None)
    return _peel(value) if owns is None else owns  # type: ignore[return-value]


def _peel(value: str) -> list[str]:
    """:func:`split_chain` one level at a time, literally as VASSAL does."""
    out = []
    rest: str | None = value
    while rest is not None:
        own, rest = split_pair(rest)
        out.append(own)
    return out


def split_state_chain(value: str | None, levels: int) -> list[str | None]:
    """Each level's own state, for a chain of ``levels`` traits (Decorator.setState).

    Every decorator peels one level; the innermost gets the remainder whole. A
    state that stops early leaves None for the inner levels.
    """
    if value is None:
        return [None] * levels
    if levels == 1:
        return [value]
    owns = _split_fast(value, levels)
    return _peel_state(value, levels) if owns is None else owns


def _peel_state(value: str, levels: int) -> list[str | None]:
    """:func:`split_state_chain` one level at a time, literally as VASSAL does."""
    out: list[str | None] = []
    rest: str | None = value
    for _ in range(levels - 1):
        if rest is None:
            break
        own, rest = split_pair(rest)
        out.append(own)
    out.append(rest)
    return out + [None] * (levels - len(out))


def _join_fast(texts: list[str]) -> str | None:
    innermost = len(texts) - 1
    encoded = [escape(t, TAB) for t in texts]
    inner_starts = {e[:1] for e in encoded[1:]}
    if BACKSLASH in inner_starts or ("'" in inner_starts and encoded[-1][-1:] == "'"):
        return None  # VASSAL would quote an inner part: build it level by level
    parts = []
    for j, e in enumerate(encoded):
        # An own token's TABs were escaped at its level and once more per outer level.
        extra = j if j < innermost else innermost - 1
        if extra and TAB in e:
            e = e.replace(TAB, BACKSLASH * extra + TAB)
        parts.append(e + BACKSLASH * j if j < innermost else e)
    return TAB.join(parts)


def join_chain(owns: list[str | None]) -> str | None:
    """Nest per-level strings into one chain (Decorator.getType/getState); the innermost goes in as is.

    None entries at the inner end (a short state) are left out.
    """
    texts = list(owns)
    while texts and texts[-1] is None:
        texts.pop()
    if not texts:
        return None
    texts = ["" if t is None else t for t in texts]
    if len(texts) == 1:
        return texts[0]
    joined = _join_fast(texts)  # type: ignore[arg-type]
    return _nest(texts) if joined is None else joined  # type: ignore[arg-type]


def _nest(texts: list[str]) -> str:
    """:func:`join_chain` one level at a time, literally as VASSAL does."""
    acc = texts[-1]
    for own in reversed(texts[:-1]):
        acc = join_pair(own, acc)
    return acc


# A reader that needs only the innermost trait (a piece's map, x, y, gpid) need not build
# every level's token: the same one-split walk as _split_fast, keeping only the last.


def _real_tabs(segs: list[str], stop: int) -> list[int] | None:
    """Indexes of the segments a real TAB closes, level by level, up to level ``stop``
    (-1: all); None when the per-level decoder must decide."""
    # At level L a TAB is real when exactly L backslashes precede it; fewer means
    # a real TAB of an outer level (an extra token), more means it is inside a token.
    delimiters = []
    level = 0
    for k in range(len(segs) - 1):
        s = segs[k]
        count = len(s) - len(s.rstrip(BACKSLASH)) if s[-1:] == BACKSLASH else 0
        if count == level and level != stop:
            delimiters.append(k)
            level += 1
        elif count < level:
            return None
    if segs[-1][-1:] == "'" and any(segs[d + 1][:1] == "'" for d in delimiters):
        return None  # a quote-wrapped inner part, which the decoder would unwrap
    return delimiters


@lru_cache(maxsize=4096)  # a save repeats its piece types
def chain_depth(value: str) -> int:
    """``len(split_chain(value))``: how many traits a chain type holds."""
    delimiters = _real_tabs(value.split(TAB), -1)
    return len(split_chain(value)) if delimiters is None else len(delimiters) + 1


def innermost_state(value: str | None, levels: int) -> str | None:
    """``split_state_chain(value, levels)[-1]``: the innermost trait's own state."""
    if value is None or levels == 1:
        return value
    segs = value.split(TAB)
    delimiters = _real_tabs(segs, levels - 1)
    if delimiters is None:
        return split_state_chain(value, levels)[-1]
    if len(delimiters) < levels - 1:
        return None  # the state stops before the innermost level
    tail = segs[delimiters[-1] + 1:]
    remove = levels - 1
    text = tail[0] if len(tail) == 1 else TAB.join([s[: len(s) - remove] for s in tail[:-1]] + [tail[-1]])
    return unquote(text)
