"""Declarations made in a log's chat, as record entries (see :mod:`.chat_grammar` for the words).

:class:`Declared` turns one :class:`~.chat_grammar.Declaration` into the record
entry it mirrors, resolving what the player typed: unit names through
:class:`~.unitnames.UnitNames`, places through the recorder's LOCs. A ``detect``
or ``roll`` declaration waits for the next die roll it is for (the ``Naval
Detection`` button after ``detect naval ...``), which gives its result and the
roller's side; one that no roll follows in its phase is reported as a warning.
Whatever cannot be resolved raises :class:`~.chat_grammar.DeclarationError`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .chat_grammar import Declaration, DeclarationError, units
from .unitnames import UnitNames
from .units import UnitInfo

Resolve = Callable[[str], "str | None"]


@dataclass
class PendingRoll:
    """A ``detect`` or ``roll`` declaration waiting for its die roll."""

    step: int
    text: str
    side: str | None
    inner: dict[str, Any]

    @property
    def purpose(self) -> str:
        return self.inner["for"]


class Declared:
    """Entries for declarations; ``loc`` resolves a place as typed, ``names()`` the units on the map now,
    ``sides`` are the game's side words."""

    def __init__(self, loc: Resolve, names: Callable[[], UnitNames], sides: tuple[str, ...]):
        self.loc = loc
        self.names = names
        self.sides = sides
        self.pending: list[PendingRoll] = []
        self.used: list[UnitInfo] = []  # units the entries name: the record needs their lines

    # -- one declaration

    def entry(self, decl: Declaration, step: int, side: str | None) -> dict[str, Any] | None:
        """The record entry of a declaration made at ``step`` by a player of ``side`` (None: no seat);
        None for a roll, which waits for its die."""
        self.used = []
        handler = getattr(self, f"_{decl.key}")
        return handler(decl.fields, step, decl.text, side)

    def place(self, text: str, what: str) -> str:
        found = self.loc(text)
        if found is None:
            raise DeclarationError(f"{text!r} is not a hex, zone or box of the game ({what})")
        return found

    def units(self, names, near: str | None = None) -> list[str]:
        found = self.names().resolve(names, near)
        self.used += found
        return [u.id for u in found]

    def side(self, said: str | None, player_side: str | None, what: str) -> str:
        side = said or player_side
        if side is None:
            raise DeclarationError(f"say whose {what} it is ({' or '.join(self.sides)}): the player has no side")
        return side

    def _attack(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        hex_ = self.place(f["hex"], "the hex attacked")
        inner: dict[str, Any] = {"hex": hex_, "attackers": self.units(f["attackers"]),
                                 "supply": self.units(f["supply"])}
        if f.get("overrun"):
            inner["overrun"] = True
        if f.get("target"):
            inner["target"] = self.units(f["target"], hex_)
        return {"attack": inner}

    def _defend(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        return {"defend": {"hex": self.place(f["hex"], "the hex defended"), "supply": self.units(f["supply"])}}

    def _mission(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        origin = self.place(f["from"], "where the mission flies from") if f.get("from") else None
        inner: dict[str, Any] = {"side": self.side(f["side"], side, "mission"), "kind": f["kind"],
                                 "units": self.units(f["units"], origin)}
        if origin is not None:
            inner["from"] = origin
        if f.get("target"):
            inner["target"] = self.place(f["target"], "the mission's target")
        if "supply" in f:
            inner["supply"] = self.units(f["supply"])
        return {"mission": inner}

    def _roll(self, f: dict[str, Any], step: int, text: str, side: str | None) -> None:
        zone = self.place(f["zone"], "where the roll is made") if f.get("zone") else None
        inner: dict[str, Any] = {"for": f["for"]}
        if zone is not None:
            inner["zone"] = zone
        if f["target"]:
            inner["target"] = self.units(f["target"], zone)
        if "detected" in f:
            inner["detected"] = f["detected"]
        if f.get("unit"):
            found = self.units(f["unit"])
            if len(found) != 1:
                raise DeclarationError("a roll's 'unit' names one unit")
            inner["unit"] = found[0]
        if f.get("outcome"):
            inner["outcome"] = f["outcome"]
        self.pending.append(PendingRoll(step, text, side, inner))
        return None

    def _intercept(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        zone = self.place(f["zone"], "where the interception is")
        found = self.names().resolve(f["units"])
        self.used += found
        naval = [u.id for u in found if u.unit_class != "air"]
        air = [u.id for u in found if u.unit_class == "air"]
        return {"intercept": {"side": self.side(f["side"], side, "interception"), "zone": zone,
                              "naval": naval, "air": air}}

    def _action(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        where = self.place(f["hex"], "where the action is") if f.get("hex") else None
        inner: dict[str, Any] = {"side": self.side(f["side"], side, "action"), "kind": f["kind"],
                                 "units": self.units(f["units"], where)}
        if where is not None:
            inner["hex"] = where
        return {"action": inner}

    def _mark(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        return self._status("mark", f)

    def _unmark(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        return self._status("unmark", f)

    def _status(self, key: str, f: dict[str, Any]) -> dict[str, Any]:
        found = self.units(f["units"])
        if len(found) != 1:
            raise DeclarationError(f"'{key}' names one unit")
        return {key: found[0], "as": f["as"]}

    def _vp(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        said = f.get("for") or f["key"]
        try:  # the enemy units eliminated, else a key (a place whose control scores, an option)
            if "key" in f:
                raise DeclarationError("a quoted key")
            reason: Any = self.units(units(said, "vp"))
        except DeclarationError:
            reason = self.loc(said) or said
        inner: dict[str, Any] = {"side": f["side"], "add": f["add"], "for": reason}
        if "roll" in f:
            inner["roll"] = f["roll"]
        return {"vp": inner}

    def _control(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        return {"control": self.place(f["control"], "the hex controlled"), "side": f["side"]}

    def _hits(self, f: dict[str, Any], step: int, text: str, side: str | None) -> dict[str, Any]:
        return {"hits": self.place(f["hits"], "the place hit"), "to": f["to"]}

    # -- die rolls

    def roll(self, purpose: str) -> PendingRoll | None:
        """The first declaration waiting for a roll of this kind, taken off the list."""
        for i, waiting in enumerate(self.pending):
            if waiting.purpose == purpose:
                return self.pending.pop(i)
        return None

    def unanswered(self) -> list[PendingRoll]:
        """Declarations no roll came for (at the end of a phase, or of the log); the list is emptied."""
        left, self.pending = self.pending, []
        return left
