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

from ..gamedata import load_game
from ..gamedata.gametoml import read_toml
from ..pack import BoardKind, GamePack
from . import pack_for


def pack_named_at(folder: str | os.PathLike) -> GamePack | None:
    """The pack of the game whose id the folder's game.toml gives; None for a folder with no game.toml
    or of a game the registry does not know (read as a hex game's data: its reader says what is wrong)."""
    toml = Path(folder) / "game.toml"
    if not toml.is_file():
        return None
    game_id = read_toml(toml).get("id")
    return pack_for(game_id) if isinstance(game_id, str) else None


def board_kind_at(folder: str | os.PathLike) -> BoardKind:
    """The board kind of the game in ``folder``: as its pack declares; a hex game's for a folder no
    pack claims (every hex game's data is read the same way, :func:`~.gamedata.load_game`)."""
    pack = pack_named_at(folder)
    return pack.board_kind if pack is not None else BoardKind.HEX


def area_pack_at(folder: str | os.PathLike) -> GamePack | None:
    """The area game's pack reading ``folder`` when its game.toml names an area game; None otherwise
    (a hex game's folder, or one with no game.toml: the hex reader says what is wrong with it)."""
    pack = pack_named_at(folder)
    if pack is None or pack.board_kind is not BoardKind.AREA:
        return None
    return pack.at(Path(folder))


def check_game_folder(folder: str | os.PathLike) -> object:
    """Read and check every file of a game folder with its own game's reader (area or hex); BadInput
    naming file and row for any fault. Returns what was read (an area map or the hex game's data)."""
    pack = area_pack_at(folder)
    if pack is not None:
        return pack.area_map()
    return load_game(folder)
