"""Europa Narvik judged rule by rule (issue 24): each check's record that breaks its rule and one that keeps it,
written from europa-narvik.txt (the sentence that decides is quoted beside each).

The sheet (data/tools/make_europa_sheet.py): the grid of data/geo.toml laid on real geography at 16 miles a
hex, its water from GSHHG (ports in partial sea hexes: Alta 4601, Tromso 3904, Narvik 3609), the land terrain
a sample (clear within two hexes of the open sea, rough at three, mountain further in). Hexes in one column
are a straight line: 1147 to 1151 is four hexes entered (the ground units here stay in Norway: Sweden and
Finland are neutrals, 24: no ground unit of this file moves into them).
"""

from __future__ import annotations

import re
import tomllib

import pytest

from conftest import RULES
from vassal_tools.games.europa_narvik import PACK_FILE
from vassal_tools.games.europa_narvik.checks import CITED
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder

GAME = "europa-narvik"


def rule(number: str) -> str:
    return f"europa-narvik.txt {number}"


def found(builder: RecordBuilder) -> list[tuple[str, str | None]]:
    return [(f.rule, f.where) for f in audit(builder.to_dict())]


def game() -> RecordBuilder:
    return RecordBuilder(GAME)


def german_movement(*placed: tuple[str, str], turn: str = "Turn 3", phase: str = "german-movement") -> RecordBuilder:
    """A supply counter with I/138 (a 4-MP mountain battalion) in 1147, and what else is placed, then the phase."""
    builder = game().place("ger-sup-1", "1147").place("ger-138-i", "1147")
    for uid, at in placed:
        builder.place(uid, at)
    return builder.phase(phase, turn=turn)


# -- 7, 5E movement --------------------------------------------------------------------------------

def test_a_unit_spends_no_more_mps_than_its_rating():
    # 7: "A unit's movement rating is the number of MPs that unit may spend in a single phase"; "a unit expends
    # one MP for each clear terrain hex entered". I/138 has 4.
    assert found(german_movement().move("ger-138-i", "1151")) == []
    assert found(german_movement().move("ger-138-i", "1152")) == [(rule("7"), "1152")]
    # Its moves in one phase add up.
    assert found(german_movement().move("ger-138-i", "1149").move("ger-138-i", "1152")) == [(rule("7"), "1152")]


def test_a_unit_may_always_move_a_single_hex_and_no_more():
    # 7: "A unit may always move a single hex, even if it does not have sufficient MPs to enter that hex. This is
    # the only movement it may make in the movement phase".
    slow = {"class": "land", "side": "german", "nationality": "german", "type": "infantry", "movement": 0.5,
            "attack": 1, "defense": 1}
    builder = game().unit("slow", **slow).place("slow", "1037").place("ger-sup-1", "1037")
    builder.phase("german-movement", turn="Turn 3").move("slow", "1038")
    assert found(builder) == []
    assert found(builder.move("slow", "1039")) == [(rule("7"), "1039")]


def test_units_never_pass_through_enemy_hexes_but_may_enter_one_and_stop():
    # 7: "Units may never pass through a hex containing enemy units, but they may enter such a hex and stop."
    # 1149 holds I/12; the way round it from 1147 to 1150 is four hexes: I/138 has them, not a fifth.
    assert found(german_movement(("nor-i-12", "1149")).move("ger-138-i", "1149")) == []
    assert found(german_movement(("nor-i-12", "1149")).move("ger-138-i", "1150")) == []
    blocked = german_movement(("nor-i-12", "1149")).move("ger-138-i", "1149").move("ger-138-i", "1150")
    assert found(blocked) == [(rule("7"), "1150")]
    # "as long as the unit does not move directly from one enemy-occupied hex to another".
    hop = german_movement(("nor-i-12", "1147"), ("ger-138-ii", "1147"), ("nor-i-15", "1148"))
    hop.move("ger-138-i", "1148")
    assert found(hop) == [(rule("7"), "1148")]


def test_no_enemy_movement_in_a_players_movement_and_exploitation_phase():
    # 7: "No enemy movement is allowed during a player's movement and exploitation phase."
    assert found(german_movement(("nor-i-12", "1550")).move("nor-i-12", "1551")) == [(rule("7"), "1551")]
    allied = game().place("nor-i-12", "1550").phase("allied-movement", turn="Turn 3").move("nor-i-12", "1551")
    assert found(allied) == []


def test_exploitation_is_for_combat_motorized_units_and_not_into_enemy_strength():
    # 5E: "The phasing player may move (again) any or all of his units that are fisted as combat/motorized ...
    # except that they may not ... enter a hex occupied by an enemy ground unit with a defense strength greater
    # than zero." 21: "Units transported by trucks may move in the exploitation phase."
    def exploit(*moves: tuple[str, str], extra: tuple[tuple[str, str], ...] = ()) -> list[tuple[str, str | None]]:
        builder = german_movement(("ger-40-pz", "1147"), ("ger-truck-1", "1147"), *extra, phase="german-exploitation")
        for uid, to in moves:
            builder.move(uid, to)
        return found(builder)
    assert exploit(("ger-40-pz", "1149")) == []
    assert exploit(("ger-138-i", "1148")) == [(rule("5E"), "1148")]
    assert exploit(("ger-truck-1", "1148"), ("ger-138-i", "1148")) == []
    assert exploit(("ger-40-pz", "1149"), extra=(("nor-i-12", "1149"),)) == [(rule("5E"), "1149")]


def test_after_landing_a_unit_moves_up_to_half_its_rating():
    # 17A: "After landing at a port, a unit may move up to half it movement rating (retain fractions)."
    def landed(to: str) -> list[tuple[str, str | None]]:
        builder = game().place("ger-138-ii", "Staging Box").place("ger-sup-1", "3609")
        builder.phase("german-movement", turn="Turn 3").move("ger-138-ii", "Narvik").move("ger-138-ii", to)
        return found(builder)
    assert landed("3511") == []  # 3609 -> 3610 -> 3511: two clear hexes (east of 3610 is Sweden, 24)
    assert landed("3512") == [(rule("7"), "3512")]


# -- 10 combat -------------------------------------------------------------------------------------

def combat_phase(*placed: tuple[str, str], turn: str = "Turn 3") -> RecordBuilder:
    builder = game().place("ger-sup-1", "1037").place("ger-138-i", "1037").place("nor-i-12", "1037")
    for uid, at in placed:
        builder.place(uid, at)
    return builder.phase("german-combat", turn=turn)


def test_units_in_a_hex_with_enemy_units_attack_them_once_in_their_own_hex():
    # 10: "the phasing player's units which occupy the same hex as enemy units must attack those units".
    assert found(combat_phase().attack("1037", ["ger-138-i"], supply=["ger-sup-1"])) == []
    assert found(combat_phase().phase("german-exploitation", turn="Turn 3")) == [(rule("10"), "1037")]
    # 10B1: "No unit may attack for be attacked more than once in a single combat phase."
    twice = combat_phase().attack("1037", ["ger-138-i"], supply=["ger-sup-1"])
    assert found(twice.attack("1037", ["ger-138-i"], supply=["ger-sup-1"])) == \
        [(rule("10B1"), "1037"), (rule("10B1"), "1037")]
    # 10B3: "A unit may only attack into the hex it occupies".
    other = combat_phase(("ger-138-ii", "1038")).attack("1037", ["ger-138-i", "ger-138-ii"], supply=["ger-sup-1"])
    assert found(other) == [(rule("10B3"), "1037")]


def test_retreats_are_one_hex_never_into_enemy_strength_and_trucks_never_retreat():
    # 10D2: "Units are retreated by the owing player to any adjacent hex or hexes not occupied by an enemy ground
    # unit with a defense strength greater than zero." 21: "trucks never retreat".
    def retreat(uid: str, to: str, *placed: tuple[str, str]) -> list[tuple[str, str | None]]:
        builder = combat_phase(*placed).attack("1037", ["ger-138-i"], supply=["ger-sup-1"])
        return found(builder.move(uid, to))
    assert retreat("nor-i-12", "1038") == []
    assert retreat("nor-i-12", "1039") == [(rule("10D2"), "1039")]
    # (and II/138 in 1038 shares it with an enemy unit it has not attacked: 10)
    assert retreat("nor-i-12", "1038", ("ger-138-ii", "1038")) == [(rule("10D2"), "1038"), (rule("10"), "1038")]
    assert retreat("ger-truck-1", "1036", ("ger-truck-1", "1037")) == [(rule("21"), "1036")]


def test_zero_defense_units_alone_with_an_enemy_unit_of_strength_are_eliminated():
    # 10G: "A zero defense strength unit is automatically eliminated and removed from play if an enemy unit with a
    # strength greater than zero enters its hex and it isn't stacked with another unit with a strength greater
    # than zero."
    def entered(removed: bool) -> list[tuple[str, str | None]]:
        builder = game().unit("hq0", **{"class": "land", "side": "allied", "nationality": "norwegian", "type": "hq",
                                        "attack": 0, "defense": 0}).place("hq0", "0951")
        builder.place("ger-sup-1", "0950").place("ger-138-i", "0950").phase("german-movement", turn="Turn 3")
        builder.move("ger-138-i", "0951").move("ger-sup-1", "0951")
        if removed:
            builder.remove("hq0")
        return found(builder.phase("german-air", turn="Turn 3"))
    assert entered(True) == [] and entered(False) == [(rule("10G"), "0951")]


# -- 11B1d, 11C supply counters --------------------------------------------------------------------

def test_supply_counters_move_only_carried_one_a_battalion():
    # 11B1d: "German units may carry cupply counters. Each bttn can carry 1 supply counter."
    def carry(*units: str) -> list[tuple[str, str | None]]:
        builder = german_movement(("ger-sup-2", "1147"), ("ger-138-ii", "1147"))
        for uid in units:
            builder.move(uid, "1148")
        return found(builder)
    assert carry("ger-138-i", "ger-sup-1") == []
    assert carry("ger-sup-1") == [(rule("11B1d"), "1148")]
    assert carry("ger-138-i", "ger-sup-1", "ger-sup-2") == [(rule("11B1d"), "1148")]
    assert carry("ger-138-i", "ger-138-ii", "ger-sup-1", "ger-sup-2") == []


def test_supplies_among_enemy_ground_units_alone_are_destroyed_or_captured():
    # 11C: "If a Norwegian or Allied ground unit is in a hex containing a German supply counter but no German
    # ground unit that supply counter is immediately destroyed and removed from play."
    def overrun(removed: bool) -> list[tuple[str, str | None]]:
        builder = game().place("ger-sup-2", "0950").place("nor-i-12", "0951").phase("allied-movement", turn="Turn 3")
        builder.move("nor-i-12", "0950")
        if removed:
            builder.remove("ger-sup-2")
        return found(builder.phase("allied-air", turn="Turn 3"))
    assert overrun(True) == [] and overrun(False) == [(rule("11C"), "0950")]
    # "On game turn two the German receives a special supply counter in Sweden ... during the German
    # reinforcement phase".
    special = game().phase("german-reinforcement", turn="Turn 2").place("ger-sup-special", "10B:2030")
    assert found(special) == []
    late = game().phase("german-reinforcement", turn="Turn 3").place("ger-sup-special", "10B:2030")
    assert found(late) == [(rule("11C"), "10B:2030")]


# -- 15, 16, 17, 18C, 19A, 20 arrivals -------------------------------------------------------------

def test_air_reinforcements_appear_at_their_airbases():
    # 16: "German air units appear at the Hamburg off-map airbase." 15: "All other Allied air units appear at
    # Hatston Field"; Bomber Command's "may never use any other airbase".
    german = game().phase("german-reinforcement", turn="Turn 3")
    assert found(german.place("ger-ju88-1", "airbase:Hamburg")) == []
    assert found(game().phase("german-reinforcement", turn="Turn 3").place("ger-ju88-1", "airbase:Danish")) == \
        [(rule("16"), "airbase:Danish")]
    assert found(game().phase("allied-reinforcement", turn="Turn 3").place("brit-gladiator-1", "airbase:3806")) \
        == [(rule("15"), "airbase:3806")]
    moved = game().place("brit-wellington-1", "airbase:Bomber Command").phase("allied-air", turn="Turn 3")
    assert found(moved.move("brit-wellington-1", "airbase:Hatston Field")) == [(rule("15"), "airbase:Hatston Field")]


def test_norwegian_reinforcements_in_an_enemy_hex_are_eliminated():
    # 15: "On turn 2 and thereafter, Norwegian reinforcements are immediately eliminated if their hex of
    # appearance is occupied by an enemy ground unit."
    def appear(removed: bool) -> list[tuple[str, str | None]]:
        builder = game().place("ger-sup-1", "2821").place("ger-138-i", "2821")
        builder.phase("allied-reinforcement", turn="Turn 3").place("nor-i-12", "2821")
        if removed:
            builder.remove("nor-i-12")
        return found(builder.phase("allied-movement", turn="Turn 3"))
    assert appear(True) == [] and appear(False) == [(rule("15"), "2821")]


def test_german_sea_transport_from_the_staging_box_to_a_port_not_interdicted():
    # 17A: "Units in the staging box of the reinforcement chart may be placed in any port"; 18C: "The German
    # player may not transport any unit by sea into a port that has a naval interdiction counter adjacent to or
    # at the port."
    def land(to: str, start: str = "Staging Box", *placed: tuple[str, str]) -> list[tuple[str, str | None]]:
        builder = game().place("ger-138-ii", start).place("ger-sup-1", to)
        for uid, at in placed:
            builder.place(uid, at)
        return found(builder.phase("german-movement", turn="Turn 3").move("ger-138-ii", to))
    assert land("3609") == []
    assert land("3412") == [(rule("17A"), "3412")]
    assert land("3609", "Germany") == [(rule("17A"), "3609")]
    assert land("3609", "Staging Box", ("brit-interdiction-1", "3509")) == [(rule("18C"), "3609")]


def test_the_first_turn_waves():
    # 19A: "The assault wave may consist of up to fifteen battalion equivalents, but these may be only infantry,
    # mountain infantry, and/or headquarters units." The follow-up wave lands in the exploitation phase, "may not
    # otherwise move that phase, and may not make opposed landings".
    ports = ["4601", "4601", "3904", "3904", "3609", "3609", "2230", "2230", "0842", "0842"]
    def wave(phase: str, units: list[str], to: str = "3609", *placed: tuple[str, str]) -> RecordBuilder:
        builder = game()
        for n in range(1, 7):
            builder.unit(f"regt-{n}", **{"class": "land", "side": "german", "nationality": "german",
                                         "type": "infantry", "size": "regiment", "attack": 9, "defense": 9,
                                         "movement": 4})
        for uid in units:
            builder.place(uid, "Germany")
        for uid, at in placed:
            builder.place(uid, at)
        builder.phase(phase, turn="Turn 1")
        for uid, port in zip(units, ports if len(units) > 1 else [to]):
            builder.move(uid, port)
        return builder
    assault = ["ger-138-i", "ger-138-ii", "ger-138-iii", "ger-139-i", "ger-inf-regt", "ger-3-mtn-hq"]
    assert found(wave("german-movement", assault)) == []  # 4 battalions, a regiment (3, sample), an HQ: 8
    regiments = [f"regt-{n}" for n in range(1, 7)]  # six regiments of three battalions: 18 (sample)
    assert found(wave("german-movement", regiments)) == [(rule("19A"), "3609")]  # the sixth
    assert found(wave("german-exploitation", regiments[:4])) == []  # 12 of the follow-up wave's 14
    assert found(wave("german-movement", ["ger-112-art"])) == [(rule("19A"), "3609")]
    assert found(wave("german-exploitation", ["ger-112-art"])) == []
    assert found(wave("german-exploitation", ["ger-112-art"], "3609", ("nor-i-15", "3609"))) == [(rule("19A"), "3609")]
    assert found(wave("german-exploitation", ["ger-40-pz"]).move("ger-40-pz", "3608")) == [(rule("19A"), "3608")]


def test_allied_units_land_at_ports_without_germans_and_move_no_more():
    # 17C: "A unit must start its movement phase in a port (or off map, if it is a reinforcement) to be
    # transported and may make no other movement that phase. The units may only be transported from and to ports
    # that are not occupied by a German ground unit."
    def land(*placed: tuple[str, str]) -> RecordBuilder:
        builder = game().place("brit-1-sg", "England").place("allied-base-1", "3904")
        for uid, at in placed:
            builder.place(uid, at)
        return builder.phase("allied-movement", turn="Turn 4").move("brit-1-sg", "3609")
    assert found(land()) == []
    assert found(land(("ger-138-i", "3609"), ("ger-sup-1", "3609"))) == [(rule("17C"), "3609")]
    assert found(land().move("brit-1-sg", "3608")) == [(rule("17C"), "3608")]


def test_the_naval_regiment_on_turn_2_unmoved_that_turn():
    # 20: "These units appear during the German reinforcement phase of turn 2, but they may not move in that
    # player turn."
    builder = game().phase("german-reinforcement", turn="Turn 2").place("ger-naval-1", "3609").place("ger-sup-1", "3609")
    assert found(builder) == []
    assert found(builder.phase("german-movement", turn="Turn 2").move("ger-naval-1", "3608")) == [(rule("20"), "3608")]
    assert found(game().phase("german-reinforcement", turn="Turn 3").place("ger-naval-1", "3609")) == \
        [(rule("20"), "3609")]


# -- 12C air missions, 19D air landings --------------------------------------------------------------

def test_who_flies_escort_bombing_and_transport():
    # 12C2: "Only units designated as fighters (as defined above) may fly escort." 12C3: "Air units with a
    # tactical or strategic bombing strength may fly bombing missions." 12C4: "Transport air units (type T) may
    # transport ground units or supply counters".
    def flown(kind: str, units: list[str]) -> list[tuple[str, str | None]]:
        return found(game().phase("german-air", turn="Turn 3").mission("german", kind, units, target="2821"))
    assert flown("escort", ["ger-bf110-1"]) == [] and flown("escort", ["ger-ju88-1"]) == [(rule("12C2"), "2821")]
    assert flown("ground-bombing", ["ger-ju88-1"]) == []
    assert flown("ground-bombing", ["ger-ju52-1"]) == [(rule("12C3"), "2821")]
    assert flown("air-transport", ["ger-ju52-1"]) == [] and flown("air-transport", ["ger-ju88-1"]) == \
        [(rule("12C4"), "2821")]


def test_interceptors_fly_where_enemy_air_units_are():
    # 12C1: "Fighters on an interception mission fly to a target hex occupied by enemy air units that have ended
    # their air movement in the hex".
    builder = game().phase("german-air", turn="Turn 3").mission("german", "ground-bombing", ["ger-ju88-1"],
                                                                target="5018")
    assert found(builder.intercept("allied", "5018", air=["brit-gladiator-1"])) == []
    assert found(builder.intercept("allied", "5028", air=["brit-gladiator-2"])) == [(rule("12C1"), "5028")]


def test_bombing_targets_air_transport_cargo_and_parachute_drops():
    # 12C3a: "Any ground unit (excluding headquarters and supply counters may be bombed."
    hq = game().place("nor-6-bde-hq", "2821").phase("german-air", turn="Turn 3")
    assert found(hq.attack("2821", ["ger-ju88-1"], target=["nor-6-bde-hq"])) == [(rule("12C3a"), "2821")]
    # 12C4: "No combat/motorized units of any type ... may be transported by air."
    def flown_in(uid: str, to: str, *placed: tuple[str, str]) -> list[tuple[str, str | None]]:
        builder = game().place(uid, "Germany")
        for other, at in placed:
            builder.place(other, at)
        return found(builder.phase("german-air", turn="Turn 3").move(uid, to))
    assert flown_in("ger-138-i", "3806") == []
    assert flown_in("ger-40-pz", "3806") == [(rule("12C4"), "3806")]
    # 12C5: "Parachute units may only be dropped in a clear or rough terrain hexes" and "may not drop into a hex
    # containing an enemy ground unit with a defense strength greater than zero".
    assert flown_in("ger-para-1", "2821") == []
    assert flown_in("ger-para-1", "2133") == [(rule("12C5"), "2133")]
    assert flown_in("ger-para-1", "2821", ("nor-i-12", "2821")) == [(rule("12C5"), "2821")]


def test_air_landings_one_attempt_per_airbase_with_no_enemy_ground_units():
    # 19D: "To attempt an airlanding, there may be no enemy ground units present on the airbase"; "Only one
    # landing attempt may be made on a enemy airbase"; on 1-3 "the airbase is now German controlled", on 4-6 "the
    # air unit attempting to land is destroyed ... other German air units in the hex must return".
    def landing(die: int, *placed: tuple[str, str], again: bool = False) -> list[tuple[str, str | None]]:
        builder = game().place("nor-i-12", "0849")
        for uid, at in placed:
            builder.place(uid, at)
        builder.phase("allied-movement", turn="Turn 1").move("nor-i-12", "0950")
        builder.phase("german-air", turn="Turn 1").place("ger-ju52-1", "airbase:0849")
        builder.roll("air-landing", die, unit="ger-ju52-1", zone="0849", side="german")
        if again:
            builder.roll("air-landing", 1, unit="ger-ju52-2", zone="0849", side="german")
        return found(builder.phase("german-combat", turn="Turn 1"))
    assert landing(2) == []  # the airbase is German now (7, 12B: no finding for landing there)
    # (the Ju-52 left at the airbase the Allies hold is at an enemy airbase too: 12B)
    assert landing(5) == [(rule("12B"), "airbase:0849"), (rule("19D"), "0849")]
    assert landing(2, ("nor-i-15", "0849")) == [(rule("19D"), "0849")]
    assert landing(2, again=True) == [(rule("19D"), "0849")]


def test_every_rule_judged_has_its_sentence_quoted_verbatim_in_explain_toml():
    # issue 23 §3 / 24 §4: a finding quotes the sentence of its rule that decides it, copied from the text.
    rulebook = RULES / "europa-narvik.txt"
    if not rulebook.exists():
        pytest.skip("../shared/rules is absent")
    text = re.sub(r"\s+", " ", rulebook.read_text(encoding="utf-8"))
    explain = tomllib.loads((PACK_FILE.with_name("explain.toml")).read_text(encoding="utf-8"))
    judged = {number for numbers in CITED.values() for number in numbers}
    assert judged - set(explain) == set()
    for number, table in explain.items():
        for says in (table["says"], *(case["says"] for case in table.get("cases", {}).values())):
            assert re.sub(r"\s+", " ", says) in text, (number, says)


# -- the sequence (5), one mission, airbases, naval units, breakdowns -------------------------------

def test_combat_in_the_combat_phase_and_air_activity_in_the_air_phase():
    # 5D / 5: "No activity conducted outside of this sequence is allowed."; 12A: "All air activity must be
    # conducted within this sequence."
    moving = german_movement(("nor-i-12", "1147")).attack("1147", ["ger-138-i"], supply=["ger-sup-1"])
    assert (rule("5D"), "1147") in found(moving)
    flown = german_movement().mission("german", "ground-bombing", ["ger-ju88-1"], target="1550")
    assert found(flown) == [(rule("12A"), "1550")]


def test_one_mission_per_air_unit_and_no_attack_on_off_map_airbases():
    # 12C: "During the air phase an air unit may fly one of the following missions"; 13B: "Off-map airbases may
    # not be attacked by enemy air units."
    builder = game().phase("german-air", turn="Turn 3").mission("german", "ground-bombing", ["ger-ju88-1"],
                                                                target="3412")
    assert found(builder) == []
    assert found(builder.mission("german", "port-bombing", ["ger-ju88-1"], target="3609")) == [(rule("12C"), "3609")]
    raid = game().phase("german-air", turn="Turn 3").mission("german", "airfield-bombing", ["ger-ju88-2"],
                                                             target="airbase:Hatston Field")
    assert found(raid) == [(rule("13B"), "airbase:Hatston Field")]


def test_no_take_off_or_landing_at_a_neutralized_airbase():
    # 12C3f: "An airbase is "neutralized" when it receives two or more hits. Air units may not take-off or land
    # from neutralized airbases."
    def hit(n: int) -> list[tuple[str, str | None]]:
        builder = game().place("airfield-3", "0849").add({"hits": "0849", "to": n})
        builder.phase("german-air", turn="Turn 3").move("ger-ju88-1", "airbase:0849")
        return found(builder.phase("german-combat", turn="Turn 3"))
    assert hit(1) == [] and hit(2) == [(rule("12C3f"), "airbase:0849")]


def test_air_transported_units_stay_where_they_land():
    # 12C4: "Units transported by air may disembark from transports, but must remain in the hex where they
    # diembark. No other movement is allowed." 19E: on the first turn they "may move one hex during the air phase".
    def flown(turn: str, *steps: str) -> list[tuple[str, str | None]]:
        builder = game().place("ger-138-i", "Germany").place("ger-sup-1", "3806")
        builder.phase("german-air", turn=turn).move("ger-138-i", "3806")
        for to in steps:
            builder.move("ger-138-i", to)
        return found(builder)
    assert flown("Turn 3") == [] and flown("Turn 3", "3807") == [(rule("12C4"), "3807")]
    assert flown("Turn 1", "3807") == [] and flown("Turn 1", "3807", "3808") == [(rule("19E"), "3808")]


def test_no_retreat_into_the_sea():
    # 10B5: "Units may not retreat across prohibited hexes or across prohibited hexsides." (2523 is full sea on
    # the sheet: sample)
    builder = game().place("ger-sup-1", "2623").place("ger-138-i", "2623").place("nor-i-12", "2623")
    builder.phase("german-combat", turn="Turn 3").attack("2623", ["ger-138-i"], supply=["ger-sup-1"])
    assert found(builder.move("nor-i-12", "2523")) == [(rule("10B5"), "2523")]


def test_a_base_with_three_hits_is_destroyed():
    # 12C3c: "When three hits are recorded on a Allied supply base, it is destroyed and removed from play."
    def bombed(n: int, removed: bool = False) -> list[tuple[str, str | None]]:
        builder = game().place("allied-base-1", "3904").phase("german-air", turn="Turn 3")
        builder.add({"hits": "3904", "to": n})
        if removed:
            builder.remove("allied-base-1")
        return found(builder.phase("german-combat", turn="Turn 3"))
    assert bombed(2) == [] and bombed(3, removed=True) == [] and bombed(3) == [(rule("12C3c"), "3904")]


def test_naval_units_come_and_go_in_the_allied_movement_phase_at_sea():
    # 18: "Naval units are placed during the movement phase of their turn of appearance in any full or partial
    # sea hex of the North Sea ... Each Allied movement phase, these units may be moved".
    assert found(game().phase("allied-movement", turn="Turn 3").place("brit-cla-1", "2518")) == []
    assert found(game().phase("allied-air", turn="Turn 3").place("brit-cla-1", "2518")) == [(rule("18"), "2518")]
    assert found(game().phase("allied-movement", turn="Turn 3").place("brit-cla-1", "2821")) == [(rule("18"), "2821")]


def test_breakdowns_in_a_reinforcement_or_movement_phase_only():
    # 23: "A unit may break down or be reassembled only during a friendly reinforcement or movement phase".
    def broken(phase: str) -> list[tuple[str, str | None]]:
        builder = game().place("ger-sup-1", "1037").place("ger-138-iii", "1037").place("ger-3-mtn-hq", "1038")
        builder.place("ger-sup-2", "1038").phase(phase, turn="Turn 3").remove("ger-138-iii")
        builder.place("ger-138-i", "1037").place("ger-138-ii", "1037")
        return found(builder)
    assert broken("german-movement") == [] and broken("german-air") == [(rule("23"), "1037")]


def test_lake_airfields_by_a_lake_or_the_coast_and_never_moved():
    # 13D: placed in a hex "either adjacent to a lake hexside or within two hexes of a partial sea hex. Once
    # placed, it may not be moved." (lakes and coast: the sheet's, GSHHG, approximate)
    def placed(at: str) -> list[tuple[str, str | None]]:
        return found(game().phase("german-movement", turn="Turn 3").place("lake-airfield-ger", at))
    assert placed("1643") == [] and placed("2920") == [] and placed("1346") == [(rule("13D"), "1346")]
    moved = game().place("lake-airfield-ger", "1643").phase("german-movement", turn="Turn 3")
    assert found(moved.move("lake-airfield-ger", "1743")) == [(rule("13D"), "1743")]


def test_air_units_on_an_airfield_the_enemy_takes_escape_or_are_eliminated():
    # 13A: "If an enemy ground unit ... enters a hex containing such an airfield and there are enemy air units
    # present, the units may attempt to escape"; "If all friendly ground units are eliminated or retreated from the
    # hex, the air units are automatically eliminated."
    def taken(escaped: bool) -> list[tuple[str, str | None]]:
        builder = game().place("airfield-3", "0849").place("brit-gladiator-1", "airbase:0849")
        builder.place("ger-138-i", "0950").place("ger-sup-1", "0950").phase("german-movement", turn="Turn 3")
        builder.move("ger-138-i", "0849").move("ger-sup-1", "0849")
        if escaped:
            builder.roll("escape", 2, unit="brit-gladiator-1", side="allied")
            builder.move("brit-gladiator-1", "airbase:Hatston Field")
        return found(builder.phase("german-combat", turn="Turn 3"))
    assert taken(True) == [] and taken(False) == [(rule("13A"), "airbase:0849")]


def test_opposed_landings():
    # 17A: "German artillery units may not make opposed landings unless accompanied by a non-artillery unit";
    # "if any enemy unit remains in the hex after results are implemented, all surviving German units must be
    # returned to the reinforcement chart (not the staging box)."
    def landing(*units: str, holds: bool = False, back: bool = False) -> list[tuple[str, str | None]]:
        builder = game().place("nor-i-15", "3609").place("ger-sup-1", "3608")
        for uid in units:
            builder.place(uid, "Staging Box")
        builder.phase("german-movement", turn="Turn 3")
        for uid in units:
            builder.move(uid, "3609")
        builder.phase("german-combat", turn="Turn 3").attack("3609", list(units), supply=["ger-sup-1"])
        if not holds:
            builder.remove("nor-i-15")
        if back:
            for uid in units:
                builder.move(uid, "Germany")
        return found(builder.phase("german-exploitation", turn="Turn 3"))
    assert landing("ger-138-i", "ger-112-art") == []
    assert landing("ger-112-art") == [(rule("17A"), "3609")]
    assert landing("ger-138-i", holds=True) == [(rule("17A"), "3609")]
    assert landing("ger-138-i", holds=True, back=True) == []
