"""Zones of control on the map (narvik-1940.txt 10.0), as the movement, retreat and regroup checks read them.

10.0: "The six hexes immediately surrounding a hex containing one or more combat units (mobile or
static) constitute the zone of control (ZOC) of the units in that hex." "Strikes do not project ZOC."
Units "do not project ZOC into all-sea hexes or across all-sea hexsides, nor do they extend into or
out of staging areas." Auchinleck "is not a combat unit" (18.2); Dietl "functions as an elite combat
unit" (18.1). The map's all-sea hexes come from real geography (approximate); its all-sea hexsides
are not in the data, so a ZOC across one is counted (a finding that rests on a ZOC says so).
"""

from __future__ import annotations

from ...gamedata import GameData
from ...record.entries import Unit
from ...rules.engine import Audit
from .catalogue import is_hex


def is_combat_unit(unit: Unit) -> bool:
    """A ground combat unit (Dietl included, Auchinleck not): what projects a ZOC."""
    return unit.unit_class == "land" and not (unit.type == "leader" and unit.side == "allied")


def enemy_zoc(audit: Audit, data: GameData, hex_: str | None, side: str | None) -> list[str]:
    """The enemy combat units whose ZOC covers ``hex_`` (none for a staging area, a display or a sea hex)."""
    if not is_hex(hex_) or side is None:
        return []
    assert hex_ is not None
    row = data.hexes.get(hex_)
    if row is not None and row.terrain == "sea":
        return []
    return sorted(uid for other in data.grid.neighbours(hex_) for uid in audit.position.at(other)
                  if audit.units[uid].side not in (side, None) and is_combat_unit(audit.units[uid]))
