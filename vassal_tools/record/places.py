"""A record's place names, read the same way wherever a record names a place.

A place is what the game's catalogue says it is (:meth:`Catalogue.location`); failing that, a
name spelled in ASCII (``Honefoss``, ``Tromsoe``, ``airbase:Bardufoss``) is matched, through
:func:`~vassal_tools.gamedata.vocabulary.fold_place`, against the names the catalogue declares
(``place_names``), and read as the game's own spelling with a note saying so. A fold two of the
game's names share matches neither.
"""

from __future__ import annotations

from collections.abc import Callable

from ..gamedata.vocabulary import fold_place
from .entries import Catalogue

_FOLDED: dict[int, tuple[Catalogue, dict[str, str | None]]] = {}  # by catalogue: fold -> the name, None if two


def place_of(catalogue: Catalogue, text: str, note: Callable[[str], None] = lambda said: None) -> str | None:
    """The LOC ``text`` names in the catalogue's game, or None; ``note`` hears how an ASCII
    spelling was read."""
    found = catalogue.location(text)
    if found is not None:
        return found
    kind, sep, rest = text.partition(":")
    for prefix, name in ((("", text),) + (((kind.strip() + ":", rest),) if sep else ())):
        spelled = _folded(catalogue).get(fold_place(name))
        if spelled is None:
            continue
        found = catalogue.location(prefix + spelled)
        if found is not None:
            note(f"place {text.strip()!r} read as {catalogue.game}'s {prefix + spelled!r}")
            return found
    return None


def _folded(catalogue: Catalogue) -> dict[str, str | None]:
    cached = _FOLDED.get(id(catalogue))
    if cached is not None and cached[0] is catalogue:
        return cached[1]
    index: dict[str, str | None] = {}
    for name in catalogue.place_names():
        key = fold_place(name)
        index[key] = name if index.get(key, name) == name else None
    _FOLDED[id(catalogue)] = (catalogue, index)
    return index
