"""The opening save holds the module's card decks: VASSAL fills a DrawPile only for a brand-new
game (no ``SETUP_STACK`` restored, vassal-formats.md 5.2), and our opening save carries that
marker, so without the decks in it a player opening it would have none. Kampen om Norge's
module has six DrawPiles; the expectations come from its buildFile read as plain XML and from
the rules of a new deck (DrawPile.initializeContents: a Deck at the pile's place listing one
piece per CardSlot, face down unless faceDown is Never or MenuDefaultUp)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from vassal_tools.cli import main
from vassal_tools.formats.commands import AddPiece, walk
from vassal_tools.formats.files import open_file
from vassal_tools.games.kampen_om_norge.data import DATA

BOARD = "Kampen om Norge"


@pytest.fixture(scope="module")
def opened(kampen, tmp_path_factory):
    _, _, module, opening = kampen
    return tmp_path_factory.mktemp("kampen-decks"), module, opening


def module_piles(module: Path) -> list[dict]:
    """Each DrawPile of the buildFile: name, x, y (its board lies at 0,0 of a map without edge),
    faceDown and its CardSlots' gpids."""
    with zipfile.ZipFile(module) as zf:
        root = etree.fromstring(zf.read("buildFile.xml"))
    return [{"name": p.get("name"), "x": int(p.get("x")), "y": int(p.get("y")), "faceDown": p.get("faceDown"),
             "gpids": [c.get("gpid") for c in p if c.tag.endswith("CardSlot")]}
            for p in root.iter("VASSAL.build.module.map.DrawPile")]


def pieces_of(path: Path) -> dict[str, AddPiece]:
    return {c.id: c for c in walk(open_file(path).commands) if isinstance(c, AddPiece) and c.id}


def test_the_opening_save_has_one_deck_per_drawpile_holding_its_cards_face_down(opened):
    _, module, opening = opened
    piles = module_piles(module)
    assert len(piles) == 6 and all(p["gpids"] for p in piles)
    pieces = pieces_of(opening)
    decks = [c for c in pieces.values() if c.type.startswith("deck;")]
    assert len(decks) == len(piles)
    for pile in piles:
        found = [d for d in decks if f";{pile['name']};" in d.type]
        assert len(found) == 1, pile["name"]
        map_id, x, y, face_down, members = found[0].state.split(";")[:5]
        assert (map_id, int(x), int(y)) == (BOARD, pile["x"], pile["y"])
        assert face_down == ("false" if pile["faceDown"] in ("Never", "MenuDefaultUp") else "true")
        ids = members.split(",")
        assert len(ids) == len(pile["gpids"])
        card_gpids = []
        for ident in ids:
            # a card's BasicPiece state, its last trait's: map;x;y;gpid;...
            basic = pieces[ident].state.split("\t")[-1].split(";")
            assert (basic[0], int(basic[1]), int(basic[2])) == (BOARD, pile["x"], pile["y"])
            card_gpids.append(basic[3])
        assert card_gpids == pile["gpids"]  # one card per CardSlot, in the pile's order


def test_refresh_of_the_opening_save_finds_nothing_missing_and_changes_nothing(opened):
    root, module, opening = opened
    for options in ([], ["--add-missing"]):
        out = root / f"refreshed{len(options)}.vsav"
        result = CliRunner().invoke(main, ["refresh", str(opening), "--module", str(module), "-o", str(out),
                                           "--json", *options])
        assert result.exit_code == 0, result.output
        summary = json.loads(result.output)["summary"]
        assert summary["missing"] == 0 and summary["added"] == 0
        assert summary["refreshed"] == 0 and summary["unmatched"] == 0
        assert summary["decks"] == 6 and summary["decks_changed"] == 0 and summary["decks_unmatched"] == 0
        before, after = pieces_of(opening), pieces_of(out)
        assert {i: (c.type, c.state) for i, c in after.items()} == {i: (c.type, c.state) for i, c in before.items()}


def test_inspect_counts_the_cards_as_pieces_on_the_map(opened):
    _, _, opening = opened
    with open(DATA / "cards.csv", encoding="utf-8") as f:
        cards = sum(1 for line in f if line.strip()) - 1  # one card per row of the Appendix's cards
    set_up = 22  # the basic set-up (3): see test_kampen_module
    assert f"{set_up + cards} pieces on {BOARD}" in CliRunner().invoke(main, ["inspect", str(opening)]).output
