"""Making a record in code: :class:`RecordBuilder`.

Modelled on python-chess's ``pgn.GameBuilder``: the builder is told what happens, in order,
and hands back the finished record. Each method adds one entry in the record format's own
shape (docs/record-format.md); :meth:`RecordBuilder.result` reads the whole through the record
reader, so a record made in code is checked by the same rules, in the same words (the game's,
from the ``"game"`` it names, which the lookup handed to :meth:`~RecordBuilder.result` finds), as
one read from a file::

    record = (RecordBuilder("invasion-norway")
              .unit("g1", ref="ger-138-gj-1")
              .phase("german-land-movement", turn="April #5")
              .move("g1", "4332")
              .result(pack_for))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .entries import (
    KIND_BY_KEY,
    Attack,
    Control,
    Defend,
    End,
    EntryKind,
    GameLookup,
    Hits,
    Intercept,
    Mission,
    Move,
    PhaseStart,
    Place,
    Record,
    Remove,
    Roll,
    Steps,
    Weather,
)
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
        """Add one entry as the format writes it; it says which kind it is by one kind key (the
        record format's, or one of the game's own kinds, which :meth:`result` reads)."""
        kinds = [key for key in entry if key in KIND_BY_KEY]
        if len(kinds) > 1:
            raise ValueError(f"an entry has exactly one of the keys {', '.join(KIND_BY_KEY)}: {dict(entry)!r}")
        self.entries.append(dict(entry))
        return self

    def entry(self, kind: EntryKind, *values: Any, step: int | None = None, **more: Any) -> RecordBuilder:
        """An entry of ``kind``, its fields given in the kind's order (``more``: further fields)."""
        shaped = kind.shape(*values, **more)
        if step is not None:
            shaped["step"] = step
        return self.add(shaped)

    def phase(self, phase: str, turn: str | None = None, *, step: int | None = None) -> RecordBuilder:
        """A phase begins (and, with ``turn``, a turn)."""
        return self.entry(PhaseStart.KIND, *((turn,) if turn is not None else ()), step=step, phase=phase)

    def end(self, phase: str, *, step: int | None = None) -> RecordBuilder:
        return self.entry(End.KIND, phase, step=step)

    def place(self, unit: str, at: str, *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self.entry(Place.KIND, unit, at, step=step, **more)

    def move(self, unit: str, to: str, *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self.entry(Move.KIND, unit, to, step=step, **more)

    def steps(self, unit: str, to: int, *, step: int | None = None) -> RecordBuilder:
        return self.entry(Steps.KIND, unit, to, step=step)

    def remove(self, unit: str, *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self.entry(Remove.KIND, unit, step=step, **more)

    def control(self, hex: str, side: str, *, step: int | None = None) -> RecordBuilder:
        return self.entry(Control.KIND, hex, side, step=step)

    def hits(self, loc: str, to: int, *, step: int | None = None) -> RecordBuilder:
        return self.entry(Hits.KIND, loc, to, step=step)

    def weather(self, sections: Mapping[str, str], *, step: int | None = None) -> RecordBuilder:
        return self.entry(Weather.KIND, dict(sections), step=step)

    def attack(self, hex: str, attackers: list[str], *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self.entry(Attack.KIND, hex, list(attackers), step=step, **more)

    def defend(self, hex: str, supply: list[str] | None = None, *, step: int | None = None) -> RecordBuilder:
        return self.entry(Defend.KIND, hex, list(supply or []), step=step)

    def mission(self, side: str, kind: str, units: list[str], *, step: int | None = None, **more: Any) -> RecordBuilder:
        return self.entry(Mission.KIND, side, kind, list(units), step=step, **more)

    def roll(self, purpose: str, result: int, *, step: int | None = None, **more: Any) -> RecordBuilder:
        """A die roll ``for`` a purpose (a die roll id of the game) and its ``result``."""
        return self.entry(Roll.KIND, step=step, **{"for": purpose, **more, "result": result})

    def intercept(self, side: str, zone: str, naval: list[str] | None = None, air: list[str] | None = None, *,
                  step: int | None = None) -> RecordBuilder:
        return self.entry(Intercept.KIND, side, zone, list(naval or []), list(air or []), step=step)

    def to_dict(self) -> dict[str, Any]:
        """The record as the format writes it (not yet checked)."""
        return self.data

    def result(self, games: GameLookup, source: str = "<record>") -> Record:
        """The finished record, checked; BadInput names the first entry or unit at fault.

        ``games`` finds the game by id (its words, catalogue and own entry kinds)."""
        return RecordReader(source, games).read(self.data)
