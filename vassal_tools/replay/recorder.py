"""Turn a VASSAL log (or save) into a game record (``vassal-tools/record@1``, see record.py).

The :class:`Recorder` replays the log once, step by step, and after each step
compares the units the step touched with what they were just before it:

* ``{"turn", "phase"}`` when the turn tracker (or a chat line, for a module
  without one) says the turn or phase changed;
* ``place`` for the opening position and for units that come into play, ``move``
  when a unit's LOC changes (``stack`` names the VASSAL stack when a whole stack
  moved), ``remove`` when it leaves the record's map, ``steps`` when the side it
  shows costs or restores a step (point);
* ``roll`` for each dice report, with the roller and their side;
* ``weather`` when the weather properties change;
* ``control`` and ``hits`` from the Control and Hit markers on the map
  (:mod:`.markers`);
* ``attack``, ``defend``, ``mission``, ``intercept``, ``control``, ``hits``,
  ``end`` and the zone and target of a roll from the declarations players type
  in chat (:mod:`.chat_grammar`, :mod:`.declaration_entries`).

A unit that comes into play (a new piece, or one from a place that is no LOC
of the game or an off-map box such as the turn track or the Mobilization
Display) is a ``place``, except that an existing piece brought onto the map in
a movement phase is a ``move``: it moved there. A stack dragged whole names
its VASSAL stack (``stack``) in its units' moves, and naval units coming into
play name the stack they are in, so the ships of one stack move, are searched
and are intercepted together. An air unit in a hex with a Frozen Lake Airbase marker in its stack is
based on that frozen lake (``airbase:HEX``).

Every entry carries ``"step": N`` (0 for the opening position); a declared entry
also ``"said"``, the chat text. Steps that were undone, and the undo steps
themselves, add nothing: the players took them back. Units are the pieces
:mod:`.units` identifies, places are LOCs from :mod:`.locations`; what is left
out, or a declaration that cannot be read, is said in :attr:`Recorder.warnings`
(and in the record's ``"warnings"``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import BadInput
from ..formats.chatlines import ChatLine
from ..formats.commands import AddPiece, ChangePiece, Chat, Command, MovePiece, RemovePiece
from ..formats.files import Module
from ..formats.logsteps import Step
from ..formats.match import require_match
from ..gamedata.vocabulary import ReplayHooks, Vocabulary
from ..geometry.from_module import ModuleGeometry
from ..geometry.maps import BoardCell
from ..record import Record, RecordGame
from ..record.builder import RecordBuilder
from ..record.places import place_of
from .chain import Position, position_of
from .chat_grammar import (
    Declaration,
    DeclarationError,
    GameWords,
    means_to_declare,
    read_declaration,
)
from .declaration_entries import Declared
from .locations import Locations
from .markers import MarkerTally
from .replayer import Replayer
from .state import GameState, PieceState
from .step_rolls import DiceButtons, DiceRoll, roll_of
from .turns import PhaseNames, TurnReader, TurnTracker, find_turn
from .unitnames import UnitNames
from .units import Mapping_, UnitInfo, UnitReader


@dataclass
class Where:
    """A unit at one moment: its LOC (None: not on the record's map) and strength."""

    loc: str | None
    strength: int | None
    masked: bool = False  # an Obscurable (mask) hides it from the other side


@dataclass
class RecordedLog:
    """A record made from a log: the JSON-ready dict, the loaded record, and what was left out."""

    data: dict[str, Any]
    record: Record
    warnings: list[str] = field(default_factory=list)
    locations: Locations | None = None  # how map points became LOCs (for pictures of the game)
    unidentified: dict[str, int] = field(default_factory=dict)  # piece name -> pieces not read as units
    mismatch: list[str] = field(default_factory=list)  # how the module differs from the log's, when allowed
    unit_pieces: dict[str, list[str]] = field(default_factory=dict)  # unit id -> its pieces' ids
    # Where the whole log opens and ends, as ``chain`` compares positions (None when recorded in part).
    opening: Position | None = None
    final: Position | None = None


def unmatched_warning(unmatched: dict[str, int]) -> str:
    """The warning a record made from a log carries about the pieces that are not units."""
    names = sorted(name or "(unnamed)" for name in unmatched)
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return (f"{sum(unmatched.values())} pieces are not units of either side and are not in the record ({shown}); "
            "a mapping file can name units among them")


class RecordedGame(RecordGame, Protocol):
    """What the recorder needs of the game a log is of (its caller finds the game's pack and hands
    it): what the record's reader needs, and the hooks of the game's own mechanics."""

    @property
    def replay_hooks(self) -> ReplayHooks: ...


def game_wanted(module: Module, mapping: Mapping_ | None, game: str | None = None) -> str:
    """The id of the game a log is recorded as: ``game`` if given, else the mapping file's, else the
    module's name (``Invasion: Norway`` -> ``invasion-norway``)."""
    return game or (mapping.game if mapping else None) or module_slug(module)


def module_slug(module: Module) -> str:
    """A module's name as a game id: lower case, words joined by ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", module.name.lower()).strip("-")


class Recorder:
    """Replays one log against one module and writes what happened as record entries."""

    def __init__(self, game, module: Module, find_game: Callable[[], RecordedGame], mapping: Mapping_ | None = None,
                 allow_mismatch: bool = False):
        """``find_game``: the game the log is recorded as, asked for once the log is known to be
        the module's (the caller looks it up: a log of another module is said to be that first)."""
        self.replayer = Replayer(game)
        self.module = module
        self.mismatch = require_match(self.replayer.game, module, allow_mismatch)
        self.mapping = mapping or Mapping_()
        self.pack = find_game()
        self.catalogue = self.pack.catalogue
        self.mapping.check_refs(self.catalogue, self.pack.id)
        self.words = self.pack.vocabulary
        self.chat_words = GameWords.of(self.words)  # the game's words a chat declaration may use
        # The game's own mechanics (Invasion: Norway's frozen lake airbases, its detection rolls).
        self.hooks: ReplayHooks = self.pack.replay_hooks
        self.units = UnitReader(self.mapping, self.catalogue, self.words.sides)
        self.turns = TurnReader(TurnTracker.of_module(module), PhaseNames.of_catalogue(self.catalogue, self.words))
        self.dice = DiceButtons(module, self.catalogue, self.words.record_words.get("roll"))
        self.locations: Locations | None = None
        self.declared = Declared(self._loc_of_text, self._names, self.words.sides)
        # The record is made through the record builder: units as they appear, entries in order.
        self.record = RecordBuilder(self.pack.id, log=os.path.basename(str(self.replayer.game.path)),
                                    module=f"{module.name} {module.version}".strip())
        self.warnings: list[str] = list(self.mismatch)
        self._said: tuple[str | None, str | None] = (None, None)
        self._ended = False  # an 'end' declaration closed the current phase
        self._weather: dict[str, str] = {}
        self._before: dict[str, Where] = {}
        self._created: set[str] = set()
        self._stacks: dict[str, str] = {}
        self.markers = MarkerTally()
        self._named: tuple[int, UnitNames] | None = None
        self._quiet = self._quiet_steps()

    @property
    def state(self) -> GameState:
        return self.replayer.state

    # -- the whole log ---------------------------------------------------------------------

    def run(self, last: int | None = None) -> RecordedLog:
        """Record the restore and every step (up to ``last``)."""
        self.opening()
        opened = position_of(self.state)
        for done in self.replayer.steps(before=self._look_before):
            self._after(done.step)
            if last is not None and done.step.number >= last:
                break
        self._unanswered()
        recorded = self.result()
        if last is None:
            recorded.opening, recorded.final = opened, position_of(self.state)
        return recorded

    def snapshot(self, number: int) -> RecordedLog:
        """The position after step ``number`` as a record of ``place`` entries (and turn, weather)."""
        self.replayer.state_at(number)
        self._geometry()
        self._turn_entry(number, self.turns.from_trackers(self.state.turns) if self.turns.uses_tracker
                         else self._chat_turn_until(number))
        self._weather_entry(number)
        self._places(number)
        self._markers(number, self._all_pieces())
        return self.result()

    def result(self) -> RecordedLog:
        for map_name, problem in (self.locations.problems.items() if self.locations else ()):
            self.warnings.append(f"pieces on map {map_name!r} have no places: {problem}")
        if self.units.unmatched:
            self.warnings.append(unmatched_warning(self.units.unmatched))
        data = self.record.to_dict()
        if self.warnings:
            data["warnings"] = list(self.warnings)
        try:
            pack = self.pack
            record = self.record.result(lambda game_id: pack if game_id == pack.id else None)
        except BadInput as err:  # a record we made that its own reader refuses: say where it came from
            raise BadInput(self.replayer.source, f"the record made from this log is not valid: {err}") from None
        record.source = self.replayer.source
        return RecordedLog(data, record, self.warnings, self.locations, dict(self.units.unmatched), self.mismatch,
                           self.units.pieces_of_units())

    # -- the opening ----------------------------------------------------------------------

    def opening(self) -> None:
        self.replayer.restore()
        self._geometry()
        self._turn_entry(0, self._read_turn(()))
        self._weather_entry(0)
        self._places(0)
        self._markers(0, self._all_pieces())

    def _geometry(self) -> None:
        layouts = {name: [BoardCell(b.name, b.column, b.row, b.reversed) for b in boards]
                   for name, boards in self.state.boards.items()}
        geometry = ModuleGeometry(self.module, layouts)
        self.locations = Locations(geometry, self.catalogue, self.mapping.locations)

    def _places(self, step: int) -> None:
        for map_name in self.state.maps:
            for piece in self.state.on_map(map_name):
                unit = self.units.unit(piece)
                if unit is None:
                    continue
                where = self._where(piece, unit)
                if where.loc is not None:
                    self._add(step, unit, _drop_none({"place": unit.id, "at": where.loc,
                                                      "stack": self._naval_stack(piece, unit)}))
                    if where.strength is not None and unit.full is not None and where.strength != unit.full:
                        self._add(step, unit, {"steps": unit.id, "to": where.strength})

    def _all_pieces(self) -> list[str]:
        return [piece.id for map_name in self.state.maps for piece in self.state.on_map(map_name)]

    # -- one step -------------------------------------------------------------------------

    def _look_before(self, step: Step, state: GameState) -> None:
        self._before, self._stacks, self._created = {}, {}, set()
        if step.number in self._quiet:
            return
        for piece_id in _touched(step.commands, state):
            piece = state.get(piece_id)
            if piece is None:  # created by this step: it was nowhere
                self._before[piece_id] = Where(None, None)
                self._created.add(piece_id)
                continue
            unit = self.units.unit(piece)
            if unit is not None:
                self._before[piece_id] = self._where(piece, unit)
        for command in step.commands:
            if isinstance(command, MovePiece):
                moved = state.get(command.id)
                if moved is not None and moved.kind == "stack":
                    self._stacks.update((child.id, moved.id) for child in moved.members)

    def _after(self, step: Step) -> None:
        if step.number in self._quiet:
            return
        n = step.number
        self._turn_entry(n, self._read_turn(step.commands))
        self._weather_entry(n)
        for piece_id, before in self._before.items():
            self._changes(n, piece_id, before)
        self._markers(n, _touched(step.commands, self.state))
        self._chat_entries(n, step.commands)

    def _changes(self, n: int, piece_id: str, before: Where) -> None:
        piece = self.state.get(piece_id)
        unit = self.units.unit(piece) if piece is not None else self._known(piece_id)
        if unit is None:
            return
        after = self._where(piece, unit) if piece is not None else Where(None, None)
        if after.loc != before.loc:
            if after.loc is None:
                self._add(n, unit, {"remove": unit.id})
            elif self._arrives(piece_id, before):
                self._add(n, unit, _drop_none({"place": unit.id, "at": after.loc,
                                               "stack": self._naval_stack(piece, unit)}))
            else:
                # Only a stack dragged whole moves as a stack (8.1.1): pieces dragged one by one do not.
                self._add(n, unit, _drop_none({"move": unit.id, "to": after.loc, "stack": self._stacks.get(piece_id)}))
        if self.hooks.reveals and before.masked and not after.masked and after.loc is not None:
            self._reveal(n, unit)
        # A unit coming into play is at full strength unless its counter shows otherwise.
        was = before.strength if before.loc is not None else unit.full
        if after.loc is not None and after.strength is not None and after.strength != was:
            self._add(n, unit, {"steps": unit.id, "to": after.strength})

    def _reveal(self, n: int, unit: UnitInfo) -> None:
        """A masked unit unmasked: shown to the other side (a game whose records read masks, ReplayHooks)."""
        known = self.catalogue.unit(unit.line["ref"]) if "ref" in unit.line else None
        side = str((known or {}).get("side") or unit.line.get("side") or "").lower()
        others = [s for s in self.words.sides if s != side]
        if side in self.words.sides and len(others) == 1:
            self._add(n, unit, {"reveal": {"units": [unit.id], "to": others[0]}})
        else:
            self.warnings.append(f"step {n}: {unit.id} was unmasked, but to which side is not known")

    def _arrives(self, piece_id: str, before: Where) -> bool:
        """Whether a unit now on the map comes into play (``place``) rather than moves there.

        A new piece comes into play. So does a piece brought from off the map (no LOC,
        or an off-map box such as the turn track), except in a movement phase, where
        bringing it on is its move.
        """
        off_map = getattr(self.catalogue, "off_map", None)
        if before.loc is not None and not (off_map is not None and off_map(before.loc)):
            return False
        if piece_id in self._created:
            return True
        return not (self._said[1] or "").endswith("-movement")

    def _naval_stack(self, piece: PieceState | None, unit: UnitInfo) -> str | None:
        """The VASSAL stack a naval unit is in: the ships of one stack move and are found together."""
        if piece is None or unit.unit_class != "naval" or piece.parent is None:
            return None
        return piece.parent.id

    def _known(self, piece_id: str) -> UnitInfo | None:
        """The unit of a piece deleted in this step (its data was read before)."""
        for (pid, _type), unit in self.units._cache.items():
            if pid == piece_id and unit is not None:
                return unit
        return None

    def _where(self, piece: PieceState, unit: UnitInfo) -> Where:
        spot = piece.spot
        loc = self.locations.loc(spot.map, spot.x, spot.y) if self.locations is not None else None
        if loc is not None and unit.unit_class == "air" and self._on_airbase_marker(piece):
            loc = self.catalogue.location(f"airbase:{loc}") or loc
        return Where(loc, self.units.strength(piece, unit), piece.masked_by is not None)

    def _on_airbase_marker(self, piece: PieceState) -> bool:
        """Whether a marker the game says makes an airbase (a Frozen Lake Airbase, 5.1.4) shares the piece's stack."""
        if piece.parent is None:
            return False
        for other in piece.parent.members:
            unit = self.units.unit(other) if other is not piece else None
            if unit is not None and unit.unit_class == "marker" and self._type_of(unit).lower() in self.hooks.airbase_markers:
                return True
        return False

    def _type_of(self, unit: UnitInfo) -> str:
        known = self.catalogue.unit(unit.line["ref"]) if "ref" in unit.line else None
        return str((known or {}).get("type") or unit.line.get("type") or "")

    def _add(self, step: int, unit: UnitInfo, entry: dict[str, Any]) -> None:
        self.record.units.setdefault(unit.id, dict(unit.line))
        entry["step"] = step
        self.record.add(entry)

    # -- control and hits markers -----------------------------------------------------------

    def _markers(self, step: int, piece_ids: Iterable[str]) -> None:
        """Control entries for Control markers that arrived; hits entries for changed counts."""
        changed = {}
        for piece_id in piece_ids:
            piece = self.state.get(piece_id)
            marker = self.units.marker(piece) if piece is not None else None
            spot = piece.spot if piece is not None and marker is not None else None
            loc = self.locations.loc(spot.map, spot.x, spot.y) if spot is not None and self.locations else None
            changed[piece_id] = (marker, loc) if marker is not None and loc is not None else None
        for entry in self.markers.update(changed):
            entry["step"] = step
            self.record.add(entry)

    # -- turn, phase, weather ---------------------------------------------------------------

    def _read_turn(self, commands: Iterable[Command]) -> tuple[str | None, str | None]:
        if self.turns.uses_tracker:
            return self.turns.from_trackers(self.state.turns)
        for command in commands:
            if isinstance(command, Chat):
                self.turns.from_chat(command.text)
        return self.turns.turn, self.turns.phase

    def _chat_turn_until(self, number: int) -> tuple[str | None, str | None]:
        for step in self.replayer.step_list[:number]:
            if step.number not in self._quiet:
                self._read_turn(step.commands)
        return self.turns.turn, self.turns.phase

    def _turn_entry(self, step: int, now: tuple[str | None, str | None]) -> None:
        turn, phase = now
        if phase is None or turn is None or now == self._said:
            return
        self._unanswered()
        self._said, self._ended = now, False
        self.record.add({"turn": turn, "phase": phase, "step": step})

    def _weather_entry(self, step: int) -> None:
        now = weather_of(self.state, self.words)
        changed = {s: v for s, v in now.items() if self._weather.get(s) != v}
        if changed:
            self._weather.update(changed)
            self.record.add({"weather": changed, "step": step})

    # -- chat: dice and declarations ---------------------------------------------------------

    def _chat_entries(self, n: int, commands: Iterable[Command]) -> None:
        """Dice reports and declarations, in the order the step has them."""
        for command in commands:
            if not isinstance(command, Chat):
                continue
            roll = roll_of(command, self.state, self.mapping.players)
            if roll is not None:
                self._roll_entry(n, roll)
            elif command.line.kind == "player":
                self._declaration(n, command.line)

    def _roll_entry(self, n: int, roll: DiceRoll) -> None:
        purpose = self.dice.purpose(roll)
        side = self.words.side_named(roll.side)  # the roller's seat as a side word, None when unknown
        declared = self.declared.roll(purpose)
        entry: dict[str, Any] = dict(declared.inner) if declared is not None else {"for": purpose}
        side = side or (declared.side if declared is not None else None)
        if side is None and purpose in self.hooks.judged_rolls:
            self.warnings.append(f"step {n}: the {roll.button} roll by {roll.player or 'an unnamed player'} is "
                                 "not in the record: the player's side is unknown (no PLAYER seat, no mapping)")
            return
        if declared is None and purpose in self.hooks.judged_rolls:
            self.warnings.append(f"step {n}: the {roll.button} roll has no 'detect' declaration before it, so "
                                 "it names no zone or target and its detection is not judged")
        # Several dice thrown at once are the record's list of dice; one die is read as the game reads it.
        entry["result"] = list(roll.values) if len(roll.values) > 1 else self.dice.result(roll)
        if side is not None:
            entry["side"] = side
        if roll.player:
            entry["by"] = roll.player
        if len(roll.values) == 1 and entry["result"] != roll.total:
            entry["reported"] = roll.total
        out: dict[str, Any] = {"roll": entry, "step": n}
        if declared is not None:
            out["said"] = declared.text
        self.record.add(out)

    def _declaration(self, n: int, line: ChatLine) -> None:
        try:
            decl = read_declaration(line.message, self.words.sides)
            if decl is None:
                return
            self._declare(n, decl, self._side_of(line.player))
        except DeclarationError as err:
            if means_to_declare(line.message, self.chat_words):
                self.warnings.append(f"step {n}: {line.message.strip()!r} is not in the record: {err}")

    def _declare(self, n: int, decl: Declaration, side: str | None) -> None:
        if decl.key == "phase":
            self._phase_declared(decl)
            return
        if decl.key == "end":
            entry: dict[str, Any] | None = self._end_declared(decl)
        else:
            entry = self.declared.entry(decl, n, side)
            for unit in self.declared.used:
                self.record.units.setdefault(unit.id, dict(unit.line))
        if entry is not None:
            entry.update({"step": n, "said": decl.text})
            self.record.add(entry)

    def _phase_declared(self, decl: Declaration) -> None:
        """A phase declared: checked against the tracker (a module without one reads it as chat)."""
        text = decl.fields["phase"]
        phase = self.turns.names.find(text)
        if phase is None:
            raise DeclarationError(f"{text!r} names no phase of the game")
        turn = find_turn(text, self.words) or self._said[0]
        if self.turns.uses_tracker and (turn, phase) != self._said:
            shown = ", ".join(p for p in self._said if p) or "nothing"
            raise DeclarationError(f"the turn tracker shows {shown}; the record follows the tracker")

    def _end_declared(self, decl: Declaration) -> dict[str, Any]:
        phase = self.turns.names.find(decl.fields["end"])
        if phase is None:
            raise DeclarationError(f"{decl.fields['end']!r} names no phase of the game")
        if phase != self._said[1] or self._ended:
            now = "no phase" if self._ended or self._said[1] is None else f"the {self._said[1]} phase"
            raise DeclarationError(f"the {phase} phase cannot end: the game is in {now}")
        self._unanswered()
        self._ended = True
        return {"end": phase}

    def _unanswered(self) -> None:
        for waiting in self.declared.unanswered():
            self.warnings.append(f"step {waiting.step}: {waiting.text!r} is not in the record: no "
                                 f"{waiting.purpose} roll came after it in its phase")

    def _side_of(self, player: str | None) -> str | None:
        return self.words.side_named(self.mapping.players.get(player or "") or self.state.side_of_player(player))

    def _note(self, said: str) -> None:
        if said not in self.warnings:
            self.warnings.append(said)

    def _loc_of_text(self, text: str) -> str | None:
        """A place as a player typed it: a LOC of the game, or a name VASSAL shows for one."""
        text = text.strip()
        found = place_of(self.catalogue, text, self._note)
        if found is None and self.locations is not None:
            found = self.locations.resolve(text)
        return found

    def _names(self) -> UnitNames:
        """The units on the maps by name, after the current step (made once per step that needs it)."""
        if self._named is None or self._named[0] != self.replayer.done:
            names = UnitNames(self.state, self.units, lambda piece, unit: self._where(piece, unit).loc, self.catalogue)
            self._named = (self.replayer.done, names)
        return self._named[1]

    # -- undo ------------------------------------------------------------------------------

    def _quiet_steps(self) -> set[int]:
        """Steps that add nothing: those undone, and the undo steps that undid them."""
        quiet: set[int] = set()
        for step in self.replayer.step_list:
            if step.undoes is not None:
                quiet.update((step.number, step.undoes))
        return quiet


def _touched(commands: Iterable[Command], state: GameState) -> list[str]:
    """Ids of the pieces a step's commands may change, in order of first mention (stack members too)."""
    out: dict[str, None] = {}
    for command in commands:
        if isinstance(command, (MovePiece, ChangePiece, RemovePiece)):
            ids: list[str | None] = [command.id]
        elif isinstance(command, AddPiece):
            ids = [command.id, *_listed_members(command)]
        else:
            continue
        for piece_id in ids:
            if piece_id is None:
                continue
            out[piece_id] = None
            piece = state.get(piece_id)
            if piece is not None and piece.children:
                out.update(dict.fromkeys(child.id for child in piece.children))
    return list(out)


def _listed_members(command: AddPiece) -> list[str]:
    if command.type != "stack":
        return []
    return [t for t in command.state.split(";")[3:] if t and not t.startswith("@@")]


def weather_of(state: GameState, words: Vocabulary) -> dict[str, str]:
    """Section -> weather from global properties such as ``WeatherNorth`` (build/weather.py)."""
    out = {}
    for (_container, name), value in state.properties.items():
        lowered = name.lower()
        if not lowered.startswith("weather"):
            continue
        section = lowered[len("weather"):].strip(" _-")
        state_ = value.strip().lower()
        if section in words.weather_sections and state_ in words.weather_states:
            out[section] = state_
    return out


def _drop_none(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if v is not None}


def record_log(game, module: Module, find_game: Callable[[], RecordedGame], mapping: Mapping_ | None = None,
               last: int | None = None, *, allow_mismatch: bool = False) -> RecordedLog:
    """The record of a log (or save) replayed against a module as a record of the game ``find_game``
    gives (:mod:`.match` checks it is the log's module; ``allow_mismatch`` goes on with a warning)."""
    return Recorder(game, module, find_game, mapping, allow_mismatch).run(last)


def position_at(game, module: Module, find_game: Callable[[], RecordedGame], step: int,
                mapping: Mapping_ | None = None, *, allow_mismatch: bool = False) -> RecordedLog:
    """The state after step ``step`` as a record of ``place`` entries."""
    return Recorder(game, module, find_game, mapping, allow_mismatch).snapshot(step)
