"""Narvik 1940 as a game folder: its data, its words and its checks, judged against narvik-1940.txt.

Every expectation below is read off the rulebook (the rule is named beside it) or worked out by hand
on the XXYY grid; the records are written here in the form of ``records-four-games.md``.
"""

from __future__ import annotations

import csv
import re

import pytest
from click.testing import CliRunner

from conftest import RULES
from kits.hex_packs import rules_cited
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.gamedata import citations
from vassal_tools.games import pack_for, pack_ids
from vassal_tools.games.narvik_1940 import DATA_DIR, PACK_FILE
from vassal_tools.games.narvik_1940.checks import CITED
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder

GAME = "narvik-1940"
RULEBOOK = RULES / "narvik-1940.txt"


def rule_numbers_in_rulebook() -> set[str]:
    if not RULEBOOK.exists():
        pytest.skip("../shared/rules is absent")
    text = RULEBOOK.read_text(encoding="utf-8")
    return set(re.findall(r"^(\d+(?:\.\d+)*) ", text, flags=re.MULTILINE))


def findings(builder: RecordBuilder) -> list[tuple[str, str | None]]:
    return [(f.rule, f.where) for f in audit(builder.to_dict())]


def record(turn: str = "GT 2") -> RecordBuilder:
    """A record that starts with a snapshot (not GT 1: the set-up is not judged) and an actions phase."""
    return RecordBuilder(GAME)


def actions(builder: RecordBuilder, turn: str = "GT 2") -> RecordBuilder:
    return builder.phase("actions", turn=turn)


def action(builder: RecordBuilder, side: str, kind: str, **more) -> RecordBuilder:
    return builder.add({"action": {"side": side, "kind": kind, **more}})


# -- the game folder -------------------------------------------------------------------------------

def test_the_registry_lists_narvik_and_the_games_verb_shows_its_checks():
    assert GAME in pack_ids() and pack_for(GAME).data_folder == DATA_DIR
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    assert "narvik-1940" in result.output and "Stacking [9.0" in result.output
    assert "no supply rule" in result.output


def test_the_words_come_from_game_toml():
    words = pack_for(GAME).vocabulary
    # 5.1: the segments of a GT, in order; 4.3: GT 8 is the last.
    assert words.phases == ("action-point-determination", "random-events", "initiative-determination",
                            "reinforcement", "actions", "victory-check", "turn-advance")
    assert words.sides == ("german", "allied")
    assert words.turns == tuple(f"GT {n}" for n in range(1, 9))
    assert words.side_of("polish") == "allied" and words.side_of("german") == "german"
    assert "strike" in words.unit_classes and "wing" in words.sizes
    assert pack_for(GAME).data.info.die_faces == (1, 2, 3, 4, 5, 6)  # 2.0: one six-sided die


def test_the_named_places_are_where_the_text_puts_them():
    catalogue = pack_for(GAME).catalogue
    # 3.1 Bjornfjell 2020; 3.2 Bogen 0216, Salangen 1801; 12.4 Narvik 0919.
    assert [catalogue.location(n) for n in ("Bjornfjell", "Bogen", "Salangen", "Narvik")] == \
        ["2020", "0216", "1801", "0919"]
    assert catalogue.location("1912") == "1912"  # 6.1: the numbered peak
    assert catalogue.location("Harstad Staging Area") == "Harstad"
    assert catalogue.location("swedish transit") == "Swedish Transit"
    assert catalogue.location("German Random Reinforcement Display") == "German Random Reinforcements"
    assert catalogue.location("Oslo") is None


def test_every_value_has_a_rule_or_says_sample():
    data = pack_for(GAME).data
    assert citations(data.info.raw["source"])
    with (DATA_DIR / "units.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            assert citations(row["source"])
            assert any(c.is_sample for c in citations(row["source"])), row["id"]  # printed values are lost


def test_every_rule_cited_exists_in_the_rulebook():
    numbers = rule_numbers_in_rulebook()
    cited = rules_cited(CITED, PACK_FILE, pack_for(GAME).data)
    assert cited - numbers == set()
    assert {"9.0", "16.0", "21.0", "3.1", "3.2"} <= cited


def test_the_campaign_set_up_keeps_every_set_up_rule():
    data = pack_for(GAME).data
    builder = RecordBuilder(GAME)
    for placement in data.scenarios["campaign"].setup:
        builder.place(placement.unit, placement.at)
    builder.phase("action-point-determination", turn="GT 1")
    assert findings(builder) == []


# -- 9.0 stacking ----------------------------------------------------------------------------------

def test_four_german_ground_units_overstack_but_dietl_does_not_count():
    # 9.0: "up to three ground units"; "Leader units ... do not count".
    kept = actions(record().place("ger-i-139", "1018").place("ger-ii-139", "1018").place("ger-dietl", "1018")
                   .place("ger-iii-139", "1118"))
    action(kept, "german", "move", units=["ger-iii-139"]).move("ger-iii-139", "1018")
    assert findings(kept) == []
    broken = actions(record().place("ger-i-139", "1018").place("ger-ii-139", "1018").place("ger-lw", "1018")
                     .place("ger-iii-139", "1118"))
    action(broken, "german", "move").move("ger-iii-139", "1018")
    action(broken, "allied", "pass")
    found = audit(broken.to_dict())
    assert [(f.rule, f.where, f.excess) for f in found] == [("narvik-1940.txt 9.0", "1018", 1)]
    assert found[0].entry == 7  # judged when the move action ends: the next action begins


def test_moving_through_an_overstacked_hex_is_allowed():
    # 9.0: "Any number of units may move through a hex during an action."
    builder = actions(record().place("ger-i-139", "1018").place("ger-ii-139", "1018").place("ger-lw", "1018")
                      .place("ger-iii-139", "1118"))
    action(builder, "german", "move").move("ger-iii-139", "1018").move("ger-iii-139", "0919")
    assert findings(builder) == []


def test_allied_two_units_of_one_nationality():
    # 9.0: two Allied ground units; one unit of 13 DBLE and one of 27 DBCA may stack (the rule's example).
    kept = actions(record().place("fr-13-dble-1", "0216").place("fr-27-dbca-6", "0217"))
    action(kept, "allied", "move").move("fr-27-dbca-6", "0216")
    assert findings(kept) == []
    mixed = actions(record().place("brit-1-sg", "0216").place("nw-alta", "0217"))
    action(mixed, "allied", "move").move("nw-alta", "0216")
    assert findings(mixed) == [("narvik-1940.txt 9.0", "0216")]  # British and Norwegian may not stack
    three = actions(record().place("brit-1-sg", "0216").place("brit-1-ig", "0216").place("brit-2-swb", "0217"))
    action(three, "allied", "move").move("brit-2-swb", "0216")
    assert [(f.rule, f.excess) for f in audit(three.to_dict())] == [("narvik-1940.txt 9.0", 1)]


def test_staging_areas_are_unlimited():
    # 20.0: "An unlimited number of units can stack in a Staging Area."
    builder = record()
    for uid in ("brit-1-sg", "brit-1-ig", "brit-2-swb", "brit-rm", "brit-eng"):
        builder.place(uid, "Harstad")
    assert findings(actions(builder)) == []


def test_german_regroup_may_overstack_a_move_may_not():
    # 17.0: "German units deployed via regroup may overstack."
    def game(kind: str) -> RecordBuilder:
        builder = actions(record().place("ger-i-139", "0919").place("ger-ii-139", "0919").place("ger-lw", "0919")
                          .place("ger-bb", "German Available for Regroup"))
        action(builder, "german", kind).move("ger-bb", "0919")
        return action(builder, "allied", "pass")
    assert findings(game("regroup")) == []
    # 17.0: a unit leaves the display only by a regroup action; as a move it overstacks Narvik (9.0).
    assert findings(game("move")) == [("narvik-1940.txt 17.0", "0919"), ("narvik-1940.txt 9.0", "0919")]


def test_opposing_ground_units_never_share_a_hex():
    # 9.0: "Opposing combat units may never be in the same hex"; strikes may (the exception).
    broken = actions(record().place("ger-i-139", "0919").place("brit-1-sg", "0918"))
    action(broken, "allied", "move").move("brit-1-sg", "0919")
    assert findings(broken) == [("narvik-1940.txt 9.0", "0919")]
    kept = actions(record().place("ger-i-139", "0919").place("allied-air-1", "Allied Air & Naval Strikes Available"))
    action(kept, "allied", "air-support").move("allied-air-1", "0919")
    assert findings(kept) == []


# -- 16.0 strikes ----------------------------------------------------------------------------------

def strike_game(side: str, strikes: list[str], kind: str, target: str = "0919") -> RecordBuilder:
    box = "Allied Air & Naval Strikes Available" if side == "allied" else "German Air Strikes Available"
    builder = record().place("ger-i-139", "0919").place("brit-1-sg", "0216")
    for uid in strikes:
        builder.place(uid, box)
    builder = actions(builder)
    action(builder, side, kind)
    for uid in strikes:
        builder.move(uid, target)
    return action(builder, "german" if side == "allied" else "allied", "pass")


def test_allied_strikes_one_per_target_hex():
    # 16.0: "up to one air or one naval strike in each target hex".
    assert findings(strike_game("allied", ["allied-naval-1"], "naval-support")) == []
    found = audit(strike_game("allied", ["allied-naval-1", "allied-naval-2"], "naval-support").to_dict())
    assert [(f.rule, f.where, f.excess) for f in found] == [("narvik-1940.txt 16.0", "0919", 1)]


def test_air_strikes_in_air_support_naval_strikes_in_naval_support():
    # 16.0: strikes remain in the display "until the owning player declares an air support or (for naval
    # strikes) a naval support action".
    assert findings(strike_game("allied", ["allied-air-1"], "air-support")) == []
    assert findings(strike_game("allied", ["allied-naval-1"], "air-support")) == [("narvik-1940.txt 16.0", "0919")]
    assert findings(strike_game("allied", ["allied-air-1"], "naval-support")) == [("narvik-1940.txt 16.0", "0919")]


def test_german_strikes_two_per_target_hex():
    # 16.0: "up to two air strikes in each target hex".
    assert findings(strike_game("german", ["ger-air-1", "ger-air-2"], "air-support", "0216")) == []
    found = audit(strike_game("german", ["ger-air-1", "ger-air-2", "ger-air-3"], "air-support", "0216").to_dict())
    assert [(f.rule, f.where, f.excess) for f in found] == [("narvik-1940.txt 16.0", "0216", 1)]


def test_strikes_go_only_to_enemy_hexes_in_a_support_action():
    # 16.0: strikes are placed "in enemy-occupied hexes" after an air or naval support action is declared.
    assert findings(strike_game("german", ["ger-air-1"], "air-support", "1501")) == [("narvik-1940.txt 16.0", "1501")]
    assert findings(strike_game("german", ["ger-air-1"], "move", "0216")) == [("narvik-1940.txt 16.0", "0216")]


# -- 3.1, 3.2 set-up -------------------------------------------------------------------------------

def set_up(unit: str, at: str, turn: str = "GT 1") -> list[tuple[str, str | None]]:
    return findings(RecordBuilder(GAME).place(unit, at).phase("action-point-determination", turn=turn))


@pytest.mark.parametrize("unit, at, rule", [
    ("ger-i-139", "0520", None),          # 15 columns from 2020 in the same row: 15 hexes (3.1)
    ("ger-i-139", "0420", "3.1"),         # 16 hexes
    ("ger-i-139", "2020", None),          # Bjornfjell itself
    ("ger-i-139", "Swedish Transit", "3.1"),  # at-start units go on the map
    ("ger-rr", "1420", None),             # a railroad hex of the data (Rombak station)
    ("ger-rr", "2019", "3.1"),            # near Bjornfjell, but off the railroad
    ("ger-fl", "German Random Reinforcements", None),  # an R unit
    ("ger-fl", "0919", "3.1"),
    ("brit-1-sg", "0216", None),          # in Bogen
    ("brit-1-sg", "0217", None),          # adjacent to Bogen (same column)
    ("brit-1-sg", "Harstad", None),
    ("brit-1-sg", "0219", "3.2"),
    ("brit-1-sg", "Bardufoss", "3.2"),
    ("nw-alta", "1801", None),
    ("nw-alta", "Bardufoss", None),
    ("nw-alta", "Harstad", "3.2"),
    ("fr-13-dble-1", "0216", "3.2"),      # all French units are scheduled reinforcements
    ("fr-13-dble-1", "Allied Scheduled Reinforcements", None),
    ("brit-auchinleck", "Harstad", "18.2"),
    ("ger-flak-opt", "2019", None),       # 22.1: an OPT(A) unit the Germans select sets up as at-start
    ("ger-flak-opt", "0420", "3.1"),      # ... within 15 hexes of Bjornfjell
    ("ger-flak-opt", "German Random Reinforcements", None),  # not selected: out of play, not judged
    ("brit-gurkha-opt", "Harstad", "22.1"),  # an Allied optional unit in the start force needs a German OPT(A)
])
def test_set_up_zones(unit, at, rule):
    expected = [] if rule is None else [(f"narvik-1940.txt {rule}", None if rule == "22.1" else at)]
    assert set_up(unit, at) == expected


def test_set_up_is_judged_only_from_gt_1():
    assert set_up("ger-i-139", "0420", turn="GT 3") == []


def test_a_finding_on_a_sample_grid_says_so():
    found = audit(RecordBuilder(GAME).place("ger-i-139", "0420").phase("actions", turn="GT 1").to_dict())
    assert found[0].samples == ("the map's hex grid (extent and neighbours)",)


# -- 21.0 fog of war -------------------------------------------------------------------------------

def fog(kind: str, at: str, *, hex_: str | None = None, attack: bool = False) -> list[tuple[str, str | None]]:
    builder = actions(record().place("ger-i-139", at).place("brit-1-sg", "0216"))
    more = {"hex": hex_} if hex_ else {}
    action(builder, "allied", kind, **more)
    if attack:
        builder.attack(at, ["brit-1-sg"])
    return findings(builder.add({"reveal": {"units": ["ger-i-139"], "to": "allied"}}))


def test_recon_reveals_units_in_and_next_to_its_hex():
    # 21.0: "All enemy units in and/or adjacent to that hex are revealed."
    assert fog("recon", "0919", hex_="0919") == []
    assert fog("recon", "0919", hex_="0918") == []     # same column, next row: adjacent
    assert fog("recon", "0919", hex_="0916") == [("narvik-1940.txt 21.0", "0919")]


def test_combat_reveals_the_target_hex():
    # 21.0: "Players must reveal all units in the target hex and any units conducting the fire."
    assert fog("fire", "0217", attack=True) == []
    assert fog("move", "0217") == [("narvik-1940.txt 21.0", "0217")]


def test_units_in_displays_are_never_revealed():
    # 21.0: "Players can not examine enemy units in off-map displays or staging areas."
    assert fog("recon", "Swedish Transit", hex_="0919") == [("narvik-1940.txt 21.0", "Swedish Transit")]


def test_a_reveal_needs_an_enemy_side():
    with pytest.raises(BadInput, match="side is 'red'"):
        RecordBuilder(GAME).place("ger-i-139", "0919").add({"reveal": {"units": ["ger-i-139"], "to": "red"}}).result(pack_for)


def test_the_die_is_a_d6():
    # 2.0: "one six-sided die"; records-four-games.md: a result outside 1-6 is a finding.
    def rolled(result: int):
        return findings(actions(record().place("brit-1-sg", "0216")).roll("regroup", result, side="allied"))
    assert rolled(6) == [] and rolled(1) == []
    assert rolled(7) == [("narvik-1940.txt 2.0", None)]
    assert rolled(0) == [("narvik-1940.txt 2.0", None)]


def test_a_reveal_before_the_attack_of_its_action_is_combat_too():
    # 21.0: the target hex's units are revealed; the record may say so before or after the attack.
    builder = actions(record().place("ger-i-139", "0217").place("brit-1-sg", "0216"))
    action(builder, "allied", "fire").add({"reveal": {"units": ["ger-i-139"], "to": "allied"}})
    assert findings(builder.attack("0217", ["brit-1-sg"])) == []


def test_anti_aircraft_next_to_an_airborne_landing_is_revealed():
    # 8.1.1: "the Allied player must reveal the anti-aircraft unit".
    def landing(aa_at: str):
        builder = action(actions(record().place("brit-l-aa", aa_at), "GT 2"), "german", "pass")
        builder.phase("reinforcement", turn="GT 3")
        builder.place("ger-i-1-fjr", "1010")
        return findings(builder.add({"reveal": {"units": ["brit-l-aa"], "to": "german"}}))
    assert landing("1011") == []
    assert landing("1014") == [("narvik-1940.txt 21.0", "1014")]


def test_a_record_without_actions_judges_strikes_standing_together():
    # A record made from a log has no action entries: 16.0 is judged by the strikes in a hex at once.
    def placed(strikes: list[str]):
        builder = actions(record().place("brit-1-sg", "0216"))
        for uid in strikes:
            builder.move(uid, "0216")
        return findings(builder)
    assert placed(["ger-air-1", "ger-air-2"]) == []
    assert placed(["ger-air-1", "ger-air-2", "ger-air-3"]) == [("narvik-1940.txt 16.0", "0216")]


def test_a_record_without_actions_cannot_exclude_a_recon():
    builder = actions(record().place("ger-i-139", "0919"))
    assert findings(builder.add({"reveal": {"units": ["ger-i-139"], "to": "allied"}})) == []
