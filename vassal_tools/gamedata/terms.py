"""The words game data may use: unit classes, sizes, terrains, place and box kinds."""

from __future__ import annotations

import re

# The one definition of unit classes and sizes: the data, the record and the art use these.
UNIT_CLASSES = ("land", "naval", "air", "supply", "marker")
SIZES = ("platoon", "company", "battery", "battalion", "regiment", "brigade", "division")
MOVE_CLASSES = ("leg", "motorized", "mountain")
AIR_ROLES = ("fighter", "bomber", "night_bomber", "fighter_bomber", "transport")
# Terrains and hexside features every game may use; a game adds its own in game.toml
# ([operational_map] other_terrains, other_hexside_features).
TERRAINS = ("clear", "forest", "rough", "mountain", "sea")
LAND_TERRAINS = ("clear", "forest", "rough", "mountain")
COASTS = ("none", "sea", "fjord")
HEXSIDE_FEATURES = ("river", "lake", "fjord", "sea", "road", "highway", "railroad", "ferry")
# Place and box kinds every game may use; a game declares its own in game.toml [extra]
# (place_kinds, box_kinds: gamedata/extra.py).
PLACE_KINDS = ("port", "airbase", "city", "town")
ZONE_KINDS = ("land", "sea", "holding")
# A zone flag is one of the game's sides, or this:
NEUTRAL_FLAG = "neutral"
BOX_KINDS = ("airbase", "carrier", "turn", "weather", "strategic")

# "6.1.1", "invasion-norway.txt 6.1.1", or a rule with its section letters and numbers run together
# (europa-narvik.txt "8A", "11B1b", "12C3e"; records-four-games.md)
RULE_PATTERN = re.compile(r"^(?:[a-z0-9-]+\.txt )?\d+(?:\.\d+)*(?:[A-Z](?:\d+[a-z]?)?)?$")
HEX_PATTERN = re.compile(r"^\d{4}$")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")


