"""Continue a saved game as a log, writing each user action as VASSAL logs it (5.3-5.5).

For demonstrations, examples and tests: start from an opening save (``vassal-tools
setup``), then drag units (alone or with their stack), bring new counters from the
palette, delete them, turn counters over, roll dice, chat and advance the turn
tracker; :meth:`LogWriter.save` writes a ``.vlog`` that VASSAL and vassal_tools replay.
A place is a game location (``place(loc)`` finds its point) or a ``(map, x, y)`` point.

The writer keeps a :class:`~vassal_tools.replay.state.GameState` and applies every
command it writes to it, so stacking bookkeeping (which piece lies under which, new
stacks for a piece landing alone) is the same as the replay's, never kept twice.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import BadInput
from ..formats.archive import Archive, Entry
from ..formats.commands import SetBoards, SetupStackMarker, parse_single
from ..formats.files import SavedGame
from ..formats.logsteps import split_stream
from ..formats.pieces import Piece, encode_definition
from ..formats.sequence import encode, escape_token
from ..formats.traits import Embellishment, Obscurable
from .replayer import Replayer
from .state import PIECE, PieceState

ESC = "\x1b"
Point = tuple[str, int, int]  # (map name, x, y) in map coordinates
# Where a location of the game lies.
Place = Callable[[str], Point]


class LogWriter:
    """Steps appended to a saved game; ``place(loc)`` turns a game location into a map point."""

    def __init__(self, game: SavedGame, place: Place, player: str = "Anna", password: str = "anna-pw"):
        self.game = game
        self.place = place
        self.player = player
        self.password = password
        self.state = Replayer(game).restore()
        self.steps: list[list[str]] = []
        self._next_id = max((int(i) for i in self.state.pieces if i.isdigit()), default=1_700_000_000_000)
        self._units = {p.piece.marker_properties.get("UnitId"): p for p in self.state.units()}

    # -- finding pieces

    def unit(self, unit_id: str) -> PieceState:
        """The piece of a unit, by the ``UnitId`` Marker property the built module gives it."""
        piece = self._units.get(unit_id)
        if piece is None:
            raise BadInput(self.game.path, f"no piece of unit {unit_id!r} in the game")
        return piece

    def _top_at(self, map_name: str, x: int, y: int) -> PieceState | None:
        for top in self.state.maps.get(map_name, ()):
            if (top.map, top.x, top.y) == (map_name, x, y):
                return top
        return None

    def _new_id(self) -> str:
        self._next_id += 1
        return str(self._next_id)

    def _point(self, at: str | Point) -> Point:
        return at if isinstance(at, tuple) else self.place(at)

    # -- commands, as VASSAL encodes them

    def move(self, unit_id: str, at: str | Point) -> list[str]:
        """Dragging one unit to ``at``: onto the stack there, or alone in a new stack."""
        piece = self.unit(unit_id)
        old = piece.spot
        old_under = _below(piece)
        map_name, x, y = self._point(at)
        there = self._top_at(map_name, x, y)
        under = (there.children[-1] if there.children else there) if there is not None and there is not piece.parent else None
        commands = ["M/" + (encode([piece.id, map_name, str(x), str(y), under.id if under else "null",
                                    old.map or "null", str(old.x), str(old.y), old_under or "null", self.password], "/")
                            or "")]
        self._apply(commands[-1])
        if under is None:
            commands.append(self._wrap(piece, map_name, x, y))
        commands.append(f"CHAT* {piece.name} moves {_said(at)} *")
        return commands

    def move_stack(self, unit_id: str, at: str | Point) -> list[str]:
        """Dragging the whole stack a unit is in to ``at`` (it joins a stack already there)."""
        piece = self.unit(unit_id)
        moving = piece.parent or piece
        old = moving.spot
        map_name, x, y = self._point(at)
        command = "M/" + (encode([moving.id, map_name, str(x), str(y), "null", old.map or "null", str(old.x),
                                  str(old.y), "null", self.password], "/") or "")
        self._apply(command)
        return [command, f"CHAT* {piece.name} and its stack move {_said(at)} *"]

    def create(self, piece: Piece, at: str | Point) -> list[str]:
        """Dragging a new counter from the palette to ``at`` (5.5): its AddPiece, then the stack it
        joins (a move onto the top piece there) or the new stack it gets. ``piece`` is the palette's
        definition with prototypes expanded; the writer's copy gets its own id."""
        map_name, x, y = self._point(at)
        placed = piece.copy()
        basic = placed.basic
        if basic is None:
            raise BadInput(self.game.path, "a palette piece without a BasicPiece cannot be placed")
        piece_id = self._new_id()
        basic.map, basic.x, basic.y = map_name, x, y
        basic.properties = {"UniqueID": piece_id}
        there = self._top_at(map_name, x, y)
        commands = [encode_definition(placed, piece_id)]
        self._apply(commands[-1])
        new = self.state[piece_id]
        if there is not None and there is not new:
            under = there.children[-1] if there.children else there
            commands.append("M/" + (encode([piece_id, map_name, str(x), str(y), under.id, map_name, str(x), str(y),
                                            "null", self.password], "/") or ""))
            self._apply(commands[-1])
        else:
            commands.append(self._wrap(new, map_name, x, y))
        unit_id = new.piece.marker_properties.get("UnitId")
        if unit_id:
            self._units[unit_id] = new
        commands.append(f"CHAT* {new.name} created in {_said(at)} *")
        return commands

    def delete(self, unit_id: str) -> list[str]:
        """Deleting a unit's counter (Ctrl+D)."""
        piece = self._units.pop(unit_id, None) or self.unit(unit_id)
        command = f"-/{piece.id}"
        self._apply(command)
        return [command]

    def remove_piece(self, piece_id: str) -> list[str]:
        """Deleting any piece by its id (a marker that is no unit)."""
        command = f"-/{piece_id}"
        self._apply(command)
        return [command]

    def _wrap(self, piece: PieceState, map_name: str, x: int, y: int) -> str:
        """The ``+/…/stack`` VASSAL adds when a lone piece lands on an empty spot (5.5)."""
        command = encode(["+", self._new_id(), "stack", encode([map_name, str(x), str(y), piece.id, "@@0"], ";")], "/") or ""
        self._apply(command)
        return command

    def flip(self, unit_id: str, level: int = 2) -> list[str]:
        """Turning a counter over: the first Layer to ``level`` (1 front, 2 reduced or back)."""
        piece = self.unit(unit_id)
        before = _placed(piece)
        changed = before.copy()
        layer = changed.first(Embellishment)
        if layer is None:
            raise BadInput(self.game.path, f"unit {unit_id!r} has no layer to turn over")
        layer.value = level
        command = "D/" + (encode([piece.id, changed.state, before.state], "/") or "")
        self._apply(command)
        return [command]

    def mask(self, unit_id: str, by: str | None) -> list[str]:
        """Masking a counter (its Obscurable state ``by;``), or with ``by`` None lifting the mask (``null;``)."""
        piece = self.unit(unit_id)
        before = _placed(piece)
        changed = before.copy()
        trait = changed.first(Obscurable)
        if trait is None:
            raise BadInput(self.game.path, f"unit {unit_id!r} has no mask")
        trait.state = f"{by};" if by is not None else "null;"
        command = "D/" + (encode([piece.id, changed.state, before.state], "/") or "")
        self._apply(command)
        return [command]

    def roll(self, button: str, result: int | Sequence[int]) -> list[str]:
        """A DiceButton roll as its default report and ``_result`` property change (5.8); several dice
        (a button that prompts for how many) are reported joined by commas (``6,3``)."""
        shown = str(result) if isinstance(result, int) else ",".join(str(die) for die in result)
        old = self.state.property(f"{button}_result") or ""
        commands = [f"CHAT*** {button} = {shown} *** &lt;{self.player}&gt;",
                    encode(["MutableProperty", f"{button}_result", old, shown, "Module"], "\t") or ""]
        self._apply(commands[1])
        return commands

    def seat(self, side: str) -> list[str]:
        """The player takes a side (PlayerRoster add, 5.4): dice and moves are then theirs."""
        command = encode(["PLAYER", self.password, self.player, side], "\t") or ""
        self._apply(command)
        return [command]

    def chat(self, text: str) -> list[str]:
        return [f"CHAT&lt;{self.player}&gt; - {text}"]

    def turn(self, tracker_id: str, state: str) -> list[str]:
        """The turn tracker set to ``state`` (see ``build.turns.tracker_state``)."""
        command = encode(["TURN" + tracker_id, state], "\t") or ""
        self._apply(command)
        return [command]

    def set_property(self, name: str, value: str, container: str = "Module") -> list[str]:
        old = self.state.property(name, container) or ""
        command = encode(["MutableProperty", name, old, value, container], "\t") or ""
        self._apply(command)
        return [command]

    def _apply(self, command: str) -> None:
        self.state.apply(parse_single(command))

    # -- steps and the file

    def step(self, *actions: list[str]) -> int:
        """One logged step made of the commands of one or more actions; its number."""
        self.steps.append([c for action in actions for c in action])
        return len(self.steps)

    def stream(self) -> str:
        logged = [encode(["LOG\t" + c for c in step], ESC) if len(step) > 1 else "LOG\t" + step[0]
                  for step in self.steps if step]
        # Each step is one more top-level token after the opening's own tokens (5.3).
        return self.game.stream + "".join(ESC + escape_token(token, ESC) for token in logged)

    def position_stream(self) -> str:
        """The save VASSAL writes of the position the log has reached (Begin Logfile, 5.2).

        The next log of a PBEM game opens on it: every piece with its current state
        (pieces before the stacks that hold them), the boards and markers of the
        opening's restore part, the global properties, turn trackers and players now.
        """
        state = self.state
        adds = [""]  # the NullCommand's own (empty) encoding opens its list
        stacks = []
        for map_name in state.maps:
            for top in state.maps[map_name]:
                members = [top] if top.children is None else top.children
                for piece in members:
                    adds.append(encode(["+", piece.id, piece.type, _placed(piece).state or ""], "/") or "")
                if top.children is not None:
                    spot = [top.map or "null", str(top.x), str(top.y)]
                    fields = spot + [c.id for c in top.children] + ["@@0"] if top.kind == "stack" else None
                    stacks.append(encode(["+", top.id, top.type, encode(fields, ";") if fields else top.state or ""],
                                         "/") or "")
        kept = [c.raw for c in self.stream_commands() if isinstance(c, (SetBoards, SetupStackMarker))]
        properties = ["GlobalProperty\t;" + (encode([name, value, container], ";") or "")
                      for (container, name), value in state.properties.items()]
        trackers = [encode(["TURN" + tracker, value], "\t") for tracker, value in state.turns.items()]
        players = [encode(["PLAYER", pid, seat.name or "", seat.side or ""], "\t") for pid, seat in state.players.items()]
        tokens = ["begin_save", "", encode(adds + stacks, ESC), *kept, *properties, *trackers, *players, "end_save"]
        return encode(tokens, ESC) or ""

    def stream_commands(self):
        """The top-level commands of the opening's restore part."""
        split = split_stream(self.game.commands)
        return split.commands[:split.restore_end]

    def save_position(self, path: str | os.PathLike) -> Path:
        """Write the save of the position reached, from which the next log of the game starts."""
        return self._write(path, self.position_stream())

    def save(self, path: str | os.PathLike) -> Path:
        """Write the log beside nothing else changed: the opening's metadata is kept."""
        return self._write(path, self.stream())

    def _write(self, path: str | os.PathLike, stream: str) -> Path:
        """A copy of the opening's file (its metadata kept) holding ``stream``."""
        archive = None
        if self.game.archive is not None:
            archive = Archive(None, [Entry(e.info, e.data) for e in self.game.archive], self.game.archive.comment)
        written = SavedGame(archive, raw=self.game.raw, path=self.game.path)
        written.stream = stream
        return written.save(path)


def _said(at: str | Point) -> str:
    return at if isinstance(at, str) else f"{at[1]},{at[2]} on {at[0]}"


def _placed(piece: PieceState) -> Piece:
    """The decoded piece with its BasicPiece at its current spot, as VASSAL's getState writes it.

    A move changes where a piece is without rewriting its stored state string, but
    a ``D/`` carries the whole state: a stale position in it would move the piece.
    """
    decoded = piece.piece.copy()
    basic = decoded.basic
    if basic is None:
        raise BadInput(None, f"piece {piece.id} has no BasicPiece to place")
    spot = piece.spot
    basic.map, basic.x, basic.y = spot.map or "null", spot.x, spot.y
    return decoded


def _below(piece: PieceState) -> str | None:
    """The id of the piece directly under ``piece`` in its stack, or None at the bottom."""
    if piece.parent is None or piece.kind != PIECE:
        return None
    members = piece.parent.members
    index = members.index(piece)
    return members[index - 1].id if index > 0 else None
