"""The counter palette: a PieceWindow with a tab per side, a tab per nationality inside,
and a list per counter class holding one PieceSlot per counter (vassal-formats.md 2.3).
Counters of no side (game markers) get a last tab, listed by marker type. Within a
list, counters keep their units.csv order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..formats.components import Component
from ..formats.moduleviews import PieceSlot
from . import standard

_WIDGET = "VASSAL.build.widget."
OTHER = "Markers"  # the tab of counters that belong to no side
CLASS_TITLES = {"land": "Land units", "naval": "Naval units", "air": "Air units", "supply": "Supply", "marker": "Markers"}


def piece_window(name: str = "Counters") -> Component:
    return standard.component(standard.MODULE + "PieceWindow", {
        "defaultWidth": "0", "description": "", "hidden": "false", "hotkey": "", "icon": "",
        "name": name, "scale": "1.0", "text": name, "tooltip": "Show or hide the counters of both sides",
    })


def tabs(name: str) -> Component:
    return standard.component(_WIDGET + "TabWidget", {"description": "", "entryName": name})


def listing(name: str) -> Component:
    return standard.component(_WIDGET + "ListWidget", {
        "description": "", "divider": "150", "entryName": name, "height": "0", "scale": "1.0", "width": "0",
    })


def piece_slot(entry_name: str, gpid: str, size: tuple[int, int], definition: str) -> PieceSlot:
    """A PieceSlot: its text is the encoded AddPiece of the piece (2.6)."""
    width, height = size
    return PieceSlot.new(
        {"entryName": entry_name, "gpid": gpid, "height": str(height), "width": str(width)},
        definition,
    )


def entry_names(units: Iterable) -> dict[str, str]:
    """Slot names: the counter's name, with its id added where two counters share a name."""
    units = list(units)
    count: dict[tuple[str, str, str], int] = {}
    for u in units:
        key = (u.nationality, u.unit_class, u.name)
        count[key] = count.get(key, 0) + 1
    return {u.id: u.name if count[(u.nationality, u.unit_class, u.name)] == 1 else f"{u.name} [{u.id}]"
            for u in units}


def counter_palette(game, slot: Callable[[str], PieceSlot],
                    extra: Mapping[str, list[str]] | None = None) -> tuple[Component, dict[str, str]]:
    """The PieceWindow of every counter of ``game``, and the gpid of each slot by its key.

    ``slot(key)`` makes the PieceSlot of a counter (by unit id) or of a marker the
    builder adds (by its id, listed in ``extra`` under a list title for the Markers
    tab), and allocates its gpid. The markers' slots come last.
    """
    info = game.info
    window = piece_window()
    sides = tabs("Sides")
    window.append(sides)
    gpids: dict[str, str] = {}

    def fill(container: Component, title: str, units: list) -> None:
        entries = listing(title)
        for unit in units:
            made = entries.append(slot(unit.id))
            gpids[unit.id] = made.gpid
        container.append(entries)

    units = list(game.units.values())
    for side in info.sides.values():
        side_tab = tabs(side.name)
        for nationality in (n for n in info.nationalities.values() if n.side == side.id):
            mine = [u for u in units if u.side == side.id and u.nationality == nationality.id]
            if mine:
                nationality_tab = tabs(nationality.name)
                for unit_class, title in CLASS_TITLES.items():
                    members = [u for u in mine if u.unit_class == unit_class]
                    if members:
                        fill(nationality_tab, title, members)
                side_tab.append(nationality_tab)
        sides.append(side_tab)
    rest = [u for u in units if u.id not in gpids]
    if rest or extra:
        other = listing(OTHER)
        for kind in dict.fromkeys(u.type for u in rest):
            fill(other, kind, [u for u in rest if u.type == kind])
        for title, keys in (extra or {}).items():
            entries = listing(title)
            for key in keys:
                gpids[key] = entries.append(slot(key)).gpid
            other.append(entries)
        sides.append(other)
    return window, gpids
