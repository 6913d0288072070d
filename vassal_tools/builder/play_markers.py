"""Control markers: who holds a hex, on the map where a log can show it (invasion-norway.txt 1.6).

Control changes when a land unit enters a hex (1.6), and a scenario may say who
holds what at the start, but the counter sheet has no control markers, so a VASSAL
log could not say it. PBEM players mark it with a marker; the builder adds one
Control marker per side to the Markers tab of the palette (drag as many as
needed). Each carries the Marker properties the replay reads
(:mod:`vassal_tools.replay.markers`): ``Class=marker``, ``Type=Control``,
``Side=german`` or ``allied``; placed in a hex it records that the side controls it.

The game's own Hit markers (1.4.5) already carry ``Type=Hit``: each counts one hit
on the port or airbase of the hex, or on the airbase whose holding box it is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..formats.pieces import Piece
from ..formats.traits import BasicPiece, Marker, Prototype
from .art import CounterImages
from .counters import PROTOTYPES, face_layer

FOLDER = "play-markers"  # under the art cache
TYPE = "Control"
PALETTE_LIST = "Control"


@dataclass(frozen=True)
class PlayMarker:
    """One marker the builder adds: its id (also its image's stem), name, side and the nationality it is drawn in."""

    id: str
    name: str
    side: str
    nationality: str

    def row(self) -> dict[str, str]:
        """The marker as a units.csv row, for the counter art."""
        return {"id": self.id, "class": "marker", "name": self.name, "side": self.side,
                "nationality": self.nationality, "type": TYPE}

    def properties(self) -> dict[str, str]:
        return {"Class": "marker", "Type": TYPE, "Side": self.side}


def control_markers(info) -> list[PlayMarker]:
    """One Control marker per side, drawn in the colours of the side's first nationality."""
    return [PlayMarker(f"control-{side.id}", f"{side.name} Control", side.id, (side.nationalities or [side.id])[0])
            for side in info.sides.values()]


def draw(game, markers: list[PlayMarker], cache: Path, scale: float) -> dict[str, CounterImages]:
    """Each marker's image, drawn with the game's counter art (the images are small: always redrawn)."""
    from ..art.counter_set import DEFAULT_SCALE
    from ..art.counters import render_counter
    from ..art.palette import game_palette
    from ..art.png import png_bytes, write_file

    folder = cache / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    palette = game_palette(game)
    out = {}
    for marker in markers:
        image = render_counter(marker.row(), "front", DEFAULT_SCALE, palette=palette)
        path = folder / f"{marker.id}.png"
        data = png_bytes(image)
        if not path.exists() or path.read_bytes() != data:
            write_file(path, data)
        out[marker.id] = CounterImages(path, None, (round(image.width * scale), round(image.height * scale)))
    return out


def marker_piece(marker: PlayMarker, images: CounterImages, scale: float, rule: str = "") -> Piece:
    """The marker's definition: its face (``rule``: the game's rule for its counters), its Marker
    properties, the Marker prototype, its name."""
    return Piece([
        face_layer(images, scale, rule=rule),
        Marker.new(marker.properties()),
        Prototype.new(PROTOTYPES["marker"]),
        BasicPiece.new("", marker.name),
    ])
