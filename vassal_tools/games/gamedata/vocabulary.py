"""The words game data may use: unit classes, sizes, terrains, place and box kinds."""

from __future__ import annotations

import re

UNIT_CLASSES = ("land", "naval", "air", "marker", "supply")
SIZES = ("company", "battery", "battalion", "regiment", "brigade")
MOVE_CLASSES = ("leg", "motorized", "mountain")
AIR_ROLES = ("fighter", "bomber", "night_bomber", "fighter_bomber", "transport")
TERRAINS = ("clear", "forest", "rough", "mountain", "sea", "sweden")
LAND_TERRAINS = ("clear", "forest", "rough", "mountain")
COASTS = ("none", "sea", "fjord")
HEXSIDE_FEATURES = ("river", "lake", "fjord", "sea", "road", "highway", "railroad", "ferry", "swedish_border")
PLACE_KINDS = ("port", "airbase", "city", "major_city", "town", "mobilization_center",
               "coast_artillery", "map_edge_group", "frozen_fjord")
ZONE_KINDS = ("land", "sea", "holding")
FLAGS = ("german", "allied", "neutral")
BOX_KINDS = ("airbase", "carrier", "frozen_lake", "turn", "mobilization", "gunfire_support",
             "weather", "air_supply_track", "sp_track", "combat_display", "strategic")

RULE_PATTERN = re.compile(r"^(?:invasion-norway\.txt )?\d+(?:\.\d+)*$")
HEX_PATTERN = re.compile(r"^\d{4}$")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")


