"""The Invasion: Norway game data as the rules need it, and the record catalogue over it.

The facts of the game (units, hexes, hexsides, places, zones, boxes, thaw turns)
are read by :func:`vassal_tools.gamedata.load_game` from
``module_src/invasion_norway``; this module indexes them for the questions the
checks ask many times (which port is in this hex, what is this airbase's
capacity, which zone holds this hex) and implements the record
:class:`~vassal_tools.record.Catalogue`: unit refs in record vocabulary, and
the canonical spelling of every LOC (hex ``"4332"``, zone ``"Norwegian Leads"``,
``"airbase:Fornebu"``, ``"carrier:Ark Royal"``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from ...gamedata import GameData, GameInfo, load_game
from ...gamedata.vocabulary import Vocabulary
from .turns import MonthTurns

_HEX = re.compile(r"^\d{4}$")


@dataclass(frozen=True)
class Airbase:
    """Somewhere air units are based: an Operational Map airbase, a zone, a frozen lake or a carrier."""

    loc: str  # the canonical LOC: "airbase:Fornebu", a zone name, "airbase:3522", "carrier:Ark Royal"
    kind: str  # airbase, zone, frozen_lake, carrier
    capacity: int | None  # None: unlimited
    hex: str | None = None
    zone: str | None = None


@dataclass(frozen=True)
class Port:
    """A port: its Unloading Capacity (None: unlimited) and basing limit (5.2.1, 1.1)."""

    loc: str  # the hex, or the zone for a Strategic Map port
    name: str
    unloading: int | None
    basing: int | None
    operational: bool
    zone: str | None


DATA_DIR = Path(str(resources.files(__package__) / "data"))
"""The game's data folder, shipped inside this package (``module_src/invasion_norway`` in a
checkout is a link to it): game.toml, the CSV tables, scenarios/."""


def norway_words(info: GameInfo) -> Vocabulary:
    """The record words of the game: game.toml's, with the game's own turn names (:mod:`.turns`);
    a nationality the data does not list is Allied, as every one but the Germans is (1.4)."""
    return replace(Vocabulary.from_info(info), turn_names=MonthTurns(), other_nationalities_side="allied")


class NorwayGame:
    """The game data, indexed; also the record catalogue of the ``invasion-norway`` pack."""

    game = "invasion-norway"

    def __init__(self, data: GameData):
        self.data = data
        self.words = norway_words(data.info)
        self.hexes = data.hexes
        self.zones = data.zones
        self._zone_names = {name.lower(): name for name in data.zones}
        self._index_places()
        self._index_boxes()

    @classmethod
    def load(cls, path: str | os.PathLike | None = None) -> NorwayGame:
        """The game read from ``path``, by default the data shipped with the package (:data:`DATA_DIR`)."""
        return cls(load_game(path or DATA_DIR))

    # -- places

    def _index_places(self) -> None:
        self.airbases: dict[str, Airbase] = {}
        self._airbase_names: dict[str, str] = {}
        self.ports: dict[str, Port] = {}
        self.mobilization_centers: set[str] = set()
        # Coast artillery batteries whose hits a record counts (10.1.5): "battery:NAME" of a fixed
        # battery (places.csv), "battery:UNIT" of a mobile one (units.csv) -> its Naval Attack Factor.
        self.batteries: dict[str, int | None] = {}
        self._battery_hexes: dict[str, str] = {}
        for u in self.data.units.values():
            if u.type == "coast_artillery":
                self.batteries[f"battery:{u.id}"] = u.naval_attack
        for p in self.data.places:
            if p.kind == "airbase":
                loc = f"airbase:{p.name}"
                self.airbases[loc] = Airbase(loc, "airbase", p.capacity, p.hex or None, p.zone or None)
                for name in (p.name, *p.aliases, p.hex):
                    if name:
                        self._airbase_names[name.lower()] = loc
            elif p.kind == "port" and p.hex:
                based = None if p.capacity is None else max(6, p.capacity)  # 1.1: six, or the Unloading Capacity
                self.ports[p.hex] = Port(p.hex, p.name, p.capacity, based, True, p.zone or None)
            elif p.kind == "mobilization_center" and p.hex:
                self.mobilization_centers.add(p.hex)
            elif p.kind == "coast_artillery" and p.hex:
                self.batteries[f"battery:{p.name}"] = p.extra.get("naval_attack")
                self._battery_hexes[f"battery:{p.name}"] = p.hex
        for z in self.data.zones.values():
            # Strategic Map land zones are airbases and ports with the zone's capacities (5.1, 5.2.1).
            if z.airbase_capacity != 0:
                self.airbases.setdefault(z.name, Airbase(z.name, "zone", z.airbase_capacity, None, z.name))
            if z.port_capacity != 0:
                cap = z.port_capacity
                self.ports.setdefault(z.name, Port(z.name, z.name, cap, None if cap is None else max(6, cap),
                                                   False, z.name))

    def airbase(self, loc: str) -> Airbase | None:
        """The airbase a LOC names, frozen lakes and carriers included."""
        found = self.airbases.get(loc)
        if found is not None:
            return found
        if loc.startswith("airbase:") and _HEX.match(loc[8:]):
            hex_ = loc[8:]
            return Airbase(loc, "frozen_lake", None, hex_, self.hex_zone(hex_))
        box = self.boxes.get(loc)
        if box is not None and box.kind == "frozen_lake":
            return Airbase(loc, "frozen_lake", box.capacity)
        if loc.startswith("carrier:"):
            return Airbase(loc, "carrier", None)
        return None

    def airbase_in(self, hex_: str) -> Airbase | None:
        """The Operational Map airbase in a hex, if any (air units left in its hex are based there)."""
        loc = self._airbase_names.get(hex_)
        return self.airbases.get(loc) if loc else None

    def hex_of(self, loc: str | None) -> str | None:
        """The Operational Map hex of a LOC: the hex itself, an airbase's hex, a track's hex."""
        if loc is None:
            return None
        if loc in self.hexes:
            return loc
        if loc in self._battery_hexes:
            return self._battery_hexes[loc]
        base = self.airbase(loc)
        if base is not None:
            return base.hex
        return self.box_hex(loc)

    def hex_zone(self, hex_: str) -> str | None:
        h = self.hexes.get(hex_)
        return h.zone if h is not None else None

    def zone_of(self, loc: str | None) -> str | None:
        """The zone a LOC lies in: a zone itself, a hex's zone, an airbase's zone."""
        if loc is None:
            return None
        if loc in self.zones:
            return loc
        hex_ = self.hex_of(loc)
        if hex_ is not None:
            return self.hexes[hex_].zone
        base = self.airbase(loc)
        if base is not None and base.zone:
            return base.zone
        return self.box_zone(loc)

    def section(self, loc: str) -> str | None:
        """The weather section (north, central, south) of a LOC."""
        if loc in self.hexes:
            return self.hexes[loc].weather
        zone = self.zone_of(loc)
        return self.zones[zone].weather if zone else None

    # -- thaw

    @cached_property
    def thaw_turns(self) -> dict[str, tuple[int, int]]:
        # game.toml [[thaw]], this game's own table (its [extra] declaration)
        return {t["zone"]: self.words.turn_order(t["turn"]) for t in self.data.info.extra["thaw"]}

    def thawed(self, zone: str | None, turn: str | None) -> bool:
        """Has the Thaw begun in a zone (3.3.1) by this turn?"""
        if zone is None or turn is None or zone not in self.thaw_turns:
            return False
        return self.words.turn_order(turn) >= self.thaw_turns[zone]

    def thawed_zones(self, turn: str | None) -> frozenset[str]:
        if turn is None:
            return frozenset()
        now = self.words.turn_order(turn)
        return frozenset(z for z, t in self.thaw_turns.items() if now >= t)

    # -- boxes

    def _index_boxes(self) -> None:
        """Box ids as LOCs: airbase, carrier and zone boxes become the record's spelling of
        that base; other boxes (tracks, gunfire support, frozen lakes, turn and
        mobilization boxes) stay LOCs of their own."""
        self._box_locs: dict[str, str] = {}
        self.boxes = {}
        self.carrier_capacity: dict[str, int | None] = {}
        for box in self.data.boxes.values():
            loc = box.id
            if box.kind == "airbase" and box.place:
                loc = self._airbase_names.get(box.place.lower(), box.id)
            elif box.kind == "carrier" and box.place:
                name = self._carrier_name(box.place) or box.place
                loc = f"carrier:{name}"
                self.carrier_capacity[name] = box.capacity
            elif box.kind == "strategic" and box.place in self.zones:
                loc = box.place
            else:
                self.boxes[box.id] = box
            self._box_locs[box.id.lower()] = loc

    def _carrier_name(self, text: str) -> str | None:
        key = text.strip().lower()
        for u in self.data.units.values():
            if u.type == "CV" and key in (u.id.lower(), u.name.lower()):
                return u.name
        return None

    def box_hex(self, loc: str) -> str | None:
        """The hex a track box belongs to (an SP track's port, an air supply track's airbase)."""
        box = self.boxes.get(loc)
        if box is None or not box.place:
            return None
        if box.kind == "air_supply_track":
            base = self.airbases.get(self._airbase_names.get(box.place.lower(), ""))
            return base.hex if base else None
        if box.kind == "sp_track":
            for port in self.ports.values():
                if port.name == box.place and port.operational:
                    return port.loc
        return None

    def box_zone(self, loc: str) -> str | None:
        box = self.boxes.get(loc)
        if box is not None and box.kind == "gunfire_support":
            return box.place
        return None

    def off_map(self, loc: str) -> bool:
        """Turn track and mobilization display boxes: units there are not in play yet."""
        box = self.boxes.get(loc)
        return box is not None and box.kind in ("turn", "mobilization", "weather", "combat_display")

    # -- the catalogue

    def unit_ids(self) -> list[str]:
        return list(self.data.units)

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        u = self.data.units.get(ref)
        if u is None:
            return None
        attrs: dict[str, Any] = {"class": u.unit_class, "side": u.side or None, "nationality": u.nationality or None,
                                 "type": u.type, "name": u.name}
        for key in ("size", "formation", "move_class"):
            if getattr(u, key):
                attrs[key] = getattr(u, key)
        for key in ("steps", "points", "attack", "defense", "movement", "support", "naval_attack",
                    "naval_defense", "aa", "sma", "oma", "air_combat", "air_support", "capacity"):
            value = getattr(u, key, None)
            if value is not None:
                attrs[key] = value
        for key in ("night_bomber", "carrier", "seaplane"):
            if getattr(u, key):
                attrs[key] = True
        if u.defense_only:
            attrs["defense_only"] = True
        return attrs

    def place_names(self) -> list[str]:
        """The Strategic Map's zones by name (what an ASCII spelling is matched against)."""
        return list(self.zones)

    def location(self, loc: str) -> str | None:
        text = loc.strip()
        if _HEX.match(text):
            return text if text in self.hexes else None
        zone = self._zone_names.get(text.lower())
        if zone is not None:
            return zone
        kind, sep, rest = text.partition(":")
        kind, rest = kind.strip().lower(), rest.strip()
        if sep and kind == "airbase":
            if _HEX.match(rest):
                return self._airbase_names.get(rest, f"airbase:{rest}") if rest in self.hexes else None
            zone = self._zone_names.get(rest.lower())
            return (self._airbase_names.get(rest.lower())
                    or (zone if zone in self.airbases else None)
                    or self._box_locs.get(rest.lower()))
        if sep and kind == "carrier":
            name = self._carrier_name(rest)
            return f"carrier:{name}" if name else None
        if sep and kind == "battery":
            return next((b for b in self.batteries if b.partition(":")[2].lower() == rest.lower()), None)
        return self._box_locs.get(text.lower())

    @cached_property
    def zone_borders(self) -> dict[str, frozenset[str]]:
        """Zone -> the zones it borders (zone_adjacency.csv)."""
        out: dict[str, set[str]] = {name: set() for name in self.zones}
        for border in self.data.zone_borders:
            out[border.a].add(border.b)
            out[border.b].add(border.a)
        return {name: frozenset(near) for name, near in out.items()}
