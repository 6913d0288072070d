"""Reading a record: every field checked, the first fault raised as one BadInput naming entry and field.

The reader knows no game: its caller hands it a lookup of games by id (:data:`~.entries.GameLookup`),
and the game the record names gives its words, its catalogue and any entry kinds of its own.
Every entry is read from its kind's fields (:data:`~.entries.ENTRY_KINDS`), by the fields' types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..errors import BadInput
from ..gamedata.vocabulary import Vocabulary, one_of
from .entries import (
    BOOLEAN,
    COUNT,
    DICE,
    ENTRY_KINDS,
    FLAG,
    INTEGER,
    LOC,
    NAME,
    PHASE,
    SIDE,
    TEXT,
    TURN,
    UNIT,
    UNITS,
    UNITS_OR_KEY,
    WEATHER,
    WORD,
    Catalogue,
    End,
    Entry,
    EntryCheck,
    EntryKind,
    Field,
    GameLookup,
    PhaseStart,
    Record,
    Unit,
)
from .format_words import FORMAT
from .places import place_of


class RecordReader:
    """Checks one record, keeping the file name for its error messages."""

    catalogue: Catalogue
    words: Vocabulary

    def __init__(self, source: str, games: GameLookup):
        """``games`` finds the game a record names (its words, catalogue and own entry kinds)."""
        self.source = source
        self.games = games
        self.units: dict[str, Unit] = {}
        self.notes: list[str] = []
        self.kinds: dict[str, EntryKind] = {kind.key: kind for kind in ENTRY_KINDS}
        self.turn: str | None = None
        self.checks: Mapping[str, EntryCheck] = {}
        self.read_type: dict[str, Callable[[Any, str], Any]] = {
            UNIT: self.unit_id, LOC: self.loc, SIDE: self.side, PHASE: self.phase, TURN: self.turn_named,
            COUNT: self.count, INTEGER: self.integer, WORD: self.word, TEXT: self.text, NAME: self.stack,
            BOOLEAN: self.boolean, DICE: self.dice, WEATHER: self.weather, UNITS_OR_KEY: self.units_or_key,
        }

    def note(self, said: str) -> None:
        """What was read otherwise than written (an ASCII spelling of a place), said once."""
        if said not in self.notes:
            self.notes.append(said)

    def fail(self, what: str, where: str = "") -> BadInput:
        return BadInput(self.source, what, where)

    def read(self, data: Any) -> Record:
        if not isinstance(data, Mapping):
            raise self.fail("a record is a JSON object")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise self.fail(f"format is {fmt!r}, expected {FORMAT!r}", "field 'format'")
        game_id = data.get("game")
        if not isinstance(game_id, str) or not game_id:
            raise self.fail("'game' must name a game by its id (`vassal-tools games` lists them)", "field 'game'")
        game = self.games(game_id)
        if game is None:
            raise self.fail(f"unknown game {game_id!r} (no rule pack of that id)", "field 'game'")
        # The game's words: its phases, sides, turns and weather (the record format has none of its own).
        self.words = game.vocabulary
        self.catalogue = game.catalogue
        self.kinds.update((kind.key, kind) for kind in game.record_terms.entry_kinds)
        self.checks = game.record_terms.checks
        units = data.get("units", {})
        if not isinstance(units, Mapping):
            raise self.fail("'units' must be an object of unit id to attributes", "field 'units'")
        for uid, spec in units.items():
            self.units[uid] = self.read_unit(uid, spec, f"units[{uid!r}]")
        entries = data.get("entries")
        if not isinstance(entries, list):
            raise self.fail("'entries' must be a list", "field 'entries'")
        parsed = self.read_entries(entries)
        extra = {k: v for k, v in data.items() if k not in ("format", "game", "units", "entries")}
        return Record(game_id, self.units, parsed, self.source, extra, notes=self.notes)

    # -- units

    def game_data(self) -> Catalogue:
        """The catalogue of the record's game (:meth:`read` sets it before any unit or entry)."""
        if self.catalogue is None:
            raise RuntimeError("the record's game is not known yet: read() sets it")
        return self.catalogue

    def read_unit(self, uid: str, spec: Any, where: str) -> Unit:
        if not isinstance(spec, Mapping):
            raise self.fail("a unit is an object ({\"ref\": ID} or inline attributes)", where)
        attrs: dict[str, Any] = {}
        ref = spec.get("ref")
        if ref is not None:
            if not isinstance(ref, str):
                raise self.fail("'ref' must be a unit id of the game's data", f"{where}.ref")
            known = self.game_data().unit(ref)
            if known is None:
                raise self.fail(f"unknown unit {ref!r} in the {self.game_data().game} data", f"{where}.ref")
            attrs.update(known)
        inline = {k: v for k, v in spec.items() if k != "ref"}
        attrs.update(inline)
        return self.build_unit(uid, attrs, ref, inline, where)

    def build_unit(self, uid: str, attrs: dict[str, Any], ref: str | None, inline: dict, where: str) -> Unit:
        cls = _lower(attrs.pop("class", None))
        if cls not in self.words.unit_classes:
            raise self.fail(f"'class' is {cls!r}, expected one of {', '.join(self.words.unit_classes)}", f"{where}.class")
        nationality = _lower(attrs.pop("nationality", None))
        side = _lower(attrs.pop("side", None))
        if side is None and nationality is not None:
            side = self.words.side_of(nationality)
        # A marker may belong to no side (a game-turn marker); every other unit names its side.
        if side not in self.words.sides and not (side is None and cls == "marker"):
            raise self.fail(f"'side' is {side!r}, expected {one_of(self.words.sides)}", f"{where}.side")
        size = _lower(attrs.pop("size", None))
        if size is not None and size not in self.words.sizes:
            raise self.fail(f"'size' is {size!r}, expected one of {', '.join(self.words.sizes)}", f"{where}.size")
        counts = {}
        for key in ("steps", "points"):
            value = attrs.pop(key, None)
            if value is not None and not _is_count(value):
                raise self.fail(f"'{key}' must be a whole number >= 0, not {value!r}", f"{where}.{key}")
            counts[key] = value
        text = {}
        for key in ("type", "formation", "leader", "name"):
            value = attrs.pop(key, None)
            if value is not None and not isinstance(value, (str, bool)):
                value = str(value)
            text[key] = value
        return Unit(uid, side, cls, nationality=nationality, size=size, ref=ref, attrs=attrs,
                    inline=inline, **counts, **text)

    def unit_id(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(f"a unit id is a string, not {value!r}", where)
        if value not in self.units:
            known = self.game_data().unit(value)
            if known is None:
                raise self.fail(f"unknown unit {value!r} (not in 'units' nor in the {self.game_data().game} data)", where)
            # A unit of the game's data used without a 'units' line: take it as a ref.
            self.units[value] = self.build_unit(value, dict(known), value, {}, where)
        return value

    def unit_list(self, value: Any, where: str, *, required: bool = False) -> tuple[str, ...]:
        if value is None and not required:
            return ()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or (required and not value):
            raise self.fail("expected a list of unit ids" + (" (at least one)" if required else ""), where)
        return tuple(self.unit_id(v, f"{where}[{i}]") for i, v in enumerate(value))

    # -- locations and words

    def loc(self, value: Any, where: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9999:
            value = f"{value:04d}"
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"a LOC is a place of the game (a hex, area, zone or box), not {value!r}", where)
        canonical = self.record_carrier(value.strip()) or place_of(self.game_data(), value.strip(), self.note)
        if canonical is None:
            raise self.fail(f"{value!r} is no place of {self.game_data().game} (no hex, area, zone or box of it)", where)
        return canonical

    def record_carrier(self, text: str) -> str | None:
        """``carrier:NAME`` for a carrier the record itself defines (by unit id or name)."""
        kind, sep, rest = text.partition(":")
        if not sep or kind.strip().lower() != "carrier":
            return None
        rest = rest.strip()
        for unit in self.units.values():
            if unit.inline and unit.ref is None and str(unit.type or "").upper() == "CV" and rest in (unit.id, unit.name):
                return f"carrier:{unit.name or unit.id}"
        return None

    def side(self, value: Any, where: str) -> str:
        side = _lower(value)
        if side not in self.words.sides:
            raise self.fail(f"side is {value!r}, expected {one_of(self.words.sides)}", where)
        return side

    def example_turn(self) -> str:
        return f'"{self.words.turns[0]}"' if self.words.turns else "a turn name"

    def count(self, value: Any, where: str) -> int:
        if not _is_count(value):
            raise self.fail(f"expected a whole number >= 0, not {value!r}", where)
        return value

    def phase(self, value: Any, where: str) -> str:
        phase = _word(value) if isinstance(value, str) else value
        if phase not in self.words.phases:
            raise self.fail(f"unknown phase {value!r}", where)
        return phase

    def stack(self, value: Any, where: str) -> str:
        """A name: a stack's, as VASSAL numbers it or as a player names it."""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(f"'stack' is a name, not {value!r}", where)
        return value

    def dice(self, value: Any, where: str) -> tuple[int, ...]:
        """A roll's ``result``: one whole number, or a non-empty list of them (dice thrown at once)."""
        values = value if isinstance(value, list) else [value]
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise self.fail(f"result must be a whole number or a list of them, not {value!r}", where)
        return tuple(values)

    def word(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"expected a word, not {value!r}", where)
        return _word(value)

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"expected a text, not {value!r}", where)
        return " ".join(value.split())

    def integer(self, value: Any, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"expected a whole number, not {value!r}", where)
        return value

    def boolean(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"expected true or false, not {value!r}", where)
        return value

    def weather(self, value: Any, where: str) -> dict[str, str]:
        if not isinstance(value, Mapping) or not value:
            raise self.fail(f"'weather' maps sections ({', '.join(self.words.weather_sections)}) to "
                            f"{one_of(self.words.weather_states)}", where)
        sections = {}
        field_name = where.rpartition("'")[0]  # "entry 3, field 'weather" -> its sections below it
        for section, state in value.items():
            section = _lower(section)
            if section not in self.words.weather_sections:
                raise self.fail(f"unknown weather section {section!r}", f"{field_name}.{section}'")
            if _lower(state) not in self.words.weather_states:
                raise self.fail(f"weather is {state!r}, expected one of {', '.join(self.words.weather_states)}",
                                f"{field_name}.{section}'")
            sections[section] = _lower(state)
        return sections

    def units_or_key(self, value: Any, where: str) -> tuple[str, ...] | str:
        if isinstance(value, list):
            return self.unit_list(value, where, required=True)
        if isinstance(value, str) and value.strip():
            # A LOC whose control scores is named as the game spells it; any other word is a key.
            return place_of(self.game_data(), value.strip(), self.note) or value.strip()
        raise self.fail(f"'for' is a list of units or a key, not {value!r}", where)

    def value(self, spec: Field, value: Any, where: str) -> Any:
        """One field's value, read as its type says."""
        if spec.type == UNITS:
            return self.unit_list(value, where, required=spec.required)
        if spec.type == FLAG:
            return bool(value)
        try:
            return self.read_type[spec.type](value, where)
        except BadInput:
            if spec.what and spec.type in (COUNT, INTEGER):  # say what the number is
                raise self.fail(f"'{spec.key}' is {spec.what}, not {value!r}", where) from None
            raise

    # -- entries

    def read_entries(self, entries: list) -> list[Entry]:
        out: list[Entry] = []
        self.turn = None
        phase: str | None = None
        for index, raw in enumerate(entries):
            where = f"entry {index}"
            if isinstance(raw, Mapping) and raw.get("step") is not None:
                where += f" (step {raw['step']})"
            if not isinstance(raw, Mapping):
                raise self.fail("an entry is a JSON object", where)
            entry = self.read_entry(index, raw, where)
            if isinstance(entry, PhaseStart):
                self.turn, phase = entry.turn, entry.phase
            elif isinstance(entry, End):
                if phase is not None and entry.phase != phase:
                    raise self.fail(f"end of {entry.phase!r} but the current phase is {phase!r}", f"{where}, field 'end'")
                phase = None
            out.append(entry)
        return out

    def read_entry(self, index: int, raw: Mapping, where: str) -> Entry:
        keys = [k for k in raw if k in self.kinds]
        if not keys and "turn" in raw:
            raise self.fail("a turn entry also needs a 'phase'", where)
        if len(keys) != 1:
            what = "has none of" if not keys else f"has more than one ({', '.join(keys)}) of"
            raise self.fail(f"entry {what} the keys {', '.join(self.kinds)}", where)
        kind = self.kinds[keys[0]]
        if kind.nested:
            body = raw[kind.key]
            if not isinstance(body, Mapping):
                raise self.fail(f"'{kind.key}' must be an object", f"{where}, field '{kind.key}'")
            path = f"{where}, field '{kind.key}."
        else:
            body, path = raw, f"{where}, field '"
        fields = {spec.attr: self.read_field(kind, spec, body, where, path) for spec in kind.fields}
        for check in (kind.check, self.checks.get(kind.key)):
            fault = check(fields) if check is not None else None
            if fault is not None:
                raise self.fail(fault[0], f"{path}{fault[1]}'")
        fields.update(kind.entry.as_written(body))
        own = set(kind.keys) | {"step"}
        extra = {k: v for k, v in raw.items() if k not in own}
        inner = {k: v for k, v in body.items() if k not in {f.key for f in kind.fields}} if kind.nested else {}
        return kind.entry(index=index, step=raw.get("step"), extra=extra, inner=inner, **fields)

    def read_field(self, kind: EntryKind, spec: Field, body: Mapping, where: str, path: str) -> Any:
        value = body.get(spec.key)
        if value is None:
            if spec.type == TURN:
                return self.current_turn(where)
            if spec.required:
                article = "an" if kind.key[0] in "aeiou" else "a"
                raise self.fail(f"{article} {kind.key} entry needs {spec.asked}", f"{path}{spec.key}'")
            return spec.default
        return self.value(spec, value, f"{path}{spec.key}'")

    def current_turn(self, where: str) -> str:
        """The turn an entry that names none is in: the turn of the phase entry before it."""
        if self.turn is None:
            raise self.fail(f"the first phase entry must say its 'turn' (e.g. {self.example_turn()})", where)
        return self.turn

    def turn_named(self, value: Any, where: str) -> str:
        turn = self.words.canonical_turn(value)
        if turn is None:
            raise self.fail(f"turn is {value!r}, expected a turn of the game such as {self.example_turn()}", where)
        return turn


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _word(value: str) -> str:
    """``"Naval Detection"`` and ``"naval_detection"`` both become ``"naval-detection"``."""
    return re.sub(r"[\s_]+", "-", value.strip().lower())


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def entries_of(record: Record, kinds: Iterable[type]) -> list[Entry]:
    """The record's entries of the given kinds, in order (a convenience for reports)."""
    kinds = tuple(kinds)
    return [e for e in record.entries if isinstance(e, kinds)]
