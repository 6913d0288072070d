"""The Norway 1940 scenario (norway-1940-scenario.txt): its data agree with what the sheet states, every
rule or heading it cites is in the sheet, and each check has a record that breaks it and one that
keeps it. Expectations are read off the sheet (the heading is named beside them), not off the data.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from conftest import SHARED
from vassal_tools.cli import main
from vassal_tools.games import pack_for
from vassal_tools.games.norway_1940 import ID
from vassal_tools.games.norway_1940.checks import CHECKS
from vassal_tools.games.norway_1940.data import FILE, HEADINGS, check_source, load_norway
from vassal_tools.games.play import audit

RULEBOOK = SHARED / "rules" / FILE


@pytest.fixture(scope="module")
def game():
    return load_norway()


def exists(cite: str) -> bool:
    """Is a citation a rule of the sheet, as its rules index numbers them (heading, numbered rule or
    bold rule name: games/norway_1940/rulebook.toml)?"""
    index = pack_for(ID).rules_index
    assert index is not None
    return cite in index.titles


def test_every_rule_cited_is_in_the_sheet(game):
    cited = {r for _, rules, _ in CHECKS for r in rules} | set(HEADINGS)
    cited |= {s["rule"] for s in game.toml["vp"]["special"]}
    assert {"27.2", "27.3", "Allied Set-up", "German Special Rules 1a", "Actions", "Air-Naval Attack", "Supply",
            "Submarine", "German VP", "Allied VPs", "Variable Allied VP", "Allied Refit Table", "German Refit Table",
            "Shock Table"} <= cited
    missing = sorted(c for c in cited if not exists(c))
    assert not missing
    assert not exists("German Special Rules 3a") and not exists("27.4")  # the test can fail


def test_every_source_in_game_toml_cites_the_sheet_or_sample(game):
    def sources(value):
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "source":
                    yield inner
                else:
                    yield from sources(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from sources(inner)

    found = list(sources(dict(game.toml)))
    assert len(found) > 20
    assert [s for s in found if check_source(s)] == []


# -- the data

def test_places_the_sheet_names(game):
    for name in ("Oslo", "Kristiansand", "Bergen", "Trondheim", "Narvik", "Finnmark", "Hegra", "Stavanger",
                 "Faroe Islands", "Shetland Islands"):
        assert game.places[name].kind == "land"
    for number in (35, 36, 41, 40, 45):  # Allied Set-up: British Naval Units; 27.3: German Naval Units
        assert game.places[f"Sea Zone {number}"].kind == "sea"
    assert game.place("Britain") == "British Off Map base"  # 27.2 2b: Place both units in Britain
    assert game.place("third reich") == "German Off Map base"  # German Special Rules 2c
    assert game.place("SEA ZONE  12") == "Sea Zone 12"  # any numbered zone, as it comes
    assert game.place("Sweden") is None
    pack = pack_for(ID)
    assert pack.catalogue.location("carrier:furious") == "carrier:Furious"
    assert pack.catalogue.location("carrier:Hood") is None
    for box in ("Allied Special Reinforcements", "German Special Reinforcements", "Norwegian Reinforcement Pool",
                "Allied Reinforcement Pool", "German Reinforcement Pool"):
        assert game.places[box].kind == "box"


def test_the_lists_count_as_the_sheet_prints_them(game):
    starts: dict[str, int] = {}
    for row in game.units.values():
        starts[row.start] = starts.get(row.start, 0) + 1
    # British Off Map base: British land 5, air 1+3+1+1+1+1+1, ships 1+2+1+2+1+4+1+1+3+1; French 4 and 2;
    # Polish 1 and 2 (Allied Set-up).
    assert starts["British Off Map base"] == 5 + 9 + 17 + 6 + 3
    # 27.3: German land 2 + 15 + 3 + 1 + 1 + 3; air 1+1+1+2+1+2+1+1+11+1+1.
    assert starts["German Off Map base"] == 25 + 23
    assert starts["Norwegian Reinforcement Pool"] == 12  # 2 recon, 7 infantry brigades, 2 regiments, 1 AA
    assert starts["Allied Reinforcement Pool"] == 13 + 4  # Other Allied Reinforcement Pool: British, French
    assert starts["German Reinforcement Pool"] == 9 + 7
    assert starts["Allied Special Reinforcements"] == 4  # Narvik fortification; Hurricane, Gladiator, HL
    assert starts["German Special Reinforcements"] == 5
    assert [r.name for r in game.units.values() if r.start == "Narvik"] == ["6th infantry brigade"]
    assert [r.type for r in game.units.values() if r.name.startswith("Do-")] == ["Do-17"]  # Do-117 read Do-17
    assert sum(1 for r in game.units.values() if r.side == "german" and r.unit_class == "naval"
               and r.start.startswith("Sea Zone")) == 13  # 1+1+1+2+1+1+5, and the SS of any naval zone


def test_victory_points_and_refit_tables_are_the_sheets(game):
    vp = game.toml["vp"]
    assert vp["control"]["named"] == {"Oslo": 15, "Narvik": 15, "Faroe Islands": 2}  # German VP; Allied VPs
    assert vp["control"]["other_port"] == 10
    assert (vp["german"]["capital_ship"], vp["german"]["other_naval"], vp["german"]["air"], vp["german"]["land"]) \
        == (3, 2, 2, 1)
    assert (vp["allied"]["air"], vp["allied"]["land"]) == (3, 2)
    assert {k: v for k, v in vp["variable"].items() if k != "source"} == {"CV": 6, "BB": 6, "BC": 5, "CA": 4, "CL": 3,
                                                                          "DD": 2, "SS": 1, "TR": 0}
    assert {s["key"]: (s["to"], s["add"]) for s in vp["special"]} == {
        "2a": ("german", [10]), "2b": ("german", [4, 8]), "2c": ("german", [3]), "Bismarck": ("allied", [10]),
        "Graf Zeppelin": ("allied", [20]), "German Special Rules 2c": ("allied", [10, 20, 30])}
    allied = {r["types"]: (r["refit"], r["damage"], r["destroy"]) for r in game.toml["refit"]["allied"]}
    assert allied["TR"] == ([1, 4], [5, 5], [6, 6]) and allied["Air Units"] == ([1, 1], [2, 3], [4, 6])
    german = {r["types"]: (r["refit"], r["damage"], r["destroy"]) for r in game.toml["refit"]["german"]}
    assert german["BB, BC, CV"] == ([1, 1], [2, 4], [5, 6]) and german["Land Units"] == ([1, 4], [5, 5], [6, 6])


def test_the_games_listing_shows_all_five_packs():
    out = CliRunner().invoke(main, ["games"]).output
    for game in ("invasion-norway", "narvik-1940", "kampen-om-norge", "norway-1940"):
        assert f"{game}:" in out
    assert "air-naval-search [Air-Naval Attack]" in out and "norway-1940-scenario.txt" in out


# -- records that break each check and records that keep it

UNITS = {
    "nor6": {"class": "land", "nationality": "norwegian", "type": "infantry", "size": "brigade",
             "name": "6th infantry brigade"},
    "nordd": {"class": "naval", "nationality": "norwegian", "type": "DD", "name": "DD"},
    "bbb": {"class": "naval", "nationality": "british", "type": "BB", "name": "BB"},
    "bdd": {"class": "naval", "nationality": "british", "type": "DD"},
    "bss": {"class": "naval", "nationality": "british", "type": "SS"},
    "skua": {"class": "air", "nationality": "british", "type": "Skua", "role": "DB"},
    "b146": {"class": "land", "nationality": "british", "type": "infantry", "size": "brigade",
             "name": "146th infantry brigade"},
    "gca": {"class": "naval", "nationality": "german", "type": "CA"},
    "gtr": {"class": "naval", "nationality": "german", "type": "TR"},
    "gss": {"class": "naval", "nationality": "german", "type": "SS"},
    "bismarck": {"class": "naval", "nationality": "german", "type": "BB", "name": "Bismarck"},
    "ju88": {"class": "air", "nationality": "german", "type": "Ju-88"},
    "do17": {"class": "air", "nationality": "german", "type": "Do-117", "name": "Do-117 (Kg 100)"},
    "me110": {"class": "air", "nationality": "german", "type": "Me-110"},
    "g138": {"class": "land", "nationality": "german", "type": "mountain", "size": "regiment",
             "name": "138th mountain regiment"},
    "g139": {"class": "land", "nationality": "german", "type": "mountain", "size": "regiment",
             "name": "139th mountain regiment"},
}


def findings(entries: list[dict]) -> list[tuple[str, object]]:
    record = {"format": "vassal-tools/record@1", "game": ID, "units": UNITS, "entries": entries}
    found = audit(record)
    for finding in found:
        assert exists(finding.rule.removeprefix(FILE + " ")), finding.rule
    return [(f.rule.removeprefix(FILE + " "), f.where) for f in found]


SET_UP = [
    {"place": "nor6", "at": "Narvik"},  # Allied Set-up: Narvik: 6th infantry brigade
    {"place": "nordd", "at": "Sea Zone 41"},  # a sea zone by a Norwegian port (the sample map: Trondheim)
    {"place": "bbb", "at": "Sea Zone 36"},  # British Off Map base, or sea zones 35, 36 and/or 41
    {"place": "b146", "at": "Britain"},
    {"place": "gca", "at": "Sea Zone 40"},  # 27.3: sea zones 40 and/or 45
    {"place": "gss", "at": "Sea Zone 35"},  # Any naval zone: 1 x SS
    {"place": "ju88", "at": "Third Reich"},
    {"place": "do17", "at": "German Off Map base"},
]


def test_a_set_up_as_the_lists_give_it():
    entries = [*SET_UP, {"place": "bismarck", "at": "Third Reich"},
               {"vp": {"side": "allied", "add": 10, "for": "Bismarck"}},  # German Special Rules 2c
               {"turn": "Pre-turn", "phase": "pre-turn-activation"}]
    assert findings(entries) == []


def test_early_mobilization_places_pool_units_one_a_zone():
    units = {f"p{i}": {"class": "land", "nationality": "norwegian", "type": "infantry", "size": "brigade",
                       "name": f"{n} infantry brigade"} for i, n in enumerate(("1st", "2nd", "3rd"))}
    record = {"format": "vassal-tools/record@1", "game": ID, "units": units, "entries": [
        {"vp": {"side": "german", "add": 10, "for": "2a"}},  # 27.2 2a taken: the Germans get 10
        {"place": "p0", "at": "Bergen"}, {"place": "p1", "at": "Hegra"}, {"place": "p2", "at": "Hegra"},
        {"turn": "Pre-turn", "phase": "pre-turn-activation"}]}
    assert [(f.rule, f.where) for f in audit(record)] == [(f"{FILE} 27.2", "Hegra")]
    record["entries"] = record["entries"][1:]  # not taken: the pool stays in its box
    assert [f.where for f in audit(record)] == ["Bergen", "Hegra", "Hegra"]


def test_a_set_up_the_lists_do_not_allow():
    entries = [
        {"place": "nor6", "at": "Oslo"},  # the 6th infantry brigade sets up in Narvik
        {"place": "bbb", "at": "Sea Zone 40"},  # not 35, 36 or 41
        {"place": "gtr", "at": "Sea Zone 36"},  # not 40 or 45, nor by the German base
        {"place": "nordd", "at": "Sea Zone 35"},  # by no Norwegian port
        {"place": "bismarck", "at": "Third Reich"},  # the option not taken: it stays in the box
        {"turn": "Turn 1", "phase": "action-roll"},
    ]
    assert findings(entries) == [("Allied Set-up", "Oslo"), ("Allied Set-up", "Sea Zone 40"), ("27.3", "Sea Zone 36"),
                                 ("Allied Set-up", "Sea Zone 35"), ("German Special Rules 2c", "German Off Map base")]
    # A zone the sheet never numbers: its borders are not known, so a ship "adjacent" to a port is not judged;
    # a list that names its zones still is.
    assert findings([{"place": "nordd", "at": "Sea Zone 12"}, {"place": "bbb", "at": "Sea Zone 12"},
                     {"turn": "Pre-turn", "phase": "pre-turn-activation"}]) == [("Allied Set-up", "Sea Zone 12")]
    # A record that starts later is a snapshot: no set-up is judged.
    assert findings([*entries[:-1], {"turn": "Turn 3", "phase": "actions"}]) == []


def act(side: str, *units: str, kind: str = "ground") -> dict:
    return {"action": {"side": side, "kind": kind, "units": list(units)}}


def test_each_unit_activated_once_a_turn():
    entries = [{"place": u, "at": "German Off Map base"} for u in ("g138", "g139", "ju88", "me110", "do17")]
    entries += [{"turn": "Pre-turn", "phase": "pre-turn-activation"}, act("german", "g138"), act("german", "g139"),
                act("german", "ju88", kind="air"), act("german", "me110", kind="air"),
                {"turn": "Turn 1", "phase": "actions"}, act("german", "g138"), act("allied", "nor6"),
                {"turn": "Turn 1", "phase": "mid-turn"}, act("german", "g138", kind="free"),
                {"turn": "Turn 2", "phase": "actions"}, act("german", "g138")]
    assert findings(entries) == []


def test_a_unit_activated_twice_and_a_fifth_pre_turn_action():
    entries = [{"turn": "Pre-turn", "phase": "pre-turn-activation"}, act("german", "g138"), act("german", "g139"),
               act("german", "ju88", kind="air"), act("german", "g138"),  # 1a: no unit activated twice
               act("german", "do17", kind="air"),  # 1a: a fifth action
               {"turn": "Turn 1", "phase": "actions"}, act("allied", "nor6", "b146"), act("allied", "b146")]
    assert findings(entries) == [("German Special Rules 1a", None), ("German Special Rules 1a", None),
                                 ("Actions", None)]


def test_supply_is_for_ground_units_only():
    entries = [{"turn": "Turn 1", "phase": "actions"}, {"mark": "g138", "as": "out-of-supply"},
               {"unmark": "g138", "as": "Out-of-Supply"}]
    assert findings(entries) == []
    entries += [{"place": "gca", "at": "Sea Zone 40"}, {"mark": "gca", "as": "out-of-supply"},
                {"unmark": "ju88", "as": "out-of-supply"}]
    assert findings(entries) == [("Supply", "Sea Zone 40"), ("Supply", None)]


def search(unit: str, die: int, zone: str = "Sea Zone 40") -> dict:
    return {"roll": {"for": "air-naval-search", "side": "german", "unit": unit, "zone": zone, "result": die}}


def strike(zone: str, *attackers: str, target=("bdd",)) -> dict:
    return {"attack": {"hex": zone, "attackers": list(attackers), "target": list(target)}}


BASE = [{"place": "ju88", "at": "Bergen"}, {"place": "do17", "at": "Stavanger"}, {"place": "bdd", "at": "Sea Zone 40"},
        {"place": "skua", "at": "carrier:Furious"}, {"place": "bss", "at": "Sea Zone 40"},
        {"turn": "Turn 4", "phase": "actions"}]  # a snapshot: no set-up judged


def test_air_naval_attacks_after_a_search_roll_of_1_to_4():
    entries = [*BASE, act("german", "ju88", "do17", kind="air"), search("ju88", 4), search("do17", 1),
               strike("Sea Zone 40", "ju88", "do17"),
               act("allied", "skua", kind="air"), strike("Sea Zone 40", "skua", target=("gca",))]  # carrier-based
    assert findings(entries) == []


def test_air_naval_attacks_after_5_or_6_or_no_roll():
    entries = [*BASE, act("german", "ju88", kind="air"), search("ju88", 5), strike("Sea Zone 40", "ju88"),
               act("german", "do17", kind="air"), strike("Sea Zone 40", "do17"),  # no roll
               {"turn": "Turn 5", "phase": "actions"}, act("german", "ju88", kind="air"), search("ju88", 2, "Sea Zone 45"),
               strike("Sea Zone 40", "ju88"),  # searched another zone
               act("german", "do17", kind="air"), search("do17", 7)]  # no d6
    assert findings(entries) == [("Air-Naval Attack", "Sea Zone 40")] * 3 + [("Air-Naval Attack", "Sea Zone 40")]


def test_a_search_roll_of_several_dice_naming_no_unit_gives_one_die_an_attacker_in_turn():
    throw = {"roll": {"for": "air-naval-search", "side": "german", "zone": "Sea Zone 40", "result": [3, 6]}}
    entries = [*BASE, act("german", "ju88", "do17", kind="air"), throw, strike("Sea Zone 40", "ju88", "do17")]
    assert findings(entries) == [("Air-Naval Attack", "Sea Zone 40")]  # the 6 is the Do-17's
    reports = audit({"format": "vassal-tools/record@1", "game": ID, "units": UNITS, "entries": entries})
    assert reports[0].units == ("do17",)


def test_no_more_than_two_units_attack_a_submarine():
    entries = [*BASE, act("allied", "bdd", "bbb", "skua"), strike("Sea Zone 40", "bdd", "bbb", target=("gss",))]
    assert findings(entries) == []
    entries += [strike("Sea Zone 40", "skua", target=("gss",))]
    assert findings(entries) == [("Submarine", "Sea Zone 40")]


ELIMINATED = [{"place": u, "at": "Sea Zone 40"} for u in ("bbb", "bdd", "gca", "gtr")]
ELIMINATED += [{"place": "ju88", "at": "Bergen"}, {"place": "b146", "at": "Bergen"},
               {"turn": "Turn 6", "phase": "actions"}] + [{"remove": u} for u in ("bbb", "bdd", "gca", "gtr", "ju88",
                                                                                   "b146")]


def test_victory_points_as_the_sheet_gives_them():
    entries = [*ELIMINATED,
               {"vp": {"side": "german", "add": 3, "for": ["bbb"]}},  # German VP: an Allied BB, 3
               {"vp": {"side": "german", "add": 3, "for": ["bdd", "b146"]}},  # 2 + 1
               {"vp": {"side": "allied", "add": 8, "for": ["gca"], "roll": 4}},  # Variable Allied VP: CA 1D6 + 4
               {"vp": {"side": "allied", "add": 6, "for": ["gtr", "ju88"], "roll": 3}},  # TR 1D6; air 3
               {"vp": {"side": "german", "add": 15, "for": "oslo"}},  # control Oslo
               {"vp": {"side": "german", "add": 10, "for": "Bergen"}},  # another port area
               {"vp": {"side": "allied", "add": 2, "for": "Faroe Islands"}},
               {"vp": {"side": "german", "add": 4, "for": "2b"}}, {"vp": {"side": "german", "add": 4, "for": "2b"}},
               {"vp": {"side": "allied", "add": 20, "for": "Graf Zeppelin"}},
               {"vp": {"side": "allied", "add": 30, "for": "German Special Rules 2c"}},  # both ships
               {"vp": {"side": "german", "add": 3, "for": "27.2 2c)"}}]  # British mountain troops ready
    assert findings(entries) == []


def test_victory_points_the_sheet_does_not_give():
    entries = [*ELIMINATED,
               {"vp": {"side": "german", "add": 2, "for": ["bbb"]}},  # a BB is 3
               {"vp": {"side": "allied", "add": 7, "for": ["gca"], "roll": 4}},  # 4 + 4 is 8
               {"vp": {"side": "allied", "add": 5, "for": ["gtr"]}},  # no 1D6
               {"vp": {"side": "german", "add": 1, "for": ["nor6"]}},  # never eliminated
               {"vp": {"side": "german", "add": 2, "for": ["bdd"]}}, {"vp": {"side": "german", "add": 2, "for": ["bdd"]}},
               {"vp": {"side": "german", "add": 10, "for": "Oslo"}},  # 15
               {"vp": {"side": "german", "add": 10, "for": "Hegra"}},  # no port
               {"vp": {"side": "german", "add": 10, "for": "Bismarck"}},  # the Allies get it
               {"vp": {"side": "german", "add": 3, "for": "2a"}}]  # 10
    assert findings(entries) == [("German VP", None), ("Variable Allied VP", None), ("Variable Allied VP", None),
                                 ("German VP", None), ("German VP", None), ("German VP", "Oslo"),
                                 ("German VP", "Hegra"), ("German Special Rules 2c", None), ("27.2", None)]


def refit(unit: str, die, outcome: str) -> dict:
    return {"roll": {"for": "refit", "target": [unit], "result": die, "outcome": outcome}}


def test_refit_rolls_read_off_the_tables():
    entries = [{"turn": "Turn 1", "phase": "actions"},
               refit("bbb", 2, "refit"),  # Allied: BB 1-2 refit
               refit("gtr", 4, "damage"),  # German: TR 4-5 damage
               refit("ju88", 2, "refit"), refit("nor6", 4, "damage"),
               refit("gca", 3, "damage"), refit("bismarck", 1, "refit"),  # German: other naval 3; BB 1
               refit("gtr", 6, "Destroyed")]
    assert findings(entries) == []
    entries += [refit("gtr", 3, "destroy"), refit("skua", 2, "refit"),  # Allied air: 2-3 damage
                refit("g138", 0, "refit")]
    assert findings(entries) == [("German Refit Table", None), ("Allied Refit Table", None),
                                 ("German Refit Table", None)]


def test_a_die_outside_1_to_6_is_a_finding():
    entries = [{"turn": "Turn 1", "phase": "actions"}, {"roll": {"for": "shock", "result": [3, 6]}}]
    assert findings(entries) == []
    entries += [{"roll": {"for": "shock", "result": [3, 9]}}, {"roll": {"for": "action-roll", "result": 0}}]
    assert findings(entries) == [("Shock Table", None), ("Actions", None)]


# -- the chat declarations a log's players type for these entries (replay/chat_grammar.py)

from vassal_tools.replay.chat_grammar import DeclarationError, UnitName, read_declaration  # noqa: E402


@pytest.mark.parametrize("text, key, fields", [
    ("action german air with Ju-88 x2, He-111", "action",
     {"side": "german", "kind": "air", "units": [UnitName("Ju-88", 2), UnitName("He-111")]}),
    ("action Naval with DD in Sea Zone 41", "action",
     {"side": None, "kind": "naval", "units": [UnitName("DD")], "hex": "Sea Zone 41"}),
    ("mark 138th mountain regiment as Out-of-Supply", "mark",
     {"units": [UnitName("138th mountain regiment")], "as": "out-of-supply"}),
    ("!unmark g1 as out-of-supply", "unmark", {"units": [UnitName("g1")], "as": "out-of-supply"}),
    ("vp allied 8 for Hipper roll 4", "vp", {"side": "allied", "add": 8, "for": "Hipper", "roll": 4}),
    ('vp allied 10 for "Bismarck"', "vp", {"side": "allied", "add": 10, "key": "Bismarck"}),
    ("attack Sea Zone 40 with Ju-88 target DD, SS", "attack",
     {"hex": "Sea Zone 40", "attackers": [UnitName("Ju-88")], "supply": [], "target": [UnitName("DD"), UnitName("SS")]}),
    ("roll air-naval-search in Sea Zone 40 unit Ju-88", "roll",
     {"for": "air-naval-search", "zone": "Sea Zone 40", "target": [], "unit": [UnitName("Ju-88")]}),
    ("roll refit target BB outcome Damage", "roll",
     {"for": "refit", "zone": None, "target": [UnitName("BB")], "outcome": "damage"}),
])
def test_declarations_of_actions_marks_victory_points_targets_and_outcomes(text, key, fields):
    declared = read_declaration(text, ("german", "allied"))
    assert declared is not None and declared.key == key and declared.fields == fields


@pytest.mark.parametrize("text", ["vp 3 for Hipper", "vp axis 3 for Hipper", "mark g1", "action german with g1",
                                  "action german air g1"])
def test_declarations_that_cannot_be_read(text):
    with pytest.raises(DeclarationError):
        read_declaration(text, ("german", "allied"))


@pytest.mark.parametrize("file, old, new, where", [
    ("units.csv", "Allied Set-up: Norwegian Land Units", "Allied Setup", "row 2, field 'source'"),  # no such heading
    ("units.csv", "nor-rg-battalion,RG battalion,allied", "nor-rg-battalion,RG battalion,axis", "row 2, field 'side'"),
    ("units.csv", ",Narvik,,,,Allied Set-up", ",Narvikk,,,,Allied Set-up", "field 'start'"),
    ("areas.csv", "Hegra,land,no", "Hegra,hill,no", "row 7, field 'kind'"),
])
def test_a_fault_in_the_data_is_one_message_naming_file_and_row(tmp_path, file, old, new, where):
    import shutil

    from vassal_tools.errors import BadInput
    from vassal_tools.games.norway_1940.data import DATA

    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        load_norway(folder)
    assert file in str(caught.value) and where in str(caught.value)
