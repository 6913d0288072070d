"""The Europa Narvik module: built from its data folder, byte-identical twice, every image in it, its
set-up where the data says (read back through the module's own grid), and logs of it written with
the project's log writer, recorded and audited against europa-narvik.txt (stacking 8A, supply 11B1a
and 11B1b, finding ships 12C3e)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from kits.module_places import setup_places
from vassal_tools.builder.module import (
    assemble,
    build_module,
    module_archive,
    module_file_name,
    write_opening,
)
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.gamedata import load_game
from vassal_tools.games.europa_narvik import DATA_DIR
from vassal_tools.release.lint import lint_module
from vassal_tools.replay.logwriter import LogWriter

FILE = "europa-narvik.txt"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_module(DATA_DIR, tmp_path_factory.mktemp("europa-a"), cache=tmp_path_factory.mktemp("cache-a"))


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """The assembled campaign: its module file and its opening save."""
    folder = tmp_path_factory.mktemp("europa-kit")
    assembly = assemble(DATA_DIR, scenario="campaign", cache=folder / "cache")
    module = write_archive(module_archive(assembly), folder / module_file_name(assembly.game))
    opening = write_opening(assembly, folder / "start.vsav")
    return assembly, module, opening


def test_the_module_builds_byte_identical_twice(built, tmp_path):
    again = build_module(DATA_DIR, tmp_path / "b", cache=tmp_path / "cache-b")  # a cold cache: drawn anew
    assert again.read_bytes() == built.read_bytes()


def test_it_opens_and_every_image_it_references_is_in_it(built):
    module = vassal_tools.open(built)
    assert module.name == "Europa Narvik"
    assert [f for f in lint_module(built) if "referenced but missing" in f.message] == []
    names = {e.get("entryName") for e in module.buildfile.element.iter() if isinstance(e.tag, str) and e.get("entryName")}
    # HQs, supply counters, Allied bases, airfield and lake airfield counters are pieces of the module.
    assert {"3 Mtn", "Grp Hq", "Supply [ger-sup-1]", "Captured [ger-sup-captured-1]", "Base [allied-base-1]",
            "Airfield [airfield-1]", "Lake Airfield", "Glorious"} <= names


def test_the_set_up_is_where_the_data_says_through_the_modules_grid(built):
    found = setup_places(vassal_tools.open(built))
    scenario = load_game(DATA_DIR).scenarios["campaign"]
    expected = {p.unit: p.at for p in scenario.setup}
    assert {u: at for u, at in found.items() if at[:1].isdigit()} == {u: at for u, at in expected.items()
                                                                       if at[:1].isdigit()}
    assert set(found) == set(expected)


def audited(kit, tmp_path: Path, moves) -> list[tuple[str, str | None]]:
    assembly, module, opening = kit
    writer = LogWriter(open_file(opening), assembly.locator.point, "Gerd", "gerd-pw")
    writer.step(writer.seat("German"))
    info = assembly.game.info
    for action in moves:
        kind, *args = action
        if kind == "phase":
            writer.step(writer.turn(TRACKER_ID, tracker_state(info, args[1] if len(args) > 1 else "Turn 3", args[0])))
        else:
            writer.step(getattr(writer, kind)(*args))
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = writer.save(tmp_path / "game.vlog")
    runner = CliRunner()
    recorded = runner.invoke(main, ["record", str(log), "--module", str(module), "-o", str(tmp_path / "g.json")])
    assert recorded.exit_code == 0, recorded.output
    assert json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["game"] == "europa-narvik"
    result = runner.invoke(main, ["audit", str(log), "--module", str(module), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return [(f["rule"], f.get("where")) for f in json.loads(result.output)["findings"]]


def into(hex_: str, *units: str) -> list[tuple]:
    return [("move", u, hex_) for u in units]


def test_a_log_that_overstacks_and_one_that_does_not(kit, tmp_path):
    # 8A: two ground units plus one artillery battalion; a third battalion overstacks at the end of movement.
    # The units come on in the reinforcement phase next to 1149 (one each), then move in: one MP each (7); the
    # supply counter comes on in 1149 (it does not move by itself, 11B1d).
    def stack(*units: str) -> list[tuple]:
        come = [("move", u, near) for u, near in zip(units, ("1148", "1150", "1048", "1049", "1248"))]
        return [("phase", "german-reinforcement"), *into("1149", "ger-sup-1"), *come, ("phase", "german-movement"),
                *into("1149", *units), ("phase", "german-air")]
    over = stack("ger-138-i", "ger-138-ii", "ger-138-iii")
    assert audited(kit, tmp_path / "a", over) == [(f"{FILE} 8B", "1149")]
    kept = stack("ger-138-i", "ger-138-ii", "ger-112-art")
    assert audited(kit, tmp_path / "b", kept) == []


def test_a_log_of_german_general_supply(kit, tmp_path):
    # 11B1a: 1042 to 1048 is six MPs, to 1049 seven; judged at the start of movement and the end of the air phase.
    moves = [("phase", "german-reinforcement"), *into("1042", "ger-sup-1"), *into("1048", "ger-138-i"),
             *into("1049", "ger-138-ii"), ("phase", "german-movement"), ("phase", "german-air"),
             ("phase", "german-combat")]
    # 11A3a: the first unsupplied turn has no effect (a note); the second turn is the finding.
    assert audited(kit, tmp_path / "a", moves) == []
    second = [*moves, ("phase", "german-movement", "Turn 4"), ("phase", "german-air", "Turn 4")]
    assert audited(kit, tmp_path / "c", second) == [(f"{FILE} 11B1a", "1049")]
    fixed = [*moves[:-2], *into("1048", "ger-138-ii"), *moves[-2:]]  # moved within reach before the air phase ends
    assert audited(kit, tmp_path / "b", fixed) == []


def test_a_log_of_attack_supply_spent(kit, tmp_path):
    # 11B1b: the counter that gave attack supply is expended at the end of the combat phase, whether or not
    # the players take it off the map; using it in a later combat phase is the finding.
    moves = [("phase", "german-reinforcement"), *into("1038", "ger-sup-1"), *into("1042", "ger-138-i"),
             *into("1042", "nor-ii-16"), ("phase", "german-combat"), ("chat", "attack 1042 with ger-138-i supply ger-sup-1")]
    spent = [*moves, ("delete", "ger-sup-1"), ("phase", "german-exploitation")]
    assert audited(kit, tmp_path / "b", spent) == []
    again = [*moves, ("phase", "german-exploitation"), ("phase", "german-combat", "Turn 4"),
             ("chat", "attack 1042 with ger-138-i supply ger-sup-1")]
    assert audited(kit, tmp_path / "a", again) == [(f"{FILE} 11B1b", "1042"), (f"{FILE} 11B1b", "1042")]


def test_a_log_of_finding_ships(kit, tmp_path):
    # 12C3e: one die per air unit in a full sea hex; 4-6 finds.
    def game(die: int) -> list[tuple]:
        # 18: the carrier is placed at sea in an Allied movement phase
        return [("phase", "allied-movement", "Turn 2"), *into("0101", "brit-glorious"), ("phase", "german-air"),
                *into("0101", "ger-ju88-1"), ("chat", "roll find-ships in 0101 target ger-ju88-1"),
                ("roll", "Find Ships", die), ("chat", "attack 0101 with ger-ju88-1"), *into("0849", "ger-ju88-1")]
    assert audited(kit, tmp_path / "a", game(5)) == []
    assert audited(kit, tmp_path / "b", game(2)) == [(f"{FILE} 12C3e", "0101")]


def test_a_log_of_air_units_on_an_airfield(kit, tmp_path):
    # 13A: six air units on an airfield counter (airfield-3 sets up in 0849, no ground unit with it); air
    # basing is judged at the end of every air phase.
    planes = [*(f"ger-ju88-{n}" for n in range(1, 7)), "ger-ju87-1"]
    six = [("phase", "german-air"), *into("0849", *planes[:6]), ("phase", "german-combat")]
    assert audited(kit, tmp_path / "a", six) == []
    seven = [("phase", "german-air"), *into("0849", *planes), ("phase", "german-combat")]
    assert audited(kit, tmp_path / "b", seven) == [(f"{FILE} 13A", "airbase:0849")]
    # 12B, 7: airfield-1 sets up in 3806 with II/16: the airfield is the Allies'; German air units may not land.
    held = [("phase", "german-air"), *into("3806", planes[0]), ("phase", "german-combat")]
    assert audited(kit, tmp_path / "c", held) == [(f"{FILE} 12B", "airbase:3806")]
