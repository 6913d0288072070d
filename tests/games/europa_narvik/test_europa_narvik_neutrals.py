"""Europa Narvik's neutrals from real borders: 24, "Sweden and Finland are neutrals. With one exception, units
of either player may not enter a hex of a neutral" (the exception: the special supply counter, 11C). The
sheet's hexes in Sweden and Finland (data/tools/make_europa_sheet.py, from geography.geojson's country land:
GSHHG land cut by WDBII's borders) are those neutrals' (zone Sweden or Finland, flagged neutral)."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point

from vassal_tools.gamedata import NEUTRAL_FLAG, load_game
from vassal_tools.gamedata.geography import fit_game
from vassal_tools.games.europa_narvik import DATA_DIR
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder

GAME = load_game(DATA_DIR)
GEOGRAPHY, FIT = fit_game(DATA_DIR, GAME.grid, GAME.places)  # type: ignore[misc]
NEUTRAL = {h.hex: h.zone for h in GAME.hexes.values() if GAME.zones[h.zone].flag == NEUTRAL_FLAG}
COUNTRY = {"Sweden": "SE", "Finland": "FI"}


def real_position(hexname: str) -> Point:
    """The hex centre's real position (lon, lat): the inverse of the spherical transverse Mercator."""
    east, north = FIT.similarity.invert(*GAME.grid.centre(hexname))
    radius, projection = 6371.0, FIT.projection
    d = north / radius + math.radians(projection.origin_latitude)
    lat = math.degrees(math.asin(math.sin(d) / math.cosh(east / radius)))
    lon = projection.central_meridian + math.degrees(math.atan2(math.sinh(east / radius), math.cos(d)))
    return Point(lon, lat)


def test_the_neutrals_are_sweden_and_finland_flagged_neutral():
    assert {GAME.zones[z].source.split(":")[0] for z in ("Sweden", "Finland")} == {"24"}
    assert set(NEUTRAL.values()) == {"Sweden", "Finland"}


def test_every_neutral_hex_lies_in_its_country():
    # its centre on that country's real land, or (a coastal hex, its centre at sea) within a hex of it
    for hexname, zone in NEUTRAL.items():
        where = real_position(hexname)
        land = GEOGRAPHY.countries[COUNTRY[zone]]  # type: ignore[index]
        assert land.contains(where) or (not GEOGRAPHY.land.contains(where) and land.distance(where) < 0.25), hexname


def test_every_land_hex_whose_centre_is_in_sweden_or_finland_is_neutral():
    places = {p.hex for p in GAME.places if p.hex}
    for hexname, row in GAME.hexes.items():
        where = real_position(hexname)
        for zone, code in COUNTRY.items():
            if row.terrain != "sea" and hexname not in places and GEOGRAPHY.countries[code].contains(where):  # type: ignore[index]
                assert NEUTRAL.get(hexname) == zone, hexname


@pytest.mark.parametrize("town, lat, lon, zone", [
    # GeoNames' positions of towns well inside each country (not on a border river)
    ("Kiruna", 67.856, 20.225, "Sweden"), ("Östersund", 63.179, 14.636, "Sweden"), ("Sundsvall", 62.391, 17.307, "Sweden"),
    ("Karlstad", 59.379, 13.504, "Sweden"), ("Enontekiö", 68.385, 23.633, "Finland"), ("Kolari", 67.331, 23.783, "Finland"),
    ("Narvik", 68.438, 17.427, None), ("Trondheim", 63.430, 10.395, None), ("Kautokeino", 69.012, 23.040, None),
    ("Røros", 62.575, 11.385, None), ("Mo i Rana", 66.313, 14.142, None),
])
def test_a_real_town_is_in_a_hex_of_its_country(town: str, lat: float, lon: float, zone: str | None):
    assert NEUTRAL.get(FIT.hex_at(lat, lon) or "") == zone, town


def moved(unit: str, start: str, to: str) -> list[tuple[str, str | None]]:
    builder = RecordBuilder("europa-narvik").place(unit, start).phase("german-movement", turn="Turn 3").move(unit, to)
    return [(f.rule, f.where) for f in audit(builder.to_dict()) if f.rule.endswith(" 24")]


def test_no_unit_enters_a_neutral_hex_but_the_special_supply_counter():
    # 3711 (Norway, east of Narvik) touches 3712 (Sweden); 3710 is Norway
    assert NEUTRAL.get("3712") == "Sweden" and "3711" not in NEUTRAL and "3710" not in NEUTRAL
    assert moved("ger-138-i", "3711", "3712") == [("europa-narvik.txt 24", "3712")]
    assert moved("ger-138-i", "3711", "3710") == []
    # "The exception is the special supply counter the German player receives in Sweden on turn 2"
    assert moved("ger-sup-special", "3711", "3712") == []
