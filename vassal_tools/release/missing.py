"""The at-start stack pieces and deck cards a new module version has and a game lacks (VASSAL #12927).

VASSAL places at-start stacks and fills decks only when a new game starts, so a piece
added to an at-start stack or a card added to a deck in a new module version never
reaches a game already under way. :func:`missing_pieces` finds them: every slot of an
at-start stack (SetupStack) or deck (DrawPile) that no piece of the game stands for.
A game piece stands for one slot: first by gpid (the slot's, which VASSAL's New Game
gives a piece it places from the slot, vassal-formats.md 2.6), then, for the slots left,
by name: a piece no slot took by gpid stands for a slot of its (refreshed) name. That
second pass recognises the pieces of a save that did not come from New Game: a set-up
save that gives each piece its palette slot's gpid (``vassal-tools setup``, a maintainer's
hand-made opening position), and a VASSAL 2.x save, which has no gpids. Slots sharing a
gpid or a name need as many pieces. All slots take by gpid before any takes by name, so a
name never takes a piece another slot has by gpid.

Without ``add`` they are only listed. With ``add`` each is created as VASSAL makes a
piece from a slot (prototypes expanded, the slot's gpid as PieceId, a new unique id)
where the module puts it: an at-start stack's piece on top of the game's stack at the
stack's position (its owning board's place in the game's board layout plus x, y, or the
map's edge plus x, y), or in a new stack there; a card on top of the game's deck of that
DrawPile, or in a new deck made as VASSAL's "Add decks" makes one (the DrawPile's type,
face down unless its face-down option is Never or MenuDefaultUp) when the game has none.
``whole_only`` keeps to the foolproof rule #12927 proposes: only stacks and decks none
of whose pieces the game has. A stack or deck whose owning board the game does not use is
not part of the game: VASSAL's New Game places one only when its board is in the game
(SetupStack.isOwningBoardActive), so it is never missing; such stacks and decks are
named apart (:attr:`Missing.inactive`). What cannot be placed (a stack placed by grid
location, on a map the game does not lay out) is listed with the reason. Nothing is ever
removed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput
from ..formats.commands import AddPiece, Command, CommandList, EndSave, walk
from ..formats.decks import new_deck_command
from ..formats.traits import Deck, Stack
from ..formats.traits.encoding import join
from ..geometry.from_module import ModuleGeometry
from .decks import PlacedPile
from .definitions import Definition, ModuleDefinitions


@dataclass
class Group:
    """One at-start stack or deck of the module and the slots of it the game lacks."""

    kind: str  # "at-start stack" or "deck"
    name: str
    map: str
    slots: int
    missing: list[Any]  # PieceSlot views
    position: tuple[int, int] | None
    reason: str = ""
    added: list[dict[str, str]] = field(default_factory=list)
    into: str = ""  # "existing stack", "new stack", "existing deck", "new deck"
    pile: PlacedPile | None = field(default=None, repr=False)  # a deck's DrawPile

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "name": self.name, "map": self.map,
                               "slots": self.slots, "whole": len(self.missing) == self.slots,
                               "missing": [{"name": s.entry_name or "", "gpid": s.gpid} for s in self.missing]}
        if self.position is not None:
            out["x"], out["y"] = self.position
        if self.reason:
            out["reason"] = self.reason
        if self.added:
            out["added"], out["into"] = self.added, self.into
        return out


class Presence:
    """The game's pieces as a pool each module slot takes one from: by gpid, else by name.

    ``pieces``: the gpid and name of every game piece, the gpid empty unless the refresh
    matched the piece by it (a name-matched piece's gpid says nothing of where it came from)."""

    def __init__(self, pieces: Iterable[tuple[str, str]]):
        self.gpids: Counter[str] = Counter()
        self.names: Counter[str] = Counter()
        self.name_of: dict[str, str] = {}
        for gpid, name in pieces:
            self.names[name] += 1
            if gpid:
                self.gpids[gpid] += 1
                self.name_of[gpid] = name

    def missing(self, slot_lists: Sequence[Sequence[Any]]) -> list[list[Any]]:
        """For each list of slots, those no game piece stands for (each piece stands for one slot)."""
        left = [[slot for slot in slots if not self._take_gpid(slot)] for slots in slot_lists]
        return [[slot for slot in slots if not self._take_name(slot)] for slots in left]

    def _take_gpid(self, slot) -> bool:
        if not slot.gpid or self.gpids[slot.gpid] <= 0:
            return False
        self.gpids[slot.gpid] -= 1
        self.names[self.name_of[slot.gpid]] -= 1
        return True

    def _take_name(self, slot) -> bool:
        name = _slot_name(slot)
        if name is None or self.names[name] <= 0:
            return False
        self.names[name] -= 1
        return True


@dataclass
class Missing:
    """The groups with slots the game lacks, and the names of the at-start stacks and decks of
    boards the game does not use (not part of the game, so nothing of them is missing)."""

    groups: list[Group]
    inactive: list[str]


def missing_pieces(game, commands: list[Command], definitions: ModuleDefinitions, geometry: ModuleGeometry,
                   piles: list[PlacedPile], decks_of: dict[int, AddPiece], presence: Presence, *,
                   add: bool = False, whole_only: bool = False) -> Missing:
    """The module's at-start stacks and decks with slots the game lacks; created with ``add``.

    ``decks_of``: the game's deck AddPiece for each DrawPile (by ``id()`` of its PlacedPile)."""
    groups, inactive = [], []
    for map_view in definitions.module.buildfile.maps:
        for stack in map_view.setup_stacks:
            if not _board_in_game(stack.owning_board, map_view.identifier, geometry):
                inactive.append(stack.name or "")
                continue
            position, reason = _stack_position(stack, map_view.identifier, geometry)
            groups.append(_group("at-start stack", stack, map_view.identifier, stack.piece_slots, position, reason))
    for placed in piles:
        in_game = id(placed) in decks_of
        if not in_game and not _board_in_game(placed.pile.owning_board, placed.map, geometry):
            inactive.append(placed.pile.name or "")
            continue
        reason = "" if placed.position is not None or in_game else "its map is not laid out in the game"
        group = _group("deck", placed.pile, placed.map, placed.pile.card_slots, placed.position, reason)
        group.pile = placed
        groups.append(group)
    for group, missing in zip(groups, presence.missing([g.missing for g in groups])):
        group.missing = missing
    groups = [g for g in groups if g.missing and (not whole_only or len(g.missing) == g.slots)]
    if add:
        Adder(game, commands, definitions).add(groups, decks_of)
    return Missing(groups, inactive)


def _board_in_game(owner: str | None, map_id: str, geometry: ModuleGeometry) -> bool:
    """Whether VASSAL would place a stack or deck of this owning board in the game: always
    without one, else only when the game's map shows that board."""
    if not owner:
        return True
    try:
        return geometry.map(map_id).board(owner) is not None
    except BadInput:
        return False


def _group(kind: str, holder, map_id: str, slots, position, reason: str) -> Group:
    """The group with all its usable slots as missing, before the game's pieces are taken off."""
    usable = [s for s in slots if (s.text or "").strip()]
    return Group(kind, holder.name or "", map_id, len(usable), usable, position, reason)


class Adder:
    """Creates missing pieces in a game's opening position with fresh ids."""

    def __init__(self, game, commands: list[Command], definitions: ModuleDefinitions):
        self.game = game
        self.commands = commands
        self.definitions = definitions
        ids = [c.id for c in walk(commands) if isinstance(c, AddPiece) and c.id]
        self.next_id = max((int(i) for i in ids if i.isdigit()), default=0) + 1
        self.layered = any(isinstance(c, AddPiece) and c.type == "stack" and "@@" in c.state for c in walk(commands))
        self.stacks = {(s.map, s.x, s.y): c for c in walk(commands) if isinstance(c, AddPiece) and c.type == "stack"
                       for s in [Stack(c.type, c.state)]}

    def add(self, groups: list[Group], decks_of: dict[int, AddPiece]) -> None:
        for group in groups:
            if group.pile is not None:
                deck = decks_of.get(id(group.pile))
                if deck is not None or group.position is not None:
                    self._add_cards(group, group.pile, deck)
            elif group.position is not None:
                self._add_stack_pieces(group)

    def _new_id(self) -> str:
        ident = str(self.next_id)
        self.next_id += 1
        return ident

    def _make(self, group: Group) -> list[AddPiece]:
        x, y = group.position or (0, 0)
        made = []
        for slot in group.missing:
            definition = self.definitions.by_gpid.get(slot.gpid) if slot.gpid else None
            if definition is None or definition.slot is not slot:
                definition = _slot_definition(slot)
            piece = self.definitions.expanded(definition).fill_states()
            basic = piece.basic
            if basic is None:
                continue
            basic.map, basic.x, basic.y = group.map, x, y
            basic.gpid = slot.gpid
            ident = self._new_id()
            made.append(AddPiece(join(["+", ident, piece.type, piece.state or ""], "/"), ident, piece.type,
                                 piece.state or ""))
            group.added.append({"name": piece.basic_name, "gpid": slot.gpid, "id": ident})
        return made

    def _add_stack_pieces(self, group: Group) -> None:
        x, y = group.position or (0, 0)
        made = self._make(group)
        existing = self.stacks.get((group.map, x, y))
        if existing is not None:
            stack = Stack(existing.type, existing.state)
            stack.children = stack.children + [c.id for c in made if c.id]
            _set(existing, stack.state or "")
            _insert_before(self.commands, existing, made)
            group.into = "existing stack"
            return
        state = join([group.map, str(x), str(y)] + [c.id for c in made if c.id] + (["@@0"] if self.layered else []),
                     ";")
        ident = self._new_id()
        stack_command = AddPiece(join(["+", ident, "stack", state], "/"), ident, "stack", state)
        self.stacks[(group.map, x, y)] = stack_command
        self._before_end(made + [stack_command])
        group.into = "new stack"

    def _add_cards(self, group: Group, placed: PlacedPile, deck_command: AddPiece | None) -> None:
        if deck_command is not None:  # cards go where the game's deck is
            deck = Deck(deck_command.type, deck_command.state)
            group.position = (deck.x, deck.y)
            group.map = deck.map or group.map
        made = self._make(group)
        ids = [c.id for c in made if c.id]
        if deck_command is not None:
            deck.children = deck.children + ids
            _set(deck_command, deck.state or "")
            _insert_before(self.commands, deck_command, made)
            group.into = "existing deck"
            return
        x, y = group.position or (0, 0)
        self._before_end(made + [new_deck_command(placed.pile, group.map, x, y, ids, self._new_id())])
        group.into = "new deck"

    def _before_end(self, new: Sequence[Command]) -> None:
        end = next((i for i, c in enumerate(self.commands) if isinstance(c, EndSave)), None)
        if end is None:
            raise BadInput(getattr(self.game, "path", None), "the game has no end_save: cannot add the missing pieces")
        self.commands[end:end] = new


def _set(command: AddPiece, state: str) -> None:
    command.state = state
    command.raw = join(["+", command.id if command.id is not None else "null", command.type, state], "/")


def _insert_before(commands: list[Command], target: Command, new: list[AddPiece]) -> bool:
    """Insert ``new`` just before ``target`` in whichever command list holds it (pieces exist before the
    stack or deck that lists them)."""
    for index, command in enumerate(commands):
        if command is target:
            commands[index:index] = new
            return True
        if isinstance(command, CommandList) and _insert_before(command.children, target, new):
            return True
    return False


def _slot_name(slot) -> str | None:
    try:
        return _slot_definition(slot).basic_name
    except BadInput:
        return None


def _stack_position(stack, map_id: str, geometry: ModuleGeometry) -> tuple[tuple[int, int] | None, str]:
    if stack.use_grid_location:
        return None, f"placed by grid location {stack.location!r}: place it from VASSAL's editor"
    try:
        laid_out = geometry.map(map_id)
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
