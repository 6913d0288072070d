"""Every AddPiece of every corpus save and log decodes and re-encodes identically.

The command stream is read here with zipfile, ``deobfuscate`` and the
SequenceEncoder decoder (vassal-formats.md 5.2, 5.3), independently of the
library's command parser.
"""

from __future__ import annotations

import zipfile

import pytest

from conftest import corpus_params
from vassal_tools.formats.obfuscation import deobfuscate
from vassal_tools.formats.pieces import Piece, encode_definition, parse_definition
from vassal_tools.formats.sequence import decode
from vassal_tools.formats.traits import BasicPiece, Deck, Stack, UnknownTrait

ESC, LOG = "\x1b", "LOG\t"


def commands(text: str):
    """Single commands of a stream: split on ESC recursively, LOG wrappers opened (5.2, 5.3)."""
    tokens = decode(text, ESC)
    if len(tokens) == 1 and tokens[0] == text:
        if text.startswith(LOG):
            logged = decode(text, "\t")
            if len(logged) > 1:
                yield from commands(logged[1])
        else:
            yield text
        return
    for token in tokens:
        yield from commands(token)


def add_pieces(path):
    with zipfile.ZipFile(path) as archive:
        text = deobfuscate(archive.read("savedGame"), str(path)).decode("utf-8")
    return [c for c in commands(text) if c.startswith("+/")]


@pytest.mark.parametrize("path", corpus_params("save") + corpus_params("log"))
def test_every_add_piece_round_trips(path):
    for command in add_pieces(path):
        ident, piece = parse_definition(command, path.name)
        assert ident != "null"
        assert encode_definition(piece, ident) == command
        rebuilt = Piece(piece.traits)  # no remembered source: the chain is nested anew
        assert encode_definition(rebuilt, ident) == command
        assert isinstance(piece.inner, (BasicPiece, Stack, Deck, UnknownTrait))
        if isinstance(piece.inner, BasicPiece):
            assert all(t.state is not None for t in piece.traits)  # saves carry full states
