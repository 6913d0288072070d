"""Which game a data folder holds, read from its game.toml ``id``, wherever the folder is.

A maintainer keeps a game as data and may copy its folder anywhere (``cp -rL module_src/kampen_om_norge
/tmp/k``); the folder's own ``id`` says whose data it is. An area game's pack then reads that folder
(``pack.at(folder)``); every other folder is a hex game's, read by :func:`~.gamedata.load_game`.
The registry's packs keep reading their shipped data.

    from vassal_tools.games.folders import area_pack_at, check_game_folder
    area_pack_at("/tmp/k").area_map()    # Kampen om Norge's board, read from /tmp/k
    check_game_folder("/tmp/k")          # BadInput naming file and row for any fault
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..gamedata import load_game
from ..gamedata.gametoml import read_toml
from . import pack_for


def area_pack_at(folder: str | os.PathLike) -> Any | None:
    """The area game's pack reading ``folder`` when its game.toml names an area game; None otherwise
    (a hex game's folder, or one with no game.toml: the hex reader says what is wrong with it)."""
    toml = Path(folder) / "game.toml"
    if not toml.is_file():
        return None
    game_id = read_toml(toml).get("id")
    pack = pack_for(game_id) if isinstance(game_id, str) else None
    if pack is None or not hasattr(pack, "area_map") or not hasattr(pack, "at"):
        return None
    return pack.at(Path(folder))


def check_game_folder(folder: str | os.PathLike) -> object:
    """Read and check every file of a game folder with its own game's reader (area or hex); BadInput
    naming file and row for any fault. Returns what was read (an area map or the hex game's data)."""
    pack = area_pack_at(folder)
    if pack is not None:
        return pack.area_map()
    return load_game(folder)
