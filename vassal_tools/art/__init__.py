"""Counter and map art drawn from the game data and declarative templates.

* :func:`render_counter` draws one side of one unit (a PIL image);
* :func:`render_all` writes every counter of a game into a folder, with a manifest,
  redrawing only what changed;
* :func:`render_maps` draws the map boards and returns, per map, a :class:`MapArt` with
  the image, its size and the zones and boxes drawn on it.

Templates (``templates/*.toml``) give layouts, colours and symbol tables; see
:mod:`.templates`, :mod:`.palette` and :mod:`.map_style`.

What the art is drawn from is the loaded game (:class:`vassal_tools.gamedata.GameData`,
what the builder passes) or, for tools and tests, map tables or a data folder read through
the games' readers (:data:`.map_data.GameSource`).

May import: :mod:`vassal_tools.gamedata`, :mod:`vassal_tools.geometry`, :mod:`vassal_tools.formats`,
:mod:`vassal_tools.errors` (never games: a game's art is drawn from its data, handed in by the builder).
Imported by: the builder (and a game's package may draw with it).
"""

from .counter_set import render_all
from .counters import render_counter
from .maps import MapArt, render_maps

__all__ = ["render_counter", "render_all", "render_maps", "MapArt"]
