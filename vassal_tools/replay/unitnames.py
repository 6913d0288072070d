"""Units by the names players type in their declarations: a unit id, or a counter's printed name.

A declaration names units the way players see them: ``I/138``, ``Hipper``,
``Ju-52 x2``, or by the record's unit id (``ger-138-gj-1``). :class:`UnitNames`
looks at the pieces on the maps at that moment, through the same
:class:`~.units.UnitReader` that makes the record's units, so a name means the
counter that shows it. A name shared by several counters is narrowed to those at
the declaration's own place (a mission's airbase, a detection's zone); if that
still leaves a choice, the declaration is refused with the candidates listed, so
the player can name them by unit id.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .chat_grammar import DeclarationError, UnitName
from .state import GameState, PieceState
from .units import UnitInfo, UnitReader

Locate = Callable[[PieceState, UnitInfo], "str | None"]


def _key(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


class UnitNames:
    """The units on the maps now, by id and by printed name (built per declaration)."""

    def __init__(self, state: GameState, units: UnitReader, locate: Locate, catalogue=None):
        self.catalogue = catalogue
        self.by_id: dict[str, UnitInfo] = {}
        self.by_name: dict[str, list[tuple[UnitInfo, str | None]]] = {}
        for map_name in state.maps:
            for piece in state.on_map(map_name):
                unit = units.unit(piece)
                if unit is None:
                    continue
                self.by_id[unit.id.lower()] = unit
                self.by_name.setdefault(_key(piece.name), []).append((unit, locate(piece, unit)))

    def resolve(self, names: Iterable[UnitName], near: str | None = None) -> list[UnitInfo]:
        """The units named, in order (a unit named ``xN`` with one candidate repeats N times)."""
        out: list[UnitInfo] = []
        for name in names:
            out += self.one(name, near)
        return out

    def one(self, name: UnitName, near: str | None) -> list[UnitInfo]:
        unit = self.by_id.get(name.name.lower()) or self._catalogue_unit(name.name)
        if unit is not None:
            return [unit] * name.count
        found = self.by_name.get(_key(name.name), [])
        if not found:
            raise DeclarationError(f"no unit on the map is named or numbered {name.name!r}")
        distinct = list({u.id: u for u, _ in found}.values())
        if len(distinct) == 1:
            return distinct * name.count
        here = list({u.id: u for u, loc in found if near is not None and loc == near}.values())
        for choice in (here, distinct):
            if len(choice) == name.count:
                return choice
        if len(here) == 1:
            return here * name.count
        shown = ", ".join(sorted(u.id for u in distinct)[:6]) + (", ..." if len(distinct) > 6 else "")
        wanted = f"{name.count} of them" if name.count > 1 else "one of them"
        raise DeclarationError(f"{name.name!r} names {len(distinct)} units ({shown}); say which: "
                               f"{wanted} by unit id")

    def _catalogue_unit(self, text: str) -> UnitInfo | None:
        """A unit of the game's data named by its id, though no piece of it is on the map."""
        if self.catalogue is None or self.catalogue.unit(text.strip()) is None:
            return None
        known = self.catalogue.unit(text.strip())
        if not (known.get("side") or known.get("nationality")):
            return None
        return UnitInfo(text.strip(), {"ref": text.strip()}, unit_class=known.get("class"))
