"""The state of a VASSAL game at one moment, changed one command at a time.

:class:`GameState` holds what a game's command stream builds: every piece with
its type and state strings, where it is (map and point, or the stack or deck that
holds it, in order), the top-level pieces of each map in draw order, global
properties, turn tracker states, board layouts and the player roster.

:meth:`GameState.apply` executes one single command the way VASSAL's own
``executeCommand`` does (vassal-formats.md 5.2-5.5):

* ``+/`` creates a piece and applies its state; ``D/`` applies a new state. A
  BasicPiece state naming another map moves the piece there (out of its stack);
  a Stack or Deck state lists its members, pulling each from wherever it was.
* ``M/`` moves a piece or stack: on top of ``newUnderneathId`` when that piece is
  at the destination, else onto a stack, deck or stackable piece already there,
  else alone at the point; a ``null`` map takes it off the map.
* ``-/`` deletes a piece. ``begin_save`` clears the game.

A stacked piece's position is its stack's, as in VASSAL (BasicPiece.getPosition).
Commands naming pieces that do not exist are ignored, as VASSAL ignores them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..formats.commands import (
    AddPiece,
    BeginSave,
    ChangePiece,
    Command,
    GlobalPropertyRestore,
    MovePiece,
    PlayerAdd,
    PlayerRemove,
    PropertyChange,
    RemovePiece,
    SetBoards,
    SetupStackMarker,
    TurnState,
)
from ..formats.componentcommands import BoardPlacement
from ..formats.pieces import Piece
from ..formats.traits import Hideable, Obscurable
from ..formats.traits.encoding import tokens
from ..formats.traits.states import deck_members, stack_members
from .piecetypes import DECK, PIECE, STACK, PieceType, PieceTypes

NULL = "null"


class Spot(NamedTuple):
    """Where something is: a map id and a map point (``map`` None: not on any map)."""

    map: str | None
    x: int
    y: int


class Player(NamedTuple):
    """A seat of the roster: the player's name and side (the id is the VASSAL password)."""

    name: str | None
    side: str | None


class PieceState:
    """One piece, stack or deck of the game, as it stands now."""

    __slots__ = ("id", "kind", "ptype", "state", "map", "x", "y", "parent", "children", "_piece")

    def __init__(self, id: str, ptype: PieceType):
        self.id = id
        self.ptype = ptype
        self.kind = ptype.kind
        self.state: str | None = None
        self.map: str | None = None  # own map: meaningful when not in a container
        self.x = 0
        self.y = 0
        self.parent: PieceState | None = None
        self.children: list[PieceState] | None = [] if self.kind != PIECE else None
        self._piece: Piece | None = None

    @property
    def type(self) -> str:
        return self.ptype.type

    @property
    def piece(self) -> Piece:
        """The decoded piece in its current state (decoded once per state)."""
        if self._piece is None:
            self._piece = self.ptype.piece(self.state)
        return self._piece

    @property
    def members(self) -> list[PieceState]:
        """A stack's or deck's pieces, bottom first (``children``, which a piece has not)."""
        if self.children is None:
            raise TypeError(f"{self.id} is a piece, not a stack or deck")
        return self.children

    @property
    def spot(self) -> Spot:
        """Map and point; a member of a stack or deck is where its container is."""
        holder = self.parent if self.parent is not None else self
        return Spot(holder.map, holder.x, holder.y)

    @property
    def name(self) -> str:
        return self.ptype.name if self.kind == PIECE else self.kind

    @property
    def hidden_by(self) -> str | None:
        """Who made the piece invisible (Hideable), or None."""
        trait = self.piece.first(Hideable) if self.kind == PIECE else None
        return trait.hidden_by if trait is not None else None

    @property
    def masked_by(self) -> str | None:
        """Who masked the piece (Obscurable), or None."""
        trait = self.piece.first(Obscurable) if self.kind == PIECE else None
        return trait.obscured_by if trait is not None else None

    def __repr__(self) -> str:
        return f"<PieceState {self.id} {self.name!r} at {self.spot}>"


@dataclass
class Snapshot:
    """A comparable summary of a state: per piece its state string and place in its container."""

    pieces: dict[str, tuple]
    properties: dict[tuple[str, str], str]
    turns: dict[str, str]


class GameState:
    """Pieces, maps, properties, turn trackers, boards and players at one moment."""

    def __init__(self, types: PieceTypes | None = None):
        self.types = types if types is not None else PieceTypes()
        self.clear()

    def clear(self) -> None:
        """What ``begin_save`` does: an empty game."""
        self.pieces: dict[str, PieceState] = {}
        self.maps: dict[str, list[PieceState]] = {}  # top-level pieces per map, bottom first
        self.properties: dict[tuple[str, str], str] = {}  # (container, name) -> value
        self.turns: dict[str, str] = {}  # tracker id -> state
        self.boards: dict[str, list[BoardPlacement]] = {}
        self.players: dict[str, Player] = {}
        self.setup_placed = False
        self._made: set[str] = set()  # ids of the stacks replay made (see _new_stack)

    # -- reading ---------------------------------------------------------------------

    def __getitem__(self, piece_id: str) -> PieceState:
        return self.pieces[piece_id]

    def get(self, piece_id: str | None) -> PieceState | None:
        return self.pieces.get(piece_id) if piece_id is not None else None

    def units(self) -> Iterator[PieceState]:
        """Every game piece (not stacks or decks), in no particular order."""
        return (p for p in self.pieces.values() if p.kind == PIECE)

    def on_map(self, map_name: str) -> Iterator[PieceState]:
        """The game pieces of a map in draw order, bottom first, stacks opened bottom to top."""
        for top in self.maps.get(map_name, ()):
            if top.children is None:
                yield top
            else:
                yield from top.children

    def property(self, name: str, container: str = "Module") -> str | None:
        return self.properties.get((container, name))

    def side_of_player(self, name: str | None) -> str | None:
        """The side a player of this name sits on, per the roster."""
        for seat in self.players.values():
            if name is not None and seat.name == name:
                return seat.side
        return None

    def snapshot(self) -> Snapshot:
        """Every piece's state string and container position, for comparing two states.

        The draw order of a map's top-level pieces is left out: VASSAL puts a piece
        that returns to an empty spot on top, so an undo restores everything but that.
        """
        pieces = {}
        for pid, p in self.pieces.items():
            holder = p.parent
            where = (holder.id, holder.members.index(p)) if holder is not None else (p.map, p.x, p.y)
            pieces[pid] = (p.type, p.state if p.kind == PIECE else None, where)
        return Snapshot(pieces, dict(self.properties), dict(self.turns))

    # -- executing ---------------------------------------------------------------------

    def apply(self, command: Command) -> None:
        """Execute one single command (lists and LOG wrappers already removed)."""
        handler = _HANDLERS.get(type(command))
        if handler is not None:
            handler(self, command)

    def add(self, piece_id: str | None, type_: str, state: str | None) -> PieceState | None:
        """``+/id/type/state``: create the piece and apply its state (AddPiece)."""
        if piece_id is None:
            return None
        old = self.pieces.get(piece_id)
        if old is not None:
            self._detach(old)
        piece = PieceState(piece_id, self.types(type_))
        self.pieces[piece_id] = piece
        self.set_state(piece, state)
        return piece

    def set_state(self, piece: PieceState, state: str | None) -> None:
        """Apply a full chain state, as ``setState`` does (ChangePiece, AddPiece)."""
        piece.state = state
        piece._piece = None
        inner = piece.ptype.inner_state(state)
        if inner is None:
            return
        fields = tokens(inner, ";")
        fields += ["", "", ""][len(fields):]
        map_name = None if fields[0] == NULL else fields[0]
        x, y = _int(fields[1]), _int(fields[2])
        if piece.kind == PIECE:
            self._set_basic(piece, map_name, x, y)
        else:
            members = stack_members(fields) if piece.kind == STACK else deck_members(fields)
            self._set_container(piece, map_name, x, y, members)

    def remove(self, piece_id: str) -> None:
        """``-/id``: delete the piece (RemovePiece)."""
        piece = self.pieces.pop(piece_id, None)
        if piece is None:
            return
        # A deleted stack's pieces keep it as their parent, as in VASSAL: they still
        # report its map and point, but no map holds them until they are moved.
        self._detach(piece)

    def move(self, command: MovePiece) -> None:
        """``M/``: MovePiece.executeCommand (5.4, 5.5).

        With ``newUnderneathId`` the piece goes just above that piece if it is at the
        destination; otherwise it joins whatever may take it there (deck, stack,
        stackable piece) or lands alone, wrapped in a new stack; then, when no
        underneath id was given, it goes to the bottom of the stack it is in.
        """
        piece = self.get(command.id)
        if piece is None:
            return
        new_map = command.new_map
        if new_map is None:
            self._detach(piece)
            piece.map = None
            return
        point = (command.new_x, command.new_y)
        under = self.get(command.new_under)
        if under is not None and under.spot == (new_map, *point):
            self._merge(under, piece)
            return
        if not self._merge_at(new_map, point, piece):
            self._stack_or_place(piece, new_map, point)
        if command.new_under is None and piece.parent is not None:
            self._insert(piece.parent, piece, 0)

    # -- the pieces' places ------------------------------------------------------------

    def _set_basic(self, piece: PieceState, map_name: str | None, x: int, y: int) -> None:
        """BasicPiece.setState: the position is set; a map other than the current one takes
        the piece there, out of its stack. A ``null`` map only clears VASSAL's map field and
        leaves the piece where it is shown: VASSAL 3.0-3.1 wrote ``null`` for pieces on maps
        in their ``D/`` states, and the ``M/`` commands that follow move them from there."""
        if map_name is None or (piece.spot.map == map_name and (piece.parent is not None or self._is_top(piece))):
            piece.x, piece.y = x, y
            return
        self._detach(piece)
        piece.map, piece.x, piece.y = map_name, x, y
        self.maps.setdefault(map_name, []).append(piece)

    def _set_container(self, box: PieceState, map_name: str | None, x: int, y: int, members: list[str]) -> None:
        box.x, box.y = x, y
        # Stack.setState empties the stack, then inserts each listed piece, pulling it from where it was.
        for old_child in box.members:
            old_child.parent = None
            old_child.map = None
        box.children = []
        for member_id in members:
            child = self.pieces.get(member_id)
            if child is None or child is box or child.kind != PIECE:
                continue
            self._detach(child)
            child.parent = box
            box.children.append(child)
        if box.parent is None and (box.map != map_name or not self._is_top(box)):
            self._detach(box)
            box.map = map_name
            if map_name is not None:
                self.maps.setdefault(map_name, []).append(box)

    def _is_top(self, piece: PieceState) -> bool:
        return piece.map is not None and piece in self.maps.get(piece.map, ())

    def _detach(self, piece: PieceState) -> None:
        """Take the piece out of its container or off its map's top level."""
        holder = piece.parent
        if holder is not None:
            holder.members.remove(piece)
            piece.map, piece.x, piece.y = holder.map, holder.x, holder.y
            piece.parent = None
            if not holder.members and holder.id in self._made:
                self._forget(holder)
            return
        tops = self.maps.get(piece.map) if piece.map is not None else None
        if tops is not None and piece in tops:
            tops.remove(piece)

    def _place(self, piece: PieceState, map_name: str, x: int, y: int) -> None:
        """Map.placeAt: the piece alone at the point, on top of the map's draw order."""
        self._detach(piece)
        piece.map, piece.x, piece.y = map_name, x, y
        self.maps.setdefault(map_name, []).append(piece)

    def _stack_or_place(self, piece: PieceState, map_name: str, point: tuple[int, int]) -> None:
        """A lone stackable piece gets a new stack of its own; anything else is placed as it is."""
        if piece.kind == PIECE and piece.parent is None and not piece.ptype.never_stacks:
            stack = self._new_stack(piece)
            self._place(stack, map_name, *point)
        else:
            self._place(piece, map_name, *point)

    def _merge_at(self, map_name: str, point: tuple[int, int], moving: PieceState) -> bool:
        """MovePiece's merge finder: the first top-level thing at the point that takes the piece.

        A deck always does; a stack with pieces does unless the moving piece never
        stacks; so does a lone stackable piece. Finding the moving piece itself
        ends the search with nothing to do, as in VASSAL.
        """
        x, y = point
        for top in list(self.maps.get(map_name, ())):
            if top.x != x or top.y != y:
                continue
            if top.kind == DECK:
                self._merge(top, moving)
                return True
            if _never_stacks(moving):
                continue
            if top.kind == STACK:
                if not top.children:
                    continue
            elif top.ptype.never_stacks:
                continue
            self._merge(top, moving)
            return True
        return False

    def _merge(self, fixed: PieceState, moving: PieceState) -> None:
        """StackMetrics.merge: ``moving`` (or a moving stack's pieces) goes just above ``fixed``.

        A piece already in the same stack goes just above ``fixed`` too: MovePiece
        documents ``newUnderneathId`` as "the piece which will be immediately
        beneath this piece", and the writer computed it after its own move.
        (StackMetrics.merge puts a piece that was higher in the same stack just
        *below* ``fixed``, so VASSAL's replay of such a move can differ from the
        board the writer saw; this follows the writer.)
        """
        if fixed.kind != PIECE and fixed.children:
            self._merge(fixed.children[-1], moving)
            return
        holder = fixed.parent
        index = 0 if holder is None else holder.members.index(fixed) + 1
        if moving is fixed or moving is holder:
            return
        if holder is None:
            if fixed.kind != PIECE:
                holder, index = fixed, len(fixed.members)
            else:
                holder, index = self._new_stack(fixed), 1
                self._place(holder, fixed.map or "", fixed.x, fixed.y)
        if moving.kind != PIECE:
            for child in list(moving.members):
                self._insert_child(holder, child, index)
                index += 1
            return
        if moving.parent is holder:
            holder.members.remove(moving)
            moving.parent = None
            index = holder.members.index(fixed) + 1
        self._insert_child(holder, moving, index)

    def _new_stack(self, piece: PieceState) -> PieceState:
        """A stack VASSAL makes during replay (``new Stack(p)``): its id is ours, no command names it.

        Such a stack is dropped once empty (usually at once: the log's own ``+/…/stack``
        takes the piece), so a long log does not pile up empty stacks on the maps.
        """
        n = 1
        while f"{piece.id}/stack{n}" in self.pieces:
            n += 1
        stack = PieceState(f"{piece.id}/stack{n}", self.types("stack"))
        self.pieces[stack.id] = stack
        self._made.add(stack.id)
        spot = piece.spot
        stack.map, stack.x, stack.y = spot
        self._insert_child(stack, piece, 0)
        return stack

    def _forget(self, stack: PieceState) -> None:
        self._made.discard(stack.id)
        self.pieces.pop(stack.id, None)
        tops = self.maps.get(stack.map) if stack.map is not None else None
        if tops is not None and stack in tops:
            tops.remove(stack)

    def _insert(self, holder: PieceState, piece: PieceState, index: int) -> None:
        """Stack.insert: a member moves to ``index``; any other piece is inserted there."""
        if piece.parent is holder:
            holder.members.remove(piece)
            holder.members.insert(max(index, 0), piece)
        else:
            self._insert_child(holder, piece, index)

    def _insert_child(self, holder: PieceState, piece: PieceState, index: int) -> None:
        """Stack.insertChild: take the piece from its stack or map, insert at ``index`` (clamped)."""
        self._detach(piece)
        piece.parent = holder
        holder.members.insert(max(index, 0), piece)


def _never_stacks(piece: PieceState) -> bool:
    return piece.kind == PIECE and piece.ptype.never_stacks


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


def _set_property(state: GameState, command: PropertyChange) -> None:
    if command.new_value is not None:
        state.properties[(command.container or "Module", command.name)] = command.new_value


def _restore_property(state: GameState, command: GlobalPropertyRestore) -> None:
    state.properties[(command.container or "Module", command.name)] = command.value


def _change(state: GameState, command: ChangePiece) -> None:
    piece = state.get(command.id)
    if piece is not None:
        state.set_state(piece, command.new_state)


def _add_player(state: GameState, command: PlayerAdd) -> None:
    if command.player_id is not None:
        state.players[command.player_id] = Player(command.name, command.side)


def _setup_placed(state: GameState, command: SetupStackMarker) -> None:
    state.setup_placed = True


# Each handler takes an instance of the command class it is keyed by.
_HANDLERS: dict[type[Command], Callable[[GameState, Any], object]] = {
    AddPiece: lambda s, c: s.add(c.id, c.type, c.state),
    ChangePiece: _change,
    RemovePiece: lambda s, c: s.remove(c.id),
    MovePiece: lambda s, c: s.move(c),
    BeginSave: lambda s, c: s.clear(),
    PropertyChange: _set_property,
    GlobalPropertyRestore: _restore_property,
    TurnState: lambda s, c: s.turns.__setitem__(c.tracker_id, c.state),
    SetBoards: lambda s, c: s.boards.__setitem__(c.map_name, list(c.boards)),
    PlayerAdd: _add_player,
    PlayerRemove: lambda s, c: s.players.pop(c.player_id, None),
    SetupStackMarker: _setup_placed,
}
