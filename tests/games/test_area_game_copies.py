"""A maintainer's copy of an area game's data folder (Kampen om Norge, Norway 1940) is the game,
wherever it lies: `build`, `setup` and `errata` read it as that game (its game.toml ``id``), exactly
as they read module_src/<game>; the registry's packs keep their shipped data."""

from __future__ import annotations

import shutil
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT
from vassal_tools.cli import main
from vassal_tools.games import pack_for

GAMES = {"kampen-om-norge": ROOT / "module_src" / "kampen_om_norge",
         "norway-1940": ROOT / "module_src" / "norway_1940"}
# One unit of each game, its name as units.csv gives it, and a new name (a test value).
RENAMED = {"kampen-om-norge": ("ger-2", "German battalion 2", "German battalion Two"),
           "norway-1940": ("nor-rg-battalion", "RG battalion", "Royal Guard battalion")}


def cli(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def copy_of(game: str, where: Path) -> Path:
    """A plain copy of the shipped data folder (module_src/<game> is a symlink: copy what it points to)."""
    folder = where / GAMES[game].name
    shutil.copytree(GAMES[game], folder)
    return folder


def build_file(module: Path) -> str:
    with zipfile.ZipFile(module) as zf:
        return zf.read("buildFile.xml").decode("utf-8")


def rename_in_units_csv(folder: Path, unit: str, old: str, new: str) -> None:
    """Rewrite units.csv with the unit's name field changed (by hand: the row starts ``id,name,``)."""
    path = folder / "units.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    (index,) = [i for i, line in enumerate(lines) if line.startswith(f"{unit},{old},")]
    lines[index] = f"{unit},{new}," + lines[index][len(f"{unit},{old},"):]
    path.write_text("".join(lines), encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, dict[str, Path]]:
    """For each game: the shipped folder's module and opening save, a copy's, and a renamed copy's module."""
    base = tmp_path_factory.mktemp("area_copies")
    cache = base / "cache"
    found: dict[str, dict[str, Path]] = {}
    for game, shipped in GAMES.items():
        out = base / game
        copy = copy_of(game, out / "copy")
        renamed = copy_of(game, out / "renamed")
        rename_in_units_csv(renamed, *RENAMED[game])
        paths = {}
        for name, folder in (("shipped", shipped), ("copy", copy), ("renamed", renamed)):
            result = cli("build", folder, "-o", out / f"{name}-dist", "--cache", cache, "-q")
            assert result.exit_code == 0, result.output
            paths[name] = Path(result.output.strip())
        for name, folder in (("shipped", shipped), ("copy", copy)):
            save = out / f"{name}.vsav"
            result = cli("setup", folder, "-o", save, "--cache", cache, "-q")
            assert result.exit_code == 0, result.output
            paths[f"{name}-save"] = save
        found[game] = paths
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_copy_of_the_data_builds_the_shipped_module_byte_for_byte(built, game):
    assert built[game]["copy"].read_bytes() == built[game]["shipped"].read_bytes()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_copy_of_the_data_writes_the_shipped_opening_save_byte_for_byte(built, game):
    assert built[game]["copy-save"].read_bytes() == built[game]["shipped-save"].read_bytes()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_unit_renamed_in_a_copy_is_named_so_in_its_module(built, game):
    unit, old, new = RENAMED[game]
    text = build_file(built[game]["renamed"])
    assert f"{new} ({unit})" in text  # its palette slot
    assert f"{old} ({unit})" not in text
    assert f"{old} ({unit})" in build_file(built[game]["shipped"])
    # The registry's pack still reads the shipped data, for the audits.
    pack = pack_for(game)
    assert pack is not None
    assert pack.catalogue.unit(unit)["name"] == old


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_fault_in_a_copy_is_one_line_naming_the_copys_file(tmp_path, game):
    folder = copy_of(game, tmp_path)
    unit, old, _ = RENAMED[game]
    rename_in_units_csv(folder, unit, old, "")  # a unit with no name
    path = folder / "units.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(f"{unit},,", f"{unit},,extra,", 1), encoding="utf-8")
    result = cli("build", folder, "-o", tmp_path / "dist", "-q")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert str(path) in result.output and "row" in result.output
    assert not (tmp_path / "dist").exists() or not list((tmp_path / "dist").glob("*.vmod"))


ERRATUM = """
[errata]
title = "Counter corrections (test)"

[[entry]]
cite = "kampen-om-norge.txt 2.2"
unit = "ger-2"
set = { name = "German battalion Two" }
"""


@pytest.fixture(scope="module")
def kampen_errata(tmp_path_factory) -> tuple[Path, Path, object]:
    """A copy of Kampen's data after `errata ERRATA.toml --game COPY -o DIST`."""
    base = tmp_path_factory.mktemp("kampen_errata")
    folder = copy_of("kampen-om-norge", base)
    errata = base / "ERRATA.toml"
    errata.write_text(ERRATUM, encoding="utf-8")
    result = cli("errata", errata, "--game", folder, "-o", base / "dist", "--cache", base / "cache")
    return folder, base / "dist", result


def test_errata_on_a_copy_of_kampen_changes_exactly_that_cell(kampen_errata):
    folder, _, result = kampen_errata
    assert result.exit_code == 0, result.output
    shipped = (GAMES["kampen-om-norge"] / "units.csv").read_text(encoding="utf-8")
    expected = shipped.replace("\nger-2,German battalion 2,", "\nger-2,German battalion Two,", 1)
    assert expected != shipped
    assert (folder / "units.csv").read_text(encoding="utf-8") == expected
    for name in ("areas.csv", "adjacency.csv", "cards.csv", "ships.csv", "map.json"):
        assert (folder / name).read_bytes() == (GAMES["kampen-om-norge"] / name).read_bytes(), name


def test_errata_on_a_copy_of_kampen_bumps_the_version_and_logs_the_change(kampen_errata):
    folder, _, _ = kampen_errata
    shipped = tomllib.loads((GAMES["kampen-om-norge"] / "game.toml").read_text(encoding="utf-8"))
    assert "version" not in shipped  # the builder calls it 0.1
    assert tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))["version"] == "0.2"
    assert not (GAMES["kampen-om-norge"] / "CHANGELOG.md").exists()
    changelog = (folder / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "ger-2" in changelog and "German battalion Two" in changelog and "kampen-om-norge.txt 2.2" in changelog


def test_errata_on_a_copy_of_kampen_rebuilds_its_module(kampen_errata, built):
    _, dist, _ = kampen_errata
    (module,) = dist.glob("*.vmod")
    text = build_file(module)
    assert "German battalion Two (ger-2)" in text and "German battalion 2 (ger-2)" not in text
    assert 'version="0.2"' in text
    # The same data built from the renamed copy: the same counters and board, only the version differs.
    assert text.replace('version="0.2"', 'version="0.1"') == build_file(built["kampen-om-norge"]["renamed"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_errata_that_would_break_a_copy_is_one_line_and_writes_nothing(tmp_path, game):
    folder = copy_of(game, tmp_path / "data")
    errata = tmp_path / "ERRATA.toml"
    unit = RENAMED[game][0]
    column = "points" if game == "kampen-om-norge" else "side"
    errata.write_text(f'[[entry]]\ncite = "sample: test"\nunit = "{unit}"\nset = {{ {column} = "x" }}\n',
                      encoding="utf-8")
    result = cli("errata", errata, "--game", folder)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "units.csv" in result.output and "invalid" in result.output
    for path in GAMES[game].iterdir():
        if path.is_file():
            assert (folder / path.name).read_bytes() == path.read_bytes(), path.name
    assert not (folder / "CHANGELOG.md").exists()
