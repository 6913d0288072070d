"""Europa Narvik as a game folder: its data, its words and its checks, judged against europa-narvik.txt.

Every expectation is read off the rulebook (the rule is named beside it) or worked out by hand on the
sheet (data/tools/make_europa_sheet.py: the grid of data/geo.toml laid on real geography at 16 miles a hex,
its water from GSHHG, every named place in the hex of its real position; the land terrain a sample, by
distance from the open sea: clear within two hexes, rough at three, mountain further in; rows 1-23 north
of the A weather line). Hexes in one column are a straight line: 1042 to 1048, down the coast between
Bergen and Stavanger, is six clear hexes, six MPs, and the only path that short.
"""

from __future__ import annotations

import csv
import re
import tomllib

import pytest
from click.testing import CliRunner

from conftest import RULES
from kits.hex_packs import rules_cited
from vassal_tools.cli import main
from vassal_tools.gamedata import citations
from vassal_tools.games import pack_for, pack_ids
from vassal_tools.games.europa_narvik import DATA_DIR, PACK_FILE
from vassal_tools.games.europa_narvik.catalogue import OPEN_GRID
from vassal_tools.games.europa_narvik.checks import CITED
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder

GAME = "europa-narvik"
RULEBOOK = RULES / "europa-narvik.txt"
FILE = "europa-narvik.txt"


def rule_ids_in_rulebook() -> set[str]:
    """Every rule id of the text, its levels run together: Rule 8, 8A, 8C2, 11B1b, 12C3e."""
    if not RULEBOOK.exists():
        pytest.skip("../shared/rules is absent")
    ids: set[str] = set()
    rule = letter = number = ""
    for line in RULEBOOK.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if m := re.match(r"^Rule (\d+)\b", text):
            rule, letter, number = m.group(1), "", ""
            ids.add(rule)
        elif rule and (m := re.match(r"^([A-Z])\. ", text)):
            letter, number = m.group(1), ""
            ids.add(rule + letter)
        elif rule and letter and (m := re.match(r"^(\d+)\. ", text)):
            number = m.group(1)
            ids.add(rule + letter + number)
        elif rule and letter and number and (m := re.match(r"^([a-z])\. ", text)):
            ids.add(rule + letter + number + m.group(1))
    return ids


def found(builder: RecordBuilder) -> list[tuple[str, str | None]]:
    return [(f.rule, f.where) for f in audit(builder.to_dict())]


def unsupplied(builder: RecordBuilder) -> list[tuple[str, str | None]]:
    """Where units trace no line of supply: the supply findings and the notes of a first unsupplied turn, which
    breaks no rule yet (11A3a: "During the first unsupplied turn, it suffers no effect")."""
    findings = audit(builder.to_dict())
    noted = [("note", m.group(1)) for n in findings.warnings if (m := re.search(r" in (\S+) traces no line", n))]
    return sorted([*((f.rule, f.where) for f in findings if "traces no line" in f.message), *noted])


def rule(number: str) -> str:
    return f"{FILE} {number}"


def game() -> RecordBuilder:
    return RecordBuilder(GAME)


def allied() -> RecordBuilder:
    """A record with an Allied base in Narvik (3609), ten MPs or less from the hexes the tests use (11B3)."""
    return game().place("allied-base-4", "3609")


# -- the game folder -------------------------------------------------------------------------------

def test_the_registry_lists_the_pack_and_the_games_verb_shows_its_checks_and_rules():
    assert GAME in pack_ids() and pack_for(GAME).data_folder == DATA_DIR
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    assert "europa-narvik: Europa Narvik (europa-narvik.txt)" in result.output
    assert "  stacking [8, 8A, 8B]: " in result.output and "12C3e" in result.output and "11B1a" in result.output


def test_the_words_come_from_game_toml():
    words = pack_for(GAME).vocabulary
    # 5: each player turn has reinforcement, movement, air, combat and exploitation phases; German first.
    assert words.phases == tuple(f"{side}-{p}" for side in ("german", "allied") for p in
                                 ("reinforcement", "movement", "air", "combat", "exploitation"))
    assert words.turns == tuple(f"Turn {n}" for n in range(1, 16))  # 6: fifteen turns
    assert words.side_of("polish") == "allied" and words.side_of("norwegian") == "allied"
    assert pack_for(GAME).data.info.die_faces == (1, 2, 3, 4, 5, 6)


def test_the_named_places_agree_with_the_text():
    pack = pack_for(GAME)
    data, sheet, catalogue = pack.data, pack.sheet, pack.catalogue
    # 17: a port is a Norwegian city in a partial-sea hex, except Elvegaardsmoen; Horten is a port. 26: Alta.
    for name in ("Alta", "Horten", "Kristiansand"):
        place = data.place(name, "port")
        assert data.hexes[place.hex].coast == "sea" and sheet.is_port(catalogue.location(name))
    elvegaardsmoen = data.place("Elvegaardsmoen")
    assert data.hexes[elvegaardsmoen.hex].coast == "sea" and not sheet.is_port(elvegaardsmoen.hex)
    towns = [p for p in data.places if p.kind in ("city", "town", "port") and data.hexes[p.hex].coast == "sea"]
    assert {p.name for p in towns if p.kind != "port"} == {"Elvegaardsmoen"}
    # 12C5: an airfield adjacent to Kristiansand.
    airfields = [p.hex for p in data.places if p.kind == "airbase"]
    assert any(data.grid.adjacent(h, data.place("Kristiansand").hex) for h in airfields)
    # 17D: the North Sea is full sea west of Norway.
    assert catalogue.location("north sea") == "North Sea" and sheet.is_full_sea("North Sea")
    terrains = {h.terrain for h in data.hexes.values()}
    assert {"clear", "rough", "mountain", "sea"} <= terrains
    assert any(h.lake for h in data.hexes.values()) and any(s.feature == "lake" for s in data.hexsides)
    assert {h.weather for h in data.hexes.values()} == {"a-north", "a-south"}


def test_the_loc_forms_of_the_records_doc():
    catalogue = pack_for(GAME).catalogue
    assert catalogue.location("10b:1234") == "10B:1234" and catalogue.location("1234") == "1234"
    assert catalogue.location("airbase:danish") == "airbase:Danish"
    assert catalogue.location("Hatston Field") == "airbase:Hatston Field"
    assert catalogue.location("airbase:3806") == "airbase:3806"
    assert catalogue.location("airbase:Kjevik") == "airbase:1452"  # a named airfield reads as its hex
    assert catalogue.location("carrier:ark royal") == "carrier:Ark Royal"
    assert catalogue.location("hq:ger-3-mtn-hq") == "hq:ger-3-mtn-hq"
    assert [catalogue.location(b) for b in ("germany", "staging box", "England")] == \
        ["Germany", "Staging Box", "England"]
    assert catalogue.location("Oslo fjord") is None


def test_every_value_has_a_rule_or_says_sample():
    with (DATA_DIR / "units.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            assert citations(row["source"]), row["id"]
    with (DATA_DIR / "hexes.csv").open(encoding="utf-8") as f:
        assert all(any(c.is_sample for c in citations(row["source"])) for row in csv.DictReader(f))


def test_every_rule_cited_exists_in_the_rulebook():
    ids = rule_ids_in_rulebook()
    assert {"8A", "8C2", "11B1b", "12C3e", "13B", "10D3", "4E"} <= ids  # the parser reads the text's levels
    cited = rules_cited(CITED, PACK_FILE, pack_for(GAME).data)
    assert cited - ids == set()


def test_the_campaign_set_up_keeps_the_rules():
    builder = game()
    for placement in pack_for(GAME).data.scenarios["campaign"].setup:
        builder.place(placement.unit, placement.at)
    for phase in ("german-reinforcement", "german-movement", "german-air", "german-combat"):
        builder.phase(phase, turn="Turn 1")
    assert found(builder) == []


# -- 8 stacking ------------------------------------------------------------------------------------

def moved_into(hex_: str, *units: str, phase: str = "german-movement") -> RecordBuilder:
    """Units moved from the hex next to it (one MP, 7) into a hex where a supply counter keeps them supplied
    (11B1a)."""
    builder = game().place("ger-sup-6", hex_)
    for uid, near in zip(units, OPEN_GRID.neighbours(hex_)):
        builder.place(uid, near)
    builder.phase(phase, turn="Turn 3")
    for uid in units:
        builder.move(uid, hex_)
    return builder


def test_two_ground_units_plus_an_artillery_battalion_and_free_units():
    # 8A: two ground units + one artillery battalion + any trucks, tanks and company-sized units.
    assert found(moved_into("0939", "ger-138-i", "ger-138-ii", "ger-112-art", "ger-40-pz", "ger-truck-1",
                            "ger-eng-1")) == []
    # ... or two batteries instead of the battalion.
    assert found(moved_into("0939", "ger-138-i", "ger-138-ii", "ger-112-bty-1", "ger-112-bty-2")) == []
    three = audit(moved_into("0939", "ger-138-i", "ger-138-ii", "ger-138-iii").to_dict())
    assert [(f.rule, f.where, f.excess) for f in three] == [(rule("8B"), "0939", 1)]
    # A battalion and a battery: one of them is a third ground unit.
    mixed = audit(moved_into("0939", "ger-138-i", "ger-138-ii", "ger-112-art", "ger-112-bty-1").to_dict())
    assert [(f.rule, f.excess) for f in mixed] == [(rule("8B"), 1)]


def test_overstacked_units_marked_disrupted_keep_the_rule():
    # 8B: a player may overstack; the overstacked units (his choice) are disrupted.
    builder = moved_into("0939", "ger-138-i", "ger-138-ii", "ger-138-iii")
    builder.add({"mark": "ger-138-iii", "as": "disrupted"})
    assert found(builder) == []


def test_stacking_is_judged_at_the_end_of_movement_not_in_between():
    # 8A: at the end of each movement and exploitation phase: moving through is no fault.
    builder = moved_into("0950", "ger-138-i", "ger-138-ii", "ger-138-iii")
    builder.move("ger-138-iii", "0951")
    assert found(builder) == []
    # ... and throughout each combat phase: a retreat that overstacks is found at once.
    combat = game().place("ger-138-i", "0950").place("ger-138-ii", "0950").place("ger-138-iii", "0951")
    combat.phase("german-combat", turn="Turn 3").move("ger-138-iii", "0950").move("ger-138-iii", "0951")
    assert found(combat) == [(rule("8B"), "0950")]
    # Not at the end of a reinforcement or air phase.
    assert found(moved_into("0950", "ger-138-i", "ger-138-ii", "ger-138-iii", phase="german-air")) == []


def test_british_marines_stack_freely_in_ports_and_enemy_units_do_not_count():
    narvik = pack_for(GAME).catalogue.location("Narvik")  # a port of the sheet (sample)
    builder = allied().place("brit-1-sg", narvik).place("brit-1-ig", narvik).place("nor-i-15", "2821")
    builder.phase("allied-movement", turn="Turn 4").move("brit-rm-1", narvik).move("brit-rm-2", narvik)
    builder.place("ger-138-i", narvik).place("ger-138-ii", narvik)
    assert found(builder) == []
    inland = allied().place("brit-1-sg", "2821").place("brit-1-ig", "2821")
    inland.phase("allied-movement", turn="Turn 4").move("brit-rm-1", "2821")
    assert found(inland) == [(rule("8B"), "2821")]


def test_absorbed_units_do_not_count_and_hqs_absorb_their_own_formation():
    # 8C1: absorbed units go to the HQ's box and do not count; the HQ does.
    builder = moved_into("0950", "ger-3-mtn-hq", "ger-138-i", "ger-138-ii", "ger-138-iii")
    builder.move("ger-138-ii", "hq:ger-3-mtn-hq").move("ger-138-iii", "hq:ger-3-mtn-hq")
    assert found(builder) == []
    # 8C1: subordinate units bear the HQ's designation: an independent regiment is not absorbed.
    stranger = moved_into("0950", "ger-3-mtn-hq", "ger-inf-regt")
    stranger.move("ger-inf-regt", "hq:ger-3-mtn-hq")
    assert found(stranger) == [(rule("8C1"), "hq:ger-3-mtn-hq")]
    # 8C1: a subordinate unit in its HQ's hex is absorbed, not one from another hex.
    apart = moved_into("0950", "ger-3-mtn-hq").move("ger-138-i", "0951").move("ger-138-i", "hq:ger-3-mtn-hq")
    assert found(apart) == [(rule("8C1"), "hq:ger-3-mtn-hq")]
    # 8C: absorbed during movement and exploitation phases only.
    late = moved_into("0950", "ger-3-mtn-hq", "ger-138-i")
    late.phase("german-combat", turn="Turn 3").move("ger-138-i", "hq:ger-3-mtn-hq")
    assert found(late) == [(rule("8C"), "hq:ger-3-mtn-hq")]


def test_a_norwegian_hq_absorbs_a_norwegian_first():
    # 8C2: "it must absorb at least one Norwegian unit before it can absorb any Allied units".
    builder = allied().place("nor-6-bde-hq", "2821").place("brit-1-sg", "2821").place("nor-i-15", "2822")
    builder.phase("allied-movement", turn="Turn 4").move("brit-1-sg", "hq:nor-6-bde-hq").move("nor-i-15", "2821")
    assert found(builder) == [(rule("8C2"), "hq:nor-6-bde-hq")]
    kept = allied().place("nor-6-bde-hq", "2821").place("brit-1-sg", "2821").place("nor-i-15", "2822")
    kept.phase("allied-movement", turn="Turn 4").move("nor-i-15", "2821")
    kept.move("nor-i-15", "hq:nor-6-bde-hq").move("brit-1-sg", "hq:nor-6-bde-hq")
    assert found(kept) == []


def test_the_position_a_record_begins_with_is_judged_for_stacking_and_basing():
    # records-four-games.md: a snapshot is judged by the state checks (8A, 13A).
    builder = allied()
    for uid in ("nor-i-15", "nor-ii-15", "nor-i-16"):
        builder.place(uid, "2821")
    for n in range(1, 8):
        builder.place(f"ger-ju88-{n}" if n < 7 else "ger-ju87-1", "airbase:Sola")
    assert found(builder.phase("german-reinforcement", turn="Turn 5")) == [(rule("8B"), "2821"), (rule("13A"), "airbase:0849")]


# -- 11 supply -------------------------------------------------------------------------------------

def german_turn(*extra: tuple[str, str], turn: str = "Turn 3") -> RecordBuilder:
    """A supply counter in 3635; I/138 six MPs away in 3641, II/138 seven in 3642 (11B1a: 6 MPs or less)."""
    builder = game().place("ger-sup-1", "3635").place("ger-138-i", "3641").place("ger-138-ii", "3642")
    for uid, at in extra:
        builder.place(uid, at)
    return builder.phase("german-movement", turn=turn)


def test_german_general_supply_within_six_mps_of_a_counter():
    builder = german_turn().phase("german-air", turn="Turn 3").phase("german-combat", turn="Turn 3")
    # 11A3a: the first unsupplied turn has no effect: a note, not a finding; the second is one (11A3b).
    assert found(builder) == [] and unsupplied(builder) == [("note", "3642")]
    builder.phase("german-movement", turn="Turn 4").phase("german-air", turn="Turn 4")
    assert found(builder) == [(rule("11B1a"), "3642")]
    marked = german_turn().add({"mark": "ger-138-ii", "as": "out-of-supply"})
    marked.phase("german-air", turn="Turn 3").phase("german-combat", turn="Turn 3")
    assert found(marked) == []
    wrong = german_turn().add({"mark": "ger-138-i", "as": "out-of-supply"})
    wrong.add({"mark": "ger-138-ii", "as": "out-of-supply"}).phase("german-air", turn="Turn 3")
    assert found(wrong.phase("german-combat", turn="Turn 3")) == [(rule("11B1a"), "3641")]


def test_supplied_at_the_end_of_the_air_phase_is_supplied_that_turn():
    # 11B1a's example: supply counters air-dropped in the air phase supply the units at its end.
    builder = german_turn().phase("german-air", turn="Turn 3").place("ger-sup-2", "3642")
    assert found(builder.phase("german-combat", turn="Turn 3")) == []
    # Turn 1: German units are in general and attack supply throughout (19B).
    first = german_turn(turn="Turn 1").phase("german-air", turn="Turn 1").phase("german-combat", turn="Turn 1")
    assert found(first) == []


def test_a_line_of_supply_never_crosses_a_hex_of_enemy_units_alone():
    # 11A: not through a hex holding an enemy unit, unless a friendly unit is there too.
    blocked = german_turn(("brit-1-sg", "3638")).phase("german-air", turn="Turn 3")
    assert ("note", "3641") in unsupplied(blocked.phase("german-combat", turn="Turn 3"))
    shared = german_turn(("brit-1-sg", "3638"), ("ger-139-i", "3638")).phase("german-air", turn="Turn 3")
    assert ("note", "3641") not in unsupplied(shared.phase("german-combat", turn="Turn 3"))


def test_allied_supply_within_ten_mps_of_a_base_and_norwegians_always():
    # 11B3: ten MPs from a base (Narvik 3609: 3016 is ten MPs down the coast towards Bodo, 3017 eleven);
    # 11B2: the Norwegian battalion in 1048, far from any base, is supplied.
    builder = game().place("allied-base-1", "3609").place("brit-1-sg", "3016").place("brit-1-ig", "3017")
    builder.place("nor-i-12", "1048").phase("allied-movement", turn="Turn 4").phase("allied-air", turn="Turn 4")
    assert unsupplied(builder) == [("note", "3017")]


def test_one_base_per_port():
    # 11B3: "Only one base per port is allowed"; bases go on ports.
    builder = game().place("allied-base-1", "3609").phase("allied-movement", turn="Turn 4")
    builder.place("allied-base-2", "3609").place("allied-base-3", "3611")
    assert found(builder) == [(rule("11B3"), "3609"), (rule("11B3"), "3611")]


def combat(supply: list[str], remove: bool = True, turn: str = "Turn 3") -> RecordBuilder:
    builder = game().place("ger-sup-1", "3634").place("ger-sup-captured-1", "3639")
    builder.place("ger-138-i", "3640").place("nor-i-12", "3640").add({"mark": "ger-138-i", "as": "out-of-supply"})
    builder.phase("german-combat", turn=turn).attack("3640", ["ger-138-i"], supply=supply)
    if remove:
        for uid in supply:
            builder.remove(uid)
    return builder


def test_attack_supply_from_a_listed_counter_spent_at_the_end_of_the_combat_phase():
    # 11B1b: a counter within 6 MPs gives attack supply, and is expended at the end of the combat phase.
    assert found(combat(["ger-sup-1"])) == []
    # A counter the record leaves on the map is expended all the same; using it again is the finding.
    kept = combat(["ger-sup-1"], remove=False)
    assert found(kept) == []
    kept.phase("german-combat", turn="Turn 4").attack("3640", ["ger-138-i"], supply=["ger-sup-1"])
    assert found(kept) == [(rule("11B1b"), "3640"), (rule("11B1b"), "3640")]
    assert found(combat([])) == [(rule("11B1b"), "3640")]
    assert found(combat([], turn="Turn 1")) == []  # 19B
    # 11C: captured supplies never give attack supply.
    assert found(combat(["ger-sup-captured-1"])) == [(rule("11C"), "3640"), (rule("11B1b"), "3640")]


def test_unsupplied_turns_are_counted_with_their_strength_effects():
    # 11A3: the first unsupplied turn has no effect; the second: attack 0, defense and movement halved; then
    # German attack and defense 0 (11A3c). II/138 is seven MPs from the counter (11B1a).
    builder = game().place("ger-sup-1", "1042").place("ger-138-ii", "1049")
    for turn in ("Turn 3", "Turn 4", "Turn 5"):
        builder.phase("german-movement", turn=turn).phase("german-air", turn=turn)
    findings = audit(builder.to_dict())
    messages = [(f.rule, f.turn, f.message.rsplit("; ", 1)[-1]) for f in findings]
    assert [n.split(":")[0] for n in findings.warnings] == ["Turn 3, german-air"]
    assert "no effect yet (11A3a)" in findings.warnings[0]
    assert messages == [
        (rule("11B1a"), "Turn 4", "unsupplied turn 2: attack strength 0, defense and movement halved (11A3b)"),
        (rule("11B1a"), "Turn 5", "unsupplied turn 3: attack and defense strengths 0, movement halved (11A3c)")]


# -- 12 and 13 air ---------------------------------------------------------------------------------

def air_phase(turn: str = "Turn 3") -> RecordBuilder:
    return game().place("airfield-1", "3806").place("brit-glorious", "North Sea").place("brit-cla-1", "3609")


def test_find_ships_one_die_per_air_unit_four_to_six_finds():
    builder = air_phase().place("ger-ju88-1", "Hamburg").place("ger-ju88-2", "Hamburg")
    builder.phase("german-air", turn="Turn 3")
    builder.roll("find-ships", 5, unit="ger-ju88-1", side="german").roll("find-ships", 3, unit="ger-ju88-2", side="german")
    builder.attack("North Sea", ["ger-ju88-1", "ger-ju88-2"], target=["brit-glorious"])
    assert [(f.rule, f.units) for f in audit(builder.to_dict())] == [(rule("12C3e"), ("ger-ju88-2",))]
    # One throw of two dice for two air units, named as the roll's target: both found.
    listed = air_phase().phase("german-air", turn="Turn 3")
    listed.roll("find-ships", [4, 6], target=["ger-ju88-1", "ger-ju88-2"], side="german")
    listed.attack("North Sea", ["ger-ju88-1", "ger-ju88-2"], target=["brit-glorious"])
    assert found(listed) == []
    # A ship in a partial sea hex needs no finding.
    coast = air_phase().phase("german-air", turn="Turn 3").attack("3609", ["ger-ju88-1"], target=["brit-cla-1"])
    assert found(coast) == []


def test_a_wave_is_five_air_units_or_fewer():
    six = [f"ger-ju88-{n}" for n in range(1, 7)]
    builder = air_phase().phase("german-air", turn="Turn 3")
    builder.attack("3609", six, target=["brit-cla-1"])
    assert [(f.rule, f.excess) for f in audit(builder.to_dict())] == [(rule("12C3e"), 1)]
    kept = air_phase().phase("german-air", turn="Turn 3").attack("3609", six[:5], target=["brit-cla-1"])
    assert found(kept) == []


def allied_mission(target: str = "2821") -> RecordBuilder:
    return game().phase("allied-air", turn="Turn 3").mission("allied", "base-bombing", ["brit-wellington-1"],
                                                             target=target)


def test_interception_is_flown_by_the_non_phasing_players_fighters_only():
    builder = allied_mission().intercept("german", "2821", air=["ger-bf110-1"])
    assert found(builder) == []
    bombers = allied_mission().intercept("german", "2821", air=["ger-ju88-1"])
    assert found(bombers) == [(rule("12C1"), "2821")]
    own = game().phase("german-air", turn="Turn 3").intercept("german", "2821", air=["ger-bf110-1"])
    assert found(own) == [(rule("12C1"), "2821")]


def test_airbases_hold_six_lake_airfields_three_or_one_danish_six():
    eight = [*(f"ger-ju88-{n}" for n in range(1, 7)), "ger-ju87-1", "ger-ju87-2"]
    def based(at: str, units: list[str], *markers: tuple[str, str]) -> list[tuple[str, str | None]]:
        builder = game()
        for marker, hex_ in markers:
            builder.place(marker, hex_)
        builder.phase("german-air", turn="Turn 3")
        for uid in units:
            builder.place(uid, at)
        return found(builder.phase("german-combat", turn="Turn 3"))
    assert based("airbase:3806", eight[:6], ("airfield-1", "3806")) == []
    assert based("airbase:3806", eight[:7], ("airfield-1", "3806")) == [(rule("13A"), "airbase:3806")]
    assert based("0939", eight[:3], ("lake-airfield-ger", "0939")) == []
    assert based("0939", eight[:4], ("lake-airfield-ger", "0939")) == [(rule("13D"), "0939")]
    assert based("0939", ["brit-gladiator-1", "brit-gladiator-2"], ("lake-airfield-allied-1", "0939")) == \
        [(rule("13D"), "0939")]
    assert based("airbase:Danish", eight[:6]) == []
    assert based("airbase:Danish", eight[:7]) == [(rule("13B"), "airbase:Danish")]
    assert based("airbase:Hatston Field", eight[:1]) == [(rule("13B"), "airbase:Hatston Field")]
    assert based("carrier:Glorious", ["ger-ju88-1"]) == [(rule("13C"), "carrier:Glorious")]
    assert based("0939", ["ger-ju88-1"]) == [(rule("13"), "0939")]  # no airbase in that hex
    assert based("airbase:10B:0712", eight[:6]) == []  # the record names the airfield: six
    assert based("airbase:10B:0712", eight[:7]) == [(rule("13A"), "airbase:10B:0712")]
    assert based("airbase:Sylt", ["ger-he115-1"]) == [] and based("airbase:Danish", ["ger-he115-1"]) == \
        [(rule("13E"), "airbase:Danish")]  # floatplanes: Hamburg, Sylt and ports


def test_the_die_is_a_d6():
    builder = game().phase("german-air", turn="Turn 3").roll("find-ships", 7, unit="ger-ju88-1", side="german")
    builder.roll("escape", [3, 0], side="allied")
    assert [(f.rule, f.message.split(":")[0]) for f in audit(builder.to_dict())] == [
        (rule("4E"), "a find ships roll of 7"), (rule("4E"), "an escape roll of 0")]  # game.toml: "Find Ships", "Escape"


def test_a_printed_maps_hexes_are_counted_one_mp_each_and_judged_only_where_known():
    # The sheet's 1139-1145 are rough (12 MPs); map 10B's are not the sheet's: six hexes, six MPs (sample).
    def german(counter: str, unit: str) -> list[tuple[str, str | None]]:
        builder = game().place("ger-sup-1", counter).place("ger-138-i", unit).phase("german-movement", turn="Turn 3")
        return unsupplied(builder.phase("german-air", turn="Turn 3").phase("german-combat", turn="Turn 3"))
    assert german("1139", "1145") == [("note", "1145")]
    assert german("10B:0915", "10B:0921") == []
    assert german("10B:0915", "5C:0915") == [("note", "5C:0915")]  # no known path between two maps
    # Whether 10B:1234 is a port the text does not say: a base there is not judged.
    assert found(game().phase("allied-movement", turn="Turn 4").place("allied-base-1", "10B:1234")) == []
    # Ships there: a failed find-ships roll is still a finding; no roll, nothing to judge.
    failed = game().place("brit-glorious", "10B:0210").phase("german-air", turn="Turn 3")
    failed.roll("find-ships", 1, unit="ger-ju88-1", side="german").attack("10B:0210", ["ger-ju88-1"],
                                                                        target=["brit-glorious"])
    assert found(failed) == [(rule("12C3e"), "10B:0210")]


def test_retreat_before_combat_escape_and_air_landing_rolls():
    def retreat(uid: str, die: int, *marks: str) -> list[tuple[str, str | None]]:
        builder = game().place(uid, "2821").place("ger-sup-1", "2821").place("ger-138-i", "2821")
        for status in marks:
            builder.add({"mark": uid, "as": status})
        builder.phase("german-combat", turn="Turn 3").roll("retreat-before-combat", die, unit=uid, side="allied")
        return found(builder.move(uid, "2822"))
    # 10F: 1 or 2 retreats; a disrupted unit only on a 1; the Guards always.
    assert retreat("nor-i-15", 2) == [] and retreat("nor-i-15", 3) == [(rule("10F"), "2822")]
    assert retreat("nor-i-15", 2, "disrupted") == [(rule("10F"), "2822")]
    assert retreat("nor-hmkg", 6) == []
    # 13A: on 4-6 the escaping air unit is eliminated, not flown away.
    def escape(die: int) -> list[tuple[str, str | None]]:
        builder = game().place("brit-gladiator-1", "airbase:3806").phase("german-movement", turn="Turn 3")
        builder.roll("escape", die, unit="brit-gladiator-1", side="allied")
        return found(builder.move("brit-gladiator-1", "airbase:Hatston Field"))
    assert escape(3) == [] and escape(4) == [(rule("13A"), "airbase:Hatston Field")]
    # 19D: air landings on the first turn only.
    landing = game().phase("german-air", turn="Turn 2").roll("air-landing", 2, unit="ger-ju52-1", side="german")
    assert found(landing) == [(rule("19D"), None)]


def test_night_bombing_is_intercepted_by_night_fighters_only():
    # 12D3: "Such missions may only be intercepted by night fighters (NF)."
    def night(is_night: bool) -> list[tuple[str, str | None]]:
        builder = game().phase("allied-air", turn="Turn 3")
        builder.mission("allied", "base-bombing", ["brit-wellington-1"], target="2821", night=is_night)
        return found(builder.intercept("german", "2821", air=["ger-bf110-1"]))
    assert night(False) == [] and night(True) == [(rule("12D3"), "2821")]
    builder = game().phase("allied-air", turn="Turn 3")
    builder.mission("allied", "base-bombing", ["brit-wellington-1"], target="2821", night=True)
    [finding] = audit(builder.intercept("german", "2821", air=["ger-bf110-1"]).to_dict())
    assert finding.message.endswith("may only be intercepted by night fighters (NF)")  # the sentence, whole
    assert finding.message.startswith("Bf-110 intercepts")  # units.csv: ger-bf110-1 is a Bf-110


def test_units_all_disrupted_in_an_enemy_hex_at_the_end_of_combat_are_eliminated():
    # 10D3: "If, at the end of each combat phase, all friendly units in an enemy occupied hex are disrupted,
    # these units are automatically eliminated."
    def hold(eliminated: bool) -> list[tuple[str, str | None]]:
        builder = game().place("ger-sup-1", "2821").place("ger-138-i", "2821").place("nor-i-15", "2821")
        builder.phase("german-combat", turn="Turn 3").attack("2821", ["ger-138-i"], supply=["ger-sup-1"])
        builder.add({"mark": "nor-i-15", "as": "disrupted"})
        if eliminated:
            builder.remove("nor-i-15")
        return found(builder.phase("german-exploitation", turn="Turn 3"))
    assert hold(True) == [] and hold(False) == [(rule("10D3"), "2821")]


def test_an_inline_air_unit_is_judged_by_its_role_or_its_planes():
    def intercept(**unit) -> list[tuple[str, str | None]]:
        builder = game().unit("x", **{"class": "air", "side": "allied", "nationality": "british", **unit})
        builder.phase("german-air", turn="Turn 3").mission("german", "ground-bombing", ["ger-ju88-1"], target="2821")
        return found(builder.intercept("allied", "2821", air=["x"]))
    assert intercept(type="Blenheim", role="b") == [(rule("12C1"), "2821")]
    assert intercept(type="Hurricane", role="F") == []
    assert intercept(type="Gladiator") == []  # a fighter in the data (12C1)
    assert intercept(type="Walrus") == []  # a plane the data does not know, no role: nothing to judge


def test_a_line_is_traced_at_the_rate_of_the_unit_supplied():
    # 11A: a mountain battalion pays 1 MP a mountain hex south of the A weather line; a combat/motorized unit
    # may not trace through mountains. From 1037 to 1437 the line runs through rough 1138 and the mountains
    # 1237 and 1338 into mountain 1437: five MPs for the mountain battalion (2 + 1 + 1 + 1); the tank can
    # reach 1437 by no line at all; infantry pays 3 a mountain hex (sample), 10 MPs.
    builder = game().place("ger-sup-1", "1037")
    for uid in ("ger-139-i", "ger-40-pz", "ger-inf-regt"):
        builder.place(uid, "1437")
    builder.phase("german-movement", turn="Turn 3").phase("german-air", turn="Turn 3")
    builder.phase("german-movement", turn="Turn 4").phase("german-air", turn="Turn 4")  # a second turn: findings
    assert [(f.rule, f.units) for f in audit(builder.to_dict())] == [
        (rule("11B1a"), ("ger-40-pz",)), (rule("11B1a"), ("ger-inf-regt",))]


def test_supplies_taken_by_the_enemy_supply_no_one_even_before_the_record_removes_them():
    # 11C: a base in a hex of German ground units alone is captured; a German counter among Allied units alone
    # is destroyed: neither supplies its side any more, whether or not the record has taken it off yet (11A:
    # no line leaves a hex of enemy units alone).
    held = allied().place("brit-1-sg", "2823").phase("allied-movement", turn="Turn 4")
    assert found(held) == []
    taken = allied().place("brit-1-sg", "2823").place("ger-138-i", "3609").phase("allied-movement", turn="Turn 4")
    assert unsupplied(taken) == [("note", "2823")]
    mine = game().place("ger-sup-1", "2829").place("ger-138-i", "2830").phase("german-movement", turn="Turn 3")
    assert found(mine.phase("german-air", turn="Turn 3").phase("german-combat", turn="Turn 3")) == []
    lost = game().place("ger-sup-1", "2829").place("nor-i-12", "2829").place("ger-138-i", "2830")
    lost.phase("german-movement", turn="Turn 3").phase("german-air", turn="Turn 3")
    assert unsupplied(lost.phase("german-combat", turn="Turn 3")) == [("note", "2830")]


# -- issue 24: what the auditors found judged wrongly -------------------------------------------------

def based_at_the_end_of_the_air_phase(at: str, *units: str, held_by: str | None = None) -> list[tuple[str, str | None]]:
    builder = game()
    if held_by:
        builder.place(held_by, at.removeprefix("airbase:"))
    builder.phase("german-air", turn="Turn 3")
    for uid in units:
        builder.place(uid, at)
    return found(builder.phase("german-combat", turn="Turn 3"))


def test_floatplanes_are_judged_wherever_they_are():
    # 13E: "Floatplanes may not land at normal airbases except for the German off-map airbases at Hamburg and
    # Sylt. They may, however, use friendly ports as airbases. Any number of floatplanes may land at one port."
    narvik = pack_for(GAME).catalogue.location("Narvik")
    assert based_at_the_end_of_the_air_phase(narvik, "ger-he115-1") == []
    assert based_at_the_end_of_the_air_phase(narvik, "ger-he115-1", held_by="ger-138-i") == []
    assert based_at_the_end_of_the_air_phase("airbase:Hamburg", "ger-he115-1") == []
    # An airfield on the map is a normal airbase; a hex with neither airfield nor port is no base at all.
    assert based_at_the_end_of_the_air_phase("airbase:0849", "ger-he115-1") == [(rule("13E"), "airbase:0849")]
    assert based_at_the_end_of_the_air_phase("2821", "ger-he115-1") == [(rule("13E"), "2821")]
    # A port the Allies hold (7: the last to occupy it with a ground unit) is no friendly port.
    assert based_at_the_end_of_the_air_phase(narvik, "ger-he115-1", held_by="nor-i-15") == [(rule("13E"), narvik)]
    # A hex of a printed map may be a port: not judged.
    assert based_at_the_end_of_the_air_phase("10B:0607", "ger-he115-1") == []


def test_air_units_land_at_friendly_airbases_only():
    # 12B: "it may return to any friendly airbase within range"; 7: an airfield "belongs to the last player to
    # occupy its hex with a ground unit".
    assert based_at_the_end_of_the_air_phase("airbase:0849", "ger-ju88-1", held_by="nor-i-15") == \
        [(rule("12B"), "airbase:0849")]
    assert based_at_the_end_of_the_air_phase("airbase:0849", "ger-ju88-1", held_by="ger-138-i") == []
    # Both sides in the hex: it stays the last player's whose unit held it alone.
    builder = game().place("nor-i-15", "0849").place("ger-138-i", "0950")
    builder.phase("german-movement", turn="Turn 1").move("ger-138-i", "0849")
    builder.phase("german-air", turn="Turn 1").place("ger-ju88-1", "airbase:0849")
    builder.phase("german-combat", turn="Turn 1").attack("0849", ["ger-138-i"])
    assert found(builder) == [(rule("12B"), "airbase:0849")]
    # The Norwegians eliminated, the airfield is German: the air unit may stay (the finding is not repeated).
    builder.remove("nor-i-15").phase("german-air", turn="Turn 2")
    assert found(builder.phase("german-combat", turn="Turn 2")) == [(rule("12B"), "airbase:0849")]


def test_bases_a_log_moves_on_are_judged_like_placed_ones():
    # 11B3: "As Allied units land at a Norwegian port, the player places a supply base on the port ... Only one
    # base per port is allowed. Once placed, a base may not be moved." 17: "Elvegaardsmoen (X:X) is not a port."
    def brought(*moves: tuple[str, str]) -> list[tuple[str, str | None]]:
        builder = game().place("allied-base-1", "England").place("allied-base-2", "England")
        builder.phase("allied-movement", turn="Turn 4")
        for uid, to in moves:
            builder.move(uid, to)
        return found(builder)
    assert brought(("allied-base-1", "Narvik")) == []
    assert brought(("allied-base-1", "Elvegaardsmoen")) == [(rule("11B3"), "Elvegaardsmoen")]
    assert brought(("allied-base-1", "Narvik"), ("allied-base-2", "Narvik")) == [(rule("11B3"), "3609")]
    assert brought(("allied-base-1", "Narvik"), ("allied-base-1", "Tromso")) == [(rule("11B3"), "3904")]


def test_on_turn_1_a_listed_supply_counter_is_not_spent():
    # 19B: German units "neither need nor expend supply counters to conduct operations" on the first turn.
    builder = combat(["ger-sup-1"], remove=False, turn="Turn 1")
    builder.phase("german-combat", turn="Turn 2").attack("3640", ["ger-138-i"], supply=["ger-sup-1"])
    assert found(builder) == []
    later = combat(["ger-sup-1"], remove=False, turn="Turn 2")
    later.phase("german-combat", turn="Turn 3").attack("3640", ["ger-138-i"], supply=["ger-sup-1"])
    assert (rule("11B1b"), "3640") in found(later)


def before_combat(turn: str, die: int, *, retreat: bool, others: tuple[str, ...] = ()) -> list[tuple[str, str | None]]:
    builder = game().place("nor-i-15", "4304").place("ger-sup-1", "4304").place("ger-138-i", "4304")
    for uid in others:
        builder.place(uid, "4304")
    builder.phase("german-combat", turn=turn).roll("retreat-before-combat", die, unit="nor-i-15", side="allied")
    if retreat:
        builder.move("nor-i-15", "4305")
    return found(builder.attack("4304", ["ger-138-i"], supply=["ger-sup-1"]))


def test_norwegians_retreat_before_combat_only_alone_and_must_once_they_roll_to():
    # 10F: "If Norwegian ground units are the only friendly units in a hex under attack, then they may attempt
    # to retreat before combat." ... "Once a unit rolls to retreat, it must retreat and may not stay in the hex."
    assert before_combat("Turn 3", 2, retreat=True) == []
    assert before_combat("Turn 3", 2, retreat=True, others=("brit-1-sg",)) == [(rule("10F"), "4305")]
    assert before_combat("Turn 3", 2, retreat=False) == [(rule("10F"), "4304")]
    assert before_combat("Turn 3", 4, retreat=False) == []  # on 3-6 it may not retreat
    # 19F: in the first player turn "On a roll of 1 or 2, the unit has the option to retreat or stand; on any
    # other roll, the unit must retreat before combat."
    assert before_combat("Turn 1", 1, retreat=False) == [] and before_combat("Turn 1", 5, retreat=True) == []
    assert before_combat("Turn 1", 5, retreat=False) == [(rule("19F"), "4304")]
    # 10D2: a unit that cannot retreat (enemy ground units in every hex next to it) stays.
    builder = game().place("nor-i-15", "4304").place("ger-sup-1", "4304").place("ger-138-i", "4304")
    for n, near in enumerate(("4303", "4305", "4203", "4204", "4403", "4404")):
        builder.unit(f"g{n}", **{"class": "land", "side": "german", "nationality": "german", "type": "infantry",
                                 "defense": 2}).place(f"g{n}", near)
    builder.phase("german-combat", turn="Turn 1").roll("retreat-before-combat", 5, unit="nor-i-15", side="allied")
    assert (rule("19F"), "4304") not in found(builder.attack("4304", ["ger-138-i"], supply=["ger-sup-1"]))


def test_coverage_toml_leaves_no_rule_a_log_can_show_not_yet_judged():
    # issue 24 §1: every numbered rule is judged (a check lists it) or says why not; none stays "not-yet".
    ids = rule_ids_in_rulebook()
    coverage = tomllib.loads(PACK_FILE.with_name("coverage.toml").read_text(encoding="utf-8"))["rules"]
    judged = {number for numbers in CITED.values() for number in numbers}
    assert set(coverage) <= ids
    assert all("status" not in coverage.get(number, {}) for number in judged)
    statuses = {number: coverage.get(number, {}).get("status", "not-yet") for number in ids - judged}
    assert set(statuses.values()) <= {"not-judgeable", "needs-values", "sample-values"}
    assert all(coverage[number].get("why") for number in statuses)
