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
* ``weather`` when the weather properties change.

Every entry carries ``"step": N`` (0 for the opening position). Steps that were
undone, and the undo steps themselves, add nothing: the players took them back.
Units are the pieces :mod:`.units` identifies, places are LOCs from
:mod:`.locations`; what is left out is said in :attr:`Recorder.warnings`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import BadInput
from ..formats.commands import AddPiece, ChangePiece, Chat, Command, MovePiece, RemovePiece
from ..formats.files import Module, open_file
from ..formats.logsteps import Step
from ..geometry.from_module import ModuleGeometry
from ..geometry.maps import BoardCell
from .dice import rolls_in
from .locations import Locations
from .record import FORMAT, SECTIONS, SIDES, WEATHER, Record, load_record
from .replayer import Replayer
from .state import GameState, PieceState
from .turns import PhaseNames, TurnReader, TurnTracker
from .units import Mapping_, UnitInfo, UnitReader

_DETECTION_ROLLS = ("naval-detection", "air-detection")


@dataclass
class Where:
    """A unit at one moment: its LOC (None: not on the record's map) and strength."""

    loc: str | None
    strength: int | None


@dataclass
class RecordedLog:
    """A record made from a log: the JSON-ready dict, the loaded record, and what was left out."""

    data: dict[str, Any]
    record: Record
    warnings: list[str] = field(default_factory=list)
    locations: Locations | None = None  # how map points became LOCs (for pictures of the game)


def open_module(path: str | os.PathLike) -> Module:
    module = open_file(path)
    if not isinstance(module, Module):
        raise BadInput(path, f"is a {module.kind}, not a module (.vmod)")
    return module


def pack_of(module: Module, mapping: Mapping_ | None, game: str | None = None):
    """The rule pack for a module: ``game`` if given, else the mapping file's, else the module's name."""
    from ..rules import pack_for, pack_ids

    wanted = game or (mapping.game if mapping else None) or _slug(module.name)
    pack = pack_for(wanted)
    if pack is None:
        known = ", ".join(pack_ids()) or "none"
        raise BadInput(module.path, f"no rule pack {wanted!r} for module {module.name!r} "
                       f"(rule packs: {known}); name one in a mapping file's \"game\"")
    return pack


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class Recorder:
    """Replays one log against one module and writes what happened as record entries."""

    def __init__(self, game, module: Module, mapping: Mapping_ | None = None, game_id: str | None = None):
        self.replayer = Replayer(game)
        self.module = module
        self.mapping = mapping or Mapping_()
        self.pack = pack_of(module, mapping, game_id)
        self.catalogue = self.pack.catalogue
        self.units = UnitReader(self.mapping, self.catalogue)
        self.turns = TurnReader(TurnTracker.of_module(module), PhaseNames.of_catalogue(self.catalogue))
        self.rolls = _roll_names(self.catalogue)
        self.locations: Locations | None = None
        self.entries: list[dict[str, Any]] = []
        self.unit_lines: dict[str, dict[str, Any]] = {}
        self.warnings: list[str] = []
        self._said: tuple[str | None, str | None] = (None, None)
        self._weather: dict[str, str] = {}
        self._before: dict[str, Where] = {}
        self._stacks: dict[str, str] = {}
        self._quiet = self._quiet_steps()

    @property
    def state(self) -> GameState:
        return self.replayer.state

    # -- the whole log ---------------------------------------------------------------------

    def run(self, last: int | None = None) -> RecordedLog:
        """Record the restore and every step (up to ``last``)."""
        self.opening()
        for done in self.replayer.steps(before=self._look_before):
            self._after(done.step)
            if last is not None and done.step.number >= last:
                break
        return self.result()

    def snapshot(self, number: int) -> RecordedLog:
        """The position after step ``number`` as a record of ``place`` entries (and turn, weather)."""
        self.replayer.state_at(number)
        self._geometry()
        self._turn_entry(number, self.turns.from_trackers(self.state.turns) if self.turns.uses_tracker
                         else self._chat_turn_until(number))
        self._weather_entry(number)
        self._places(number)
        return self.result()

    def result(self) -> RecordedLog:
        for map_name, problem in (self.locations.problems.items() if self.locations else ()):
            self.warnings.append(f"pieces on map {map_name!r} have no places: {problem}")
        if self.units.unmatched:
            names = sorted(name or "(unnamed)" for name in self.units.unmatched)
            shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
            self.warnings.append(f"{sum(self.units.unmatched.values())} pieces are not units of either side and are "
                                 f"not in the record ({shown}); a mapping file can name units among them")
        data = {
            "format": FORMAT, "game": self.pack.id,
            "log": os.path.basename(str(self.replayer.game.path)),
            "module": f"{self.module.name} {self.module.version}".strip(),
            "units": self.unit_lines, "entries": self.entries,
        }
        try:
            record = load_record(data, self.catalogue)
        except BadInput as err:  # a record we made that its own reader refuses: say where it came from
            raise BadInput(self.replayer.source, f"the record made from this log is not valid: {err}") from None
        record.source = self.replayer.source
        return RecordedLog(data, record, self.warnings, self.locations)

    # -- the opening ----------------------------------------------------------------------

    def opening(self) -> None:
        self.replayer.restore()
        self._geometry()
        self._turn_entry(0, self._read_turn(()))
        self._weather_entry(0)
        self._places(0)

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
                    self._add(step, unit, {"place": unit.id, "at": where.loc})
                    if where.strength is not None and unit.full is not None and where.strength != unit.full:
                        self._add(step, unit, {"steps": unit.id, "to": where.strength})

    # -- one step -------------------------------------------------------------------------

    def _look_before(self, step: Step, state: GameState) -> None:
        self._before, self._stacks = {}, {}
        if step.number in self._quiet:
            return
        for piece_id in _touched(step.commands, state):
            piece = state.get(piece_id)
            if piece is None:  # created by this step: it was nowhere
                self._before[piece_id] = Where(None, None)
                continue
            unit = self.units.unit(piece)
            if unit is not None:
                self._before[piece_id] = self._where(piece, unit)
        for command in step.commands:
            if isinstance(command, MovePiece):
                moved = state.get(command.id)
                if moved is not None and moved.kind == "stack":
                    self._stacks.update((child.id, moved.id) for child in moved.children)

    def _after(self, step: Step) -> None:
        if step.number in self._quiet:
            return
        n = step.number
        self._turn_entry(n, self._read_turn(step.commands))
        self._weather_entry(n)
        for piece_id, before in self._before.items():
            self._changes(n, piece_id, before)
        self._roll_entries(n, step.commands)

    def _changes(self, n: int, piece_id: str, before: Where) -> None:
        piece = self.state.get(piece_id)
        unit = self.units.unit(piece) if piece is not None else self._known(piece_id)
        if unit is None:
            return
        after = self._where(piece, unit) if piece is not None else Where(None, None)
        if after.loc != before.loc:
            if after.loc is None:
                self._add(n, unit, {"remove": unit.id})
            elif before.loc is None:
                self._add(n, unit, {"place": unit.id, "at": after.loc})
            else:
                move = {"move": unit.id, "to": after.loc}
                if piece_id in self._stacks:
                    move["stack"] = self._stacks[piece_id]
                self._add(n, unit, move)
        # A unit coming into play is at full strength unless its counter shows otherwise.
        was = before.strength if before.loc is not None else unit.full
        if after.loc is not None and after.strength is not None and after.strength != was:
            self._add(n, unit, {"steps": unit.id, "to": after.strength})

    def _known(self, piece_id: str) -> UnitInfo | None:
        """The unit of a piece deleted in this step (its data was read before)."""
        for (pid, _type), unit in self.units._cache.items():
            if pid == piece_id and unit is not None:
                return unit
        return None

    def _where(self, piece: PieceState, unit: UnitInfo) -> Where:
        spot = piece.spot
        loc = self.locations.loc(spot.map, spot.x, spot.y) if self.locations is not None else None
        return Where(loc, self.units.strength(piece, unit))

    def _add(self, step: int, unit: UnitInfo, entry: dict[str, Any]) -> None:
        self.unit_lines.setdefault(unit.id, dict(unit.line))
        entry["step"] = step
        self.entries.append(entry)

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
        self._said = now
        self.entries.append({"turn": turn, "phase": phase, "step": step})

    def _weather_entry(self, step: int) -> None:
        now = weather_of(self.state)
        changed = {s: v for s, v in now.items() if self._weather.get(s) != v}
        if changed:
            self._weather.update(changed)
            self.entries.append({"weather": changed, "step": step})

    # -- dice ------------------------------------------------------------------------------

    def _roll_entries(self, n: int, commands: Iterable[Command]) -> None:
        for roll in rolls_in(commands, self.state, self.mapping.players):
            purpose = self.rolls.get(roll.button.strip().lower()) or _word(roll.button)
            side = (roll.side or "").strip().lower()
            side = side if side in SIDES else None
            if side is None and purpose in _DETECTION_ROLLS:
                self.warnings.append(f"step {n}: the {roll.button} roll by {roll.player or 'an unnamed player'} is "
                                     "not in the record: the player's side is unknown (no PLAYER seat, no mapping)")
                continue
            entry: dict[str, Any] = {"for": purpose, "result": roll.total}
            if side is not None:
                entry["side"] = side
            if roll.player:
                entry["by"] = roll.player
            if len(roll.values) > 1:
                entry["dice"] = list(roll.values)
            self.entries.append({"roll": entry, "step": n})

    # -- undo ------------------------------------------------------------------------------

    def _quiet_steps(self) -> set[int]:
        """Steps that add nothing: those undone, and the undo steps that undid them."""
        quiet = set()
        for step in self.replayer.step_list:
            if step.undoes is not None:
                quiet.update((step.number, step.undoes))
        return quiet


def _touched(commands: Iterable[Command], state: GameState) -> list[str]:
    """Ids of the pieces a step's commands may change, in order of first mention (stack members too)."""
    out: dict[str, None] = {}
    for command in commands:
        if isinstance(command, (MovePiece, ChangePiece, RemovePiece)):
            ids = [command.id]
        elif isinstance(command, AddPiece):
            ids = [command.id] + _listed_members(command)
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


def weather_of(state: GameState) -> dict[str, str]:
    """Section -> weather from global properties such as ``WeatherNorth`` (build/weather.py)."""
    out = {}
    for (_container, name), value in state.properties.items():
        lowered = name.lower()
        if not lowered.startswith("weather"):
            continue
        section = lowered[len("weather"):].strip(" _-")
        state_ = value.strip().lower()
        if section in SECTIONS and state_ in WEATHER:
            out[section] = state_
    return out


def _roll_names(catalogue) -> dict[str, str]:
    """Dice button name (lower case) -> the game's die roll id, from the game data when present."""
    info = getattr(getattr(catalogue, "data", None), "info", None)
    rolls = getattr(info, "die_rolls", None) or {}
    return {roll.name.strip().lower(): rid for rid, roll in rolls.items()}


def _word(text: str) -> str:
    return re.sub(r"[\s_]+", "-", text.strip().lower())


def record_log(game, module: Module | str | os.PathLike, mapping: Mapping_ | None = None,
               game_id: str | None = None, last: int | None = None) -> RecordedLog:
    """The record of a log (or save) replayed against a module."""
    if not isinstance(module, Module):
        module = open_module(module)
    return Recorder(game, module, mapping, game_id).run(last)


def position_at(game, module: Module | str | os.PathLike, step: int, mapping: Mapping_ | None = None,
                game_id: str | None = None) -> RecordedLog:
    """The state after step ``step`` as a record of ``place`` entries."""
    if not isinstance(module, Module):
        module = open_module(module)
    return Recorder(game, module, mapping, game_id).snapshot(step)
