"""Making a record in code: :class:`RecordBuilder`.

Modelled on python-chess's ``pgn.GameBuilder``: the builder is told what happens, in order,
and hands back the finished record. Each method adds one entry in the record format's own
shape (docs/record-format.md); :meth:`RecordBuilder.result` reads the whole through the record
reader, so a record made in code is checked by the same rules, in the same words (the game's,
from the ``"game"`` it names), as one read from a file::

    record = (RecordBuilder("invasion-norway")
              .unit("g1", ref="ger-138-gj-1")
              .phase("german-land-movement", turn="April #5")
              .move("g1", "4332")
              .result())
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .entries import KIND_BY_KEY, Catalogue, Record
from .format_words import FORMAT
from .reader import RecordReader


class RecordBuilder:
    """A record under construction: its units, then its entries in the order they happened."""

    def __init__(self, game: str, **fields: Any):
        """``fields``: further top-level fields kept with the record (``log``, ``module``...)."""
        self.data: dict[str, Any] = {"format": FORMAT, "game": game, **fields, "units": {}, "entries": []}

    @property
    def units(self) -> dict[str, Any]:
        return self.data["units"]

    @property
    def entries(self) -> list[dict[str, Any]]:
        return self.data["entries"]

    def unit(self, uid: str, **attributes: Any) -> RecordBuilder:
        """Declare a unit: ``ref=`` a unit id of the game's data, and/or inline attributes."""
        self.units[uid] = attributes
        return self

    def add(self, entry: Mapping[str, Any]) -> RecordBuilder:
        """Add one entry as the format writes it; it must say which kind it is (one kind key)."""
        kinds = [key for key in entry if key in KIND_BY_KEY]
        if len(kinds) != 1:
            raise ValueError(f"an entry has exactly one of the keys {', '.join(KIND_BY_KEY)}: {dict(entry)!r}")
        self.entries.append(dict(entry))
        return self

    def _entry(self, first: dict[str, Any], step: int | None, more: Mapping[str, Any]) -> RecordBuilder:
        entry = {**first, **more}
        if step is not None:
            entry["step"] = step
        return self.add(entry)

    def phase(self, phase: str, turn: str | None = None, *, step: int | None = None) -> RecordBuilder:
        """A phase begins (and, with ``turn``, a turn)."""
        first = {"turn": turn, "phase": phase} if turn is not None else {"phase": phase}
        return self._entry(first, step, {})

    def end(self, phase: str, *, step: int | None = None) -> RecordBuilder:
        return self._entry({"end": phase}, step, {})

    def place(self, unit: str, at: str, *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self._entry({"place": unit, "at": at}, step, more)

    def move(self, unit: str, to: str, *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self._entry({"move": unit, "to": to}, step, more)

    def steps(self, unit: str, to: int, *, step: int | None = None) -> RecordBuilder:
        return self._entry({"steps": unit, "to": to}, step, {})

    def remove(self, unit: str, *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self._entry({"remove": unit}, step, more)

    def control(self, hex: str, side: str, *, step: int | None = None) -> RecordBuilder:
        return self._entry({"control": hex, "side": side}, step, {})

    def hits(self, loc: str, to: int, *, step: int | None = None) -> RecordBuilder:
        return self._entry({"hits": loc, "to": to}, step, {})

    def weather(self, sections: Mapping[str, str], *, step: int | None = None) -> RecordBuilder:
        return self._entry({"weather": dict(sections)}, step, {})

    def attack(self, hex: str, attackers: list[str], *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self._entry({"attack": {"hex": hex, "attackers": list(attackers), **more}}, step, {})

    def defend(self, hex: str, supply: list[str] | None = None, *, step: int | None = None) -> RecordBuilder:
        return self._entry({"defend": {"hex": hex, "supply": list(supply or [])}}, step, {})

    def mission(self, side: str, kind: str, units: list[str], *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self._entry({"mission": {"side": side, "kind": kind, "units": list(units), **more}}, step, {})

    def roll(self, purpose: str, result: int, *, step: int | None = None, **more: Any) -> RecordBuilder:
        """A die roll ``for`` a purpose (a die roll id of the game) and its ``result``."""
        return self._entry({"roll": {"for": purpose, **more, "result": result}}, step, {})

    def intercept(self, side: str, zone: str, naval: list[str] | None = None, air: list[str] | None = None, *,
                  step: int | None = None) -> RecordBuilder:
        return self._entry({"intercept": {"side": side, "zone": zone, "naval": list(naval or []),
                                          "air": list(air or [])}}, step, {})

    def to_dict(self) -> dict[str, Any]:
        """The record as the format writes it (not yet checked)."""
        return self.data

    def result(self, catalogue: Catalogue | None = None, source: str = "<record>") -> Record:
        """The finished record, checked; BadInput names the first entry or unit at fault."""
        return RecordReader(source, catalogue).read(self.data)
