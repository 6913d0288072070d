"""Invasion: Norway's rules judged from the Operational Map's water are judged on real water (issue 22:
"Hexes know their water from real geography"): the hexes here are picked from the geodata, the hex of a
real position through the map's fit (scripts/fit_map.py), never read from hexes.csv.

8.7.2: a Naval Bombardment mission is declared "against an enemy-controlled airbase or port hex in a
partial-sea or partial-fjord hex that contains no enemy naval units". Værnes airfield lies on the Trondheimsfjord at
Stjørdal (63.457 N 10.924 E), Kjevik's on the Topdalsfjord by Kristiansand (58.204 N 8.085 E; both
geo/towns.csv); Bardufoss airfield lies inland in the Målselv valley (69.056 N 18.540 E, the airfield's
position on any general map), where the rules put it (5.1.3: 0203). None of the three hexes has its water
set by a rule (the map tool's rule facts set Fornebu's and Sola's, 9.0.1 and 11.1.3, so they are not used
here; Kjeller's real position falls in Oslo's hex 4720, not its sample hex 4619).
"""

from __future__ import annotations

import pytest

from conftest import ROOT
from vassal_tools.gamedata import load_game
from vassal_tools.gamedata.geography import fit_game
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder

DATA = ROOT / "module_src" / "invasion_norway"
COASTAL = {"Vaernes": (63.457, 10.924), "Kjevik": (58.204, 8.085)}  # on fjords
BARDUFOSS = (69.056, 18.540)  # inland, in the Målselv valley


@pytest.fixture(scope="module")
def hexes():
    game = load_game(DATA)
    _, fit = fit_game(DATA, game.grid, game.places)  # type: ignore[misc]
    return {name: fit.hex_at(*position) for name, position in (*COASTAL.items(), ("Bardufoss", BARDUFOSS))}


def bombarded(target: str) -> list[tuple[str, str | None, str]]:
    """A British cruiser in the Skagerrak declares a bombardment of the German-held ``target``."""
    builder = RecordBuilder("invasion-norway").control(target, "german").place("brit-cl-southampton", "Skagerrak")
    builder.phase("allied-naval-movement", turn="April #9")
    builder.add({"action": {"side": "allied", "kind": "bombardment", "units": ["brit-cl-southampton"], "hex": target}})
    return [(f.rule, f.where, f.message) for f in audit(builder.to_dict())]


def test_a_bombardment_is_judged_from_the_real_coast(hexes):
    # The three airbases sit in the hexes of their real airfields (places.csv agrees with the geodata).
    game = load_game(DATA)
    assert {p.name: p.hex for p in game.places if p.name in hexes} == hexes
    assert [bombarded(hexes[name]) for name in COASTAL] == [[], []]  # on a fjord: partial-fjord hexes
    [(rule, where, message)] = bombarded(hexes["Bardufoss"])  # inland: no bombardment reaches it
    assert (rule, where) == ("invasion-norway.txt 8.7.2", hexes["Bardufoss"])
    assert "not a partial-sea or partial-fjord hex" in message
