"""Every piece definition of every corpus module decodes and re-encodes identically; expansion matches saves.

The buildFile is read here with zipfile and lxml, independently of the library's
buildFile model.
"""

from __future__ import annotations

import zipfile

import pytest
from lxml import etree

from conftest import CORPUS, corpus_params
from vassal_tools.formats.obfuscation import deobfuscate
from vassal_tools.formats.pieces import (
    Piece,
    encode_definition,
    expand_prototypes,
    parse_definition,
)
from vassal_tools.formats.sequence import decode
from vassal_tools.formats.traits import BasicPiece, Prototype

DEFINITIONS = ("PieceSlot", "CardSlot", "PrototypeDefinition")


def definitions(path):
    """(kind, name, gpid, text) of every slot and prototype definition, in document order."""
    with zipfile.ZipFile(path) as archive:
        name = "buildFile.xml" if "buildFile.xml" in archive.namelist() else "buildFile"
        root = etree.fromstring(archive.read(name), etree.XMLParser(resolve_entities=False, huge_tree=True))
    for element in root.iter():
        kind = element.tag.rsplit(".", 1)[-1] if isinstance(element.tag, str) else ""
        if kind in DEFINITIONS and (element.text or "").strip():
            yield kind, element.get("entryName") or element.get("name"), element.get("gpid"), element.text


@pytest.mark.parametrize("path", corpus_params("module"))
def test_every_definition_round_trips(path):
    found = list(definitions(path))
    assert found, "a module without piece definitions"
    for kind, name, _gpid, text in found:
        ident, piece = parse_definition(text, path.name, f"{kind} {name!r}")
        assert ident == "null"
        assert encode_definition(piece, ident) == text
        # rebuilt from its traits alone (no remembered source), the strings are the same
        assert encode_definition(Piece(piece.traits), ident) == text
        if kind != "PrototypeDefinition":
            assert isinstance(piece.basic, BasicPiece)


def _saved_pieces(path):
    with zipfile.ZipFile(path) as archive:
        text = deobfuscate(archive.read("savedGame"), str(path)).decode("utf-8")
    for token in decode(text, "\x1b"):
        for command in decode(token, "\x1b"):  # the restore NullCommand nests one level (5.2)
            if command.startswith("+/"):
                yield parse_definition(command)[1]


@pytest.mark.parametrize("module, save", [
    ("kassala__Kassala.vmod", "kassala__Default_Setup.vsav"),
    ("tld__TheLongestDay_tmp.vmod", "tld__tmp_campaign.vsav"),
])
def test_expanded_slots_are_the_pieces_vassal_placed(module, save):
    """A piece in a save made with the same module is its slot with prototypes expanded (2.6)."""
    module_path, save_path = CORPUS / "modules" / module, CORPUS / "saves" / save
    if not module_path.exists() or not save_path.exists():
        pytest.skip("corpus files absent")
    prototypes, slots = {}, []
    for kind, name, gpid, text in definitions(module_path):
        piece = parse_definition(text)[1]
        if kind == "PrototypeDefinition":
            prototypes[name] = piece
        else:
            slots.append((gpid or piece.basic.gpid, piece))
    expanded_types: dict[str, set[str]] = {}
    for gpid, slot in slots:
        expanded_types.setdefault(gpid, set()).add(expand_prototypes(slot, prototypes, strict=True).type)
    compared = 0
    for placed in _saved_pieces(save_path):
        if placed.basic is None or placed.basic.gpid not in expanded_types:
            continue  # stacks, decks, pieces made by traits
        assert placed.type in expanded_types[placed.basic.gpid]
        assert not placed.find(Prototype)
        compared += 1
    assert compared >= 20
