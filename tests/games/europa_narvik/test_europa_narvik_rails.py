"""Europa Narvik's rail lines are the real lines of April 1940 (9A: "Every rail line printed on the map"):
geo/rails.csv gives each line's stations in order (GeoNames' towns, hand-given ones approximate), and
scripts/fit_map.py --write --rail-rule 9A lays the railroad hexsides along them through the sheet's grid."""

from __future__ import annotations

from vassal_tools.gamedata import load_game
from vassal_tools.gamedata.geography import fit_game
from vassal_tools.games.europa_narvik import DATA_DIR

GAME = load_game(DATA_DIR)
GEOGRAPHY, FIT = fit_game(DATA_DIR, GAME.grid, GAME.places)  # type: ignore[misc]
RAILROAD = [s for s in GAME.hexsides if s.feature == "railroad"]
RAIL_HEXES = {h for side in RAILROAD for h in (side.a, side.b)}
ALL_SEA = {name for name, row in GAME.hexes.items() if row.terrain == "sea"}  # the sheet's water (GSHHG)


def test_the_lines_of_1940_run_through_their_real_towns():
    lines = {line.name: [t.name for t in line.stations] for line in GEOGRAPHY.rails}
    assert lines["Ofoten line"] == ["Narvik", "Bjørnfjell"]
    assert lines["Rauma line"] == ["Dombås", "Åndalsnes"]
    assert lines["Dovre line"][0] == "Oslo" and lines["Dovre line"][-1] == "Trondheim"
    assert "Mosjøen" not in lines["Nordland line"]  # Grong - Mosjøen opened after the campaign (9C's railhead)
    for line in GEOGRAPHY.rails:
        assert all(t.source == "GeoNames" or t.source.startswith("approximate") for t in line.stations), line.name


def test_every_station_on_the_sheet_is_in_a_railroad_hex_at_its_real_position():
    for line in GEOGRAPHY.rails:
        for town in line.stations:
            hexname = FIT.hex_at(town.lat, town.lon)
            if hexname in ALL_SEA:  # a port on a spit (Luleå): its station in a land hex beside it
                assert set(GAME.grid.neighbours(hexname)) & RAIL_HEXES, (line.name, town.name, hexname)
            elif hexname is not None:
                assert hexname in RAIL_HEXES, (line.name, town.name, hexname)
    # the Ofoten line leaves Narvik's hex (3609, a port: 17) for Sweden's Ore line towards Kiruna
    assert next(p.hex for p in GAME.places if p.name == "Narvik") in RAIL_HEXES
    assert FIT.hex_at(67.85572, 20.22513) in RAIL_HEXES  # Kiruna (GeoNames): 11C's rail hexes in Sweden


def test_each_railroad_hexside_joins_neighbouring_hexes_once():
    assert all(side.b in GAME.grid.neighbours(side.a) for side in RAILROAD)
    assert len({frozenset((side.a, side.b)) for side in RAILROAD}) == len(RAILROAD)
    assert all(side.source.startswith("9A") for side in RAILROAD)


def test_no_railroad_hexside_touches_an_all_sea_hex():
    # A rail line follows land: where the straight line from station to station crosses open water (the
    # Vestfold line past the Oslofjord's mouth, 2049) the path goes round by land, and a station whose real
    # position falls in an all-sea hex (Luleå, 4721, at the tip of its peninsula) sits in the land hex
    # nearest it. A station on a coast hex (Narvik, Bergen, Trondheim) keeps its own hex.
    assert [(side.a, side.b, side.note) for side in RAILROAD if {side.a, side.b} & ALL_SEA] == []
    lulea = next(t for line in GEOGRAPHY.rails for t in line.stations if t.name == "Luleå")
    assert FIT.hex_at(lulea.lat, lulea.lon) in ALL_SEA  # the case seen: its real position is open water
    for name in ("Narvik", "Bergen", "Trondheim"):
        town = next(t for line in GEOGRAPHY.rails for t in line.stations if t.name == name)
        hexname = FIT.hex_at(town.lat, town.lon)
        assert hexname in RAIL_HEXES and GAME.hexes[hexname].coast == "sea", name
