"""What kind of unit a record unit is, in the terms the Invasion: Norway rules use.

The rules speak of "Leg infantry", "artillery", "battalion-sized units", "units
with a Defense Factor greater than zero", "ships" and "points", "fighters",
"night bombers"... :class:`UnitKinds` answers those questions for a record unit
from its attributes (type, size, class) and the game's type tables.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from ...record import Unit

BATTALION_SIZES = ("battalion", "regiment", "brigade", "division")  # 11.1.3: battalion-sized
SMALL_SIZES = ("company", "battery", "platoon")


@lru_cache(maxsize=4096)
def norm(text: Any) -> str:
    """A type name for comparing: lower case, single spaces, no CV/seaplane spelling noise."""
    return re.sub(r"[\s_]+", " ", str(text or "")).strip().lower()


class UnitKinds:
    """Unit classification for one game (its move-class and air-type tables)."""

    def __init__(self, move_classes: Mapping[str, str], air_types: Mapping[str, Mapping[str, Any]],
                 config: Mapping[str, Any]):
        self.move_classes = {norm(t): c for t, c in move_classes.items()}
        self.air_types = {norm(t): dict(v) for t, v in air_types.items()}
        self.config = config
        # The end-of-phase checks ask about every unit on the map: each type is looked up once.
        self.air_info_of: dict[str, Mapping[str, Any]] = {}

    # -- land

    def is_land(self, u: Unit) -> bool:
        return u.unit_class == "land"

    def type(self, u: Unit) -> str:
        return norm(u.type)

    def type_in(self, u: Unit, names) -> bool:
        """The unit's type is one of ``names``, spelled either way ("mountain_artillery" is
        "mountain artillery"): the pack and the record need not agree on underscores."""
        return self.type(u) in {norm(n) for n in names}

    def move_class(self, u: Unit) -> str:
        """leg, mountain or motorized (1.4.1); given by the unit, else by its type."""
        given = u.get("move_class")
        if given:
            return norm(given)
        return self.move_classes.get(self.type(u), "leg")

    def is_truck(self, u: Unit) -> bool:
        return self.type(u) == "truck"

    def defense(self, u: Unit) -> float:
        """The unit's Defense Factor; a land unit that does not say has one unless it is a truck."""
        for key in ("defense", "defence", "defense_factor", "df"):
            value = u.get(key)
            if value not in (None, ""):
                try:
                    return float(str(value).strip("()"))
                except ValueError:
                    break
        return 1.0 if self.is_land(u) and not self.is_truck(u) else 0.0

    def has_defense(self, u: Unit) -> bool:
        """A land unit with a Defense Factor greater than zero (1.6, 11.1.4, 13.3.3)."""
        return self.is_land(u) and self.defense(u) > 0

    def is_battalion(self, u: Unit) -> bool:
        """Battalion-sized (11.1.3): battalions and anything bigger. Trucks exert no ZOC."""
        return self.is_land(u) and (u.size or "battalion") in BATTALION_SIZES and not self.is_truck(u)

    def is_small(self, u: Unit) -> bool:
        return (u.size or "") in SMALL_SIZES

    def is_artillery(self, u: Unit) -> bool:
        return self.type_in(u, self.config["supply"]["artillery_types"])

    def is_mountain(self, u: Unit) -> bool:
        return self.move_class(u) == "mountain"

    def is_motorized(self, u: Unit) -> bool:
        return self.move_class(u) == "motorized"

    def is_norwegian(self, u: Unit) -> bool:
        return (u.nationality or "").startswith("norw")

    def is_british(self, u: Unit) -> bool:
        return (u.nationality or "").startswith("brit")

    # -- supply markers

    def is_sp(self, u: Unit) -> bool:
        return u.unit_class == "supply" and self.type(u) in ("sp", "supply point", "")

    def is_asp(self, u: Unit) -> bool:
        return u.unit_class == "supply" and self.type(u) in ("asp", "air supply point")

    # -- naval

    def is_naval(self, u: Unit) -> bool:
        """A naval unit; Landing Craft are not naval units (8.6.3)."""
        return u.unit_class == "naval" and self.naval_type(u) not in self.config["port"]["not_naval_units"]

    def naval_type(self, u: Unit) -> str:
        return _naval_type(u.type)

    def is_point_unit(self, u: Unit) -> bool:
        """AP, AO, LC, DD, TB, SB and sloop units are measured in points; the rest are ships (1.5)."""
        return self.naval_type(u) in self.config["naval"]["point_types"]

    # -- air

    def air_info(self, u: Unit) -> Mapping[str, Any]:
        """The plane-table row of an air unit's type (1.4.3), matched leniently ("Ju-88" finds "Ju-88a")."""
        t = norm(u.type)
        if t not in self.air_info_of:
            self.air_info_of[t] = _air_info(self, t)
        return self.air_info_of[t]

    def role(self, u: Unit) -> str:
        return str(u.get("role") or self.air_info(u).get("role") or "")

    def is_fighter(self, u: Unit) -> bool:
        return self.role(u) in ("fighter", "fighter_bomber")

    def is_seaplane(self, u: Unit) -> bool:
        value = u.get("seaplane")
        if value is None:
            value = self.air_info(u).get("seaplane", False) or "seaplane" in norm(u.type)
        return bool(value)

    def is_carrier_capable(self, u: Unit) -> bool:
        value = u.get("carrier")
        if value is None:
            value = u.get("cv_capable")
        if value is None:
            value = self.air_info(u).get("carrier", False) or norm(u.type).endswith(" cv")
        return _truthy(value)

    def type_is(self, u: Unit, names) -> bool:
        """The unit's type is one of ``names`` (or a variant: "Ju-52" covers "Ju-52 (2)", not seaplanes)."""
        t = norm(u.type)
        wanted = [norm(n) for n in names]
        return t in wanted or (any(t.startswith(n) for n in wanted) and not self.is_seaplane(u))


@cache
def _naval_type(type_: str | None) -> str:
    t = str(type_ or "").strip()
    return t.lower() if t.lower() == "sloop" else t.upper()


def _air_info(kinds: UnitKinds, t: str) -> Mapping[str, Any]:
    if t in kinds.air_types:
        return kinds.air_types[t]
    # "Ju-88" names the Ju-88a bomber; try the longest table entry the type begins or that begins it.
    for name in sorted(kinds.air_types, key=len):
        if name.startswith(t) or t.startswith(name):
            return kinds.air_types[name]
    return {}


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "y")
    return bool(value)
