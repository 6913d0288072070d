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

Stacks are left as they are, so map, position and stack order never change; cards in
decks are refreshed like any piece, and each deck takes its settings (its ``deck;``
type) from the module's DrawPile as VASSAL's "Refresh decks" does (:mod:`.decks`),
keeping its cards, their order and its face-down state. A piece that matches no
definition is kept byte for byte and listed (:func:`orphans` lists exactly those).
The at-start stack pieces and deck cards the module has and the game lacks are listed,
and created only on request (:mod:`.missing`, VASSAL #12927).

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
from ..formats.match import require_match
from ..formats.outputs import refuse_overwriting
from ..formats.pieces import Piece, decode_piece
from ..formats.sequence import encode
from ..formats.traits import BasicPiece, DynamicProperty, Layer, Marker, Trait
from ..formats.traits.encoding import join, join_chain
from ..geometry.from_module import ModuleGeometry, board_layouts
from .decks import DeckReport, placed_piles, refresh_decks
from .definitions import Definition, ModuleDefinitions
from .missing import Group, Presence, missing_pieces
from .traitdiff import identity, label, pair_traits, state_changes, trait_changes


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
    """The expanded definition, its type string, and for each of its traits the old trait it takes state from.

    The template is only read: a refreshed piece is built as a list of state strings,
    and only the traits whose state needs working out are copied.
    """

    template: Piece
    type: str
    partner: list[int | None]
    old_type: str
    # (new index, old index) pairs by how the new trait takes its state (see PieceRefresher._transfer):
    plain: list[tuple[int, int]] = field(default_factory=list)  # the game's state as is
    markers: list[tuple[int, int]] = field(default_factory=list)  # Markers: the module's values
    special: list[tuple[int, int]] = field(default_factory=list)  # worked out trait by trait
    plain_when_played: list[tuple[int, int]] = field(default_factory=list)  # the same with an old module
    special_when_played: list[tuple[int, int]] = field(default_factory=list)
    _type_changes: list[dict[str, Any]] | None = None

    def sort_pairs(self, old: list[Trait]) -> None:
        """Sort the paired traits by how they take their state, once per plan."""
        for j, i in enumerate(self.partner):
            if i is None:
                continue
            before, after = old[i], self.template.traits[j]
            if isinstance(after, BasicPiece) or (isinstance(after, Layer) and type(before) is not type(after)):
                self.special.append((j, i))
                self.special_when_played.append((j, i))
            elif isinstance(after, Marker):
                self.markers.append((j, i))
                self.special_when_played.append((j, i))
            elif isinstance(after, DynamicProperty):
                self.plain.append((j, i))
                self.special_when_played.append((j, i))
            else:
                self.plain.append((j, i))
                self.plain_when_played.append((j, i))

    def type_changes(self, piece: Piece, known: dict[tuple, list[dict[str, Any]]]) -> list[dict[str, Any]]:
        """What the definition changes in pieces of this type (the same for all of them), in editor order.

        ``known``: one trait's changes by its old and new type, shared by all plans (many
        piece types of a save change one trait the same way)."""
        if self._type_changes is None:
            self._type_changes = [] if self.old_type == self.type else self._changes(piece.traits, known)
        return self._type_changes

    def _changes(self, old: list[Trait], known: dict[tuple, list[dict[str, Any]]]) -> list[dict[str, Any]]:
        changes: list[dict[str, Any]] = []
        for before, after in self._editor_pairs(old):
            if before is None and after is not None:
                changes.append({"what": "trait added", "trait": label(after), "type": after.type})
            elif after is None and before is not None:
                changes.append({"what": "trait removed", "trait": label(before), "type": before.type})
            elif before is not None and after is not None and before.type != after.type:
                key = (type(before), before.type, type(after), after.type)
                if key not in known:
                    known[key] = trait_changes(_stateless(before), _stateless(after))
                changes += known[key]
        return changes

    def _editor_pairs(self, old: list[Trait]) -> list[tuple[Trait | None, Trait | None]]:
        """The plan's pairs that differ in type, in editor order (innermost first); an old trait
        without partner goes just outside the nearest paired trait inside it."""
        new = self.template.traits
        last = len(new) - 1
        keyed: list[tuple[tuple[int, int, int], Trait | None, Trait | None]] = []
        place_of_old: dict[int, int] = {}
        for j, i in enumerate(self.partner):
            if i is not None:
                place_of_old[i] = last - j
                if old[i].type == new[j].type:
                    continue  # unchanged: nothing to report
            keyed.append(((last - j, 0, 0), None if i is None else old[i], new[j]))
        inner_place = -1
        for i in range(len(old) - 1, -1, -1):
            if i in place_of_old:
                inner_place = place_of_old[i]
            else:
                keyed.append(((inner_place, 1, len(old) - i), old[i], None))
        keyed.sort(key=lambda item: item[0])
        return [(before, after) for _, before, after in keyed]


def _stateless(trait: Trait) -> Trait:
    return type(trait)(trait.type, None)


def _with_state(trait: Trait, state: str | None) -> Trait:
    return type(trait)(trait.type, state)


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
        self._templates: dict[int, Piece] = {}
        self._trait_changes: dict[tuple, list[dict[str, Any]]] = {}

    def refresh(self, command: AddPiece, step: int | None = None) -> tuple[AddPiece, PieceReport]:
        piece = command.piece()
        basic = piece.basic
        report = PieceReport(command.id, piece.basic_name, piece.basic_name, basic.map if basic else None,
                             basic.x if basic else 0, basic.y if basic else 0, None, step=step)
        definition, how, candidates = self.matcher.match(piece)
        if definition is None:
            return command, report
        report.matched_by, report.candidates = how, candidates
        old_type = piece.type
        plan = self._plan(piece, old_type, definition)
        states, changed, binding = self._rebuild(piece, definition, plan)
        report.name = plan.template.basic_name
        last = len(states) - 1
        new_basic = changed.get(last) or (_with_state(plan.template.traits[last], states[last]) if states else None)
        report.old_gpid = basic.gpid if basic else ""
        report.new_gpid = new_basic.gpid if isinstance(new_basic, BasicPiece) else ""
        if command.id is not None:
            self.bindings[command.id] = binding
        state = join_chain(states) or ""
        if plan.type == old_type and state == piece.state:
            return command, report
        report.changes = list(plan.type_changes(piece, self._trait_changes))
        for j, i in enumerate(plan.partner):
            if i is not None and piece.traits[i].state != states[j]:
                after = changed.get(j) or _with_state(plan.template.traits[j], states[j])
                report.changes += state_changes(piece.traits[i], after)
        ident = command.id if command.id is not None else "null"
        return AddPiece(join(["+", ident, plan.type, state], "/"), command.id, plan.type, state), report

    def _rebuild(self, piece: Piece, definition: Definition,
                 plan: Plan) -> tuple[list[str | None], dict[int, Trait], Binding]:
        """The refreshed piece's state strings, the traits copied to work them out, and its binding."""
        template = plan.template.traits
        states = [t.state for t in template]
        changed: dict[int, Trait] = {}
        old_traits = piece.traits
        old_definition = self._old_definition(piece)
        binding = Binding(plan.old_type, template, plan.partner)
        plain = plan.plain if old_definition is None else plan.plain_when_played
        for j, i in plain:
            state = old_traits[i].state
            if state is not None:
                states[j] = state  # the common case: the game's state, as is
        if old_definition is None:
            for j, i in plan.markers:  # the module's values; the game's value is remembered for D/ commands
                binding.marker_states[j] = (old_traits[i].state, states[j])
        for j, i in plan.special if old_definition is None else plan.special_when_played:
            after = changed[j] = template[j].copy()
            self._transfer(old_traits[i], after, definition, old_definition, binding, j)
            states[j] = after.state
        return states, changed, binding

    def _plan(self, piece: Piece, old_type: str, definition: Definition) -> Plan:
        """How pieces of this type made from this definition are rebuilt: worked out once."""
        key = (old_type, id(definition))
        plan = self._plans.get(key)
        if plan is None:
            template = self._template(definition)
            old_index = {id(t): i for i, t in enumerate(piece.traits)}
            new_index = {id(t): j for j, t in enumerate(template.traits)}
            partner: list[int | None] = [None] * len(template.traits)
            for before, after in pair_traits(piece.traits, template.traits):
                if before is not None and after is not None:
                    partner[new_index[id(after)]] = old_index[id(before)]
            plan = self._plans[key] = Plan(template, template.type, partner, old_type)
            plan.sort_pairs(piece.traits)
        return plan

    def _template(self, definition: Definition) -> Piece:
        """The expanded definition with every trait's starting state, shared by all its plans."""
        template = self._templates.get(id(definition))
        if template is None:
            definitions = self.matcher.definitions
            expanded = definitions.expanded(definition, copy=False)
            if any(t.state is None for t in expanded.traits):
                expanded = definitions.expanded(definition).fill_states()
            template = self._templates[id(definition)] = expanded
        return template

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
    decks: list[DeckReport] = field(default_factory=list)
    missing: list[Group] = field(default_factory=list)  # at-start stack pieces and cards the game lacks
    not_in_game: list[str] = field(default_factory=list)  # at-start stacks and decks of boards the game lacks
    added_missing: bool = False  # whether they were created
    warnings: list[str] = field(default_factory=list)  # a module that does not match (allowed), a version note

    @property
    def added(self) -> int:
        """How many pieces were created (the piece count grew by exactly this)."""
        return sum(len(g.added) for g in self.missing)

    @property
    def unmatched(self) -> list[PieceReport]:
        return [p for p in self.pieces if p.matched_by is None]

    @property
    def changed(self) -> list[PieceReport]:
        return [p for p in self.pieces if p.changed]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "module": self.module, "output": self.output, "kind": self.kind,
            "warnings": self.warnings,
            "summary": {"pieces": len(self.pieces), "refreshed": len(self.changed),
                        "unchanged": sum(1 for p in self.pieces if p.matched_by and not p.changed),
                        "unmatched": len(self.unmatched), "matched_by_name": sum(p.matched_by == "name" for p in self.pieces),
                        "state_changes_translated": self.changes_translated,
                        "decks": len(self.decks), "decks_changed": sum(bool(d.changes or d.moved) for d in self.decks),
                        "decks_unmatched": sum(d.matched is None for d in self.decks),
                        "missing": sum(len(g.missing) for g in self.missing), "added": self.added,
                        "not_in_game": len(self.not_in_game)},
            "refreshed": [p.to_json() for p in self.changed],
            "unmatched": [p.to_json() for p in self.unmatched],
            "decks": [d.to_json() for d in self.decks],
            "missing": [g.to_json() for g in self.missing],
            "not_in_game": self.not_in_game,
        }


def refresh_game(game_path, module_path, output=None, *, by_name: bool = True, old_module=None,
                 add_missing: bool = False, whole_only: bool = False, allow_mismatch: bool = False) -> RefreshResult:
    """Refresh a save or log against ``module_path``; write ``output`` (if given) atomically.

    The module (and ``old_module``) must be a version of the game's module: a module of
    another game would swap its pieces for whatever shares their gpid or name, so it is bad
    input unless ``allow_mismatch`` (then the differences are the result's ``warnings``), and
    an extension is refused (:func:`~..formats.match.require_match`).

    Decks take their settings from the module's DrawPiles (:mod:`.decks`). The at-start
    stack pieces and deck cards the game lacks are listed; ``add_missing`` creates them
    (``whole_only``: only stacks and decks the game has none of; :mod:`.missing`).
    """
    refuse_overwriting(output, {"GAME": game_path, "--module": module_path, "--old-module": old_module})
    game = open_game(game_path)
    module = open_module(module_path)
    warnings = require_match(game, module, allow_mismatch, new_version=True)
    old = None
    if old_module is not None:
        played_with = open_module(old_module)
        warnings += [w for w in require_match(game, played_with, allow_mismatch, new_version=True)
                     if w.startswith("WARNING")]
        old = ModuleDefinitions(played_with)
    definitions = ModuleDefinitions(module)
    refresher = PieceRefresher(Matcher(definitions, by_name), old)
    result = RefreshResult(str(game.path), str(module.path), str(output) if output else None, game.kind, [],
                           warnings=warnings)
    _rewrite(game.commands, refresher, result)
    geometry = ModuleGeometry(module, board_layouts(game.stream))
    piles = placed_piles(module, geometry)
    result.decks, decks_of = refresh_decks(game.commands, piles)
    presence = Presence((p.new_gpid if p.matched_by == "gpid" else "", p.name) for p in result.pieces)
    found = missing_pieces(game, game.commands, definitions, geometry, piles, decks_of, presence,
                           add=add_missing, whole_only=whole_only)
    result.missing, result.not_in_game = found.groups, found.inactive
    result.added_missing = add_missing
    if output is not None:
        game.stream = encode_commands(game.commands)
        game.save(output)
    return result


def orphans(game_path, module_path, *, by_name: bool = True, allow_mismatch: bool = False) -> list[PieceReport]:
    """The pieces of a save or log that match no definition of the module: exactly what refresh keeps as is."""
    return refresh_game(game_path, module_path, by_name=by_name, allow_mismatch=allow_mismatch).unmatched


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
