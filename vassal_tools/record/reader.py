"""Reading a record: every field checked, the first fault raised as one BadInput naming entry and field."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import BadInput
from ..gamedata.vocabulary import Vocabulary, one_of
from ..games import pack_for
from .entries import KIND_BY_KEY, Catalogue, End, Entry, PhaseStart, Record, Unit
from .format_words import FORMAT


class RecordReader:
    """Checks one record, keeping the file name for its error messages."""

    catalogue: Catalogue
    words: Vocabulary

    def __init__(self, source: str, catalogue: Catalogue | None):
        self.source = source
        self.given_catalogue = catalogue
        self.units: dict[str, Unit] = {}

    def fail(self, what: str, where: str = "") -> BadInput:
        return BadInput(self.source, what, where)

    def read(self, data: Any) -> Record:
        if not isinstance(data, Mapping):
            raise self.fail("a record is a JSON object")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise self.fail(f"format is {fmt!r}, expected {FORMAT!r}", "field 'format'")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise self.fail("'game' must name a rule pack, e.g. \"invasion-norway\"", "field 'game'")
        pack = pack_for(game)
        if pack is None:
            raise self.fail(f"unknown game {game!r} (no rule pack of that id)", "field 'game'")
        # The game's words: its phases, sides, turns and weather (the record format has none of its own).
        self.words = pack.vocabulary
        self.catalogue = self.given_catalogue if self.given_catalogue is not None else pack.catalogue
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
        return Record(game, self.units, parsed, self.source, extra)

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
        canonical = self.record_carrier(value.strip()) or self.game_data().location(value.strip())
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

    # -- entries

    def read_entries(self, entries: list) -> list[Entry]:
        out: list[Entry] = []
        turn: str | None = None
        phase: str | None = None
        for index, raw in enumerate(entries):
            where = f"entry {index}"
            if isinstance(raw, Mapping) and raw.get("step") is not None:
                where += f" (step {raw['step']})"
            if not isinstance(raw, Mapping):
                raise self.fail("an entry is a JSON object", where)
            entry = self.read_entry(index, raw, where, turn)
            if isinstance(entry, PhaseStart):
                turn, phase = entry.turn, entry.phase
            elif isinstance(entry, End):
                if phase is not None and entry.phase != phase:
                    raise self.fail(f"end of {entry.phase!r} but the current phase is {phase!r}", f"{where}, field 'end'")
                phase = None
            out.append(entry)
        return out

    def read_entry(self, index: int, raw: Mapping, where: str, turn: str | None) -> Entry:
        keys = [k for k in raw if k in KIND_BY_KEY]
        if not keys and "turn" in raw:
            raise self.fail("a turn entry also needs a 'phase'", where)
        if len(keys) != 1:
            what = "has none of" if not keys else f"has more than one ({', '.join(keys)}) of"
            raise self.fail(f"entry {what} the keys {', '.join(KIND_BY_KEY)}", where)
        key = keys[0]
        reader = getattr(self, f"_entry_{key}")
        entry_fields, used = reader(raw, where, turn)
        used = set(used) | {key, "step"}
        extra = {k: v for k, v in raw.items() if k not in used}
        return KIND_BY_KEY[key](index=index, step=raw.get("step"), extra=extra, **entry_fields)

    def _entry_phase(self, raw, where, turn):
        phase = self.phase(raw["phase"], f"{where}, field 'phase'")
        given = "turn" in raw
        if given:
            value = raw["turn"]
            turn = self.words.canonical_turn(value)
            if turn is None:
                raise self.fail(f"turn is {value!r}, expected a turn of the game such as {self.example_turn()}",
                                f"{where}, field 'turn'")
        elif turn is None:
            raise self.fail(f"the first phase entry must say its 'turn' (e.g. {self.example_turn()})", where)
        return {"turn": turn, "phase": phase, "turn_given": given}, ("turn",)

    def _entry_place(self, raw, where, turn):
        unit = self.unit_id(raw["place"], f"{where}, field 'place'")
        if "at" not in raw:
            raise self.fail("a place entry needs 'at'", where)
        at = self.loc(raw["at"], f"{where}, field 'at'")
        return {"unit": unit, "at": at, "stack": self.stack(raw, where)}, ("at", "stack")

    def _entry_move(self, raw, where, turn):
        unit = self.unit_id(raw["move"], f"{where}, field 'move'")
        if "to" not in raw:
            raise self.fail("a move entry needs 'to'", where)
        to = self.loc(raw["to"], f"{where}, field 'to'")
        return {"unit": unit, "to": to, "stack": self.stack(raw, where)}, ("to", "stack")

    def stack(self, raw, where) -> str | None:
        value = raw.get("stack")
        if value is None:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(f"'stack' is a name, not {value!r}", f"{where}, field 'stack'")
        return value

    def _entry_steps(self, raw, where, turn):
        unit = self.unit_id(raw["steps"], f"{where}, field 'steps'")
        if "to" not in raw:
            raise self.fail("a steps entry needs 'to'", where)
        return {"unit": unit, "to": self.count(raw["to"], f"{where}, field 'to'")}, ("to",)

    def _entry_remove(self, raw, where, turn):
        return {"unit": self.unit_id(raw["remove"], f"{where}, field 'remove'")}, ()

    def _entry_control(self, raw, where, turn):
        hex_ = self.loc(raw["control"], f"{where}, field 'control'")
        if "side" not in raw:
            raise self.fail("a control entry needs 'side'", where)
        return {"hex": hex_, "side": self.side(raw["side"], f"{where}, field 'side'")}, ("side",)

    def _entry_hits(self, raw, where, turn):
        loc = self.loc(raw["hits"], f"{where}, field 'hits'")
        if "to" not in raw:
            raise self.fail("a hits entry needs 'to'", where)
        return {"loc": loc, "to": self.count(raw["to"], f"{where}, field 'to'")}, ("to",)

    def _entry_weather(self, raw, where, turn):
        value = raw["weather"]
        if not isinstance(value, Mapping) or not value:
            raise self.fail(f"'weather' maps sections ({', '.join(self.words.weather_sections)}) to "
                            f"{one_of(self.words.weather_states)}", f"{where}, field 'weather'")
        sections = {}
        for section, state in value.items():
            section = _lower(section)
            if section not in self.words.weather_sections:
                raise self.fail(f"unknown weather section {section!r}", f"{where}, field 'weather.{section}'")
            if _lower(state) not in self.words.weather_states:
                raise self.fail(f"weather is {state!r}, expected one of {', '.join(self.words.weather_states)}",
                                f"{where}, field 'weather.{section}'")
            sections[section] = _lower(state)
        return {"sections": sections}, ()

    def inner(self, raw, key, where) -> Mapping:
        value = raw[key]
        if not isinstance(value, Mapping):
            raise self.fail(f"'{key}' must be an object", f"{where}, field '{key}'")
        return value

    def _entry_attack(self, raw, where, turn):
        inner = self.inner(raw, "attack", where)
        at = f"{where}, field 'attack."
        if "hex" not in inner:
            raise self.fail("an attack needs 'hex'", where)
        out = {
            "hex": self.loc(inner["hex"], at + "hex'"),
            "attackers": self.unit_list(inner.get("attackers"), at + "attackers'", required=True),
            "supply": self.unit_list(inner.get("supply"), at + "supply'"),
            "overrun": bool(inner.get("overrun", False)),
            "target": self.unit_list(inner.get("target"), at + "target'"),
            "inner": {k: v for k, v in inner.items() if k not in ("hex", "attackers", "supply", "overrun", "target")},
        }
        return out, ()

    def _entry_defend(self, raw, where, turn):
        inner = self.inner(raw, "defend", where)
        at = f"{where}, field 'defend."
        if "hex" not in inner:
            raise self.fail("a defend entry needs 'hex'", where)
        out = {
            "hex": self.loc(inner["hex"], at + "hex'"),
            "supply": self.unit_list(inner.get("supply"), at + "supply'"),
            "inner": {k: v for k, v in inner.items() if k not in ("hex", "supply")},
        }
        return out, ()

    def _entry_mission(self, raw, where, turn):
        inner = self.inner(raw, "mission", where)
        at = f"{where}, field 'mission."
        kind = inner.get("kind")
        if not isinstance(kind, str) or not kind.strip():
            raise self.fail("a mission needs a 'kind' (e.g. \"naval-bombing\")", at + "kind'")
        supply = inner.get("supply")
        out = {
            "side": self.side(inner.get("side"), at + "side'"),
            "kind": _word(kind),
            "units": self.unit_list(inner.get("units"), at + "units'", required=True),
            "origin": self.loc(inner["from"], at + "from'") if inner.get("from") is not None else None,
            "target": self.loc(inner["target"], at + "target'") if inner.get("target") is not None else None,
            "supply": self.unit_list(supply, at + "supply'") if supply is not None else None,
            "inner": {k: v for k, v in inner.items() if k not in ("side", "kind", "units", "from", "target", "supply")},
        }
        return out, ()

    def _entry_roll(self, raw, where, turn):
        inner = self.inner(raw, "roll", where)
        at = f"{where}, field 'roll."
        purpose = inner.get("for")
        if not isinstance(purpose, str) or not purpose.strip():
            raise self.fail("a roll needs 'for' (e.g. \"naval-detection\")", at + "for'")
        if "result" not in inner:
            raise self.fail("a roll needs 'result'", where)
        dice = self.dice(inner["result"], at + "result'")
        purpose = _word(purpose)
        side = inner.get("side")
        if side is None and purpose in ("naval-detection", "air-detection"):
            raise self.fail("a detection roll needs the 'side' that rolls", at + "side'")
        detected = inner.get("detected")
        if detected is not None and not isinstance(detected, bool):
            raise self.fail(f"'detected' is true or false, not {detected!r}", at + "detected'")
        modified = inner.get("modified")
        if modified is not None and (not isinstance(modified, int) or isinstance(modified, bool)):
            raise self.fail(f"'modified' must be a whole number, not {modified!r}", at + "modified'")
        zone, unit, outcome = inner.get("zone"), inner.get("unit"), inner.get("outcome")
        out = {
            "side": self.side(side, at + "side'") if side is not None else None,
            "purpose": purpose,
            "zone": self.loc(zone, at + "zone'") if zone is not None else None,
            "target": self.unit_list(inner.get("target"), at + "target'"),
            "dice": dice,
            "written_as_list": isinstance(inner["result"], list),
            "unit": self.unit_id(unit, at + "unit'") if unit is not None else None,
            "outcome": self.word(outcome, at + "outcome'") if outcome is not None else None,
            "detected": detected,
            "modified": modified,
            "inner": {k: v for k, v in inner.items() if k not in _ROLL_FIELDS},
        }
        return out, ()

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

    def _entry_intercept(self, raw, where, turn):
        inner = self.inner(raw, "intercept", where)
        at = f"{where}, field 'intercept."
        if inner.get("zone") is None:
            raise self.fail("an intercept needs the 'zone' of the detected force", at + "zone'")
        out = {
            "side": self.side(inner.get("side"), at + "side'"),
            "zone": self.loc(inner["zone"], at + "zone'"),
            "naval": self.unit_list(inner.get("naval"), at + "naval'"),
            "air": self.unit_list(inner.get("air"), at + "air'"),
            "inner": {k: v for k, v in inner.items() if k not in ("side", "zone", "naval", "air")},
        }
        if not out["naval"] and not out["air"]:
            raise self.fail("an intercept names at least one naval or air unit", where)
        return out, ()

    def _entry_action(self, raw, where, turn):
        inner = self.inner(raw, "action", where)
        at = f"{where}, field 'action."
        kind = inner.get("kind")
        if not isinstance(kind, str) or not kind.strip():
            raise self.fail("an action needs a 'kind' (e.g. \"move\")", at + "kind'")
        out = {
            "side": self.side(inner.get("side"), at + "side'"),
            "kind": _word(kind),
            "units": self.unit_list(inner.get("units"), at + "units'"),
            "hex": self.loc(inner["hex"], at + "hex'") if inner.get("hex") is not None else None,
            "inner": {k: v for k, v in inner.items() if k not in ("side", "kind", "units", "hex")},
        }
        return out, ()

    def _entry_reveal(self, raw, where, turn):
        inner = self.inner(raw, "reveal", where)
        at = f"{where}, field 'reveal."
        out = {"units": self.unit_list(inner.get("units"), at + "units'", required=True),
               "to": self.side(inner.get("to"), at + "to'")}
        return out, ()

    def _entry_card(self, raw, where, turn):
        inner = self.inner(raw, "card", where)
        at = f"{where}, field 'card."
        name = inner.get("name")
        if not isinstance(name, str) or not name.strip():
            raise self.fail("a card needs its 'name' as printed (e.g. \"Rask forflytning\")", at + "name'")
        zone, use, symbols = inner.get("zone"), inner.get("use"), inner.get("symbols")
        if symbols is not None and not _is_count(symbols):
            raise self.fail(f"'symbols' is the number of symbols traded, not {symbols!r}", at + "symbols'")
        out = {
            "side": self.side(inner.get("side"), at + "side'"),
            "name": " ".join(name.split()),
            "zone": self.loc(zone, at + "zone'") if zone is not None else None,
            "use": self.word(use, at + "use'") if use is not None else None,
            "units": self.unit_list(inner.get("units"), at + "units'"),
            "symbols": symbols,
            "inner": {k: v for k, v in inner.items() if k not in ("side", "name", "zone", "use", "units", "symbols")},
        }
        return out, ()

    def _entry_vp(self, raw, where, turn):
        inner = self.inner(raw, "vp", where)
        at = f"{where}, field 'vp."
        add = inner.get("add")
        if not isinstance(add, int) or isinstance(add, bool):
            raise self.fail(f"'add' is a whole number of victory points, not {add!r}", at + "add'")
        roll = inner.get("roll")
        if roll is not None and (not isinstance(roll, int) or isinstance(roll, bool)):
            raise self.fail(f"'roll' is the die of the award, a whole number, not {roll!r}", at + "roll'")
        reason = inner.get("for")
        units = ()
        key = None
        if isinstance(reason, list):
            units = self.unit_list(reason, at + "for'", required=True)
        elif isinstance(reason, str) and reason.strip():
            # A LOC whose control scores is named as the game spells it; any other word is a key.
            key = self.game_data().location(reason.strip()) or reason.strip()
        elif reason is not None:
            raise self.fail(f"'for' is a list of units or a key, not {reason!r}", at + "for'")
        out = {
            "side": self.side(inner.get("side"), at + "side'"),
            "add": add,
            "for_units": units,
            "for_key": key,
            "roll": roll,
            "inner": {k: v for k, v in inner.items() if k not in ("side", "add", "for", "roll")},
        }
        return out, ()

    def _entry_mark(self, raw, where, turn):
        return self.status_entry(raw, "mark", where), ("as",)

    def _entry_unmark(self, raw, where, turn):
        return self.status_entry(raw, "unmark", where), ("as",)

    def status_entry(self, raw, key: str, where: str) -> dict[str, Any]:
        unit = self.unit_id(raw[key], f"{where}, field '{key}'")
        if "as" not in raw:
            raise self.fail(f"a {key} entry needs 'as' (the status, e.g. \"out-of-supply\")", where)
        return {"unit": unit, "status": self.word(raw["as"], f"{where}, field 'as'")}

    def _entry_end(self, raw, where, turn):
        return {"phase": self.phase(raw["end"], f"{where}, field 'end'")}, ()


_ROLL_FIELDS = ("side", "for", "zone", "target", "result", "unit", "outcome", "detected", "modified")


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
