"""The verbs a maintainer and a PBEM player run, on games other than Invasion: Norway: what the
cross-game sweep found broken (an audit that said "0 rules families, 0 checks", a chain of the opening
save and the first log called "NOT whole", a mapping draft that crashed)."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner

from conftest import ROOT
from vassal_tools.cli import main
from vassal_tools.formats.files import open_file
from vassal_tools.games import pack_ids
from vassal_tools.replay.logwriter import LogWriter

SOURCES = ROOT / "module_src"

# A turn and phase each game's records allow (records-four-games.md).
OPENINGS = {"kampen-om-norge": ("Round 1", "german-movement"), "norway-1940": ("Turn 1", "actions"),
            "europa-narvik": ("Turn 1", "german-movement"), "narvik-1940": ("GT 1", "actions")}


@pytest.fixture(scope="module")
def played(kampen, tmp_path_factory):
    """Kampen om Norge's module, its opening save and a four-step log played from it."""
    root = tmp_path_factory.mktemp("sweep-kampen")
    _, assembly, module, opening = kampen
    writer = LogWriter(open_file(opening), assembly.locator.point, "Gerd", "gerd-pw")
    writer.step(writer.seat("Germany"))
    writer.step(writer.move("ger-1", "Hønefoss"))  # Oslo borders Hønefoss (kampen-om-norge.txt 4.1)
    writer.step(writer.move("nor-3", "Hallingdal"))
    writer.step(writer.chat("good luck"))
    return module, opening, writer.save(root / "game.vlog")


def listed_checks() -> dict[str, int]:
    """How many checks ``vassal-tools games`` lists under each game (the indented lines but notes)."""
    counts: dict[str, int] = {}
    game = None
    for line in CliRunner().invoke(main, ["games"]).output.splitlines():
        if not line.startswith(" "):
            game = line.split(":", 1)[0]
            counts[game] = 0
        elif game is not None and not line.strip().startswith("note:"):
            counts[game] += 1
    return counts


@pytest.mark.parametrize("game", sorted(OPENINGS))
def test_the_audit_of_a_record_says_how_many_checks_of_its_game_judged_it(game, tmp_path):
    turn, phase = OPENINGS[game]
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"format": "vassal-tools/record@1", "game": game, "units": {},
                                  "entries": [{"turn": turn, "phase": phase}]}), encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", str(record), "--format", "json"])
    assert result.exit_code == 0, result.output
    checked = json.loads(result.output)["checked"]
    assert checked["families"] == listed_checks()[game] > 0


def test_the_audit_of_a_kampen_log_is_not_reported_as_zero_checks(played):
    module, _, log = played
    result = CliRunner().invoke(main, ["audit", str(log), "--module", str(module)])
    assert result.exit_code in (0, 1), result.output
    said = re.search(r"(\d+) rules families, ([\d,]+) checks", result.output)
    assert said is not None, result.output
    assert int(said.group(1)) == listed_checks()["kampen-om-norge"]
    assert int(said.group(2).replace(",", "")) >= 2  # the two moves, at least


def test_the_checks_made_are_each_check_judging_each_entry_and_phase_end_once(tmp_path):
    # Oslo borders Hønefoss over no fjord or lake (kampen-om-norge.txt 4.1, 4.2): one die from one
    # battalion, a record that keeps the rules.
    units = {"g1": {"class": "land", "side": "german", "size": "battalion"},
             "n1": {"class": "land", "side": "norwegian", "nationality": "norwegian", "size": "battalion"}}
    entries = [{"place": "g1", "at": "Oslo"}, {"place": "n1", "at": "Hønefoss"},
               {"turn": "Round 3", "phase": "german-movement"}, {"move": "g1", "to": "Hønefoss"},
               {"phase": "german-combat"},
               {"roll": {"for": "land-combat", "result": [3], "side": "german", "zone": "Hønefoss"}},
               {"remove": "n1"}]
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"format": "vassal-tools/record@1", "game": "kampen-om-norge", "units": units,
                                  "entries": entries}), encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", str(record)])
    assert result.exit_code == 0, result.output
    # 32 checks, one a family. Twenty-eight judge entries: all but occupancy, ship-stacks, dummies and
    # game-end, which look at the board when a phase ends. Fourteen judge at a phase's end: interception (the
    # last attempt's dice), card-move (Rask forflytning's battalions together), card-limits (a card's dice),
    # reinforcement-symbols, occupancy, ship-stacks, allied-reinforcement (the opening six), combat-outcome,
    # dummies, task-forces, card-voids, hand-size, discards, game-end. Five entries are no phase entry (two places, the
    # move, the roll, the remove) and three phases end (the set-up, the movement phase, the combat phase at
    # the record's end): 28 * 5 + 14 * 3.
    assert "7 entries, 32 rules families, 182 checks" in result.output


def test_a_log_played_from_the_opening_save_continues_it(played):
    module, opening, log = played
    result = CliRunner().invoke(main, ["chain", str(opening), str(log), "--module", str(module)])
    assert result.exit_code == 0, result.output
    assert "NOT whole" not in result.output and "Replayed turn" not in result.output
    # The same log twice (one file's bytes) is one log received twice, chained once: no replayed turn.
    copy = log.with_name("copy-" + log.name)
    copy.write_bytes(log.read_bytes())
    again = CliRunner().invoke(main, ["chain", str(opening), str(log), str(copy), "--module", str(module)])
    assert again.exit_code == 0 and "Replayed turn" not in again.output and "The same log twice" in again.output


@pytest.mark.parametrize("game", pack_ids())
def test_a_mapping_draft_against_any_game_drafts_or_says_why_not_in_one_line(game, played, tmp_path):
    module = played[0]
    result = CliRunner().invoke(main, ["mapping", str(module), "--game", game, "-o", str(tmp_path / "m.json")])
    assert result.exit_code in (0, 2), result.output
    assert "internal error" not in result.output
    if result.exit_code == 2:
        assert len(result.output.strip().splitlines()) == 1 and game in result.output
    else:
        assert json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))["game"] == game


def test_position_of_a_place_takes_the_games_spelling_and_refuses_what_is_no_place(played):
    module, _, log = played
    at = ["position", str(log), "--module", str(module), "--step", "2", "--format", "text", "--place"]
    # Step 2 moved ger-1 from Oslo to Hønefoss, where nor-3 stands (kampen-om-norge.txt 3, basic set-up).
    shown = CliRunner().invoke(main, [*at, "HØNEFOSS"])
    assert shown.exit_code == 0, shown.output
    assert re.search(r"^Hønefoss \(2\): ", shown.output, re.M), shown.output
    typo = CliRunner().invoke(main, [*at, "Hønefos"])
    assert typo.exit_code == 2 and typo.output.count("\n") == 1, typo.output
    assert "'Hønefos'" in typo.output and "--place" in typo.output


@pytest.mark.parametrize("game", ["kampen_om_norge", "norway_1940"])
def test_setup_of_an_area_game_refuses_a_scenario_it_does_not_have(game, tmp_path):
    # Both have one set-up (kampen-om-norge.txt 3; norway-1940-scenario.txt Allied Set-up, 27.2):
    # a scenario name they lack was silently taken for it.
    out = tmp_path / "start.vsav"
    result = CliRunner().invoke(main, ["setup", str(SOURCES / game), "--scenario", "campaign 1941", "-o", str(out),
                                       "-q"])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "'campaign 1941'" in result.output and "--scenario" in result.output
    assert not out.exists()


def test_inspect_of_a_log_names_the_player_who_took_a_side_in_it(played):
    _, opening, log = played
    assert "players: none recorded" in CliRunner().invoke(main, ["inspect", str(opening)]).output
    said = CliRunner().invoke(main, ["inspect", str(log), "--json"])
    assert json.loads(said.output)["players"] == {"Gerd": "Germany"}  # step 1 of the log: Gerd sits as Germany


@pytest.mark.parametrize("game", ["kampen_om_norge", "norway_1940"])
def test_build_of_a_copy_of_an_area_games_data_builds_it(game, tmp_path):
    # Read as a hex game's folder the copy failed on the area pack's own citations ("'Appendix' is
    # neither a rule number nor 'sample'"), as if the data were wrong; its game.toml id now picks
    # the area pack, which reads the copy (tests/games/test_area_game_copies.py compares the bytes).
    copy = tmp_path / game
    shutil.copytree(SOURCES / game, copy)
    result = CliRunner().invoke(main, ["build", str(copy), "-o", str(tmp_path / "dist"), "-q"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "dist").glob("*.vmod")] == [f"{game.replace('_', '-')}.vmod"]


def test_a_mapping_draft_of_an_area_games_own_module_finds_every_unit(played, tmp_path):
    """Kampen om Norge's module drafted against its own pack: every battalion, chip and ship card of the
    data is found, each at full confidence (the cards of the Appendix are no units and stay unmatched)."""
    from vassal_tools.games import pack_for

    module = played[0]
    out = tmp_path / "m.json"
    result = CliRunner().invoke(main, ["mapping", str(module), "--game", "kampen-om-norge", "-o", str(out)])
    assert result.exit_code == 0, result.output
    draft = json.loads(out.read_text(encoding="utf-8"))
    units = set(pack_for("kampen-om-norge").catalogue.unit_ids())
    assert units and {entry["ref"] for entry in draft["units"].values()} == units
    assert {entry["confidence"] for entry in draft["draft"].values()} == {1.0}
