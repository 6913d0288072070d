"""A game's own data (issue 21 point 4): columns, game.toml keys and tables one game keeps beyond
every game's, declared in its game.toml ``[extra]`` and read into the records' ``extra``.

The data layer knows no one game's columns: Invasion: Norway's NDVs, its Invasion Turn and
its Thaw table are its own declaration, and a game that declares none ships none of them.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from vassal_tools.errors import BadInput
from vassal_tools.gamedata import load_game

MINI = ROOT / "tests" / "data" / "build" / "mini_game"
NARVIK = ROOT / "module_src" / "narvik_1940"


@pytest.fixture
def mini(tmp_path):
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_declared_columns_keys_and_tables_are_read_typed_into_extra(mini):
    data = load_game(mini)
    troms = data.zones["Troms"]
    assert troms.extra["german_adv"] == 3 and troms.extra["german_ndv"] is None
    assert not hasattr(troms, "german_adv")  # not a column of every game's zones
    assert data.info.extra["invasion_turn"] == "April #4"
    assert all(set(row) == {"zone", "turn", "source"} for row in data.info.extra["thaw"])
    assert [t.name for t in data.info.turns if t.extra["invasion"]] == ["April #4"]


def test_a_game_that_declares_nothing_has_no_other_games_columns():
    data = load_game(NARVIK)
    assert data.info.extra == {} and all(z.extra == {} for z in data.zones.values())
    assert all(t.extra == {} for t in data.info.turns)


def test_an_undeclared_column_is_unknown(mini):
    # Without its declaration, an NDV column is no column of the data: the game must declare it.
    text = (mini / "game.toml").read_text(encoding="utf-8")
    (mini / "game.toml").write_text(re.sub(r"(?m)^german_ndv = .*\n", "", text), encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert (caught.value.where, caught.value.what) == ("row 1", "unknown column 'german_ndv'")


def test_a_declared_number_column_is_checked_by_row_and_field(mini):
    _edit(mini / "zones.csv", "Troms,land,,,yes,,,,3,", "Troms,land,,,yes,,,,three,")
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert caught.value.where == "row 2, field 'german_adv'" and "not a whole number" in caught.value.what


def test_columns_declared_together_are_given_together(mini):
    _edit(mini / "zones.csv", "Troms,land,,,yes,,,,3,4,,", "Troms,land,,,yes,,,,3,4,2,")
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert caught.value.where == "row 2, field 'ndv_bonus_place'" and "together" in caught.value.what


def test_a_reference_of_the_games_own_data_names_one_of_the_game(mini):
    _edit(mini / "game.toml", 'invasion_turn = "April #4"', 'invasion_turn = "Juni #4"')
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert (caught.value.where, caught.value.what) == ("invasion_turn", "unknown turn 'Juni #4'")


def test_a_row_of_the_games_own_table_names_a_zone_or_place(mini):
    text = (mini / "game.toml").read_text(encoding="utf-8")
    zone = re.search(r'\[\[thaw\]\]\nzone = "([^"]+)"', text).group(1)
    _edit(mini / "game.toml", f'[[thaw]]\nzone = "{zone}"', '[[thaw]]\nzone = "Atlantis"')
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert (caught.value.where, caught.value.what) == ("thaw[0].zone", "unknown zone or place 'Atlantis'")


def test_an_unknown_kind_is_refused(mini):
    _edit(mini / "game.toml", 'german_ndv = "number"', 'german_ndv = "decimal"')
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert caught.value.where == "extra.columns.zones.german_ndv" and "unknown kind 'decimal'" in caught.value.what


def test_a_game_without_hexside_features_places_zone_borders_or_boxes_leaves_their_files_out(tmp_path):
    # Every hex game needs game.toml, units, hexes and zones; the rest only the games that have them.
    folder = tmp_path / "narvik"
    shutil.copytree(NARVIK, folder, ignore=shutil.ignore_patterns("scenarios"))
    for name in ("hexsides.csv", "places.csv", "zone_adjacency.csv", "boxes.csv"):
        (folder / name).unlink(missing_ok=True)
    data = load_game(folder)
    assert (data.hexsides, data.places, data.zone_borders, dict(data.boxes)) == ((), (), (), {})
    assert len(data.hexes) == len(load_game(NARVIK).hexes)
    (folder / "zones.csv").unlink()
    with pytest.raises(BadInput) as caught:
        load_game(folder)
    assert caught.value.source.endswith("zones.csv")


def test_a_place_kind_of_the_games_own_needs_what_it_declares(mini):
    # mini_game declares Invasion: Norway's place kinds; a mobilization center needs its code (14.1.1).
    text = (mini / "places.csv").read_text(encoding="utf-8")
    header = text.splitlines()[0].split(",")
    row = dict.fromkeys(header, "")
    port = next(line for line in text.splitlines()[1:] if ",port," in line).split(",")
    row.update(name="Somewhere", kind="mobilization_center", hex=port[header.index("hex")], source="sample")
    (mini / "places.csv").write_text(text.rstrip("\n") + "\n" + ",".join(row[h] for h in header) + "\n", encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert caught.value.where.endswith("field 'code'") and "needs its code" in caught.value.what


def test_another_games_kinds_are_unknown_to_a_game_that_does_not_declare_them(tmp_path):
    folder = tmp_path / "narvik"
    shutil.copytree(NARVIK, folder)
    boxes = (folder / "boxes.csv").read_text(encoding="utf-8").splitlines()
    first = boxes[1].split(",")
    first[2] = "gunfire_support"
    (folder / "boxes.csv").write_text("\n".join([boxes[0], ",".join(first), *boxes[2:]]) + "\n", encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        load_game(folder)
    assert caught.value.what == "unknown box kind 'gunfire_support'"


def test_a_port_column_of_the_games_own_names_a_port(mini):
    # mini_game declares Invasion: Norway's places columns: a battery's commanding port is a port (9.2.2).
    text = (mini / "places.csv").read_text(encoding="utf-8")
    header = text.splitlines()[0].split(",")
    port = next(line for line in text.splitlines()[1:] if ",port," in line).split(",")
    row = dict.fromkeys(header, "")
    row.update(name="Battery", kind="coast_artillery", hex=port[header.index("hex")], naval_attack="3",
               naval_defense="2", commanding_port="Nowhere", source="sample")
    (mini / "places.csv").write_text(text.rstrip("\n") + "\n" + ",".join(row[h] for h in header) + "\n", encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        load_game(mini)
    assert caught.value.where.endswith("field 'commanding_port'") and caught.value.what == "unknown port 'Nowhere'"
    _edit(mini / "places.csv", ",Nowhere,", f",{port[0]},")
    assert load_game(mini).place("Battery", "coast_artillery").extra["commanding_port"] == port[0]
