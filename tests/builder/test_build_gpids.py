"""Piece ids that survive a release: the gpid ledger (``gpids.csv``) of a data-built game.

A slot's gpid depends on its identity (the unit id), never on its row: adding,
removing or reordering units leaves every other gpid as it was, a removed unit's
gpid is never issued again, and ``nextPieceSlotId`` stays above every gpid issued.
"""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import DATA, ROOT
from vassal_tools.builder.gpids import LEDGER
from vassal_tools.builder.module import build_module
from vassal_tools.cli import main
from vassal_tools.formats.pieces import parse_definition

MINI = DATA / "build" / "mini_game"
NORWAY = ROOT / "module_src" / "invasion_norway"


@pytest.fixture(scope="module")
def art_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("gpid-art")


@pytest.fixture
def game_dir(tmp_path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(MINI, folder)
    return folder


def slots_by_identity(vmod: Path) -> tuple[dict[tuple[str, str], str], int]:
    """{(where, unit id): gpid} of every slot of a built module, and its nextPieceSlotId.

    ``where`` is ``palette`` or ``setup``; the unit id is read from the slot's own
    definition (its UnitId or MarkerId Marker value), not from the ledger.
    """
    module = vassal_tools.open(vmod)
    out: dict[tuple[str, str], str] = {}
    for slot in module.buildfile.piece_slots:
        props = parse_definition(slot.text)[1].marker_properties
        ident = props.get("UnitId") or props.get("MarkerId") or slot.entry_name
        where = "palette" if slot.palette_path else "setup"
        assert (where, ident) not in out
        out[(where, ident)] = slot.gpid
    assert parse_definition(next(iter(module.buildfile.piece_slots)).text)  # the module has slots
    return out, module.buildfile.next_piece_slot_id


def unit_rows(folder: Path) -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO((folder / "units.csv").read_text(encoding="utf-8"))))
    return rows[0], rows[1:]


def write_units(folder: Path, header: list[str], rows: list[list[str]]) -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header] + rows)
    (folder / "units.csv").write_text(out.getvalue(), encoding="utf-8")


def drop_from_setups(folder: Path, unit: str) -> None:
    """Take the unit out of every scenario's set-up, as a maintainer removing it would."""
    for scenario in (folder / "scenarios").glob("*.toml"):
        text = scenario.read_text(encoding="utf-8")
        scenario.write_text(text.replace(f'"{unit}", ', "").replace(f', "{unit}"', ""), encoding="utf-8")


def test_the_first_build_numbers_slots_as_builds_always_did(game_dir, tmp_path, art_cache):
    # Before the ledger, the palette's slots were numbered 1, 2, ... in palette order, then the
    # at-start stacks' slots in document order; nextPieceSlotId was one above the last.
    (game_dir / LEDGER).unlink()
    vmod = build_module(game_dir, tmp_path / "dist", cache=art_cache)
    module = vassal_tools.open(vmod)
    palette = [s.gpid for s in module.buildfile.piece_slots if s.palette_path]
    setup = [s.gpid for s in module.buildfile.piece_slots if not s.palette_path]
    assert palette + setup == [str(n) for n in range(1, len(palette) + len(setup) + 1)]
    assert module.buildfile.next_piece_slot_id == len(palette) + len(setup) + 1
    # ... and the build wrote the ledger of exactly those ids, which the committed one is.
    assert (game_dir / LEDGER).read_bytes() == (MINI / LEDGER).read_bytes()


def test_adding_removing_and_reordering_units_keeps_every_other_gpid(game_dir, tmp_path, art_cache):
    before, next_before = slots_by_identity(build_module(game_dir, tmp_path / "a", cache=art_cache))
    header, rows = unit_rows(game_dir)
    # Add a unit in the first row, remove the third unit, and reverse the order of the rest.
    added = list(rows[0])
    added[0], added[1] = "ger-ir-99", "I/999"
    removed = rows[2][0]
    drop_from_setups(game_dir, removed)
    write_units(game_dir, header, [added] + list(reversed([r for r in rows if r[0] != removed])))
    after, next_after = slots_by_identity(build_module(game_dir, tmp_path / "b", cache=art_cache))

    kept = {key for key in before if key[1] != removed}
    assert {key: after[key] for key in kept} == {key: before[key] for key in kept}
    assert ("palette", removed) not in after and ("setup", removed) not in after
    assert after[("palette", "ger-ir-99")] == str(next_before)  # the one new slot: above every old gpid
    assert set(after) - kept == {("palette", "ger-ir-99")}
    assert next_after == next_before + 1
    assert next_after > max(int(g) for g in after.values())

    # Bring in another unit: it does not get the removed unit's gpid, nor any other ever issued.
    header, rows = unit_rows(game_dir)
    second = list(rows[0])
    second[0], second[1] = "ger-ir-98", "I/998"
    write_units(game_dir, header, rows + [second])
    third, next_third = slots_by_identity(build_module(game_dir, tmp_path / "c", cache=art_cache))
    ever_issued = {int(g) for g in list(before.values()) + list(after.values())}
    assert int(third[("palette", "ger-ir-98")]) not in ever_issued
    assert int(third[("palette", "ger-ir-98")]) == next_after
    assert {k: third[k] for k in after} == after
    assert next_third > max(ever_issued | {int(g) for g in third.values()})
    # The ledger keeps the removed unit's row, so its gpid stays taken.
    ledger = (game_dir / LEDGER).read_text(encoding="utf-8")
    assert f"unit:{removed},{before[('palette', removed)]}\n" in ledger


def test_a_unit_that_comes_back_gets_its_old_gpid(game_dir, tmp_path, art_cache):
    before, _ = slots_by_identity(build_module(game_dir, tmp_path / "a", cache=art_cache))
    header, rows = unit_rows(game_dir)
    gone = rows[1]
    scenarios = {p: p.read_bytes() for p in (game_dir / "scenarios").glob("*.toml")}
    drop_from_setups(game_dir, gone[0])
    write_units(game_dir, header, [r for r in rows if r is not gone])
    build_module(game_dir, tmp_path / "b", cache=art_cache)
    write_units(game_dir, header, rows)
    for path, data in scenarios.items():
        path.write_bytes(data)
    again, _ = slots_by_identity(build_module(game_dir, tmp_path / "c", cache=art_cache))
    assert again == before


def test_a_build_that_issues_nothing_new_leaves_the_ledger_alone(game_dir, tmp_path, art_cache):
    stamp = (game_dir / LEDGER).stat().st_mtime_ns
    build_module(game_dir, tmp_path / "a", cache=art_cache)
    assert (game_dir / LEDGER).stat().st_mtime_ns == stamp
    assert (game_dir / LEDGER).read_bytes() == (MINI / LEDGER).read_bytes()


@pytest.mark.parametrize("text, message", [
    ("slot,gpid\nunit:ger-gj-1,1\nunit:ger-ir-1,1\n", "gpid 1 is given to both 'unit:ger-gj-1' and 'unit:ger-ir-1'"),
    ("slot,gpid\nunit:ger-gj-1,1\nunit:ger-gj-1,2\n", "slot 'unit:ger-gj-1' is listed twice"),
    ("slot,gpid\nunit:ger-gj-1,x7\n", "gpid 'x7' of 'unit:ger-gj-1' is not a whole number"),
    ("unit,id\nunit:ger-gj-1,1\n", "the columns must be slot,gpid"),
])
def test_a_bad_ledger_is_refused_in_one_line(game_dir, tmp_path, text, message):
    (game_dir / LEDGER).write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(game_dir), "-o", str(tmp_path / "dist"), "-q",
                                       "--cache", str(tmp_path / "cache")])
    assert result.exit_code == 2
    assert message in result.output and LEDGER in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert (game_dir / LEDGER).read_text(encoding="utf-8") == text  # the bad ledger is left as it was


def test_invasion_norway_ledger_covers_every_slot_with_todays_numbering():
    # The committed ledger gives the 864 slots of today's module the ids a build without
    # a ledger gave them: palette slots 1.. in palette order, then the at-start slots.
    rows = list(csv.DictReader(io.StringIO((NORWAY / LEDGER).read_text(encoding="utf-8"))))
    gpids = [int(r["gpid"]) for r in rows]
    assert gpids == list(range(1, len(rows) + 1))
    units = {r["id"] for r in csv.DictReader(io.StringIO((NORWAY / "units.csv").read_text(encoding="utf-8")))}
    palette_units = {r["slot"][len("unit:"):] for r in rows if r["slot"].startswith("unit:")}
    assert palette_units == units
    last_palette = max(int(r["gpid"]) for r in rows if not r["slot"].startswith("setup:"))
    assert all(int(r["gpid"]) > last_palette for r in rows if r["slot"].startswith("setup:"))
