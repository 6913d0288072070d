"""Create the at-start stacks a new module version has and a game in progress lacks (VASSAL #12927).

VASSAL places at-start stacks only when a new game starts, so a stack added in a new
module version never reaches a game already under way. :func:`add_missing_stacks`
creates, in the game's opening position, every at-start stack of the module none of
whose pieces (by gpid) is in the game: the second, foolproof rule proposed in #12927.
A stack of which some pieces are present is left alone, since the game may have moved
or eliminated the rest on purpose. Pieces are made as VASSAL makes them from a slot
(prototypes expanded, the slot's gpid as PieceId) and stacked at the stack's position:
its owning board's position in the game's own board layout plus x, y, or the map's
edge plus x, y without an owning board (vassal-formats.md 7). A stack placed by grid
location, or on a board the game does not show, is not placed and is reported.
"""

from __future__ import annotations

from ..errors import BadInput
from ..formats.commands import AddPiece, Command, EndSave, walk
from ..formats.traits.encoding import join
from ..geometry.from_module import ModuleGeometry, board_layouts
from .definitions import Definition, ModuleDefinitions


def add_missing_stacks(game, commands: list[Command], definitions: ModuleDefinitions) -> dict[str, list]:
    """Insert the missing at-start stacks before ``end_save``; returns what was added and skipped."""
    present, ids, layered = _game_pieces(commands)
    geometry = ModuleGeometry(definitions.module, board_layouts(game.stream))
    next_id = max((int(i) for i in ids if i.isdigit()), default=0) + 1
    added, skipped, new = [], [], []
    for map_view in definitions.module.buildfile.maps:
        for stack in map_view.setup_stacks:
            slots = [s for s in stack.piece_slots if (s.text or "").strip()]
            if not slots or any(s.gpid in present for s in slots):
                continue
            where = {"stack": stack.name, "map": map_view.identifier}
            position, reason = _position(stack, map_view, geometry)
            if position is None:
                skipped.append(dict(where, reason=reason))
                continue
            x, y = position
            members = []
            for slot in slots:
                definition = definitions.by_gpid.get(slot.gpid) or _slot_definition(slot)
                piece = definitions.expanded(definition).fill_states()
                basic = piece.basic
                if basic is None:
                    continue
                basic.map, basic.x, basic.y = map_view.identifier, x, y
                basic.gpid = slot.gpid
                ident = str(next_id)
                next_id += 1
                new.append(AddPiece(join(["+", ident, piece.type, piece.state or ""], "/"), ident, piece.type,
                                    piece.state or ""))
                members.append((ident, piece.basic_name))
            stack_id = str(next_id)
            next_id += 1
            state = join([map_view.identifier, str(x), str(y)] + [m[0] for m in members]
                         + (["@@0"] if layered else []), ";")
            new.append(AddPiece(join(["+", stack_id, "stack", state], "/"), stack_id, "stack", state))
            added.append(dict(where, x=x, y=y, pieces=[m[1] for m in members], ids=[m[0] for m in members]))
    if new:
        end = next((i for i, c in enumerate(commands) if isinstance(c, EndSave)), None)
        if end is None:
            raise BadInput(getattr(game, "path", None), "the game has no end_save: cannot add the missing stacks")
        commands[end:end] = new
    return {"added": added, "skipped": skipped}


def _game_pieces(commands: list[Command]) -> tuple[set[str], set[str], bool]:
    """Gpids of the game's pieces, every id in use, and whether stacks carry a draw layer (@@)."""
    gpids, ids, layered = set(), set(), False
    for command in walk(commands):
        if not isinstance(command, AddPiece):
            continue
        if command.id:
            ids.add(command.id)
        if command.type == "stack":
            layered = layered or "@@" in command.state
        elif not command.type.startswith("deck;"):
            basic = command.piece().basic
            if basic is not None and basic.gpid:
                gpids.add(basic.gpid)
    return gpids, ids, layered


def _position(stack, map_view, geometry: ModuleGeometry) -> tuple[tuple[int, int] | None, str]:
    if stack.use_grid_location:
        return None, f"placed by grid location {stack.location!r}: place it from VASSAL's editor"
    try:
        laid_out = geometry.map(map_view.identifier)
    except BadInput as err:
        return None, err.what
    owner = stack.owning_board
    if owner:
        board = laid_out.board(owner)
        if board is None:
            return None, f"its board {owner!r} is not on the game's map"
        return board.to_map(stack.x, stack.y), ""
    return (laid_out.edge[0] + stack.x, laid_out.edge[1] + stack.y), ""


def _slot_definition(slot) -> Definition:
    return Definition(slot.gpid, slot.text, f"{slot.class_name} {slot.entry_name!r}", "at-start stack",
                      slot.entry_name, (), slot)

