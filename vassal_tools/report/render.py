"""``render``: one map of a log (or save) after a step, as PNG bytes."""

from __future__ import annotations

import io
import os

from ..errors import BadInput
from ..formats.files import Module
from ..formats.kinds import open_module
from ..formats.match import require_match
from ..games.play import pack_of
from ..geometry.from_module import ModuleGeometry
from ..geometry.maps import BoardCell
from ..replay.locations import Locations
from ..replay.replayer import Replayer
from ..replay.state import GameState
from ..replay.units import Mapping_
from .board import BoardPainter
from .places import Places


def geometry_of(module: Module, state: GameState) -> ModuleGeometry:
    """The module's maps laid out with the boards the game's state chose."""
    layouts = {name: [BoardCell(b.name, b.column, b.row, b.reversed) for b in boards]
               for name, boards in state.boards.items()}
    return ModuleGeometry(module, layouts)


def render_step(log, module: Module | str | os.PathLike, step: int, *, map_name: str | None = None,
                around: str | None = None, mapping: Mapping_ | None = None, game: str | None = None,
                allow_mismatch: bool = False, warnings: list[str] | None = None) -> bytes:
    """The PNG of ``map_name`` (default the first) after ``step``; cropped around a LOC if asked.
    A module that is not the log's is bad input unless ``allow_mismatch``; then the differences
    are added to ``warnings``."""
    if not isinstance(module, Module):
        module = open_module(module)
    replayer = Replayer(log)
    said = require_match(replayer.game, module, allow_mismatch)
    if warnings is not None:
        warnings.extend(said)
    state = replayer.state_at(step)
    geometry = geometry_of(module, state)
    painter = BoardPainter(module, geometry)
    if around is not None:
        try:
            catalogue = pack_of(module, mapping, game).catalogue
        except BadInput:
            catalogue = None  # no rule pack: LOCs are VASSAL's own location names
        places = Places(Locations(geometry, catalogue, mapping.locations if mapping else None))
        outline = places.outline(around)
        if outline is None:
            raise BadInput(module.path, f"no map of the module shows {around!r}")
        image = painter.around(state, outline)
    else:
        image = painter.draw(state, map_name or _first_map(geometry, module))
    out = io.BytesIO()
    image.convert("RGB").save(out, "PNG")
    return out.getvalue()


def _first_map(geometry: ModuleGeometry, module: Module) -> str:
    for name in geometry.map_names():
        try:
            geometry.map(name)
            return name
        except BadInput:
            continue
    raise BadInput(module.path, "the module has no map that can be drawn")
