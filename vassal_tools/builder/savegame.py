"""A scenario's opening save: the ``.vsav`` VASSAL would write right after setting it up.

The ``savedGame`` entry is GameState's restore command (vassal-formats.md 5.2)::

    begin_save ␛ (empty version check) ␛ NullCommand{AddPiece per piece} ␛
    board layouts ␛ SETUP_STACK ␛ weather properties ␛ turn tracker ␛ end_save

Pieces come as VASSAL orders them: by map id (``Map0``, ``Map1``, ... in buildFile
order), and on each map the pieces inside stacks before the stacks that hold them
(their draw-order index is -1 while a stack's is its place on the map). A piece's
type has its prototypes expanded, as a piece placed in a game has (2.6); its
BasicPiece state holds map, x, y, the gpid of its palette slot and its UniqueID
(4.4.1). ``SETUP_STACK`` tells VASSAL the at-start stacks are already on the maps,
so loading the save does not place them a second time; for the same reason the
save holds each DrawPile's deck with its cards as a new game's would (a Deck after
the map's stacks, its cards after their pieces).

Piece ids are numbered from a fixed base instead of the clock, so the same data
gives the same file.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..formats.archive import Archive, write_archive
from ..formats.metadata import write_metadata
from ..formats.obfuscation import DEFAULT_FORM, Form, obfuscate
from ..formats.pieces import Piece, encode_definition
from ..formats.sequence import encode
from .opening_decks import OpeningDeck
from .scenario import StartStack

ESC = "\x1b"
PIECE_ID_BASE = 1_700_000_000_000
# VASSAL picks a random key per file; a fixed one keeps saves reproducible.
OBFUSCATION_KEY = 0x5A
# A stack built for an at-start stack is not yet bound to a draw layer (Stack.LAYER_NOT_SET).
UNBOUND_LAYER = "@@-1"


@dataclass(frozen=True)
class PlacedPiece:
    """A unit's in-game piece (prototypes expanded; its own copy, placed in the stream's
    state) and the gpid of the slot it comes from."""

    piece: Piece
    gpid: str


def opening_stream(maps: Iterable[str], stacks: Iterable[StartStack], pieces: Mapping[str, PlacedPiece],
                   components: Iterable[str], decks: Sequence[OpeningDeck] = ()) -> str:
    """The command stream of the save. ``maps`` are map names in buildFile order;
    ``components`` the restore commands that follow the pieces; ``decks`` the DrawPiles'
    new decks, each after the map's stacks (its cards after the stacks' pieces)."""
    add_pieces = [""]  # the NullCommand's own (empty) encoding opens its list
    next_id = itertools.count(PIECE_ID_BASE)
    by_map: dict[str, list[StartStack]] = {}
    for stack in stacks:
        by_map.setdefault(stack.spot.map, []).append(stack)
    decks_of: dict[str, list[OpeningDeck]] = {}
    for deck in decks:
        decks_of.setdefault(deck.map, []).append(deck)
    # VASSAL orders maps by their ids as strings: Map10 comes before Map2.
    for _, name in sorted(enumerate(maps), key=lambda item: f"Map{item[0]}"):
        members, holders = [], []
        for stack in by_map.get(name, []):
            ids = []
            for unit in stack.units:
                piece_id = str(next(next_id))
                ids.append(piece_id)
                members.append(_add_piece(pieces[unit], piece_id, stack))
            holders.append(_add_stack(str(next(next_id)), stack, ids))
        for deck in decks_of.get(name, []):
            ids = []
            for piece, gpid in deck.cards:
                piece_id = str(next(next_id))
                ids.append(piece_id)
                members.append(_place(PlacedPiece(piece, gpid), piece_id, deck.map, deck.x, deck.y))
            holders.append(deck.command(ids, str(next(next_id))))
        add_pieces += members + holders
    tokens = ["begin_save", "", encode(add_pieces, ESC), *components, "end_save"]
    return encode(tokens, ESC) or ""


def _add_piece(placed: PlacedPiece, piece_id: str, stack: StartStack) -> str:
    return _place(placed, piece_id, stack.spot.map, stack.spot.x, stack.spot.y)


def _place(placed: PlacedPiece, piece_id: str, map_name: str, x: int, y: int) -> str:
    """The AddPiece of the piece at map x, y with its slot's gpid and ``piece_id`` as UniqueID."""
    piece = placed.piece
    basic = piece.basic
    if basic is None:
        raise ValueError(f"the piece of {piece_id} has no BasicPiece to place")
    basic.map = map_name
    basic.x, basic.y = x, y
    basic.gpid = placed.gpid
    basic.properties = {"UniqueID": piece_id}
    return encode_definition(piece, piece_id)


def _add_stack(stack_id: str, stack: StartStack, ids: list[str]) -> str:
    state = encode([stack.spot.map, str(stack.spot.x), str(stack.spot.y), *ids, UNBOUND_LAYER], ";")
    return encode(["+", stack_id, "stack", state], "/") or ""


SETUP_STACK = "SETUP_STACK\t"


def write_save(path: Path, stream: str, *, moduledata: bytes, module_version: str, description: str,
               vassal_version: str, date_saved: int, form: Form = DEFAULT_FORM) -> Path:
    """The ``.vsav``: obfuscated ``savedGame``, ``savedata``, and the module's ``moduledata`` (1.4).

    FORM is ``vcsk`` unless asked: every VASSAL opens it, while 3.7 and older cannot open ``vobs``.
    """
    archive = Archive(None)
    archive.put("savedGame", obfuscate(stream.encode("utf-8"), OBFUSCATION_KEY, form))
    archive.put("savedata", write_metadata(
        "save", version=module_version, extra1=None, extra2=None, vassal_version=vassal_version,
        date_saved=date_saved, description=description,
    ))
    archive.put("moduledata", moduledata)
    return write_archive(archive, path)


def source_date_ms() -> int:
    """The date written into metadata: ``SOURCE_DATE_EPOCH`` (reproducible builds) or 0."""
    try:
        return int(os.environ.get("SOURCE_DATE_EPOCH", "0")) * 1000
    except ValueError:
        return 0
