"""Maps pinned to real geography (gamedata.geography, scripts/extract_geodata.py, scripts/fit_map.py).

The expected values come from the rulebook (Narvik 1940's numbered hexes and its scale, 1.1:
"Each hex on the map represents 1.5 miles or 2.4km") and from the public sources (GeoNames'
Narvik at 68.43838 N 17.4272 E), never from the code's output.
"""

from __future__ import annotations

import importlib.util
import math
import struct
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from vassal_tools.gamedata import load_game
from vassal_tools.gamedata.geography import (
    TransverseMercator,
    fit_game,
    fit_similarity,
    load_geography,
    numbered_places,
    water_of_hexes,
)
from vassal_tools.gamedata.sources import citations
from vassal_tools.gamedata.vocabulary import fold_place

NARVIK = ROOT / "module_src" / "narvik_1940"
# narvik-1940.txt: 3.1 "Bjornfjell (hex 2020)", 3.2 "Bogen (hex 0216)", "Salangen (hex 1801)",
# 12.4 "Narvik (hex 0919)".
RULE_HEXES = {"Narvik": "0919", "Bjornfjell": "2020", "Bogen": "0216", "Salangen": "1801"}


@pytest.fixture(scope="module")
def narvik():
    game = load_game(NARVIK)
    geography, fit = fit_game(NARVIK, game.grid, game.places)
    return game, geography, fit


def test_a_known_similarity_is_recovered_exactly():
    # Points moved by scale 0.5, a 30-degree turn and an offset (north negated: rows grow south).
    scale, turn, (ox, oy) = 0.5, math.radians(30), (3.0, -2.0)
    sources = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (7.0, -4.0)]
    targets = [(scale * (math.cos(turn) * e - math.sin(turn) * -n) + ox,
                scale * (math.sin(turn) * e + math.cos(turn) * -n) + oy) for e, n in sources]
    fitted = fit_similarity(sources, targets)
    assert fitted.scale == pytest.approx(scale)
    assert fitted.rotation == pytest.approx(turn)
    assert fitted.offset == pytest.approx((ox, oy))
    assert fitted.invert(*fitted.apply(7.0, -4.0)) == pytest.approx((7.0, -4.0))


def test_the_projection_keeps_distances_near_its_meridian():
    # One degree of latitude is 111.2 km on a sphere of 6,371 km (2 * pi * 6371 / 360).
    projection = TransverseMercator(central_meridian=17.5, origin_latitude=68.5)
    (_, n1), (_, n2) = projection.km(68.0, 17.5), projection.km(69.0, 17.5)
    assert n2 - n1 == pytest.approx(111.19, abs=0.01)


def test_the_rulebooks_numbered_places_are_the_fits_pins(narvik):
    game, _, fit = narvik
    assert dict(numbered_places(game.places)) == RULE_HEXES
    assert {pin.name: pin.hex for pin in fit.pins} == RULE_HEXES


def test_every_numbered_hex_lies_within_one_hex_of_its_real_place(narvik):
    game, _, fit = narvik
    for pin in fit.pins:
        assert pin.real_hex is not None, pin
        assert game.grid.distance(pin.hex, pin.real_hex) <= 1, pin
        assert pin.residual < 1.0, pin


def test_the_fitted_scale_is_near_the_rules_scale(narvik):
    # 1.1: "Each hex on the map represents 1.5 miles or 2.4km"; four places fix the fit, whose
    # scale may stray a little from the printed one, not by a fifth.
    assert fit_scale_error(narvik[2].km_per_hex, 2.4) < 0.2


def fit_scale_error(found: float, rule: float) -> float:
    return abs(found - rule) / rule


def test_the_hex_at_geonames_narvik_is_the_rules_narvik_or_beside_it(narvik):
    game, _, fit = narvik
    at = fit.hex_at(68.43838, 17.4272)  # GeoNames: Narvik
    assert at is not None and game.grid.distance(at, "0919") <= 1


def test_a_place_far_off_the_map_is_in_no_hex(narvik):
    assert narvik[2].hex_at(59.91, 10.75) is None  # Oslo


def test_hexes_csv_holds_the_water_that_geodata_gives(narvik):
    """hexes.csv is what scripts/fit_map.py --write makes of the committed geodata: rerun it
    (the maintainer's tool) when either changes."""
    game, geography, fit = narvik
    water = water_of_hexes(fit, geography)
    places = {place.hex for place in game.places if place.hex}
    for name, row in game.hexes.items():
        all_sea = water[name].all_sea and name not in places
        assert (row.terrain == "sea") == all_sea, name
        assert row.border == water[name].border, name


def test_the_ofotfjord_is_sea_and_narvik_bjerkvik_are_land(narvik):
    game, geography, fit = narvik
    # Mid-Ofotfjord between Ballangen and Bogen (68.43 N 17.0 E) is open water.
    assert game.hexes[fit.hex_at(68.43, 17.0)].terrain == "sea"
    for town in ("Narvik", "Bjerkvik"):
        real = geography.town(town)
        assert game.hexes[fit.hex_at(real.lat, real.lon)].terrain != "sea", town


def test_the_coast_is_known_so_naval_strikes_are_judged(narvik):
    game = narvik[0]
    coasts = {row.coast for row in game.hexes.values()}
    assert {"sea", "fjord"} <= coasts  # coastal and inlet hexes both exist (16.0)


def test_each_real_place_names_its_source():
    geography = load_geography(NARVIK)
    assert geography is not None
    assert {town.source.split(":")[0] for town in geography.towns} <= {"GeoNames", "approximate"}
    assert geography.town("Bjornfjell").source.startswith("approximate")
    assert geography.town("Narvik").source == "GeoNames"


def test_ascii_and_norwegian_spellings_fold_alike():
    assert fold_place("Elvegårdsmoen") == fold_place("Elvegaardsmoen") == fold_place("Elvegardsmoen")
    assert fold_place("Sjøvegan") == fold_place("Sjovegan")


def test_a_data_source_is_a_source_and_anything_else_is_not():
    (rule, water) = citations("2.1: XXYY; GSHHG: water through the fit")
    assert rule.rule == "2.1" and water.data == "GSHHG" and not water.is_sample
    assert citations("approximate: read off a map")[0].is_approximate
    with pytest.raises(ValueError, match="neither a rule number"):
        citations("Wikipedia: somewhere")


def test_the_board_shows_real_land_and_water(narvik, tmp_path):
    from vassal_tools.art.map_data import map_data
    from vassal_tools.art.map_style import load_map_style
    from vassal_tools.art.operational import draw_operational

    style = load_map_style()
    data = map_data(narvik[0])
    image = draw_operational(data, style).canvas.image().convert("RGB")
    sea, land = style.colour("terrain.sea"), style.colour("terrain.clear")
    # Points away from hex outlines and labels: the Rombaksfjord's middle and the land north
    # of Narvik, by their real positions.
    fjord = data.real.pixel(68.455, 17.62)
    ground = data.real.pixel(68.50, 17.30)
    assert close(image.getpixel((round(fjord[0]), round(fjord[1]))), sea)
    assert close(image.getpixel((round(ground[0]), round(ground[1]))), land)


def close(pixel, colour, tolerance=12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def test_the_extractor_reads_basemaps_layout(tmp_path, monkeypatch):
    """basemap's files: one meta line a polygon (level area points south north offset bytes),
    little-endian float32 lon/lat pairs; a polygon outside the extent's longitudes is skipped."""
    spec = importlib.util.spec_from_file_location("extract_geodata", ROOT / "scripts" / "extract_geodata.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["extract_geodata"] = module
    spec.loader.exec_module(module)
    inside = [(17.0, 68.0), (17.5, 68.0), (17.5, 68.5), (17.0, 68.0)]
    outside = [(40.0, 68.0), (41.0, 68.0), (41.0, 68.5), (40.0, 68.0)]
    data, meta, offset = b"", [], 0
    for level, ring in ((1, inside), (2, outside)):
        chunk = b"".join(struct.pack("<ff", lon, lat) for lon, lat in ring)
        meta.append(f"{level} 1.0 {len(ring)} 68.0 68.5 {offset} {len(chunk)} x\n")
        data, offset = data + chunk, offset + len(chunk)
    (tmp_path / "gshhsmeta_f.dat").write_text("".join(meta))
    (tmp_path / "gshhs_f.dat").write_bytes(data)
    found = list(module.basemap_records(tmp_path, "gshhs", module.Extent(16.0, 18.0, 67.5, 69.0)))
    assert [level for level, _ in found] == [1]
    assert found[0][1].tolist() == [list(p) for p in inside]


# -- locate --lonlat on the built module ----------------------------------------------------------

@pytest.fixture(scope="module")
def narvik_module(tmp_path_factory):
    from vassal_tools.builder.module import assemble, module_archive, module_file_name
    from vassal_tools.formats.archive import write_archive

    folder = tmp_path_factory.mktemp("narvik-geo")
    assembly = assemble(NARVIK, scenario="campaign", cache=folder / "cache")
    return write_archive(module_archive(assembly), folder / module_file_name(assembly.game))


def locate(module: Path, *args: str):
    from click.testing import CliRunner

    from vassal_tools.cli import main
    return CliRunner().invoke(main, ["locate", str(module), "--map", "Operational Map", "--json", *args])


def test_locate_names_the_hex_at_a_real_position(narvik_module, narvik):
    import json

    game = narvik[0]
    # GeoNames' Narvik and Sjøvegan (Salangen's centre); the rules: Narvik 0919, Salangen 1801.
    result = locate(narvik_module, "--lonlat", "68.43838,17.4272", "--lonlat", "68.87363,17.84706")
    assert result.exit_code == 0, result.output
    names = [row["location"] for row in json.loads(result.output)]
    assert game.grid.distance(names[0], "0919") <= 1
    assert game.grid.distance(names[1], "1801") <= 1


def test_locate_says_a_position_off_the_board_is_off_it(narvik_module):
    import json

    result = locate(narvik_module, "--lonlat", "59.91,10.75")  # Oslo
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)[0]["location"] == "offboard"


@pytest.mark.parametrize("text", ["91,17", "68.4", "north,east"])
def test_a_position_that_is_none_is_bad_input(narvik_module, text):
    result = locate(narvik_module, "--lonlat", text)
    assert result.exit_code == 2
    assert "--lonlat 1" in result.output and len(result.output.strip().splitlines()) == 1


def test_a_map_not_drawn_from_real_geography_is_said_to_be_so(narvik_module):
    from click.testing import CliRunner

    from vassal_tools.cli import main
    result = CliRunner().invoke(main, ["locate", str(narvik_module), "--map", "Strategic Map", "--lonlat", "68.4,17.4"])
    assert result.exit_code == 2
    assert "not drawn from real geography" in result.output


# -- Invasion: Norway -----------------------------------------------------------------------------

INVASION = ROOT / "module_src" / "invasion_norway"
# invasion-norway.txt numbers these hexes in its text (1.1, 6.1.1, 7.1.5, 11.1.1, 11.5.1 ...).
INVASION_NUMBERED = {"Bardufoss": "0203", "Vaernes": "3018", "Trondheim": "3019", "Bergen": "4332", "Oslo": "4720"}


@pytest.fixture(scope="module")
def invasion():
    game = load_game(INVASION)
    geography, fit = fit_game(INVASION, game.grid, game.places)
    return game, geography, fit


def test_invasion_norways_numbered_hexes_include_the_issues_examples(invasion):
    assert INVASION_NUMBERED.items() <= dict(numbered_places(invasion[0].places)).items()


def test_every_hex_invasion_norways_text_numbers_lies_within_one_hex_of_its_real_place(invasion):
    game, _, fit = invasion
    assert len(fit.pins) >= 15
    for pin in fit.pins:
        assert pin.real_hex is not None and game.grid.distance(pin.hex, pin.real_hex) <= 1, pin


def test_a_name_several_real_places_bear_is_no_place_until_geo_toml_says_which(invasion):
    import dataclasses

    from vassal_tools.gamedata.geography import Town
    geography = invasion[1]
    # GeoNames' only "Mo" is in Hordaland (60.8 N); the game's Mo is Mo i Rana (66.3 N).
    assert geography.town("Mo").name == "Mo i Rana"
    twins = dataclasses.replace(geography, rule_places={},
                                towns=(Town("Mo", 60.8, 5.8, "GeoNames"), Town("Mo", 66.3, 14.1, "GeoNames")))
    assert len(twins.towns_named("Mo")) == 2 and twins.town("Mo") is None


# GeoNames (cities1000): places invasion-norway.txt names without numbering their hexes.
INVASION_REAL = {"Stavanger": (58.97005, 5.73332), "Kristiansand": (58.14671, 7.9956), "Egersund": (58.45142, 5.99970),
                 "Namsos": (64.4662, 11.49574), "Bodo": (67.28, 14.40501), "Lillehammer": (61.11514, 10.46628)}


def test_each_place_invasion_norway_does_not_number_is_in_the_hex_of_its_real_position(invasion):
    game, geography, fit = invasion
    for name, (lat, lon) in INVASION_REAL.items():
        assert game.place(name).hex == fit.hex_at(lat, lon), name
    numbered = {pin.name for pin in fit.pins}
    for place in game.places:
        town = geography.town(place.name)
        if place.hex and town is not None and place.name not in numbered:
            assert place.hex == fit.hex_at(town.lat, town.lon), place.name
            assert "sample: hex" not in place.source and place.source != "sample", place.name


def test_invasion_norways_hexes_hold_the_sea_geodata_gives(invasion):
    game, geography, fit = invasion
    water = water_of_hexes(fit, geography)
    for name, row in game.hexes.items():
        if row.terrain == "sea":  # the game's sea is real sea (the Baltic's, off its sea zones, is Sweden)
            assert water[name].all_sea, name
    # The open sea west of Bergen (60.4 N 4.0 E) and the Skagerrak (58.0 N 9.5 E) are sea hexes.
    assert game.hexes[fit.hex_at(60.4, 4.0)].terrain == "sea"
    assert game.hexes[fit.hex_at(58.0, 9.5)].terrain == "sea"
    # 8.1.3: Stavanger is reached from the Norwegian Leads: a coastal hex beside it.
    stavanger = game.place("Stavanger").hex
    assert game.hexes[stavanger].coast == "sea"
    assert any(game.hexes[n].zone == "Norwegian Leads" for n in game.grid.neighbours(stavanger))


def test_invasion_norways_board_is_drawn_from_geodata(invasion):
    from vassal_tools.art.map_data import map_data
    from vassal_tools.art.map_style import load_map_style
    from vassal_tools.art.operational import draw_operational, key_entries

    style = load_map_style()
    data = map_data(invasion[0])
    assert data.real is not None
    image = draw_operational(data, style).canvas.image().convert("RGB")
    # The Trondheimsfjord off Frosta (63.5 N 10.6 E, GSHHG sea) shows as water inside its land
    # hex; the inland plateau (60.3 N 8.0 E) as land.
    fjord, plateau = data.real.pixel(63.5, 10.6), data.real.pixel(60.3, 8.0)
    assert invasion[0].hexes[invasion[2].hex_at(63.5, 10.6)].terrain != "sea"
    assert close(image.getpixel((round(fjord[0]), round(fjord[1]))), style.colour("terrain.sea"))
    assert not close(image.getpixel((round(plateau[0]), round(plateau[1]))), style.colour("terrain.sea"))
    # The key explains the real rivers and the national border drawn under the hexes.
    assert {e.feature for e in key_entries(data, style) if e.kind == "geo"} == {"river", "border"}


def test_invasion_norway_geodata_stays_small():
    assert sum(p.stat().st_size for p in (INVASION / "geo").iterdir()) < 2_000_000


# -- Europa Narvik: a grid laid down, no hex numbered ---------------------------------------------

EUROPA = ROOT / "module_src" / "europa_narvik"
# europa-narvik.txt 4B: "a ground scale of 16 miles per hex" (statute miles: 16 x 1.609344 km).
EUROPA_KM_PER_HEX = 16 * 1.609344
# GeoNames (cities1000): each place the rules name, and where it really is.
EUROPA_REAL = {"Narvik": (68.43838, 17.4272), "Alta": (69.96887, 23.27165), "Horten": (59.41721, 10.48343),
               "Kristiansand": (58.14671, 7.9956), "Bergen": (60.39299, 5.32415), "Trondheim": (63.43049, 10.39506),
               "Tromso": (69.6489, 18.95508)}


@pytest.fixture(scope="module")
def europa():
    game = load_game(EUROPA)
    geography, fit = fit_game(EUROPA, game.grid, game.places)
    return game, geography, fit


def test_europa_narvik_numbers_no_hex_so_its_grid_is_laid_at_the_rules_scale(europa):
    game, geography, fit = europa
    assert numbered_places(game.places) == []
    assert geography.design is not None
    assert fit.km_per_hex == pytest.approx(EUROPA_KM_PER_HEX, abs=0.01)


def test_every_place_europa_narvik_names_is_in_the_hex_of_its_real_position(europa):
    game, _, fit = europa
    for name, (lat, lon) in EUROPA_REAL.items():
        assert fit.hex_at(lat, lon) == game.place(name).hex, name
    assert len(fit.pins) >= 15
    for pin in fit.pins:  # every place with a real position: inside its hex (a hex's radius is 0.577)
        assert pin.real_hex == pin.hex and pin.residual < 0.58, pin


def test_europa_narvik_sheet_holds_what_the_rules_place_on_it(europa):
    game, _, fit = europa
    # 26: "it is not apparent due to the edge of the map": Alta lies in the top row.
    assert game.place("Alta").hex.endswith("01")
    # 17D: the North Sea lies between Norway and the west edge: the sea west of Bergen (60.4 N 3.5 E).
    west_of_bergen = game.hexes[fit.hex_at(60.4, 3.5)]
    assert west_of_bergen.terrain == "sea" and west_of_bergen.zone == "North Sea"
    # 17D: the straits between Norway and Denmark (57.9 N 9.5 E, the Skagerrak) are on the sheet, as sea.
    assert game.hexes[fit.hex_at(57.9, 9.5)].terrain == "sea"
    # 4B: Sweden is on the maps: Kiruna (67.856 N 20.225 E) is land of the sheet, beside the border.
    assert game.hexes[fit.hex_at(67.856, 20.225)].terrain != "sea"
    # The Vestfjord (68.0 N 14.5 E) is open water.
    assert game.hexes[fit.hex_at(68.0, 14.5)].terrain == "sea"


def test_europa_narvik_hexes_hold_the_water_geodata_gives(europa):
    game, geography, fit = europa
    water = water_of_hexes(fit, geography)
    places = {place.hex for place in game.places if place.hex}
    for name, row in game.hexes.items():
        assert (row.terrain == "sea") == (water[name].all_sea and name not in places), name
        if row.terrain != "sea":
            assert row.lake == (water[name].lake >= 0.1), name


def test_europa_narvik_geodata_stays_small():
    size = sum(p.stat().st_size for p in (EUROPA / "geo").iterdir())
    assert size < 2_000_000


@pytest.fixture(scope="module")
def europa_module(tmp_path_factory):
    from vassal_tools.builder.module import assemble, module_archive, module_file_name
    from vassal_tools.formats.archive import write_archive

    folder = tmp_path_factory.mktemp("europa-geo")
    assembly = assemble(EUROPA, scenario="campaign", cache=folder / "cache")
    return write_archive(module_archive(assembly), folder / module_file_name(assembly.game))


def test_locate_names_the_hex_of_each_place_europa_narvik_names(europa_module, europa):
    import json

    game = europa[0]
    args = [arg for lat, lon in EUROPA_REAL.values() for arg in ("--lonlat", f"{lat},{lon}")]
    result = locate(europa_module, *args)
    assert result.exit_code == 0, result.output
    # A counter dropped at a real position snaps to the centre of the hex holding it (VASSAL names an
    # unsnapped point by rectangular cells: near a hex's corner that may be a neighbour's name).
    snaps = [f"{row['snap_x']},{row['snap_y']}" for row in json.loads(result.output)]
    snapped = locate(europa_module, *snaps)
    assert snapped.exit_code == 0, snapped.output
    names = [row["location"] for row in json.loads(snapped.output)]
    assert names == [game.place(name).hex for name in EUROPA_REAL]


def test_europa_narvik_board_shows_the_fjords_inside_mountain_hexes(europa):
    """A hex's own terrain fills its real land only: the Sognefjord (61.15 N 6.9 E, GSHHG sea) shows
    as water in its mountain hex, the land of Jotunheimen (61.7 N 8.0 E) in the mountain colour."""
    from vassal_tools.art.map_data import map_data
    from vassal_tools.art.map_style import load_map_style
    from vassal_tools.art.operational import draw_operational

    game, _, fit = europa
    style = load_map_style()
    data = map_data(game)
    image = draw_operational(data, style).canvas.image().convert("RGB")
    assert game.hexes[fit.hex_at(61.15, 6.9)].terrain == "mountain"
    assert game.hexes[fit.hex_at(61.7, 8.0)].terrain == "mountain"
    fjord, peaks = data.real.pixel(61.15, 6.9), data.real.pixel(61.7, 8.0)
    assert close(image.getpixel((round(fjord[0]), round(fjord[1]))), style.colour("terrain.sea"))
    assert close(image.getpixel((round(peaks[0]), round(peaks[1]))), style.colour("terrain.mountain"))
