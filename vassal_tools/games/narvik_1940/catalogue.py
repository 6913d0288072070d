"""How Narvik 1940 records name its units and places (``records-four-games.md``, narvik-1940).

Any four-digit XXYY is a hex (the text gives neither the map's extent nor its terrain); the
named places read as their hexes; the staging areas and displays of 2.1.1 read by name, with a
trailing "Staging Area" or "Display" and plurals alike.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...gamedata import GameData

_HEX = re.compile(r"^\d{4}$")
_SUFFIX = re.compile(r"\s+(staging area|units display|display)$")
_FLAGS = ("elite", "assault", "anti_armor")
_INTS = ("fire", "range")


def box_key(name: str) -> str:
    """How a box name is matched: case, spacing, a trailing "Staging Area"/"Display", plurals and "and" for
    "&" (the text writes both: 2.1.1 "Air & Naval Strikes Available", 8.2.1 "Air and Naval Strike Available")
    do not count."""
    text = _SUFFIX.sub("", re.sub(r"\s+", " ", name.strip().lower())).replace(" and ", " & ")  # 8.2.1 "Air and Naval"
    return " ".join(word.rstrip("s") for word in text.split(" "))


def read_counters(path: Path) -> dict[str, dict[str, Any]]:
    """counters.csv: what the counters of 2.0 print beyond units.csv (sub-command, fire, range, marks)."""
    out: dict[str, dict[str, Any]] = {}
    with path.open(newline="", encoding="utf-8") as stream:
        for row in csv.DictReader(stream):
            attrs: dict[str, Any] = {"subcommand": row["subcommand"] or None, "code": row["code"] or None}
            for key in _INTS:
                attrs[key] = int(row[key]) if row[key] else None
            for key in _FLAGS:
                attrs[key] = row[key] == "yes"
            out[row["id"]] = attrs
    return out


class NarvikCatalogue:
    """Units of units.csv + counters.csv; places by hex number, name or box name."""

    game: str = "narvik-1940"

    def __init__(self, data: GameData, counters: Mapping[str, Mapping[str, Any]], places: Mapping[str, str]):
        self.data = data
        self.counters = counters
        self.hex_of_name = {name.lower(): hex_ for name, hex_ in places.items()}
        for place in data.places:
            for name in (place.name, *place.aliases):
                self.hex_of_name[name.lower()] = place.hex
        self.boxes = {box_key(zone.name): zone.name for zone in data.zones.values() if zone.kind == "holding"}

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        unit = self.data.units.get(ref)
        if unit is None:
            return None
        formation = self.data.info.formations.get(unit.formation or "")
        strike = unit.unit_class in ("air", "naval")
        out: dict[str, Any] = {
            "class": "strike" if strike else unit.unit_class, "side": unit.side, "nationality": unit.nationality,
            "type": unit.unit_class if strike else unit.type, "name": unit.name, "steps": unit.steps,
            "movement": unit.movement,
        }
        if not strike and unit.type != "leader":
            out["size"] = unit.size
        if formation is not None and formation.id != "independent":
            out["formation"] = formation.name
        out.update({k: v for k, v in self.counters.get(ref, {}).items() if v is not None})
        # A blank cell is no value: the Game Turn marker has no side, nationality or size.
        return {k: v for k, v in out.items() if v != ""}

    def unit_ids(self) -> list[str]:
        return list(self.data.units)

    def place_names(self) -> list[str]:
        """Named hexes and holding boxes (what an ASCII spelling is matched against)."""
        return [*self.hex_of_name, *self.boxes.values()]

    def location(self, loc: str) -> str | None:
        text = loc.strip()
        if _HEX.match(text):
            return text
        # A box of the Turn Track (the Game Turn marker's) by its id.
        return self.hex_of_name.get(text.lower()) or self.boxes.get(box_key(text)) or (
            text if text in self.data.boxes else None)


def is_hex(loc: str | None) -> bool:
    """A hex of the map (the staging areas and displays are not)."""
    return loc is not None and bool(_HEX.match(loc))
