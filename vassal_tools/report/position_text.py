"""A position as a player reads it: the stacks by hex or zone, units by their counter names.

``vassal-tools position LOG --module M --step N --format text [--place LOC]`` prints
the turn and phase (by the rulebook's name, when the game's pack knows it), then one
line per place: ``4332 (5): I/138, II/138, III/138 (German) · DD (Allied)``. Hexes
come first in number order, then zones and boxes by name. ``--place`` keeps the
places that are LOC, or lie in zone LOC.
"""

from __future__ import annotations

from collections import defaultdict

from ..errors import BadInput
from ..games import GamePack, pack_for
from ..record import PhaseStart, Place, Record
from ..record.places import place_of


def position_text(record: Record, place: str | None = None) -> str:
    pack = pack_for(record.game)
    def phase_name(phase: str) -> str:
        return (pack.printed_names.phase(phase) if pack is not None else "") or phase
    stacks: dict[str, list[str]] = defaultdict(list)
    heading = ""
    for entry in record.entries:
        if isinstance(entry, PhaseStart):
            step = f" (step {entry.step})" if entry.step is not None else ""
            heading = f"{entry.turn}, {phase_name(entry.phase)}{step}"
        elif isinstance(entry, Place):
            stacks[entry.at].append(entry.unit)
    loc_asked = _wanted(pack, record.game, place)
    wanted = loc_asked.lower()
    lines = [heading] if heading else []
    for loc in sorted(stacks, key=lambda loc: (not loc.isdigit(), loc.lower())):
        zone = pack.zone_of(loc) if pack is not None else None
        if wanted and wanted not in (loc.lower(), (zone or "").lower()):
            continue
        lines.append(f"{loc} ({len(stacks[loc])}): {_by_side(record, stacks[loc])}")
    if wanted and len(lines) == (1 if heading else 0):
        said = place.strip() if place else ""
        lines.append(f"nothing at {said}" + (f" ({loc_asked})" if loc_asked.lower() != said.lower() else ""))
    return "".join(line + "\n" for line in lines)


def _wanted(pack: GamePack | None, game: str, place: str | None) -> str:
    """The place asked for, as the game spells it (``Bergen`` is hex 0422 of europa-narvik); "" for
    none. A name that is no place of the game is bad input, not an empty position."""
    if not place:
        return ""
    loc = place_of(pack.catalogue, place.strip()) if pack is not None else place.strip()
    if loc is None:
        raise BadInput(None, f"{place!r} is not a hex, area, zone or box of {game}", "--place")
    return loc


def _by_side(record: Record, ids: list[str]) -> str:
    sides: dict[str, list[str]] = defaultdict(list)
    for uid in ids:
        unit = record.units.get(uid)
        sides[(unit.side if unit is not None else None) or "no side"].append((unit.name if unit else None) or uid)
    return " · ".join(f"{', '.join(names)} ({side.capitalize()})" for side, names in sides.items())
