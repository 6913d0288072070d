"""The Narvik 1940 checks added for issue 11: regroup (17.0, 19.2) and the overstack it allows, fire and
close assault (14.0-14.4.1: range, line of fire, one firing hex; 20.0; 6.3) and where strikes may go
(16.0). Each is shown broken and kept, as records and as logs written with the project's log writer.

Expectations are read off narvik-1940.txt (the rule beside each) and worked out by hand on the XXYY grid
of the pack (odd columns half a hex up: 0919 touches 0918, 0920, 0818, 0819, 1018, 1019).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vassal_tools.builder.module import assemble, module_archive, module_file_name, write_opening
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.gamedata import load_game
from vassal_tools.gamedata.geography import fit_game
from vassal_tools.games import pack_for
from vassal_tools.games.narvik_1940 import DATA_DIR
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder
from vassal_tools.replay.logwriter import LogWriter

GAME = "narvik-1940"
REGROUP = "German Available for Regroup"


def findings(builder: RecordBuilder) -> list[tuple[str, str | None]]:
    return [(f.rule, f.where) for f in audit(builder.to_dict())]


def start(*placed: tuple[str, str], turn: str = "GT 2") -> RecordBuilder:
    builder = RecordBuilder(GAME)
    for unit, at in placed:
        builder.place(unit, at)
    return builder.phase("actions", turn=turn)


def action(builder: RecordBuilder, side: str, kind: str, **more) -> RecordBuilder:
    return builder.add({"action": {"side": side, "kind": kind, **more}})


NARVIK_HELD = (("ger-i-139", "0919"), ("ger-hq-sec", "0919"), ("ger-eng", "0919"))


# -- 17.0 regroup: where a unit goes ---------------------------------------------------------------

@pytest.mark.parametrize("to, more, expected", [
    ("0919", (), []),                                    # German-occupied objective hex (Narvik)
    ("Narvik", (), []),                                  # the place's name reads as its hex
    ("1018", (("ger-lw", "1018"),), [("17.0", "1018")]),  # occupied, not an objective hex (sample)
    ("2020", (), [("17.0", "2020")]),                    # objective hex, not German-occupied
    ("0919", (("brit-1-sg", "0918"),), [("17.0", "0919")]),  # in an EZOC: British unit adjacent (10.0)
    ("0919", (("brit-1-sg", "0917"),), []),              # two hexes off: no EZOC
    ("0919", (("allied-air-1", "0918"),), []),           # 10.0: "Strikes do not project ZOC"
    ("0919", (("brit-1-sg", "Harstad"),), []),           # 10.0: no ZOC out of a staging area
    ("Swedish Transit", (), [("17.0", "Swedish Transit")]),
    ("German Permanently Eliminated", (), []),           # the Regroup Table's "Perm. Elimin."
])
def test_german_units_regroup_to_a_german_occupied_objective_hex_out_of_ezoc(to, more, expected):
    builder = start(*NARVIK_HELD, *more, ("ger-bb", REGROUP))
    action(builder, "german", "regroup", subcommand="KGD").move("ger-bb", to)
    where = pack_for(GAME).catalogue.location(to)
    assert findings(action(builder, "allied", "pass")) == [(f"narvik-1940.txt {r}", where) for r, _ in expected]


def test_a_finding_on_the_sample_objective_hexes_says_so():
    builder = start(*NARVIK_HELD, ("ger-lw", "1018"), ("ger-bb", REGROUP))
    action(builder, "german", "regroup").move("ger-bb", "1018")
    assert audit(builder.to_dict())[0].samples == ("the objective hexes",)


@pytest.mark.parametrize("unit, box, to, expected", [
    ("brit-1-sg", "Allied Available for Regroup", "Harstad", []),
    ("fr-13-dble-1", "Allied Available for Regroup", "Harstad Staging Area", []),
    ("pl-1-phb", "Allied Available for Regroup", "Bardufoss", ["17.0"]),
    ("nw-alta", "Allied Available for Regroup", "Bardufoss", []),
    ("nw-alta", "Allied Available for Regroup", "Harstad", ["17.0"]),
    ("brit-1-sg", "Allied Available for Regroup", "0216", ["17.0"]),
])
def test_allied_units_regroup_to_their_staging_area(unit, box, to, expected):
    builder = start((unit, box))
    action(builder, "allied", "regroup").move(unit, to)
    where = pack_for(GAME).catalogue.location(to)
    assert findings(action(builder, "german", "pass")) == [(f"narvik-1940.txt {r}", where) for r in expected]


def test_the_railroad_artillery_regroups_to_narvik_or_bjornfjell_with_an_engineer():
    # 19.2: "If regrouped, the unit must be deployed in Narvik or Bjornfjell, and an engineer unit must be
    # present in the hex."
    def regroup(*held: tuple[str, str]):
        builder = start(*held, ("ger-rr", REGROUP))
        action(builder, "german", "regroup").move("ger-rr", "0919")
        return findings(action(builder, "allied", "pass"))
    assert regroup(*NARVIK_HELD) == []  # ger-eng holds Narvik
    assert regroup(("ger-i-139", "0919")) == [("narvik-1940.txt 19.2", "0919")]


def test_a_regroup_action_returns_units_of_one_sub_command():
    # 17.0: "A regroup action may return any number of units from one sub-command to the map."
    def regroup(units: list[str]):
        builder = start(*NARVIK_HELD, *((u, REGROUP) for u in units))
        action(builder, "german", "regroup", subcommand="KGD")
        for uid in units:
            builder.move(uid, "0919")
        return findings(action(builder, "allied", "pass"))
    assert regroup(["ger-bb", "ger-lw"]) == []                       # both KGD
    assert regroup(["ger-bb", "ger-berger-1"]) == [("narvik-1940.txt 17.0", None)]  # KGD and KGB


def test_units_leave_the_regroup_display_only_by_a_regroup_action():
    builder = start(*NARVIK_HELD, ("ger-bb", REGROUP))
    action(builder, "german", "move").move("ger-bb", "0919")
    assert ("narvik-1940.txt 17.0", "0919") in findings(action(builder, "allied", "pass"))


# -- 17.0 regroup: the overstack it allows, no more -------------------------------------------------

def test_regrouped_units_may_overstack_but_a_unit_moving_in_may_not():
    # 17.0: "German units deployed via regroup may overstack." 9.0: three German ground units a hex.
    builder = start(*NARVIK_HELD, ("ger-bb", REGROUP), ("ger-lw", REGROUP), ("ger-signal", "1018"))
    action(builder, "german", "regroup").move("ger-bb", "0919").move("ger-lw", "0919")
    action(builder, "allied", "pass")
    assert findings(builder) == []  # five in Narvik, two of them regrouped
    action(builder, "german", "move").move("ger-signal", "0919")
    action(builder, "allied", "pass")
    assert findings(builder) == [("narvik-1940.txt 9.0", "0919")]  # a sixth by movement


def test_a_moved_unit_cannot_take_the_place_of_a_regrouped_one():
    builder = start(*NARVIK_HELD, ("ger-bb", REGROUP), ("ger-signal", "1018"))
    action(builder, "german", "regroup").move("ger-bb", "0919")
    action(builder, "allied", "pass")
    # The regrouped unit leaves and another enters in one action: four, none of them regrouped any more.
    action(builder, "german", "move").move("ger-bb", "1018").move("ger-signal", "0919")
    assert findings(action(builder, "allied", "pass")) == [("narvik-1940.txt 9.0", "0919")]


def test_an_overstack_left_by_regroup_stays_legal_while_it_shrinks():
    builder = start(*NARVIK_HELD, ("ger-bb", REGROUP), ("ger-lw", REGROUP))
    action(builder, "german", "regroup").move("ger-bb", "0919").move("ger-lw", "0919")
    action(builder, "allied", "pass")
    action(builder, "german", "move").move("ger-i-139", "1018")  # five to four: still over, by regroup only
    action(builder, "allied", "pass")
    builder.phase("victory-check", turn="GT 2")
    assert findings(builder) == []


def test_an_overstack_by_movement_stays_a_violation_until_it_is_fixed():
    builder = start(*NARVIK_HELD, ("ger-bb", REGROUP), ("ger-signal", "1018"), ("ger-lw", "1018"))
    action(builder, "german", "regroup").move("ger-bb", "0919")
    action(builder, "german", "move").move("ger-signal", "0919")   # five: over by movement
    action(builder, "allied", "pass")                              # nothing moves: still the same violation
    action(builder, "german", "move").move("ger-signal", "1018")   # back to four, the overstack by regroup
    action(builder, "german", "move").move("ger-lw", "0919")       # five again, by movement: a new violation
    action(builder, "allied", "pass")
    assert findings(builder) == [("narvik-1940.txt 9.0", "0919"), ("narvik-1940.txt 9.0", "0919")]


# -- 14.0-14.4.1 fire and close assault ------------------------------------------------------------

def fire(firer: str, at: str, target: str, kind: str = "fire", *more: tuple[str, str]):
    side = pack_for(GAME).catalogue.unit(firer)["side"]  # type: ignore[index]
    enemy = "brit-1-sg" if side == "german" else "ger-i-139"
    builder = start((firer, at), (enemy, target), *more)
    action(builder, side, kind).attack(target, [firer])
    return findings(action(builder, "allied" if side == "german" else "german", "pass"))


@pytest.mark.parametrize("firer, at, target, expected", [
    ("ger-i-139", "0919", "0918", []),                    # direct fire, adjacent
    ("ger-i-139", "0919", "0917", ["14.2"]),              # range one: two hexes away
    ("ger-mtn-art", "1711", "2111", []),                  # range four, four hexes (count the target hex)
    ("ger-mtn-art", "1712", "2212", ["14.2"]),            # five hexes
    ("ger-mtn-art", "1712", "2112", ["14.2"]),            # the line crosses the peak 1912
    ("ger-mtn-art", "1812", "2012", []),                  # the line runs along 1912's hexside with 1913
    ("ger-mtn-art", "1912", "2112", []),                  # "Units may fire from or into a peak hex."
    ("ger-mtn-art", "1712", "1912", []),
])
def test_range_and_line_of_fire(firer, at, target, expected):
    # 14.2: "Units can fire only at hexes within their printed range and if the unit has a line of fire".
    assert fire(firer, at, target) == [(f"narvik-1940.txt {r}", target) for r in expected]


def test_a_hexside_between_two_peaks_blocks_the_line(monkeypatch):
    # 14.2: along a hexside of a peak hex the line is "not blocked unless both hexes sharing that hexside
    # are peak hexes". The text names one peak; with a map that makes 1913 a peak too, 1812-2012 is blocked.
    pack = pack_for(GAME)
    config = {**pack.config, "fire": {**pack.config["fire"], "peaks": ["1912", "1913"]}}
    monkeypatch.setitem(vars(pack), "config", config)
    assert fire("ger-mtn-art", "1812", "2012") == [("narvik-1940.txt 14.2", "2012")]


def test_units_fire_together_only_from_one_hex():
    # 14.1: "The attacking player may select more than one unit ... if all units occupy the same hex."
    builder = start(("ger-i-139", "0919"), ("ger-hq-sec", "0919"), ("ger-lw", "0817"), ("brit-1-sg", "0918"))
    action(builder, "german", "fire").attack("0918", ["ger-i-139", "ger-hq-sec"])
    assert findings(builder) == []
    action(builder, "german", "fire").attack("0918", ["ger-i-139", "ger-lw"])
    assert findings(builder) == [("narvik-1940.txt 14.1", "0918")]


def test_a_unit_fires_at_one_hex_in_each_action():
    # 14.0: "A unit may only fire at one hex in each action." "may be attacked any number of times".
    builder = start(("ger-mtn-art", "1018"), ("brit-1-sg", "1017"), ("brit-1-ig", "1016"))
    action(builder, "german", "fire").attack("1017", ["ger-mtn-art"]).attack("1016", ["ger-mtn-art"])
    assert findings(builder) == [("narvik-1940.txt 14.0", "1016")]


def test_close_assault_needs_capable_adjacent_units_and_allows_no_ranged_fire():
    # 14.4: "Only those units that have a white or blue rectangle around their fire factor may conduct
    # close assault attacks"; "The target hex of a close assault must be adjacent".
    assert fire("ger-i-139", "0919", "0918", "close-assault") == []          # assault capable
    assert fire("ger-hq-sec", "0919", "0918", "close-assault") == [("narvik-1940.txt 14.4", "0918")]
    assert fire("ger-mtn-art", "1018", "1016", "close-assault") == [("narvik-1940.txt 14.4", "1016"),
                                                                    ("narvik-1940.txt 14.4", "1016")]


def test_a_counterattack_follows_a_close_assault_by_capable_defenders():
    # 14.4.1: "any defending units that are close assault capable may counterattack all units in the
    # firing hex"; a counterattack is the defender's attack in the same action (records-four-games.md).
    def assault(kind: str, defender: str):
        builder = start(("ger-i-139", "0919"), (defender, "0918"))
        action(builder, "german", kind).attack("0918", ["ger-i-139"]).attack("0919", [defender])
        return findings(builder)
    assert assault("close-assault", "brit-1-sg") == []
    assert assault("close-assault", "brit-eng") == [("narvik-1940.txt 14.4.1", "0919")]  # no rectangle
    assert assault("fire", "brit-1-sg") == [("narvik-1940.txt 14.4.1", "0919")]          # fire has none


def test_no_attack_in_a_move_action_nor_from_or_against_a_staging_area():
    # 6.3: "There are no actions that combine movement with combat." 20.0: "Attacks cannot be launched
    # against enemy Staging Areas." "Units in a Staging Area cannot attack enemy units on the map."
    assert fire("ger-i-139", "0919", "0918", "move") == [("narvik-1940.txt 6.3", "0918")]
    builder = start(("ger-i-139", "Swedish Transit"), ("brit-1-sg", "0918"), ("brit-1-ig", "Harstad"),
                    ("ger-hq-sec", "0919"))
    action(builder, "german", "fire").attack("0918", ["ger-i-139"])
    action(builder, "german", "fire").attack("Harstad", ["ger-hq-sec"])
    assert findings(builder) == [("narvik-1940.txt 20.0", "0918"), ("narvik-1940.txt 20.0", "Harstad")]


def test_strikes_attack_the_hex_they_were_placed_in():
    # 16.0: strikes are placed "in enemy-occupied hexes", then "conducts the attacks in each target hex".
    def support(to: str):
        builder = start(("brit-1-sg", "0216"), ("brit-1-ig", "0316"), ("ger-air-1", "German Air Strikes Available"))
        action(builder, "german", "air-support").move("ger-air-1", to).attack("0216", ["ger-air-1"])
        return findings(builder)
    assert support("0216") == []
    assert support("0316") == [("narvik-1940.txt 16.0", "0216")]


# -- 16.0 naval strikes and the coast -------------------------------------------------------------

def test_naval_strikes_go_to_coastal_hexes_not_inlets():
    # 16.0: "Naval strikes may be placed in any coastal hex (not inlet)." The map's coast is real
    # geography: Narvik (0919) lies on the Ofotfjord, open water; 1621 is the inner Rombaksfjord,
    # a kilometre wide (an inlet); 1510 lies inland between the Gratangen and Salangen fjords.
    def naval(to: str):
        builder = start(("ger-i-139", to), ("allied-naval-1", "Allied Air & Naval Strikes Available"))
        action(builder, "allied", "naval-support").move("allied-naval-1", to)
        return findings(builder)
    assert naval("0919") == []
    assert naval("1621") == [("narvik-1940.txt 16.0", "1621")]  # an inlet
    assert naval("1510") == [("narvik-1940.txt 16.0", "1510")]  # inland


def test_naval_strikes_are_judged_from_real_water():
    # 16.0 judged on hexes picked from the geodata, not from hexes.csv: the hex holding Narvik's real
    # position (GeoNames 68.438 N 17.427 E, on the Ofotfjord's open water) takes a naval strike; the one
    # holding Bjørnfjell's (68.437 N 18.040 E, the Ofoten line's last station, 40 km from the fjord) does not.
    game = load_game(DATA_DIR)
    _, fit = fit_game(DATA_DIR, game.grid, game.places)  # type: ignore[misc]
    coastal, inland = fit.hex_at(68.43838, 17.42720), fit.hex_at(68.437, 18.040)
    assert coastal is not None and inland is not None and coastal != inland

    def naval(to: str):
        builder = start(("ger-i-139", to), ("allied-naval-1", "Allied Air & Naval Strikes Available"))
        action(builder, "allied", "naval-support").move("allied-naval-1", to)
        return findings(builder)
    assert naval(coastal) == []
    assert naval(inland) == [("narvik-1940.txt 16.0", inland)]


# -- the same, as logs of the built module ---------------------------------------------------------

@pytest.fixture(scope="module")
def module(tmp_path_factory):
    folder = tmp_path_factory.mktemp("narvik-logs")
    assembly = assemble(DATA_DIR, scenario="campaign", cache=folder / "cache")
    built = write_archive(module_archive(assembly), folder / module_file_name(assembly.game))
    return assembly, built, write_opening(assembly, folder / "start.vsav")


def audit_log(module, tmp_path: Path, steps) -> list[tuple[str, str | None]]:
    """A log from the campaign set-up (Narvik 0919: Dietl, I/139, Eng, HQ Sec; 1912: Sig; 1118: Mtn Art)."""
    assembly, built, opening = module
    writer = LogWriter(open_file(opening), assembly.locator.point, "Gerd", "gerd-pw")
    writer.step(writer.seat("German"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "GT 2", "actions")))
    for make in steps(writer):
        writer.step(make)
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "GT 2", "victory-check")))
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = writer.save(tmp_path / "game.vlog")
    audited = CliRunner().invoke(main, ["audit", str(log), "--module", str(built), "--format", "json"])
    assert audited.exit_code in (0, 1), audited.output
    return [(f["rule"], f["where"]) for f in json.loads(audited.output)["findings"]]


def test_a_log_regroup_may_overstack_a_move_into_it_may_not(module, tmp_path):
    def regrouped(writer):
        # Mtn Art is disrupted (to the regroup display) and regroups to Narvik: four there, one regrouped.
        return [writer.move("ger-mtn-art", REGROUP), writer.move("ger-mtn-art", "0919")]
    assert audit_log(module, tmp_path / "a", regrouped) == []
    def moved_in(writer):
        return [*regrouped(writer), writer.move("ger-signal", "0919")]
    assert audit_log(module, tmp_path / "b", moved_in) == [("narvik-1940.txt 9.0", "0919")]


def test_a_log_regroup_to_a_hex_that_is_not_an_objective(module, tmp_path):
    def regrouped(writer):
        return [writer.move("ger-mtn-art", REGROUP), writer.move("ger-mtn-art", "1118")]
    assert audit_log(module, tmp_path, regrouped) == [("narvik-1940.txt 17.0", "1118")]


def test_a_log_fire_across_the_peak_is_blocked(module, tmp_path):
    def fired(target: str, at: str):
        def steps(writer):
            return [writer.move("ger-mtn-art", at), writer.move("brit-1-sg", target),
                    writer.chat(f"attack {target} with ger-mtn-art")]
        return steps
    assert audit_log(module, tmp_path / "a", fired("2111", "1711")) == []
    assert audit_log(module, tmp_path / "b", fired("2112", "1712")) == [("narvik-1940.txt 14.2", "2112")]


@pytest.mark.parametrize("unit, die, to, expected", [
    ("ger-bb", 5, "0919", []),                               # elite: 5-6 regroup
    ("ger-bb", 4, "0919", ["17.0"]),                         # elite: 2-4 no effect
    ("ger-lw", 4, "0919", []),                               # non-elite: 4-6 regroup
    ("ger-lw", 3, "0919", ["17.0"]),                         # non-elite: 2-3 no effect
    ("ger-lw", 1, "German Permanently Eliminated", []),      # 1: permanently eliminated
    ("ger-lw", 6, "German Permanently Eliminated", ["17.0"]),
])
def test_the_regroup_table_decides_where_a_unit_goes(unit, die, to, expected):
    # 17.0, the Regroup Table: "Elite unit checking" / "Non-Elite unit checking" (ger-bb elite, ger-lw not).
    builder = start(*NARVIK_HELD, (unit, REGROUP))
    action(builder, "german", "regroup").roll("regroup", die, side="german", unit=unit).move(unit, to)
    where = pack_for(GAME).catalogue.location(to)
    assert findings(action(builder, "allied", "pass")) == [(f"narvik-1940.txt {r}", where) for r in expected]


# -- 11.0, 18.1 sub-commands; 20.0, 18.2 staging areas --------------------------------------------

def test_an_action_is_executed_by_units_of_its_sub_command():
    # 11.0: "Declares the sub-command that will execute the action"; 12.0: "ground units of one sub-command".
    def moved(command: str, unit: str):
        builder = start((unit, "1416"))
        action(builder, "german", "move", subcommand=command).move(unit, "1415")
        return findings(builder)
    assert moved("KGH", "ger-haussels") == []            # Haussels is KGH
    assert moved("KGW", "ger-haussels") == [("narvik-1940.txt 11.0", "1415")]


def test_dietl_activates_the_units_stacked_with_or_next_to_him():
    # 18.1: activating KGD activates units "stacked with or adjacent to the hex that Dietl occupies when the
    # action is declared"; they need not stay by him.
    def moved(dietl_at: str):
        builder = start(("ger-dietl", dietl_at), ("ger-haussels", "1416"), ("brit-1-sg", "1418"))
        action(builder, "german", "move", subcommand="KGD").move("ger-haussels", "1415").move("ger-haussels", "1414")
        action(builder, "german", "fire", subcommand="KGD").attack("1418", ["ger-haussels"])
        return findings(builder)
    assert ("narvik-1940.txt 11.0", "1415") not in moved("1416")   # stacked with Dietl
    assert ("narvik-1940.txt 11.0", "1415") not in moved("1417")   # adjacent
    assert ("narvik-1940.txt 11.0", "1415") in moved("1419")       # two hexes off: not activated
    # In the fire action Haussels (now in 1414) is no longer by Dietl: KGD's fire cannot use it.
    assert ("narvik-1940.txt 11.0", "1414") in moved("1416")


def test_a_staging_area_holds_its_own_sides_units_and_auchinleck_stays_there():
    # 20.0: "Only Axis units may be placed in the Axis Staging Area"; "Only Allied units may enter the Allied
    # Staging Areas". 18.2: Auchinleck "may not leave the staging area".
    builder = start(("ger-bb", "Swedish Transit"), ("brit-1-sg", "0202"), ("brit-auchinleck", "Harstad"))
    builder.move("brit-1-sg", "Harstad")
    assert findings(builder) == []
    builder.move("ger-bb", "Harstad").move("brit-1-sg", "Swedish Transit").move("brit-auchinleck", "0216")
    assert findings(builder) == [("narvik-1940.txt 20.0", "Harstad"), ("narvik-1940.txt 20.0", "Swedish Transit"),
                                 ("narvik-1940.txt 18.2", "0216")]


def test_from_an_overstacked_hex_only_the_top_unit_fires():
    # 9.0: "only the top unit in that hex may conduct fire (including counterattack) from the hex".
    def fired(attackers: list[str]):
        builder = start(*NARVIK_HELD, ("ger-bb", REGROUP), ("brit-1-sg", "0917"))
        action(builder, "german", "regroup").move("ger-bb", "0919")  # four in Narvik, legally
        action(builder, "allied", "move").move("brit-1-sg", "0918")
        action(builder, "german", "fire").attack("0918", attackers)
        return findings(action(builder, "allied", "pass"))
    assert fired(["ger-i-139"]) == []
    assert fired(["ger-i-139", "ger-hq-sec"]) == [("narvik-1940.txt 9.0", "0918")]


def test_an_amphibious_assault_is_by_the_marine_unit_only():
    # 13.2: "conducts a close assault using the Marine unit only against the enemy-occupied coastal hex".
    def assault(attackers: list[str]):
        builder = start(("brit-rm", "0818"), ("brit-1-sg", "0818"), ("ger-i-139", "0919"))
        action(builder, "allied", "amphibious-assault").attack("0919", attackers)
        return findings(builder)
    assert assault(["brit-rm"]) == []
    assert assault(["brit-rm", "brit-1-sg"]) == [("narvik-1940.txt 13.2", "0919")]
