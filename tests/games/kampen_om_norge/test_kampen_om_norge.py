"""Kampen om Norge (kampen-om-norge.txt): its data agree with what the text states, its words come
from its game.toml, and each check has a record that breaks it and one that keeps it.

Every expectation below is read off the rulebook text (the rule is named beside it), not off the
data or the code.
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT, SHARED
from vassal_tools.games import pack_for, pack_ids
from vassal_tools.games.kampen_om_norge import ID
from vassal_tools.games.kampen_om_norge.checks import CHECKS, FILE
from vassal_tools.games.kampen_om_norge.data import load_kampen
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder

RULEBOOK = SHARED / "rules" / FILE


@pytest.fixture(scope="module")
def game():
    return load_kampen()


# -- the data (2.3, 3, 4, 5.1, 6.1, 7.0, examples)

def test_the_board_has_44_land_areas_and_8_sea_zones(game):
    assert len(game.land_areas()) == 44  # 2.3
    assert game.sea_zones() == [f"Sea Zone {n}" for n in ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")]
    assert "Skip på raid" in game.areas and game.areas["Skip på raid"].kind == "box"  # 2.3; 7.2


def test_every_area_the_text_names_is_there_spelled_in_utf8(game):
    named = ("Oslo Horten Kristiansand Egersund Stavanger Haugesund Bergen Voss Hallingdal Hønefoss Kongsberg "
             "Gjøvik Hamar Kongsvinger Østfold Tynset Oppdal Dombås Åndalsnes Ålesund Kristiansund Trondheim "
             "Steinkjer Mosjøen Tysfjord Narvik Harstad Bjørnfjell Gratangen Bardufoss Tromsø Finnmark").split()
    assert set(named) <= set(game.land_areas())
    assert not {"Sweden", "Denmark", "Mjøsa"} & set(game.areas)  # 2.3: impassable, a lake


def test_victory_cities_and_mobilization_points_are_the_texts(game):
    assert sorted(game.victory_cities()) == sorted(["Oslo", "Kristiansand", "Stavanger", "Bergen", "Trondheim",
                                                    "Narvik"])  # 2.3: the 6 victory cities
    assert sorted(game.mobilization_points()) == sorted(
        ["Østfold", "Kongsvinger", "Hamar", "Gjøvik", "Hønefoss", "Kongsberg", "Voss", "Åndalsnes", "Steinkjer",
         "Mosjøen", "Bardufoss", "Tromsø"])  # 2.3: the 12 mobilization points


@pytest.mark.parametrize("a, b, crossing", [
    ("Bergen", "Haugesund", "fjord"), ("Haugesund", "Stavanger", "fjord"),  # 2.3 fjords
    ("Gjøvik", "Hamar", "lake"),  # 4.3 example 1: Mjøsa
    ("Åndalsnes", "Ålesund", "fjord"), ("Åndalsnes", "Kristiansund", "fjord"),  # example 2
    ("Oslo", "Hønefoss", "none"), ("Oppdal", "Tynset", "none"),  # 4.1
    ("Kongsvinger", "Hamar", "none"),  # example 1
    ("Tysfjord", "Bjørnfjell", "none"), ("Bjørnfjell", "Bardufoss", "none"), ("Tysfjord", "Narvik", "none"),
    ("Narvik", "Bardufoss", "none"), ("Bardufoss", "Tromsø", "none"),  # example 3
    ("Stavanger", "Egersund", "none"),  # example 4
])
def test_adjacency_the_text_states(game, a, b, crossing):
    assert game.crossing(a, b) == crossing and game.crossing(b, a) == crossing


def test_areas_whose_every_neighbour_the_text_gives(game):
    # Example 2: Åndalsnes is flanked by fjords facing Ålesund and Kristiansund, and Dombås is its
    # only other way out; example 4: Egersund is the only area by Stavanger once Haugesund is German.
    assert game.land_neighbours("Åndalsnes") == {"Ålesund", "Kristiansund", "Dombås"}
    assert game.land_neighbours("Stavanger") == {"Egersund", "Haugesund"}


def test_sea_zones(game):
    assert {z for z in game.sea_zones() if game.crossing("Sea Zone VIII", z)} == set(game.sea_zones()) - {
        "Sea Zone I", "Sea Zone VIII"}  # 5.1: VIII borders all sea zones except I
    for area in ("Haugesund", "Stavanger", "Egersund"):
        assert "Sea Zone III" in game.areas[area].sea_zones  # 2.3
    assert "Sea Zone IV" in game.areas["Voss"].sea_zones  # 2.3: Voss by a fjord
    assert {n for n in game.neighbours("Skip på raid")} == {"Sea Zone VI", "Sea Zone VII", "Sea Zone VIII"}  # 7.2
    for area in ("Åndalsnes", "Tromsø"):  # examples 2 and 3: Allied landings and evacuations
        assert game.coastal(area, [f"Sea Zone {n}" for n in ("III", "IV", "V", "VI", "VII")])


def test_air_range_from_trondheim(game):
    # 4.3 example 3: from Trondheim, Harstad, Narvik and Bjørnfjell are in reach; Gratangen, Bardufoss
    # and Tromsø are not.
    for area in ("Harstad", "Narvik", "Bjørnfjell"):
        assert game.in_air_range(area, {"Trondheim"})
    for area in ("Gratangen", "Bardufoss", "Tromsø"):
        assert not game.in_air_range(area, {"Trondheim"})
    assert "Bardufoss" in game.airfields() and "Trondheim" in game.airfields()  # 2.3; example 3


def test_ship_cards(game):
    ships = game.ships.values()
    assert sum(1 for s in ships if s.side == "allied") == 18  # 7.0: 9 of their 18 ships
    eidsvoll = [s for s in ships if s.name == "Eidsvoll & Norge"]
    assert len(eidsvoll) == 1 and eidsvoll[0].type == "panserskip" and eidsvoll[0].side == "norwegian"  # 6.1
    assert {"Warspite", "Admiral Hipper", "Karlsruhe", "Blücher"} <= {s.name for s in ships}


def test_the_data_is_where_maintainers_edit_it():
    assert (ROOT / "module_src" / "kampen_om_norge" / "areas.csv").is_file()


# -- the registry and the words

def test_the_registry_knows_the_game_and_its_words():
    assert ID in pack_ids()
    words = pack_for(ID).vocabulary
    assert words.sides == ("german", "norwegian", "allied")
    assert words.turns[:3] == ("9. April", "Round 1", "Round 2")
    assert words.canonical_turn("round 7") == "Round 7"
    assert words.phases[:5] == ("initial", "movement", "combat", "reinforcement", "new-cards")  # 7
    assert "norwegian-combat" in words.phases and words.side_of("polish") == "allied"


def test_every_cited_rule_is_in_the_rulebook():
    text = RULEBOOK.read_text(encoding="utf-8")
    printed = set(re.findall(r"^(\d+(?:\.\d+)?) ", text, re.MULTILINE))
    printed |= {"3", "4"}  # chapter numbers stand alone in the contents
    cited = {number for _, rules, _ in CHECKS for number in rules}
    cards = {c for c in cited if c.startswith("Appendix ")}  # a limit printed on a card (Appendix)
    assert cited - cards <= printed, cited - cards - printed
    assert "APPENDIX" in text and all(f"**{card.split(' ', 1)[1]}**" in text for card in cards)


def test_every_rule_a_finding_can_cite_is_printed():
    # The checks cite rule("N") or an Appendix card (a card's name is printed in bold, 2.4).
    text = RULEBOOK.read_text(encoding="utf-8")
    printed = set(re.findall(r"^(\d+(?:\.\d+)?) ", text, re.MULTILINE)) | {"3", "4"}
    package = ROOT / "vassal_tools" / "games" / "kampen_om_norge"
    cited = {c for path in package.glob("*.py") for c in re.findall(r'rule\("([^"]+)"', path.read_text())}
    assert cited and {c for c in cited if not c.startswith("Appendix")} <= printed
    appendix = text[text.index("APPENDIX\n"):]
    for card in load_kampen().cards:  # findings cite "Appendix" and the card's name (cardplay.appendix)
        assert f"**{card.name}**" in text, card.name
        assert any(name in appendix for name in (card.name, *card.aliases)), card.name


def test_the_cards_each_phase_lists_are_in_the_data(game):
    # 4.1-4.3 list each faction's cards by phase; the Appendix gives their dice (Example 1: Panzer +2 in
    # attack, Bakhold +2 in defense).
    listed = {"german": "Fallskjermtropp, Rask forflytning, Transportfly, Ingeniørkompani, Artilleri, Bombefly, "
                        "Gebirgsjäger, Jagerbomber, Panzer, Speidertropp, Ubåt",
              "norwegian": "Rask forflytning, Sprengt bro, Veisperring, Bakhold, Panservernkanon",
              "allied": "Invasjon, Kystevakuering, Jagerfly, Fransk alpejeger, Fremmedlegionær, Kystbombardement, "
                        "Polsk bergjeger, Stridsvogn, Panservernkanon, Ubåt"}
    for side, names in listed.items():
        for name in names.split(", "):
            assert game.card(side, name) is not None, (side, name)
    assert (game.card("german", "Panzer").attack, game.card("norwegian", "Bakhold").defense) == (2, 2)
    assert game.card("german", "Jagerbomber").group == game.card("german", "Bombefly").group  # 4.2
    assert game.card("allied", "Regognoseringsfly") is game.card("allied", "Rekognoseringsfly")  # both spellings


# -- the checks: a record that breaks each, one that keeps it

def battalions(builder: RecordBuilder, side: str, *names: str) -> RecordBuilder:
    nationality = {"german": "german", "norwegian": "norwegian", "allied": "british"}[side]
    for name in names:
        builder.unit(name, **{"class": "land", "side": side, "nationality": nationality, "size": "battalion"})
    return builder


def ships(builder: RecordBuilder, side: str, *names: str, type: str = "slagskip") -> RecordBuilder:
    for name in names:
        builder.unit(name, **{"class": "naval", "side": side, "type": type})
    return builder


def findings(builder: RecordBuilder) -> list[tuple[str, str | None]]:
    return [(f.rule, f.where) for f in audit(builder.to_dict())]


def game_record() -> RecordBuilder:
    return RecordBuilder(ID)


def test_opposing_battalions_left_together_after_combat():
    base = battalions(battalions(game_record(), "german", "g1", "g2"), "norwegian", "n1")
    base.place("g1", "Gjøvik").place("g2", "Gjøvik").place("n1", "Hamar")
    base.phase("german-movement", turn="Round 2").move("g1", "Hamar").phase("german-combat")
    broken = findings(base)
    assert broken == [(f"{FILE} 4.2", "Hamar")]
    kept = base.move("n1", "Kongsvinger")  # Norway loses and retreats
    assert findings(kept) == []


def test_norway_and_the_allies_may_share_an_area():
    base = battalions(battalions(game_record(), "allied", "a1"), "norwegian", "n1")
    base.place("a1", "Tromsø").place("n1", "Bardufoss").phase("norwegian-movement", turn="Round 2")
    base.move("n1", "Tromsø").phase("norwegian-combat").phase("norwegian-reinforcement")
    assert findings(base) == []


def test_a_move_covers_one_bordering_area():
    base = battalions(game_record(), "german", "g1", "g2").place("g1", "Oslo").place("g2", "Oslo")
    base.phase("german-movement", turn="Round 1").move("g1", "Hønefoss")  # Oslo: 2 at the set-up (3)
    assert findings(base) == []  # 4.1: Oslo to Hønefoss
    far = battalions(game_record(), "german", "g1").place("g1", "Oslo")
    far.phase("german-movement", turn="Round 1").move("g1", "Trondheim")
    assert findings(far) == [(f"{FILE} 4.1", "Trondheim")]
    twice = battalions(game_record(), "german", "g1").place("g1", "Tysfjord")
    twice.phase("german-movement", turn="Round 2").move("g1", "Bjørnfjell").move("g1", "Bardufoss")
    assert findings(twice) == [(f"{FILE} 4.1", "Bardufoss")]


def test_retreats():
    def fight(retreat_to: str, defender: str = "german") -> RecordBuilder:
        attacker = "allied" if defender == "german" else "german"
        rec = battalions(battalions(game_record(), defender, "d1"), attacker, "x1", "x2")
        rec.place("d1", "Åndalsnes").place("x1", "Dombås").place("x2", "Dombås")
        rec.phase(f"{attacker}-movement", turn="Round 2").move("x1", "Åndalsnes").move("x2", "Åndalsnes")
        return rec.phase(f"{attacker}-combat").move("d1", retreat_to)
    # Example 2: a German defender in Åndalsnes cannot retreat across the fjords, nor to Dombås.
    assert findings(fight("Ålesund")) == [(f"{FILE} 4.2", "Ålesund")]
    assert (f"{FILE} 4.2", "Dombås") in findings(fight("Dombås"))  # the attackers' origin
    # A Norwegian defender may cross the fjord (4.2 step 8).
    assert findings(fight("Ålesund", defender="norwegian")) == []


def test_norwegian_reinforcements():
    base = battalions(battalions(game_record(), "norwegian", "n1", "n2", "n3"), "german", "g1")
    base.place("g1", "Oslo").phase("norwegian-reinforcement", turn="Round 1")
    base.place("n1", "Hamar")  # a mobilization point
    assert findings(base) == []
    base.place("n2", "Hamar").place("n3", "Oslo")
    assert findings(base) == [(f"{FILE} 4.3", "Hamar"), (f"{FILE} 4.3", "Oslo")]
    inland = battalions(game_record(), "norwegian", "n1").phase("norwegian-reinforcement", turn="Round 1")
    assert findings(inland.place("n1", "Tynset")) == [(f"{FILE} 4.3", "Tynset")]


def test_the_allied_opening():
    def opening(*areas: str) -> RecordBuilder:
        rec = battalions(game_record(), "allied", *[f"a{i}" for i in range(6)])
        rec.phase("allied-reinforcement", turn="Round 1")
        for i, area in enumerate(areas):
            rec.place(f"a{i}", area)
        return rec.phase("allied-new-cards")
    assert findings(opening(*["Åndalsnes"] * 3, *["Tromsø"] * 3)) == []  # 3
    assert findings(opening(*["Narvik"] * 3, *["Bjørnfjell"] * 3)) == [
        (f"{FILE} 4.3", "Bjørnfjell"), (f"{FILE} 4.3", "Bjørnfjell"), (f"{FILE} 4.3", "Bjørnfjell"),
        (f"{FILE} 3", "Bjørnfjell")]  # inland, and Narvik borders Bjørnfjell (Bardufoss is not inland: 5.1,
    # Germany may bomb Sea Zone VII from its air field)
    assert findings(opening(*["Åndalsnes"] * 4, *["Tromsø"] * 2)) == [(f"{FILE} 3", "Tromsø")]


def test_allied_reinforcements_in_the_advanced_game_avoid_german_seas():
    def reinforce(german_in: str) -> RecordBuilder:
        rec = battalions(RecordBuilder(ID, variant="advanced"), "allied", "a1")
        ships(rec, "german", "h1").place("h1", german_in).phase("allied-reinforcement", turn="Round 4")
        return rec.place("a1", "Bergen")
    assert findings(reinforce("Sea Zone III")) == []
    assert findings(reinforce("Sea Zone IV")) == [(f"{FILE} 8.3", "Bergen")]  # 8.3


def test_ships():
    one = ships(game_record(), "allied", "w1", "w2").place("w1", "Sea Zone III", stack="tf1")
    one.place("w2", "Sea Zone III", stack="tf1").phase("allied-movement", turn="Round 1")
    one.move("w1", "Sea Zone IV", stack="tf1").move("w2", "Sea Zone IV", stack="tf1")
    one.move("w1", "Sea Zone V", stack="tf1").move("w2", "Sea Zone V", stack="tf1").phase("allied-combat")
    assert findings(one) == []  # 8.1: two zones; 6.1: one stack
    three = ships(game_record(), "german", "s1").place("s1", "Sea Zone II").phase("german-movement", turn="Round 1")
    three.move("s1", "Sea Zone III").move("s1", "Sea Zone IV").move("s1", "Sea Zone V")
    assert findings(three) == [(f"{FILE} 8.1", "Sea Zone V")]
    slow = ships(game_record(), "norwegian", "e1", type="panserskip").place("e1", "Sea Zone I")
    slow.phase("norwegian-movement", turn="Round 1").move("e1", "Sea Zone II").move("e1", "Sea Zone III")
    assert findings(slow) == [(f"{FILE} 6.1", "Sea Zone III")]
    barred = ships(game_record(), "allied", "w1").place("w1", "Sea Zone III").phase("allied-movement", turn="Round 1")
    assert findings(barred.move("w1", "Sea Zone II")) == [(f"{FILE} 5.1", "Sea Zone II")]
    split = ships(game_record(), "german", "s1", "s2").place("s1", "Sea Zone IV", stack="a")
    split.place("s2", "Sea Zone IV", stack="b").phase("german-movement", turn="Round 1").phase("german-combat")
    assert findings(split) == [(f"{FILE} 6.1", "Sea Zone IV")]


def test_vassal_tools_games_lists_the_game_with_its_checks_and_rules():
    from click.testing import CliRunner

    from vassal_tools.cli import main

    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    assert "kampen-om-norge: Kampen om Norge (kampen-om-norge.txt)" in result.output
    assert "occupancy [4.2]" in result.output and "allied-seas [5.1, 8.1]" in result.output
    assert "invasion-norway" in result.output


def interception(*dice: int, again: bool = False, enter: bool = False) -> RecordBuilder:
    rec = ships(ships(game_record(), "allied", "w1", "w2"), "german", "h1", "k1", "b1")
    rec.place("w1", "Sea Zone IV", stack="tf").place("w2", "Sea Zone IV", stack="tf")
    rec.place("h1", "Sea Zone III", stack="g").place("k1", "Sea Zone III", stack="g").place("b1", "Sea Zone V")
    rec.phase("allied-movement", turn="Round 2")
    rec.move("w1", "Sea Zone III", stack="tf").move("w2", "Sea Zone III", stack="tf")
    rec.intercept("allied", "Sea Zone III", ["w1", "w2"])
    for die in dice:
        rec.roll("naval-interception", die, side="allied", zone="Sea Zone III")
    if again:
        rec.intercept("allied", "Sea Zone III", ["w1", "w2"])
        rec.roll("naval-interception", 6, side="allied", zone="Sea Zone III")
        rec.roll("naval-interception", 6, side="allied", zone="Sea Zone III")
    if enter:
        rec.move("w1", "Sea Zone IV", stack="tf2").move("w1", "Sea Zone III", stack="tf2")
    return rec.phase("allied-combat")


def test_naval_interception():
    # 8.1 and example 4: two German ships in the zone, one die for each.
    assert findings(interception(6, 4)) == []
    assert findings(interception(6)) == [(f"{FILE} 8.1", "Sea Zone III")]  # one die short
    assert findings(interception(6, 4, again=True)) == [(f"{FILE} 8.1", "Sea Zone III")]  # a second attempt
    assert (f"{FILE} 8.1", "Sea Zone III") in findings(interception(6, 4, enter=True))  # back into the zone


def test_the_recon_card_is_barred_from_three_zones():
    def recon(zone: str, *dice: int) -> RecordBuilder:
        rec = ships(game_record(), "german", "h1", "k1").place("h1", zone, stack="g").place("k1", zone, stack="g")
        rec.phase("initial", turn="9. April")
        return rec.roll("Rekognoseringsfly", list(dice), side="allied", zone=zone)
    # Example 4: Hipper and Karlsruhe in Sea Zone III, a die for each German ship (Appendix), 6 and 4.
    assert findings(recon("Sea Zone III", 6, 4)) == []
    assert findings(recon("Sea Zone III", 6)) == [(f"{FILE} Appendix Rekognoseringsfly", "Sea Zone III")]
    for zone in ("Sea Zone I", "Sea Zone VI", "Sea Zone VII"):
        assert findings(recon(zone, 6, 4)) == [(f"{FILE} Appendix Rekognoseringsfly", zone)]


def test_the_9_april_mobilization():
    # 7.3: 12 mobilization points (2.3); Germany lands on two of them (Østfold by Sea Zone I, Voss by
    # Sea Zone IV, 7.2), so 10 are free: 5 battalions, one a point.
    def mobilize(*areas: str) -> RecordBuilder:
        rec = battalions(battalions(game_record(), "german", "g1", "g2"), "norwegian",
                         *[f"n{i}" for i in range(len(areas))])
        ships(rec, "german", "s1", "s2").phase("initial", turn="9. April")
        rec.place("s1", "Sea Zone I").place("s2", "Sea Zone IV").phase("combat")
        rec.place("g1", "Østfold", **{"from": "s1"}).place("g2", "Voss", **{"from": "s2"}).phase("reinforcement")
        for i, area in enumerate(areas):
            rec.place(f"n{i}", area, by="mobilization")
        return rec
    free = ["Hamar", "Kongsvinger", "Gjøvik", "Hønefoss", "Kongsberg"]
    assert findings(mobilize(*free)) == []
    assert findings(mobilize(*free, "Åndalsnes")) == [(f"{FILE} 7.3", "Åndalsnes")]  # a sixth
    assert findings(mobilize("Østfold")) == [(f"{FILE} 7.3", "Østfold")]  # German-held
    assert findings(mobilize("Hamar", "Hamar")) == [(f"{FILE} 7.3", "Hamar")]  # two on one point
    assert findings(mobilize("Tynset")) == [(f"{FILE} 7.3", "Tynset")]  # no mobilization point
    assert findings(mobilize("Oslo", "Bergen")) == []  # victory cities neither German nor mobilized (7.3)


def test_german_reinforcements():
    def reinforce(area: str, variant: str | None = None, allied_in: str | None = None,
                  german_in: str | None = None) -> RecordBuilder:
        rec = battalions(game_record(), "german", "g1")
        if variant:
            rec = RecordBuilder(ID, variant=variant)
            battalions(rec, "german", "g1")
        ships(rec, "allied", "w1")
        ships(rec, "german", "h1")
        if allied_in:
            rec.place("w1", allied_in)
        if german_in:
            rec.place("h1", german_in)
        return rec.phase("german-reinforcement", turn="Round 3").place("g1", area)
    assert findings(reinforce("Oslo")) == []  # 4.3: by Sea Zone I
    assert findings(reinforce("Kristiansand")) == []  # by Sea Zone II
    assert findings(reinforce("Bergen")) == [(f"{FILE} 4.3", "Bergen")]
    # 8.3: in the advanced game, Sea Zone IV and every zone south of it free of Allied ships.
    assert findings(reinforce("Bergen", "advanced", allied_in="Sea Zone VI")) == []
    assert findings(reinforce("Bergen", "advanced", allied_in="Sea Zone III")) == [(f"{FILE} 8.3", "Bergen")]
    # ... or Sea Zone IV held by a German ship: one battalion for it.
    assert findings(reinforce("Bergen", "advanced", allied_in="Sea Zone III", german_in="Sea Zone IV")) == []
