"""A PBEM game's logs as one chain: does each log start where the one before it ended?

Players mail logs back and forth; each log should open on the position the
previous one ended in. VASSAL checks none of that (vassalengine/vassal #2255), so
a player who loads an older save, replays a turn for better dice, or moves a piece
between logs goes unnoticed. This module replays each log to its end and compares
positions piece by piece:

* :func:`position_of` takes what a player can see of a :class:`GameState` (each
  piece's map, point, place in its stack and trait states; global properties; turn
  trackers), leaving out what replay invents (the ids of the stacks it makes);
* :func:`compare_positions` lists every :class:`Difference` between two positions,
  by piece: the library function ``chain`` and ``audit`` share;
* :func:`link_logs` walks logs in order and says, for each consecutive pair,
  whether the later one opens where the earlier ended, whether both open on the
  same position (a replayed turn), and which logs open where no log ends (gaps)
  or belong to another game.

Pieces are named through :class:`Words`: a game with a rule pack speaks its own
words (units and LOCs), any other module VASSAL's (piece and location names).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from ..errors import BadInput
from ..formats.files import Module, SavedGame, open_file
from ..formats.traits import Hideable, Labeler, Marker, Obscurable
from ..formats.traits.layer import Layer
from ..gamedata.vocabulary import Vocabulary
from ..geometry.from_module import ModuleGeometry
from ..geometry.maps import BoardCell
from ..record import Catalogue
from .locations import Locations
from .piecetypes import PieceTypes
from .replayer import Replayer
from .state import GameState, PieceState
from .step_rolls import DiceRoll, rolls_in
from .turns import turn_words
from .units import UnitReader

# A log whose opening shares fewer of its pieces than this with every other log of
# the set is not a log of the same game (sample: no rule gives a figure).
SAME_GAME_SHARE = 0.5


class PieceAt(NamedTuple):
    """One piece as a player sees it: where it is and the state of each of its traits."""

    name: str
    map: str | None
    x: int
    y: int
    level: int  # 0 at the bottom of its stack
    traits: tuple[str | None, ...]  # own states of the traits, outermost first, BasicPiece's position left out


@dataclass
class Position:
    """The comparable content of a game state."""

    pieces: dict[str, PieceAt]
    properties: dict[tuple[str, str], str]
    turns: dict[str, str]
    types: dict[str, Any] = field(default_factory=dict, repr=False)  # piece id -> PieceType (for naming)
    states: dict[str, str | None] = field(default_factory=dict, repr=False)  # piece id -> its state string
    boards: dict[str, list[BoardCell]] = field(default_factory=dict, repr=False)
    players: dict[str, str] = field(default_factory=dict, repr=False)  # player id -> name (ids are passwords)
    _key: frozenset | None = field(default=None, repr=False, compare=False)

    def key(self) -> frozenset:
        """A hashable fingerprint: equal keys, equal positions (made once: a position is not changed)."""
        if self._key is None:
            self._key = frozenset(self.pieces.items()) | frozenset(self.properties.items()) | frozenset(
                ("turn", k, v) for k, v in self.turns.items())
        return self._key


def position_of(state: GameState) -> Position:
    """The position a state shows: every game piece (not stacks or decks) with its place and state."""
    pieces: dict[str, PieceAt] = {}
    types: dict[str, Any] = {}
    states: dict[str, str | None] = {}
    for piece in state.units():
        holder = piece.parent
        level = holder.children.index(piece) if holder is not None and holder.children is not None else 0
        spot = piece.spot
        own = piece.ptype.split_state(piece.state)
        traits = tuple(own[:-1]) + (_basic_rest(own[-1]),)
        pieces[piece.id] = PieceAt(piece.name, spot.map, spot.x, spot.y, level, traits)
        types[piece.id] = piece.ptype
        states[piece.id] = piece.state
    boards = {name: [BoardCell(b.name, b.column, b.row, b.reversed) for b in placed]
              for name, placed in state.boards.items()}
    players = {pid: seat.name for pid, seat in state.players.items() if seat.name}
    return Position(pieces, dict(state.properties), dict(state.turns), types, states, boards, players)


def _basic_rest(state: str | None) -> str | None:
    """BasicPiece's state without map, x and y (those are compared as the piece's place)."""
    if state is None:
        return None
    parts = state.split(";", 3)
    return parts[3] if len(parts) > 3 else ""


# ---------------------------------------------------------------------------------- words


class Words:
    """VASSAL's words: a piece by its name, a place by the map grid's location name."""

    def __init__(self, module: Module | None = None):
        self.module = module
        self._locations: dict[tuple, Locations] = {}
        self._turn_words: Callable[[str, str], list[str]] | None = None
        self.catalogue: Any = None  # a rule pack's, to name places by their LOCs

    def locations(self, boards: dict[str, list[BoardCell]]) -> Locations | None:
        if self.module is None:
            return None
        key = tuple(sorted((name, tuple(cells)) for name, cells in boards.items()))
        if key not in self._locations:
            self._locations[key] = Locations(ModuleGeometry(self.module, boards), self.catalogue)
        return self._locations[key]

    def turn(self, tracker_id: str, state: str | None) -> str | None:
        """A turn tracker's state as it shows (``April #2 - German Naval Movement``), else as stored."""
        if state is None or self.module is None:
            return state
        if self._turn_words is None:
            self._turn_words = turn_words(self.module)
        shown = [v for v in self._turn_words(tracker_id, state) if v]
        return " - ".join(shown) if shown else state

    def piece(self, piece_id: str, at: PieceAt, position: Position) -> str:
        return at.name or f"piece {piece_id}"

    def place(self, at: PieceAt, position: Position) -> str:
        if at.map is None:
            return "off the map"
        locations = self.locations(position.boards)
        name = locations.name(at.map, at.x, at.y) if locations is not None else None
        return f"{name} on {at.map}" if name else f"{at.x},{at.y} on {at.map}"


class GameWords(Words):
    """A rule pack's words: a unit by its name in the game data, a place by its LOC (hex, zone, box)."""

    def __init__(self, module: Module, pack: ChainGame):
        super().__init__(module)
        self.catalogue = pack.catalogue
        self.units = UnitReader(None, self.catalogue, pack.vocabulary.sides)

    def piece(self, piece_id: str, at: PieceAt, position: Position) -> str:
        ptype = position.types.get(piece_id)
        if ptype is None:
            return super().piece(piece_id, at, position)
        piece = PieceState(piece_id, ptype)
        piece.state = position.states.get(piece_id)
        unit = self.units.unit(piece)
        if unit is None:
            return super().piece(piece_id, at, position)
        data = getattr(getattr(self.catalogue, "data", None), "units", {}).get(unit.id)
        return getattr(data, "name", None) or unit.id

    def place(self, at: PieceAt, position: Position) -> str:
        if at.map is None:
            return "off the map"
        locations = self.locations(position.boards)
        loc = locations.loc(at.map, at.x, at.y) if locations is not None else None
        return loc if loc is not None else super().place(at, position)


class ChainGame(Protocol):
    """What the chain needs of the game the logs are of: how it names units (its caller finds the pack)."""

    @property
    def catalogue(self) -> Catalogue: ...

    @property
    def vocabulary(self) -> Vocabulary: ...


def words_for(module: Module | None, game: ChainGame | None = None) -> Words:
    """The game's words when the game is known, else VASSAL's (the module's, when given)."""
    if module is None:
        return Words(None)
    return GameWords(module, game) if game is not None else Words(module)


# ---------------------------------------------------------------------------------- differences


@dataclass(frozen=True)
class Difference:
    """One thing that is not the same: ``what`` changed of ``subject`` (a piece, property or tracker)."""

    kind: str  # place, stack, state, missing, added, property, turn
    subject: str
    before: str | None
    after: str | None
    piece_id: str | None = None
    what: str = ""

    def words(self, ended: str, began: str) -> str:
        """``II/138 was at 4332 when Anna's log ended, and at 4432 when Bert's log began.``"""
        when = f"when {ended} ended", f"when {began} began"
        if self.kind == "missing":
            return f"{self.subject} was {self.before} {when[0]}, and was not in the game {when[1]}."
        if self.kind == "added":
            return f"{self.subject} was not in the game {when[0]}, and was {self.after} {when[1]}."
        if self.kind == "stack":
            return f"{self.subject} was {self.before} {when[0]}, and {self.after} {when[1]}."
        if self.kind == "place" or self.what in ("hidden", "masked"):
            return f"{self.subject} was {self.before} {when[0]}, and {self.after} {when[1]}."
        before = "unset" if self.before is None else f"{self.before!r}"
        after = "unset" if self.after is None else f"{self.after!r}"
        return f"{self.subject}: {self.what} was {before} {when[0]}, and {after} {when[1]}."

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "subject": self.subject, "what": self.what or None,
                "before": self.before, "after": self.after, "piece": self.piece_id}


def compare_positions(earlier: Position, later: Position, words: Words | None = None) -> list[Difference]:
    """Every difference between two positions, by piece, then global properties and turn trackers."""
    words = words or Words(None)
    out: list[Difference] = []
    for piece_id, before in earlier.pieces.items():
        after = later.pieces.get(piece_id)
        name = words.piece(piece_id, before, earlier)
        if after is None:
            out.append(Difference("missing", name, f"at {words.place(before, earlier)}", None, piece_id))
        elif after != before:
            out.extend(_piece_differences(piece_id, name, before, after, earlier, later, words))
    for piece_id, after in later.pieces.items():
        if piece_id not in earlier.pieces:
            out.append(Difference("added", words.piece(piece_id, after, later), None,
                                  f"at {words.place(after, later)}", piece_id))
    out.extend(_stack_orders(earlier, later, words))
    for key in sorted(set(earlier.properties) | set(later.properties)):
        a, b = earlier.properties.get(key), later.properties.get(key)
        if a != b:
            container, name = key
            subject = f"global property {name}" + ("" if container == "Module" else f" of {container}")
            out.append(Difference("property", subject, a, b, what="its value"))
    for tracker in sorted(set(earlier.turns) | set(later.turns)):
        a, b = earlier.turns.get(tracker), later.turns.get(tracker)
        if a != b:
            out.append(Difference("turn", f"turn tracker {tracker}", words.turn(tracker, a), words.turn(tracker, b),
                                  what="its state"))
    return out


def _piece_differences(piece_id: str, name: str, before: PieceAt, after: PieceAt, earlier: Position,
                       later: Position, words: Words) -> list[Difference]:
    out = []
    here, there = words.place(before, earlier), words.place(after, later)
    if (before.map, before.x, before.y) != (after.map, after.x, after.y):
        if here == there:  # the same named place, another point of it
            here, there = f"{here} ({before.x},{before.y})", f"{there} ({after.x},{after.y})"
        out.append(Difference("place", name, f"at {here}", f"at {there}", piece_id))
    if before.traits != after.traits:
        ptype = later.types.get(piece_id) or earlier.types.get(piece_id)
        old = ptype.piece(earlier.states.get(piece_id)) if ptype is not None else None
        new = ptype.piece(later.states.get(piece_id)) if ptype is not None else None
        who = {**earlier.players, **later.players}
        out.extend(_trait_differences(piece_id, name, old, new, before, after, who))
    return out


def _stack_orders(earlier: Position, later: Position, words: Words) -> list[Difference]:
    """Stacks whose pieces, among those at the same spot in both positions, lie in another order."""
    spots: dict[tuple, list[str]] = {}
    for piece_id, at in earlier.pieces.items():
        other = later.pieces.get(piece_id)
        if other is not None and at.map is not None and (at.map, at.x, at.y) == (other.map, other.x, other.y):
            spots.setdefault((at.map, at.x, at.y), []).append(piece_id)
    out = []
    for ids in spots.values():
        if len(ids) < 2:
            continue
        first = sorted(ids, key=lambda i: earlier.pieces[i].level)
        second = sorted(ids, key=lambda i: later.pieces[i].level)
        if first != second:
            at = earlier.pieces[first[0]]
            def names(order: list[str], position: Position) -> str:
                return "bottom first " + ", ".join(words.piece(i, position.pieces[i], position) for i in order)
            out.append(Difference("stack", f"the stack at {words.place(at, earlier)}", names(first, earlier),
                                  names(second, later), first[0], "its order"))
    return out


def _trait_differences(piece_id: str, name: str, old, new, before: PieceAt, after: PieceAt,
                       who: dict[str, str]) -> list[Difference]:
    """Each trait whose state differs, said as the trait means it (layer level, label, hidden, masked)."""
    out = []
    for index, (a, b) in enumerate(zip(before.traits, after.traits)):
        if a == b:
            continue
        if old is None or new is None or index >= len(old.traits):
            out.append(Difference("state", name, a, b, piece_id, f"trait {index + 1}"))
            continue
        if isinstance(old.traits[index], Marker):
            out.extend(_marker_differences(piece_id, name, old.traits[index], new.traits[index]))
        else:
            out.append(_trait_difference(piece_id, name, old.traits[index], new.traits[index], a, b, who))
    return out


def _trait_difference(piece_id: str, name: str, old, new, a: str | None, b: str | None,
                      who: dict[str, str]) -> Difference:
    if isinstance(old, Layer):
        what = f"layer {old.layer_name}" if old.layer_name else "its layer"
        return Difference("state", name, _level(old), _level(new), piece_id, what)
    if isinstance(old, Labeler):
        return Difference("state", name, a, b, piece_id, "its label")
    if isinstance(old, Hideable):
        return Difference("state", name, _who(old.hidden_by, "hidden by", who), _who(new.hidden_by, "hidden by", who),
                          piece_id, "hidden")
    if isinstance(old, Obscurable):
        return Difference("state", name, _who(old.obscured_by, "masked by", who),
                          _who(new.obscured_by, "masked by", who), piece_id, "masked")
    what = getattr(type(old), "editor_name", "") or type(old).__name__
    return Difference("state", name, a, b, piece_id, f"its {what} trait")


def _marker_differences(piece_id: str, name: str, old: Marker, new: Marker) -> list[Difference]:
    """One difference per Marker property whose value changed (``its Morale``)."""
    before, after = dict(zip(old.keys, old.values_list)), dict(zip(new.keys, new.values_list))
    return [Difference("state", name, before.get(key), after.get(key), piece_id, f"its {key}")
            for key in dict.fromkeys(list(before) + list(after)) if before.get(key) != after.get(key)]


def _level(layer: Layer) -> str:
    names = layer.level_names
    if not layer.active:
        return "off"
    level = layer.level
    named = names[level] if 0 <= level < len(names) and names[level] else None
    return named or f"level {level + 1}"


def _who(player_id: str | None, verb: str, who: dict[str, str]) -> str:
    """``hidden by Anna``: the roster's name for the player id, never the id (VASSAL's ids are passwords)."""
    if not player_id:
        return "not " + verb.split()[0]
    return f"{verb} {who.get(player_id, 'a player not in the roster')}"


# ---------------------------------------------------------------------------------- logs and links


@dataclass
class ChainLog:
    """One log of a chain: where it opens and ends, who played it, its dice."""

    path: Path
    label: str
    module: str | None
    saved_at: int | None
    opening: Position
    final: Position
    rolls: list[tuple[int, DiceRoll]]
    steps: int
    game: SavedGame | None = field(default=None, repr=False, compare=False)  # the log as read, for more uses


def same_bytes(a: Path, b: Path) -> bool:
    """Are the two files one log received twice (the same bytes)? That is no replayed turn."""
    try:
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def read_log(path: SavedGame | str | os.PathLike, types: PieceTypes | None = None) -> ChainLog:
    """Replay a log (a path, or the log already read) to its end; BadInput if it is no saved game or
    log. ``types`` may be shared by the logs of one game: their pieces' type strings are the same,
    decoded once."""
    replayer = Replayer(path, types=types)
    if isinstance(path, SavedGame):
        path = str(path.path)
    state = replayer.restore()
    opening = position_of(state)
    rolls: list[tuple[int, DiceRoll]] = []
    for done in replayer.steps():
        rolls.extend((done.step.number, roll) for roll in rolls_in(done.step.commands, state))
    game = replayer.game
    module, saved = made_with(game)
    return ChainLog(Path(path), _label(Path(path), rolls), module, saved, opening,
                    position_of(state), rolls, len(replayer.step_list), game)


def made_with(game: SavedGame) -> tuple[str | None, int | None]:
    """The module (name and version) a log names, and when it was saved (ms), from its metadata."""
    meta = game.module_metadata
    module = f"{meta.name or ''} {meta.version or ''}".strip() if meta is not None else None
    saved = game.metadata.saved_at_ms if game.metadata is not None else None
    return module or None, saved


def _label(path: Path, rolls: Sequence[tuple[int, DiceRoll]]) -> str:
    """``Anna's log (a.vlog)`` when one player rolled most of its dice, else the file name."""
    counts: dict[str, int] = {}
    for _, roll in rolls:
        if roll.player:
            counts[roll.player] = counts.get(roll.player, 0) + 1
    if counts:
        player = max(counts, key=lambda p: counts[p])
        return f"{player}'s log ({path.name})"
    return path.name


@dataclass
class Link:
    """How the later of two consecutive logs opens against the earlier one."""

    earlier: ChainLog
    later: ChainLog
    verdict: str  # continues, replayed, differs
    differences: list[Difference] = field(default_factory=list)
    starts_after: ChainLog | None = None  # another log of the set whose end the later log opens on

    @property
    def whole(self) -> bool:
        return self.verdict == "continues"


@dataclass
class Chain:
    logs: list[ChainLog]
    links: list[Link]
    gaps: list[ChainLog]  # logs that open where no log of the set ends (but the one that opens the game)
    other_game: list[ChainLog]
    replays: list[tuple[ChainLog, ChainLog]]  # pairs of logs that open on the same position
    copies: list[tuple[ChainLog, ChainLog]] = field(default_factory=list)  # (a log, a file with its very bytes)

    @property
    def whole(self) -> bool:
        return not self.gaps and not self.other_game and not self.replays and all(x.whole for x in self.links)

    @property
    def distinct(self) -> list[ChainLog]:
        """The logs, each once: a file received twice counts once (for the game's dice)."""
        return [log for log in self.logs if all(log is not copy for _, copy in self.copies)]


def sort_by_time(logs: Sequence[ChainLog]) -> list[ChainLog]:
    """By the time in their metadata (logs without one last), the given order among equals."""
    return sorted(logs, key=lambda log: (log.saved_at is None, log.saved_at or 0))


def link_verdict(earlier_opening: Hashable, earlier_final: Hashable, later_opening: Hashable) -> str:
    """How a log opening on ``later_opening`` follows one that opened and ended on the others:
    ``continues`` (it opens where that one ended), ``replayed`` (both open on one position) or
    ``differs``. Positions by their keys, or by their digests (:class:`LogEnds`)."""
    if later_opening == earlier_final:
        return "continues"
    if later_opening == earlier_opening:
        return "replayed"
    return "differs"


def link_logs(logs: Sequence[ChainLog], words: Words | None = None) -> Chain:
    """Compare each log's opening with the end of the log before it, in the order given."""
    words = words or Words(None)
    main, other = _same_game(logs)
    copies = [(first, later) for i, later in enumerate(main) for first in main[:i] if same_bytes(first.path, later.path)]
    main = [log for log in main if all(log is not later for _, later in copies)]  # one log, received twice
    links = []
    ended = {log.final.key(): log for log in main}
    for earlier, later in zip(main, main[1:]):
        verdict = link_verdict(earlier.opening.key(), earlier.final.key(), later.opening.key())
        if verdict != "differs":
            links.append(Link(earlier, later, verdict))
        else:
            links.append(Link(earlier, later, "differs", compare_positions(earlier.final, later.opening, words),
                              ended.get(later.opening.key())))
    # One log opens the game where no log ends: the first such in the order given. Any other is a gap.
    unlinked = [log for log in main if log.opening.key() not in ended]
    gaps = unlinked[1:]
    # A save (no steps) ends where it opens: the log that opens there continues it, replaying nothing.
    replays = []
    for i, first in enumerate(main):
        for second in main[i + 1:]:
            if first.steps and first.opening.key() == second.opening.key() and not same_bytes(first.path, second.path):
                replays.append((first, second))
    return Chain(list(logs), links, gaps, other, replays, copies)


def _same_game(logs: Sequence[ChainLog]) -> tuple[list[ChainLog], list[ChainLog]]:
    """The logs of the game most of them share (by module name, then shared pieces), and the others."""
    if not logs:
        return [], []
    names = [module_name(log.module) for log in logs]
    common = max(set(names), key=names.count)
    main = [log for log, name in zip(logs, names) if name == common]
    other = [log for log, name in zip(logs, names) if name != common]
    kept = []
    for log in main:
        pieces = set(log.opening.pieces)
        shares = [len(pieces & set(o.opening.pieces)) / max(len(pieces), 1) for o in main if o is not log]
        if shares and max(shares) < SAME_GAME_SHARE:
            other.append(log)
        else:
            kept.append(log)
    return kept, other


def module_name(module: str | None) -> str | None:
    """A log's module (name and version) without its version: a campaign may outlive a module update."""
    if module is None:
        return None
    return re.sub(r"\s+v?\d[\w.\-]*$", "", module)


@dataclass(frozen=True)
class LogEnds:
    """What a league database keeps of a log to chain it with the others without reading it again:
    its module, when it was saved, digests of where it opens and ends (:func:`position_digest`)."""

    module: str | None
    saved_at: int | None
    opening: str
    final: str
    steps: int


def ends_of(log: ChainLog) -> LogEnds:
    return LogEnds(log.module, log.saved_at, position_digest(log.opening), position_digest(log.final), log.steps)


def ends_of_replay(game: SavedGame, opening: Position, final: Position, steps: int) -> LogEnds:
    """The ends of a log replayed for something else (an audit's record), without replaying it again."""
    module, saved = made_with(game)
    return LogEnds(module, saved, position_digest(opening), position_digest(final), steps)


def position_digest(position: Position) -> str:
    """SHA-256 of a position's key, the same in every process and run: equal digests, equal positions."""
    items = sorted(repr(item) for item in position.key())
    return hashlib.sha256("\n".join(items).encode("utf-8", "surrogateescape")).hexdigest()


def dice_side_by_side(first: ChainLog, second: ChainLog) -> list[tuple[str, str]]:
    """The two logs' dice in order, one row per roll: ``step 4: Anna, Naval Detection 3``."""
    def said(rolls: Iterable[tuple[int, DiceRoll]]) -> list[str]:
        return [f"step {n}: {r.player or '?'}, {r.button} {','.join(map(str, r.values))}" for n, r in rolls]
    a, b = said(first.rolls), said(second.rolls)
    width = max(len(a), len(b))
    return [(a[i] if i < len(a) else "", b[i] if i < len(b) else "") for i in range(width)]


def build_chain(paths: Sequence[str | os.PathLike], module: Module | None = None, sort: bool = False,
                game: ChainGame | None = None) -> Chain:
    """Read the logs and link them, in the order given or by time; pieces and places named by the
    module and, when given, the game."""
    types = PieceTypes()
    logs = [read_log(path, types) for path in paths]
    if sort:
        logs = sort_by_time(logs)
    return link_logs(logs, words_for(module, game))


def open_module(path: str | os.PathLike) -> Module:
    module = open_file(path)
    if not isinstance(module, Module):
        raise BadInput(path, f"is a {module.kind}, not a module (.vmod)")
    return module
