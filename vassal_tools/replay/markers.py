"""Markers players put on the map for what a log cannot say otherwise: control and hits.

The module vassal_tools builds has Control markers (Marker properties
``Class=marker``, ``Type=Control``, ``Side=german`` or ``allied``) and the
game's Hit markers (``Type=Hit``). In a log they become record entries:

* a Control marker arriving in a place (placed, moved or turned over) is
  ``{"control": LOC, "side": S}``. Its side is its ``Side`` property, or the side
  named by the level its Layer shows (a two-sided "German / Allied" counter);
* the Hit markers in a place are counted after every step that touches one, and
  a changed count is ``{"hits": LOC, "to": N}``. A Hit marker counts one hit,
  or the number its ``Hits`` property holds, or, on a counter with a Layer named
  "Hits", the number its current level shows (else the level, counting from 1).

Any module can use them: a piece only needs those Marker properties.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..formats.pieces import Piece

CONTROL_TYPES = ("control",)
HIT_TYPES = ("hit", "hits")
HITS_LAYER = "hits"

_NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class PlayMarker:
    """What a marker says: ``kind`` is ``control`` or ``hits``; ``side`` for control, ``count`` for hits."""

    kind: str
    side: str | None = None
    count: int = 1


def play_marker(piece: Piece, sides: tuple[str, ...]) -> PlayMarker | None:
    """The control or hits a piece stands for, or None if it is no such marker."""
    props = {key.lower(): value.strip() for key, value in piece.marker_properties.items()}
    kind = props.get("type", "").lower()
    if kind in CONTROL_TYPES:
        return PlayMarker("control", side=_side(props.get("side", ""), sides) or _layer_side(piece, sides))
    if kind in HIT_TYPES:
        return PlayMarker("hits", count=_hit_count(piece, props.get("hits", "")))
    return None


def _side(text: str, sides: tuple[str, ...]) -> str | None:
    text = text.lower()
    return text if text in sides else None


def _layer_side(piece: Piece, sides: tuple[str, ...]) -> str | None:
    for layer in piece.layers:
        names = layer.level_names
        if 0 <= layer.level < len(names):
            shown = names[layer.level].lower()
            found = [side for side in sides if side in shown]
            if len(found) == 1:
                return found[0]
    return None


def _hit_count(piece: Piece, prop: str) -> int:
    if prop.isdigit():
        return int(prop)
    for layer in piece.layers:
        if layer.layer_name.strip().lower() == HITS_LAYER:
            names = layer.level_names
            shown = names[layer.level] if 0 <= layer.level < len(names) else ""
            number = _NUMBER.search(shown)
            return int(number.group()) if number else layer.level + 1
    return 1


class MarkerTally:
    """The Control and Hit markers in play (piece id -> marker and LOC), and the entries changes make."""

    def __init__(self) -> None:
        self.marks: dict[str, tuple[PlayMarker, str]] = {}
        self.hits: dict[str, int] = {}

    def update(self, changed: dict[str, tuple[PlayMarker, str] | None]) -> list[dict[str, Any]]:
        """Apply a step's changes (piece id -> its marker and LOC now, or None when it is no
        longer in play); the entries they make, without step numbers."""
        entries: list[dict[str, Any]] = []
        recount = False
        for piece_id, now in changed.items():
            old = self.marks.pop(piece_id, None)
            recount |= old is not None and old[0].kind == "hits"
            if now is None:
                continue
            self.marks[piece_id] = now
            marker, loc = now
            if marker.kind == "hits":
                recount = True
            elif marker.side is not None and old != now:
                entries.append({"control": loc, "side": marker.side})
        return entries + (self._recount() if recount else [])

    def _recount(self) -> list[dict[str, Any]]:
        now: dict[str, int] = {}
        for marker, loc in self.marks.values():
            if marker.kind == "hits":
                now[loc] = now.get(loc, 0) + marker.count
        changed = [{"hits": loc, "to": now.get(loc, 0)} for loc in sorted(set(now) | set(self.hits))
                   if now.get(loc, 0) != self.hits.get(loc, 0)]
        self.hits = now
        return changed
