"""Narvik 1940's railroad is the real Ofoten line: 12.4 ("the railroad joins Narvik and Bjornfjell")
and 19.2 (the railroad artillery "may only move on contiguous railroad hexes") read the railroad hexes
of hexsides.csv, which scripts/fit_map.py --write lays along geo/rails.csv's stations through the fit."""

from __future__ import annotations

from vassal_tools.gamedata import load_game
from vassal_tools.gamedata.geography import fit_game
from vassal_tools.games.narvik_1940 import DATA_DIR

GAME = load_game(DATA_DIR)
GEOGRAPHY, FIT = fit_game(DATA_DIR, GAME.grid, GAME.places)  # type: ignore[misc]
RAILROAD = [(s.a, s.b) for s in GAME.hexsides if s.feature == "railroad"]
RAIL_HEXES = {h for side in RAILROAD for h in side}


def test_the_ofoten_line_is_sourced_station_by_station():
    (line,) = GEOGRAPHY.rails
    assert line.name == "Ofoten line"
    assert [t.name for t in line.stations][0] == "Narvik" and line.stations[-1].name == "Bjørnfjell"
    # each station GeoNames' or given by hand and marked approximate, never bare
    assert all(t.source == "GeoNames" or t.source.startswith("approximate") for t in line.stations)
    assert next(t for t in line.stations if t.name == "Narvik").source == "GeoNames"


def test_every_station_lies_in_a_railroad_hex_at_its_real_position():
    # Straumsnes, Rombak, Katterat, Hunddalen: the hex that holds each one's real position is on the railroad
    (line,) = GEOGRAPHY.rails
    real = {t.name: FIT.hex_at(t.lat, t.lon) for t in line.stations}
    assert real["Straumsnes"] == "1219" and real["Rombak"] == "1420" and real["Katterat"] == "1722"
    assert all(hexname in RAIL_HEXES for hexname in real.values())


def test_the_railroad_joins_the_rules_narvik_and_bjornfjell_hex_by_hex_on_land():
    # 12.4: Narvik (hex 0919) and Bjornfjell (2020, 3.1) are its ends; every step is to a neighbouring hex,
    # and no railroad hex is open sea (the old sample path ran straight over the Rombaksfjord)
    assert all(b in GAME.grid.neighbours(a) for a, b in RAILROAD)
    ends = [h for h in RAIL_HEXES if sum(h in side for side in RAILROAD) == 1]
    assert sorted(ends) == ["0919", "2020"]
    assert all(GAME.hexes[h].terrain != "sea" for h in RAIL_HEXES)
