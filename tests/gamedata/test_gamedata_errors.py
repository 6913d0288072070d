"""Bad game data is refused with one message naming the file, the row or key, and the fault.

Each case copies the real Invasion: Norway folder, breaks one thing and checks the
:class:`~vassal_tools.errors.BadInput` that ``load_game`` raises.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from vassal_tools.errors import BadInput
from vassal_tools.gamedata import citations, load_game

GAME = ROOT / "module_src" / "invasion_norway"


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("tools", "*.png", "*.svg", "__pycache__"))
    return folder


def read_rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.reader(stream))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as stream:
        csv.writer(stream, lineterminator="\n").writerows(rows)


def set_field(path: Path, row: int, column: str, value: str) -> list[str]:
    """Set a field of spreadsheet row ``row`` (the header is row 1); returns the old row."""
    rows = read_rows(path)
    old = list(rows[row - 1])
    rows[row - 1][rows[0].index(column)] = value
    write_rows(path, rows)
    return old


def append_row(path: Path, **values: str) -> int:
    """Add a row; returns its spreadsheet row number."""
    rows = read_rows(path)
    rows.append([values.get(name, "") for name in rows[0]])
    write_rows(path, rows)
    return len(rows)


def append_toml(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")


def failure(folder: Path) -> BadInput:
    with pytest.raises(BadInput) as caught:
        load_game(folder)
    return caught.value


def test_the_real_data_loads():
    assert len(load_game(GAME).units) > 560


def test_unknown_unit_type(game):
    set_field(game / "units.csv", 5, "type", "panzer")
    err = failure(game)
    assert Path(err.source).name == "units.csv"
    assert err.where == "row 5, field 'type'"
    assert err.what == "unknown land unit type 'panzer'"
    assert str(err).endswith("units.csv: row 5, field 'type': unknown land unit type 'panzer'")


def test_duplicate_unit_id(game):
    first = read_rows(game / "units.csv")[1][0]
    set_field(game / "units.csv", 9, "id", first)
    err = failure(game)
    assert err.where == "row 9, field 'id'"
    assert err.what == f"duplicate unit id {first!r} (first in row 2)"


def test_missing_required_field(game):
    set_field(game / "units.csv", 17, "type", "")
    err = failure(game)
    assert (Path(err.source).name, err.where, err.what) == ("units.csv", "row 17, field 'type'", "required field 'type' is empty")


def test_missing_required_column(game):
    rows = read_rows(game / "zones.csv")
    drop = rows[0].index("source")
    write_rows(game / "zones.csv", [r[:drop] + r[drop + 1:] for r in rows])
    err = failure(game)
    assert (Path(err.source).name, err.where, err.what) == ("zones.csv", "row 1", "required column 'source' is missing")


def test_unknown_column(game):
    rows = read_rows(game / "boxes.csv")
    rows[0][rows[0].index("capacity")] = "capacty"
    write_rows(game / "boxes.csv", rows)
    err = failure(game)
    assert (err.where, err.what) == ("row 1", "unknown column 'capacty'")


def test_not_a_number(game):
    set_field(game / "units.csv", 3, "attack", "four")
    err = failure(game)
    assert (err.where, err.what) == ("row 3, field 'attack'", "'four' is not a whole number")


def test_unknown_formation(game):
    set_field(game / "units.csv", 2, "formation", "ger-99-id")
    err = failure(game)
    assert (err.where, err.what) == ("row 2, field 'formation'", "unknown formation 'ger-99-id'")


def test_land_unit_with_the_wrong_movement_class(game):
    row = next(i for i, r in enumerate(read_rows(game / "units.csv"), 1) if "mountain_infantry" in r)
    set_field(game / "units.csv", row, "move_class", "leg")
    err = failure(game)
    assert err.where == f"row {row}, field 'move_class'"
    assert err.what == "a mountain_infantry unit moves as mountain, not 'leg'"


def test_malformed_source(game):
    set_field(game / "units.csv", 4, "source", "the counter sheet")
    err = failure(game)
    assert err.where == "row 4, field 'source'"
    assert "'the counter sheet' is neither a rule number" in err.what


def test_hexside_outside_the_map(game):
    row = append_row(game / "hexsides.csv", hex_a="5901", hex_b="5801", feature="road", source="sample")
    err = failure(game)
    assert (Path(err.source).name, err.where) == ("hexsides.csv", f"row {row}, field 'hex_a'")
    assert err.what == "hex '5901' is outside the map"


def test_place_outside_the_map(game):
    set_field(game / "places.csv", 2, "hex", "6040")
    err = failure(game)
    assert (Path(err.source).name, err.where, err.what) == ("places.csv", "row 2, field 'hex'", "hex '6040' is outside the map")


def test_hexside_between_hexes_that_do_not_touch(game):
    row = append_row(game / "hexsides.csv", hex_a="4332", hex_b="4334", feature="road", source="sample")
    err = failure(game)
    assert (err.where, err.what) == (f"row {row}, field 'hex_b'", "4332 and 4334 are not adjacent")


def test_a_ferry_may_link_hexes_that_do_not_touch(game):
    append_row(game / "hexsides.csv", hex_a="4332", hex_b="4334", feature="ferry", source="sample")
    assert any(s.feature == "ferry" and {s.a, s.b} == {"4332", "4334"} for s in load_game(game).hexsides)


def test_place_in_another_zone_than_its_hex(game):
    row = next(i for i, r in enumerate(read_rows(game / "places.csv"), 1) if r[:2] == ["Bergen", "port"])
    set_field(game / "places.csv", row, "zone", "Troms")
    err = failure(game)
    assert (err.where, err.what) == (f"row {row}, field 'zone'", "hex 4332 lies in 'Hordaland', not 'Troms'")


def test_a_hex_missing_from_the_map(game):
    rows = read_rows(game / "hexes.csv")
    write_rows(game / "hexes.csv", [r for r in rows if r[0] != "2722"])
    err = failure(game)
    assert Path(err.source).name == "hexes.csv"
    assert err.what == "no row for 1 hex of the map: 2722"


def test_unknown_zone_of_a_hex(game):
    set_field(game / "hexes.csv", 10, "zone", "Atlantis")
    err = failure(game)
    assert (err.where, err.what) == ("row 10, field 'zone'", "unknown zone 'Atlantis'")


def test_scenario_places_an_unknown_unit(game):
    scenario = game / "scenarios" / "campaign.toml"
    append_toml(scenario, '[[setup]]\nat = "Germany"\nsource = "sample"\nunits = ["ger-no-such-unit"]\n')
    err = failure(game)
    assert Path(err.source).name == "campaign.toml"
    assert err.where.startswith("setup[") and err.where.endswith("].units[0]")
    assert err.what == "unknown unit 'ger-no-such-unit'"


def test_scenario_places_at_an_unknown_place(game):
    scenario = game / "scenarios" / "campaign.toml"
    append_toml(scenario, '[[setup]]\nat = "Atlantis"\nsource = "sample"\nunits = ["ger-ap-1"]\n')
    err = failure(game)
    assert err.where.endswith("].at")
    assert err.what == "unknown place 'Atlantis': not a hex, zone or box"


def test_scenario_places_a_unit_twice(game):
    scenario = game / "scenarios" / "campaign.toml"
    append_toml(scenario, '[[setup]]\nat = "4332"\nsource = "sample"\nunits = ["nor-hmkg"]\n')
    err = failure(game)
    assert "unit 'nor-hmkg' is already placed at setup[" in err.what


def test_scenario_sets_up_a_reinforcement(game):
    units = read_rows(game / "units.csv")
    column = units[0].index("reinforcement")
    arriving = next(r[0] for r in units[1:] if r[column] and r[0].startswith("ger-"))
    append_toml(game / "scenarios" / "campaign.toml", f'[[setup]]\nat = "Germany"\nsource = "sample"\nunits = ["{arriving}"]\n')
    err = failure(game)
    assert err.where == "setup"
    assert err.what.startswith(f"unit {arriving!r} is set up at Germany and also arrives on ")


def test_game_toml_missing_key(game):
    path = game / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('title = "Invasion: Norway"\n', "", 1), encoding="utf-8")
    err = failure(game)
    assert (Path(err.source).name, err.where, err.what) == ("game.toml", "title", "missing key 'title'")


def test_game_toml_unknown_phase(game):
    path = game / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"german-land-combat", ', '"german-land-combta", ', 1),
                    encoding="utf-8")
    err = failure(game)
    assert err.where == "segments[3].phases[3]" and err.what == "unknown phase 'german-land-combta'"


def test_game_toml_bad_syntax(game):
    append_toml(game / "game.toml", "[[turns]\n")
    err = failure(game)
    assert Path(err.source).name == "game.toml" and err.what.startswith("not valid TOML")


def test_game_toml_bad_source(game):
    path = game / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('source = "1.4.6: one ten-sided die',
                                                             'source = "the box: one ten-sided die', 1), encoding="utf-8")
    err = failure(game)
    assert err.where == "die.source" and "'the box' is neither a rule number" in err.what


def test_not_a_game_folder(tmp_path):
    err = failure(tmp_path)
    assert err.what == "not a game folder: game.toml is missing"


def test_citations():
    assert [(c.rule, c.note) for c in citations("invasion-norway.txt 6.1.1: hex; sample: capacity")] == [
        ("6.1.1", "hex"), (None, "capacity")]
    for bad in ("", "6.1.1;", "see chart", "6.1.1, 7.2"):
        with pytest.raises(ValueError):
            citations(bad)
