"""From a piece's map point to a record LOC, through the module's own geometry.

VASSAL names a point with the grid of the board under it (vassal-formats.md 6-7):
on a module built by vassal_tools, a hex ``XXYY`` of the Operational Map, a zone
of the Strategic Map, or a box of a display (``Fornebu Ready``). The record names
places the rule pack's way (``4332``, ``Troms``, ``airbase:Fornebu``,
``carrier:Ark Royal``); :class:`Locations` turns one into the other:

1. a user's mapping file may name a location outright;
2. the rule pack's catalogue may accept the name as it is (hexes, zones);
3. a box is found by the names the module builder draws it under (its id, name or
   place, alone or with a section: ``Fornebu Ready``) and its LOC is the one the
   catalogue gives the box id.

A point with none of these (a track, a turn box, off the board) is no LOC: a unit
there is not on the record's map. Without a catalogue (a module no rule pack
knows) a place is simply what VASSAL calls it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import BadInput
from ..geometry.zonedgrid import ZonedGrid


class Locations:
    """Names and LOCs of map points, cached per point."""

    def __init__(self, geometry=None, catalogue=None, aliases: Mapping[str, str] | None = None):
        self.geometry = geometry
        self.catalogue = catalogue
        self.aliases = dict(aliases or {})
        self.boxes = box_names(catalogue)
        self._names: dict[tuple[str, int, int], str | None] = {}
        self._locs: dict[str, str | None] = {}
        self._point_locs: dict[tuple[str | None, int, int], str | None] = {}
        self.problems: dict[str, str] = {}  # map -> why its points have no names (unknown map...)

    def name(self, map_name: str | None, x: int, y: int) -> str | None:
        """VASSAL's location name of a map point (None off any map or for an unknown map)."""
        if map_name is None or self.geometry is None:
            return None
        key = (map_name, x, y)
        if key not in self._names:
            try:
                self._names[key] = self.geometry.location_name(map_name, x, y)
            except BadInput as err:
                self.problems.setdefault(map_name, str(err))
                self._names[key] = None
        return self._names[key]

    def loc(self, map_name: str | None, x: int, y: int) -> str | None:
        """The record LOC of a map point, or None when it is no place of the game.

        VASSAL's name of the point is tried first, then the name of the zone
        holding it (and that name before a ``/``): the module builder names a box's
        zone by the box id (``zone-germany/ready``) and shows a label instead.
        """
        key = (map_name, x, y)
        if key not in self._point_locs:
            found = None
            for name in self._candidates(map_name, x, y):
                found = self.resolve(name)
                if found is not None:
                    break
            self._point_locs[key] = found
        return self._point_locs[key]

    def _candidates(self, map_name: str | None, x: int, y: int) -> list[str]:
        name = self.name(map_name, x, y)
        if name is None or map_name is None:  # no name off the maps
            return []
        zone = self.zone(map_name, x, y)
        return [name] + (zone_names(zone) if zone is not None else [])

    def zone_loc(self, zone) -> str | None:
        """The LOC a zone stands for, by its name (or the part of it before a ``/``)."""
        for name in zone_names(zone):
            found = self.resolve(name)
            if found is not None:
                return found
        return None

    def zone(self, map_name: str, x: int, y: int):
        """The first zone of the board under a map point that contains it, or None."""
        try:
            placed = self.geometry.map(map_name).find_board(x, y)
        except BadInput:
            return None
        grid = placed.board.grid if placed is not None else None
        if not isinstance(grid, ZonedGrid):
            return None
        return grid.find_zone(*placed.to_local(x, y))

    def resolve(self, name: str) -> str | None:
        if name not in self._locs:
            self._locs[name] = self._resolve(name)
        return self._locs[name]

    def _resolve(self, name: str) -> str | None:
        if name in self.aliases:
            return self.aliases[name]
        if self.catalogue is None:
            return name  # no game to ask: a place is what VASSAL calls it
        found = self.catalogue.location(name)
        if found is not None:
            return found
        box = self.boxes.get(name.strip().lower())
        return self.catalogue.location(box) if box is not None else None


def zone_names(zone) -> list[str]:
    """A zone's name, and the box id before a ``/`` section (``zone-germany/ready``)."""
    names = [zone.name]
    if "/" in zone.name:
        names.append(zone.name.split("/", 1)[0])
    return names


def box_names(catalogue) -> dict[str, str]:
    """Every name a display box may be drawn under (lower case) -> its box id.

    The builder labels a box by its place or name, with each section of the box
    (``Fornebu Ready``, ``Fornebu Flown``), as ``vassal_tools.builder.locations``
    does; boxes come from the game data behind the catalogue, when it has them.
    """
    boxes = getattr(getattr(catalogue, "data", None), "boxes", None) or {}
    out: dict[str, str] = {}
    for box in boxes.values():
        labels = [label for label in (box.place, box.name, box.id) if label]
        for label in labels:
            out.setdefault(label.lower(), box.id)
            for section in box.sections or ():
                out.setdefault(f"{label} {section.title()}".lower(), box.id)
    return out
