"""What a VASSAL file is and holds, as plain data: the content of ``vassal-tools inspect``.

A module is summarised from its buildFile (maps, boards, grids, palette,
prototypes, dice, turn trackers) and archive (images); a save or log from its
metadata and command stream (pieces per map, players, steps, chat, dice rolls).
"""

from __future__ import annotations

from collections import Counter

from ..formats.commands import AddPiece, Chat, PlayerAdd, PropertyChange, SetBoards, walk
from ..formats.files import Log, Module, SavedGame
from ..formats.traits.basic import NO_MAP
from ..formats.traits.encoding import chain_depth, innermost_state, tokens
from ..formats.traits.states import deck_members, stack_members


def summarize(opened) -> dict:
    """A JSON-ready description of a Module, Extension, SavedGame or Log."""
    if isinstance(opened, Module):
        return summarize_module(opened)
    return summarize_game(opened)


def summarize_module(module: Module) -> dict:
    bf = module.buildfile
    meta = module.metadata
    maps = []
    for m in bf.maps:
        maps.append({
            "name": m.name,
            "id": m.map_id,
            "boards": [_board(b) for b in m.boards],
        })
    info = {
        "file": str(module.path),
        "kind": module.kind,
        "name": bf.name,
        "version": bf.version,
        "vassal_version": (meta.vassal_version if meta and meta.vassal_version else bf.vassal_version),
        "buildfile_entry": module.buildfile_entry,
        "description": bf.description or None,
        "maps": maps,
        "piece_slots": len(bf.piece_slots),
        "prototypes": len(bf.prototypes),
        "dice_buttons": [d.element.get("name") for d in bf.dice_buttons],
        "turn_trackers": len(bf.turn_trackers),
        "global_properties": len(bf.global_properties),
        "player_sides": list(bf.player_sides),
        "images": len(module.images()),
    }
    extension = bf.extension
    if extension is not None:
        info["name"] = extension.description or (module.path.stem if module.path else info["name"])
        info["version"] = extension.version
        info["extends"] = {"module": extension.module, "module_version": extension.module_version,
                           "universal": extension.universal, "elements": len(extension.elements)}
    return info


def _board(board) -> dict:
    grid = board.grid
    out = {"name": board.element.get("name"), "image": board.element.get("image") or None, "grid": None}
    if grid is not None:
        out["grid"] = grid.kind
        zones = getattr(grid, "zones", None)
        if zones:
            out["zones"] = len(zones)
    return out


def summarize_game(game: SavedGame) -> dict:
    meta = game.metadata
    module_meta = game.module_metadata
    commands = game.commands
    players: dict[str, str | None] = {}
    chat_lines = dice_rolls = 0
    restore = _restore_part(commands)
    pieces_per_map = Counter(m or "(not on a map)" for m in opening_maps(restore).values())
    for command in walk(restore):
        if isinstance(command, PlayerAdd) and command.name:
            players[command.name] = command.side
    steps = game.steps if isinstance(game, Log) else []
    for command in walk(commands):
        if isinstance(command, PlayerAdd) and command.name and players.get(command.name) is None:
            players[command.name] = command.side  # a seat taken during a log's steps
        elif isinstance(command, Chat):
            line = command.line
            if line.kind == "dice":
                dice_rolls += 1
                if line.player:
                    players.setdefault(line.player, None)
            elif line.kind == "player":
                chat_lines += 1
                if line.player:  # "<> - text" names no one
                    players.setdefault(line.player, None)
    boards = {c.map_name: [b.name for b in c.boards] for c in walk(restore) if isinstance(c, SetBoards)}
    return {
        "file": str(game.path),
        "kind": game.kind,
        "module": module_meta.name if module_meta else None,
        "module_version": (meta.version if meta else None) or (module_meta.version if module_meta else None),
        "vassal_version": meta.vassal_version if meta else None,
        "comment": meta.description if meta else None,
        "obfuscated": game.obfuscated,
        "form": game.form,
        "maps": boards,
        "pieces_per_map": dict(sorted(pieces_per_map.items())),
        "players": players,
        "steps": len(steps),
        "chat_lines": chat_lines,
        "dice_rolls": dice_rolls,
        "property_changes": sum(1 for c in walk(commands) if isinstance(c, PropertyChange)),
    }


def _restore_part(commands):
    for index, command in enumerate(commands):
        if getattr(command, "raw", None) == "end_save":
            return commands[: index + 1]
    return commands


def opening_maps(restore) -> dict[str, str | None]:
    """The map of every game piece the restore part adds, as VASSAL places it on loading.

    A piece's own state names its map; then a stack or deck added later names its members
    and pulls each onto its own map (Stack.setState, Deck.setState). Saves of VASSAL 2.x give
    stacked pieces a ``null`` map of their own and leave their place to the stack.
    """
    maps: dict[str, str | None] = {}
    for command in walk(restore):
        if not isinstance(command, AddPiece) or command.id is None:
            continue
        members = _members(command)
        if members is None:
            maps[command.id] = _map_of(command)
            continue
        container_map = _container_map(command.state)
        for member in members:
            if member in maps:
                maps[member] = container_map
    return maps


def _members(command: AddPiece) -> list[str] | None:
    """The ids a stack or deck lists (None for a game piece)."""
    if command.type == "stack":
        return stack_members(tokens(command.state, ";"))
    if command.type.startswith("deck;"):
        return deck_members(tokens(command.state, ";"))
    return None


def _container_map(state: str) -> str | None:
    name = tokens(state, ";")[0] if state else "null"
    return None if name in ("", "null") else name


def _map_of(command: AddPiece) -> str | None:
    """The piece's map from its innermost (BasicPiece) state ``mapId;x;y;...`` alone: decoding
    every trait of every piece would take most of the time ``inspect`` spends on a big save."""
    state = innermost_state(command.state, chain_depth(command.type))
    parts = tokens(state, ";") if state else []
    return None if not parts or parts[0] == NO_MAP else parts[0]
