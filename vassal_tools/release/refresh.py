"""Refresh a game in progress with a new version of its module; list the pieces a refresh cannot match.

Every piece of the save takes its definition from the new module, found by gpid
(the BasicPiece's PieceId, vassal-formats.md 2.6) and, failing that, by the
innermost BasicPiece name, as VASSAL's Refresh Counters does (GpIdChecker). The new
piece is the definition with its prototypes expanded, so prototype changes always
reach the pieces, whichever way they were matched (VASSAL bug #3745). What the game
did to the piece is kept wherever the new definition has the same trait:

* the BasicPiece state whole: map, position, the persistent properties; its gpid
  becomes the definition's, so the next refresh matches by gpid;
* the state of every trait paired with a trait of the same kind and identity (a
  Layer by its name, a Text Label by its property, a Dynamic Property by its key, a
  rotator by its name ...; :func:`~.traitdiff.pair_traits`), even when other fields
  of the trait changed (VASSAL needs the whole trait unchanged): layer level,
  label text, rotation, hidden and masked state, Dynamic Property values, trails;
* Marker values from the new definition, since a Marker is the module's static data
  and errata change it; but with ``old_module`` (the version the game was played
  with) a value the game changed (the save's value differs from the old
  definition's) is kept, and so is a Dynamic Property value the module changed only
  when the game never did.

Stacks and decks are left as they are, so map, position and stack order never
change; cards in decks are refreshed like any piece. A piece that matches no
definition is kept byte for byte and listed (:func:`orphans` lists exactly those).

In a log, the opening position and every piece a step adds take the new
definitions, and every ``D/`` state change in the steps (undos included) is
translated trait by trait to the new chain, so stepping through the refreshed log
gives the refreshed pieces all the way to the end; moves, chat and dice are kept.
That is what a PBEM player needs to step to the end and go on playing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..formats.commands import (
    AddPiece,
    ChangePiece,
    Command,
    CommandList,
    LogCommand,
    SingleCommand,
    encode_commands,
)
from ..formats.kinds import open_game, open_module
from ..formats.outputs import refuse_overwriting
from ..formats.pieces import Piece, decode_piece
from ..formats.sequence import encode
from ..formats.traits import BasicPiece, DynamicProperty, Layer, Marker, Trait
from ..formats.traits.encoding import join
from .definitions import Definition, ModuleDefinitions
from .traitdiff import identity, pair_traits, piece_changes, state_changes, stateless


def is_piece(command: AddPiece) -> bool:
    """An AddPiece of a game piece, not of a Stack or Deck container."""
    return command.type != "stack" and not command.type.startswith("deck;")


# -- matching -----------------------------------------------------------------------------------


class Matcher:
    """Finds a piece's definition in a module: by gpid, then (optionally) by BasicPiece name."""

    def __init__(self, definitions: ModuleDefinitions, by_name: bool = True):
        self.definitions = definitions
        self.by_name = by_name
        self._chosen: dict[tuple[str, str], Definition] = {}

    def match(self, piece: Piece) -> tuple[Definition | None, str | None, int]:
        """``(definition, how, candidates)``; how is ``gpid`` or ``name``; (None, None, 0) if none."""
        basic = piece.basic
        if basic is None:
            return None, None, 0
        gpid = basic.gpid
        found = self.definitions.by_gpid.get(gpid) if gpid else None
        if found is not None:
            return found, "gpid", 1
        if not self.by_name:
            return None, None, 0
        candidates = self.definitions.by_basic_name.get(basic.name, [])
        if not candidates:
            return None, None, 0
        return self._closest(piece, candidates), "name", len(candidates)

    def _closest(self, piece: Piece, candidates: list[Definition]) -> Definition:
        """Among same-named definitions, the one whose traits are most like the piece's (first on ties)."""
        if len(candidates) == 1:
            return candidates[0]
        key = (piece.type, candidates[0].basic_name)
        if key not in self._chosen:
            self._chosen[key] = self._most_alike(piece, candidates)
        return self._chosen[key]

    def _most_alike(self, piece: Piece, candidates: list[Definition]) -> Definition:
        wanted = [identity(t) for t in piece.traits]
        best, best_score = candidates[0], -1
        for candidate in candidates:
            expanded = self.definitions.expanded(candidate, copy=False)
            if expanded.type == piece.type:
                return candidate
            have = [identity(t) for t in expanded.traits]
            score = sum(1 for key in wanted if key in have) - abs(len(have) - len(wanted))
            if score > best_score:
                best, best_score = candidate, score
        return best


# -- one piece ----------------------------------------------------------------------------------


@dataclass
class Binding:
    """How one game piece maps onto its new definition, to translate later state changes."""

    old_type: str
    new_traits: list[Trait]
    partner: list[int | None]  # for each new trait, the index of its old trait (None: new trait)
    marker_states: dict[int, tuple[str | None, str | None]] = field(default_factory=dict)  # new index -> (old, new)


@dataclass
class Plan:
    """The expanded definition, its type string, and for each of its traits the old trait it takes state from."""

    template: Piece
    type: str
    partner: list[int | None]
    _type_changes: list[dict[str, Any]] | None = None

    def type_changes(self, piece: Piece) -> list[dict[str, Any]]:
        """What the definition changes in pieces of this type (the same for all of them)."""
        if self._type_changes is None:
            self._type_changes = piece_changes(stateless(piece), stateless(self.template))
        return self._type_changes


@dataclass
class PieceReport:
    id: str | None
    name: str
    old_name: str
    map: str | None
    x: int
    y: int
    matched_by: str | None
    candidates: int = 0
    old_gpid: str = ""
    new_gpid: str = ""
    changes: list[dict[str, Any]] = field(default_factory=list)
    step: int | None = None  # the log step that added the piece (None: the opening position)

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "map": self.map, "x": self.x, "y": self.y,
               "matched_by": self.matched_by}
        if self.old_name != self.name:
            out["old_name"] = self.old_name
        if self.candidates > 1:
            out["name_candidates"] = self.candidates
        if self.old_gpid != self.new_gpid:
            out["gpid"] = {"old": self.old_gpid, "new": self.new_gpid}
        if self.step is not None:
            out["step"] = self.step
        if self.changes:
            out["changes"] = self.changes
        return out


class PieceRefresher:
    """Builds refreshed pieces and remembers each one's binding for later ``D/`` commands."""

    def __init__(self, matcher: Matcher, old: ModuleDefinitions | None = None):
        self.matcher = matcher
        self.old = Matcher(old, matcher.by_name) if old is not None else None
        self.bindings: dict[str, Binding] = {}
        self._plans: dict[tuple[str, int], Plan] = {}

    def refresh(self, command: AddPiece, step: int | None = None) -> tuple[AddPiece, PieceReport]:
        piece = command.piece()
        basic = piece.basic
        report = PieceReport(command.id, piece.basic_name, piece.basic_name, basic.map if basic else None,
                             basic.x if basic else 0, basic.y if basic else 0, None, step=step)
        definition, how, candidates = self.matcher.match(piece)
        if definition is None:
            return command, report
        report.matched_by, report.candidates = how, candidates
        plan = self._plan(piece, definition)
        fresh, binding = self._rebuild(piece, definition, plan)
        report.name = fresh.basic_name
        report.old_gpid, report.new_gpid = basic.gpid, fresh.basic.gpid if fresh.basic else ""
        if command.id is not None:
            self.bindings[command.id] = binding
        state = fresh.state or ""
        if plan.type == piece.type and state == piece.state:
            return command, report
        report.changes = list(plan.type_changes(piece))
        for j, i in enumerate(plan.partner):
            if i is not None:
                report.changes += state_changes(piece.traits[i], fresh.traits[j])
        ident = command.id if command.id is not None else "null"
        return AddPiece(join(["+", ident, plan.type, state], "/"), command.id, plan.type, state), report

    def _rebuild(self, piece: Piece, definition: Definition, plan: Plan) -> tuple[Piece, Binding]:
        partner = plan.partner
        fresh = plan.template.copy()
        old_definition = self._old_definition(piece)
        binding = Binding(piece.type, fresh.traits, partner)
        for j, i in enumerate(partner):
            if i is not None:
                self._transfer(piece.traits[i], fresh.traits[j], definition, old_definition, binding, j)
        return fresh, binding

    def _plan(self, piece: Piece, definition: Definition) -> Plan:
        """How pieces of this type made from this definition are rebuilt: worked out once."""
        key = (piece.type, id(definition))
        plan = self._plans.get(key)
        if plan is None:
            template = self.matcher.definitions.expanded(definition).fill_states()
            old_index = {id(t): i for i, t in enumerate(piece.traits)}
            new_index = {id(t): j for j, t in enumerate(template.traits)}
            partner: list[int | None] = [None] * len(template.traits)
            for before, after in pair_traits(piece.traits, template.traits):
                if before is not None and after is not None:
                    partner[new_index[id(after)]] = old_index[id(before)]
            plan = self._plans[key] = Plan(template, template.type, partner)
        return plan

    def _transfer(self, before: Trait, after: Trait, definition: Definition, old_definition: Piece | None,
                  binding: Binding, index: int) -> None:
        if isinstance(after, BasicPiece):
            gpid = definition.gpid
            after.state = before.state
            if gpid and after.gpid != gpid and before.state is not None:
                after.gpid = gpid
            return
        if isinstance(after, Marker):
            old_value = before.state
            if old_definition is not None and self._played(before, old_definition):
                after.state = before.state
            binding.marker_states[index] = (old_value, after.state)
            return
        if isinstance(after, DynamicProperty) and old_definition is not None and not self._played(before, old_definition):
            return  # the game never changed it: the new module's value applies
        if isinstance(after, Layer) and isinstance(before, Layer) and type(before) is not type(after):
            after.value = before.value  # a legacy emb; layer's level in the emb2; form
        elif before.state is not None:
            after.state = before.state

    def _old_definition(self, piece: Piece) -> Piece | None:
        if self.old is None:
            return None
        definition, _, _ = self.old.match(piece)
        return None if definition is None else self.old.definitions.expanded(definition)

    @staticmethod
    def _played(trait: Trait, old_definition: Piece) -> bool:
        """Did the game change this trait's state from what the old module defined?"""
        same = next((t for t in old_definition.traits if identity(t) == identity(trait)), None)
        return same is None or (same.state or "") != (trait.state or "")

    def translate(self, command: ChangePiece) -> ChangePiece:
        """A ``D/`` of an old-chain piece rewritten for its refreshed chain."""
        binding = self.bindings.get(command.id)
        if binding is None:
            return command
        new_state = self._state(binding, command.new_state)
        old_state = None if command.old_state is None else self._state(binding, command.old_state)
        if new_state == command.new_state and old_state == command.old_state:
            return command
        tokens = [command.id, new_state] + ([] if old_state is None else [old_state])
        return ChangePiece.parse("D/" + (encode(tokens, "/") or ""))

    def _state(self, binding: Binding, state: str) -> str:
        old = decode_piece(binding.old_type, state).traits
        states = []
        for j, trait in enumerate(binding.new_traits):
            i = binding.partner[j]
            if i is None or i >= len(old):
                states.append(trait.state)
                continue
            value = old[i].state
            if j in binding.marker_states:
                before, after = binding.marker_states[j]
                value = after if value == before else value
            states.append(value)
        return Piece(type(t)(t.type, s) for t, s in zip(binding.new_traits, states)).state or ""


# -- a whole game -------------------------------------------------------------------------------


@dataclass
class RefreshResult:
    game: str
    module: str
    output: str | None
    kind: str
    pieces: list[PieceReport]
    changes_translated: int = 0
    missing: dict[str, list] | None = None  # at-start stacks added and skipped (add_missing)

    @property
    def unmatched(self) -> list[PieceReport]:
        return [p for p in self.pieces if p.matched_by is None]

    @property
    def changed(self) -> list[PieceReport]:
        return [p for p in self.pieces if p.changed]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "module": self.module, "output": self.output, "kind": self.kind,
            "summary": {"pieces": len(self.pieces), "refreshed": len(self.changed),
                        "unchanged": sum(1 for p in self.pieces if p.matched_by and not p.changed),
                        "unmatched": len(self.unmatched), "matched_by_name": sum(p.matched_by == "name" for p in self.pieces),
                        "state_changes_translated": self.changes_translated},
            "refreshed": [p.to_json() for p in self.changed],
            "unmatched": [p.to_json() for p in self.unmatched],
            **({} if self.missing is None else {"added_stacks": self.missing["added"],
                                                "skipped_stacks": self.missing["skipped"]}),
        }


def refresh_game(game_path, module_path, output=None, *, by_name: bool = True, old_module=None,
                 add_missing: bool = False) -> RefreshResult:
    """Refresh a save or log against ``module_path``; write ``output`` (if given) atomically.

    ``add_missing``: also create the module's at-start stacks none of whose pieces the
    game has (:mod:`.missing`).
    """
    refuse_overwriting(output, {"GAME": game_path, "--module": module_path, "--old-module": old_module})
    game = open_game(game_path)
    module = open_module(module_path)
    old = ModuleDefinitions(open_module(old_module)) if old_module is not None else None
    definitions = ModuleDefinitions(module)
    refresher = PieceRefresher(Matcher(definitions, by_name), old)
    result = RefreshResult(str(game.path), str(module.path), str(output) if output else None, game.kind, [])
    _rewrite(game.commands, refresher, result)
    if add_missing:
        from .missing import add_missing_stacks

        result.missing = add_missing_stacks(game, game.commands, definitions)
    if output is not None:
        game.stream = encode_commands(game.commands)
        game.save(output)
    return result


def orphans(game_path, module_path, *, by_name: bool = True) -> list[PieceReport]:
    """The pieces of a save or log that match no definition of the module: exactly what refresh keeps as is."""
    return refresh_game(game_path, module_path, by_name=by_name).unmatched


def _rewrite(commands: list[Command], refresher: PieceRefresher, result: RefreshResult) -> None:
    """Refresh every AddPiece and translate every ChangePiece, in execution order, in place."""
    step = 0
    seen_end = False
    for index, command in enumerate(commands):
        if isinstance(command, SingleCommand) and command.raw.rstrip() == "end_save":
            seen_end = True
        if seen_end and _is_log_step(command):
            step += 1
        at_step = step if seen_end else None
        commands[index] = _map(command, partial(_refresh_one, refresher=refresher, result=result, step=at_step))


def _is_log_step(command: Command) -> bool:
    while isinstance(command, CommandList) and command.children:
        command = command.children[0]
    return isinstance(command, LogCommand)


def _refresh_one(command: SingleCommand, refresher: PieceRefresher, result: RefreshResult,
                 step: int | None) -> SingleCommand:
    if isinstance(command, AddPiece) and is_piece(command):
        fresh, report = refresher.refresh(command, step)
        result.pieces.append(report)
        return fresh
    if isinstance(command, ChangePiece):
        translated = refresher.translate(command)
        if translated is not command:
            result.changes_translated += 1
        return translated
    return command


def _map(command: Command, fn: Callable[[SingleCommand], Command]) -> Command:
    if isinstance(command, CommandList):
        command.children = [_map(child, fn) for child in command.children]
        return command
    if isinstance(command, LogCommand):
        command.inner = _map(command.inner, fn)
        return command
    return fn(command) if isinstance(command, SingleCommand) else command
