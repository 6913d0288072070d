"""How Europa Narvik records name its units and places (``records-four-games.md``, europa-narvik).

The text prints no hex number (``X:X``), so a hex is any ``MAP:XXYY`` (the map as printed, ``10B``)
or ``XXYY``; the named places read as their (sample) hexes; boxes are ``airbase:`` + an off-map
airbase or a hex, ``carrier:NAME``, ``hq:UNIT``, ``Germany``, ``staging box``, ``England``, and the
North Sea (17D).
"""

from __future__ import annotations

import csv
import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...gamedata import GameData, MapGrid

_HEX = re.compile(r"^(?:(\d{1,2}[A-Za-z]?)\s*:\s*)?(\d{4})$")
OFF_MAP_AIRBASES = ("Danish", "Hamburg", "Sylt", "Bomber Command", "Hatston Field")
BOXES = ("Germany", "Staging Box", "England", "North Sea", "Norwegian Sea")
# 13B prints the off-map airbases' initials around the map edge.
_INITIALS = {"d": "Danish", "g": "Hamburg", "bc": "Bomber Command", "hf": "Hatston Field", "s": "Sylt"}
# A grid with no edge, for hexes the sample sheet does not hold (any XXYY is a hex: records-four-games.md).
OPEN_GRID = MapGrid(0, 99, 0, 99)
ROLE_LETTERS = {"fighter": "F", "fighter_bomber": "FB", "bomber": "B", "night_bomber": "NB", "transport": "T"}


def split_hex(loc: str | None) -> tuple[str | None, str] | None:
    """(map, XXYY) of a hex LOC, map None when the LOC names none; None for any other LOC."""
    return None if loc is None else _split_hex(loc)


@functools.lru_cache(maxsize=4096)  # the checks ask of the same few LOCs at every entry
def _split_hex(loc: str) -> tuple[str | None, str] | None:
    match = _HEX.match(loc.strip())
    if match is None:
        return None
    return (match.group(1).upper() if match.group(1) else None), match.group(2)


def is_hex(loc: str | None) -> bool:
    return split_hex(loc) is not None


def _key(text: str) -> str:
    return re.sub(r"[\s_-]+", " ", text.strip().lower())


def read_counters(path: Path) -> dict[str, dict[str, Any]]:
    """counters.csv: what a counter prints beyond units.csv (HQ level, air role letter, carrier mark, supply kind)."""
    out: dict[str, dict[str, Any]] = {}
    with path.open(newline="", encoding="utf-8") as stream:
        for row in csv.DictReader(stream):
            attrs: dict[str, Any] = {k: row[k] for k in ("hq", "role", "carrier") if row[k]}
            attrs.update({k: True for k in ("special", "captured") if row[k] == "yes"})
            out[row["id"]] = attrs
    return out


class EuropaCatalogue:
    """Units of units.csv + counters.csv; places by hex, name or box."""

    game: str = "europa-narvik"

    def __init__(self, data: GameData, counters: Mapping[str, Mapping[str, Any]]):
        self.data = data
        self.counters = counters
        self.hex_of_name = {}
        for place in data.places:
            for name in (place.name, *place.aliases):
                self.hex_of_name[_key(name)] = place.hex
        self.boxes = {_key(name): name for name in BOXES}
        self.boxes[_key("staging")] = "Staging Box"
        self.airbases = {_key(name): name for name in OFF_MAP_AIRBASES}
        self.carriers = {_key(u.name): u.name for u in data.units.values() if u.type == "CV"}

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        unit = self.data.units.get(ref)
        if unit is None:
            return None
        # A blank side or nationality is none (the turn marker belongs to no side).
        out: dict[str, Any] = {"class": unit.unit_class, "type": unit.type, "name": unit.name}
        out.update({key: value for key, value in (("side", unit.side), ("nationality", unit.nationality)) if value})
        if unit.unit_class == "land":
            out.update(size=unit.size, attack=unit.attack, defense=unit.defense, movement=unit.movement,
                       motorized=unit.move_class == "motorized")
            formation = self.data.info.formations.get(unit.formation)
            if formation is not None and formation.id != "independent":
                out["formation"] = formation.name
        elif unit.unit_class == "air":
            air = self.data.info.air_types.get(unit.type)
            out["role"] = ROLE_LETTERS.get(air.role, "") if air is not None else ""
            if unit.seaplane:
                out["floatplane"] = True
            if unit.carrier:
                out["carrier"] = "C"
        out.update(self.counters.get(ref, {}))
        return out

    def unit_ids(self) -> list[str]:
        return list(self.data.units)

    def place_names(self) -> list[str]:
        """Named hexes, off-map airbases and boxes (what an ASCII spelling is matched against)."""
        return [*self.hex_of_name, *self.airbases.values(), *self.boxes.values()]

    def location(self, loc: str) -> str | None:
        text = loc.strip()
        parts = split_hex(text)
        if parts is not None:
            return f"{parts[0]}:{parts[1]}" if parts[0] else parts[1]
        kind, sep, rest = text.partition(":")
        kind, rest = _key(kind), rest.strip()
        if sep and kind == "airbase" and rest:
            inner = split_hex(rest)
            if inner is not None:
                return "airbase:" + (f"{inner[0]}:{inner[1]}" if inner[0] else inner[1])
            named = self.airbases.get(_key(rest)) or _INITIALS.get(_key(rest))
            if named:
                return f"airbase:{named}"
            place = self.hex_of_name.get(_key(rest))  # a named place's hex (Kristiansand's airfield)
            return f"airbase:{place}" if place else None
        if sep and kind == "carrier" and rest:
            name = self.carriers.get(_key(rest))
            return f"carrier:{name}" if name else None
        if sep and kind == "hq" and rest:
            return f"hq:{rest}"
        key = _key(text)
        if key in self.airbases:
            return f"airbase:{self.airbases[key]}"
        return (self.hex_of_name.get(key) or self.boxes.get(key) or self.boxes.get(_key(re.sub(r"(?i)\s*box$", "", text)))
                or (text if text in self.data.boxes else None))  # a box of the turn record chart, by id
