"""Build a game's VASSAL module, and its scenarios' opening saves, from plain data files.

``vassal-tools build module_src/invasion_norway -o dist/`` and ``vassal-tools setup
... --scenario NAME -o start.vsav``; in Python :func:`build_module` and
:func:`write_setup` (see :mod:`.module`). The parts:

* :mod:`vassal_tools.gamedata` reads and checks the data folder;
* :mod:`.art` draws (or reuses) counter and map images through :mod:`vassal_tools.art`;
* :mod:`.boards`, :mod:`.operational_grid` and :mod:`.locations`: maps, boards, grids
  and where a hex, zone or box of the data is on them;
* :mod:`.counters`, :mod:`.palette`: piece definitions and the counter palette;
* :mod:`.play_markers`: the Control markers players put on the map for a log to say who holds a hex;
* :mod:`.turns`, :mod:`.dice_buttons`, :mod:`.weather`: turn tracker, die rolls, weather;
* :mod:`.scenario`, :mod:`.savegame`: at-start stacks and the opening save;
* :mod:`.standard`: the components every VASSAL module and map has.

One entry point builds any game (:mod:`.game`: the builder of the board kind its pack declares).

May import: :mod:`vassal_tools.art`, :mod:`vassal_tools.games`, :mod:`vassal_tools.geometry`,
:mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`.
Imported by: the demo and the CLI.
"""

from __future__ import annotations

from .module import build_module, write_setup

__all__ = ["build_module", "write_setup"]
