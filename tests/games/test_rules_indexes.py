"""Every game's rules index and explain.toml: the shipped index is the one its rulebook and explain.toml
build; every rule a listed check cites has an explain entry (a new check cannot land without one); each
rulebook's numbering finds the rules as the text prints them; and a finding of each game, audited from a
record in tests/, carries the rule's title, the verbatim sentence and the remedy in text, JSON and HTML."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from conftest import RECORDS, RULES, TESTS
from vassal_tools.cli import main
from vassal_tools.games import pack_for, pack_ids
from vassal_tools.games.rulebooks import build_pack_index, explain_of, judged_by, numbering_of
from vassal_tools.rules.rulebook import INDEX_FILE, parse_rules, plain

GAMES = [g for g in pack_ids() if (p := pack_for(g)) is not None and p.rulebook]


def rulebook(game: str) -> str:
    path = RULES / pack_for(game).rulebook
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_index_is_the_one_the_rulebook_and_explain_toml_build(game):
    rulebook(game)
    pack = pack_for(game)
    shipped = json.loads((pack.package_folder / INDEX_FILE).read_text(encoding="utf-8"))
    assert build_pack_index(pack, RULES) == shipped, "run scripts/build_rules_index.py --game " + game


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_listed_check_cites_has_an_explain_entry(game):
    pack = pack_for(game)
    explained = explain_of(pack)
    missing = sorted(set(judged_by(pack)) - set(explained))
    assert not missing, f"{game}: explain.toml has no entry for {missing}"
    assert not pack_coverage_cited_elsewhere(game)


def pack_coverage_cited_elsewhere(game: str) -> list[str]:
    pack = pack_for(game)
    return [n for n in judged_by(pack) if n not in pack.rules_index.titles]


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_verbatim_from_its_rule(game):
    text = rulebook(game)
    pack = pack_for(game)
    rules: dict[str, list[str]] = {}
    for rule in parse_rules(text, numbering_of(pack)):
        rules.setdefault(rule.number, []).append(rule.text)
    everything = plain(text)
    for number, cited in pack.rules_index.cited.items():
        spec = explain_of(pack)[number]
        cases = cited.get("cases", {})
        for said, asked in [(cited, spec), *((cases[name], spec["cases"][name]) for name in cases)]:
            assert said["quote"] and said["remedy"], (game, number)
            where = everything if asked.get("anywhere") else " ".join(rules[number]).replace("\n", " ")
            assert said["quote"] in where, (game, number)


@pytest.mark.parametrize(("game", "number", "title"), [
    ("invasion-norway", "11.1.1", "Stacking Limits"),
    ("invasion-norway", "13.3.2", "Line of Supply Length"),
    ("narvik-1940", "14.4.1", "Counterattacks"),
    ("narvik-1940", "14.0", "GROUND UNIT FIRE & CLOSE ASSAULT"),
    ("europa-narvik", "10B3", "A unit may only attack into the hex it occupies; it may not attack into any other hex"),
    ("europa-narvik", "5E", "Exploitation Phase"),
    ("europa-narvik", "12C1", "Interception"),
    ("europa-narvik", "12C3e", "Allied Units at Sea"),
    ("kampen-om-norge", "4.2", "Phase 2: Combat"),
    ("kampen-om-norge", "Appendix Bombefly", "Bombers"),
    ("norway-1940", "27.2", "Allied Special Rules (Optional)"),
    ("norway-1940", "German Special Rules 1a", "German Special Rules 1a"),
])
def test_each_rulebook_numbered_as_it_prints_its_rules(game, number, title):
    rulebook(game)
    assert pack_for(game).rules_index.titles[number] == title


def test_a_table_of_contents_is_not_the_rule_text():
    # Kampen om Norge's contents print "4.2 Phase 2: Combat (land combat)<tab>10"; the rule's text is the manual's
    rules = {r.number: r for r in parse_rules(rulebook("kampen-om-norge"), numbering_of(pack_for("kampen-om-norge")))}
    assert rules["4.2"].text.startswith("Phase 2 a) Naval Combat")
    assert "highest combined total" in rules["4.2"].text
    narvik = [r.number for r in parse_rules(rulebook("narvik-1940"), numbering_of(pack_for("narvik-1940")))]
    assert narvik.count("1.0") == 1 and narvik.index("1.1") == narvik.index("1.0") + 1


# A break record of each game, its rule, and the sentence that decides it (read in the rulebook by hand).
CASES = [
    (RECORDS / "narvik_1940" / "die-break-seven.json", "narvik-1940.txt 2.0", "GAME COMPONENTS",
     "Players must provide one six-sided die to resolve combat and other random game events."),
    (RECORDS / "europa_narvik" / "stacking-break-artillery.json", "europa-narvik.txt 8B", "Overstacking",
     "However, all overstacked units (owning player's choice) are automatically disrupted (see Rule 10D)."),
    (RECORDS / "kampen_om_norge" / "dice-break-seven.json", "kampen-om-norge.txt 2.1", "Dice",
     "In land combat the dice are referred to as combat dice (see chapter 4.2)."),
    (TESTS / "data" / "norway_1940_acceptance" / "02-allied-setup-break.json", "norway-1940-scenario.txt Allied Set-up",
     "Allied Set-up (set up first)", "Narvik: 6th infantry brigade."),  # the 6th brigade set up elsewhere
]


@pytest.mark.parametrize(("path", "rule", "title", "quote"), CASES, ids=lambda v: getattr(v, "stem", None))
def test_a_finding_of_each_game_quotes_its_rule_in_text_json_and_html(path, rule, title, quote, tmp_path):
    runner = CliRunner()
    as_json = json.loads(runner.invoke(main, ["audit", str(path), "--format", "json"]).stdout)
    finding = next(f for f in as_json["findings"] if f["rule"] == rule)
    assert (finding["title"], finding["quote"]) == (title, quote)
    remedy = finding["remedy"]
    assert remedy
    text = runner.invoke(main, ["audit", str(path)]).stdout
    number = rule.split(" ", 1)[1]
    assert f'{number} {title}: "{quote}"' in text and f"what to do: {remedy}" in text
    page = tmp_path / "audit.html"
    runner.invoke(main, ["audit", str(path), "--format", "html", "-o", str(page)])
    html = page.read_text(encoding="utf-8")
    from html import escape
    assert escape(quote) in html and escape(remedy) in html and escape(f"{rule} {title}") in html


@pytest.mark.parametrize(("path", "case", "quote"), [
    (RECORDS / "airbase-break-night-bombers.json", "scotland",
     "Furthermore, a maximum of two Whitley, Wellington, and/or Hampden air points may be based in Scotland at any "
     "point during play."),
    (RECORDS / "air-break-short.json", "asps",
     "One ASP must be expended for every two air points (or fraction thereof) flown."),
])
def test_invasion_norway_quotes_the_sentence_that_decides_the_case(path, case, quote):
    from vassal_tools.games.play import audit
    found = [f for f in audit(path) if f.case == case]
    assert found and all(f.quote == quote for f in found), [(f.case, f.quote) for f in audit(path)]


def test_invasion_norway_keeps_its_other_quotes():
    from vassal_tools.games.play import audit
    [*findings] = audit(RECORDS / "airbase-break-night-bombers.json")
    other = [f for f in findings if f.number == "5.1" and f.case != "scotland"]
    assert all(f.quote == "Air units may only take off and land at friendly-controlled airbases." for f in other)
    assert re.match(r"^An air unit that is not automatically in supply", pack_for("invasion-norway").rules_index
                    .explain("13.2.1").quote)


@pytest.mark.parametrize("path", sorted(RECORDS.rglob("*-break-*.json")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_finding_of_a_break_record_quotes_its_rule_and_says_what_to_do(path):
    from vassal_tools.games.play import audit
    for finding in audit(path):
        assert finding.title and finding.quote and finding.remedy, finding


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*-break-*.json")), ids=lambda p: p.stem)
def test_invasion_norway_findings_name_the_phase_and_the_counters(path):
    from vassal_tools.games.play import audit
    for finding in audit(path):
        assert finding.phase_name or finding.phase is None, finding
        assert len(finding.unit_names) == len(finding.units)


# Europa Narvik: one number, several cases, each decided by its own sentence of the rule.
EUROPA = RECORDS / "europa_narvik"


@pytest.mark.parametrize(("record", "number", "case", "quote"), [
    ("rolls-break-retreat-escape-and-die", "10F", "roll",
     "On a 3 - 6, the unit may not retreat, and combat is conducted normally."),
    ("rolls-break-retreat-before-combat-who-and-when", "10F", "absorbed",
     "Norwegian headquarters that have absorbed units and units absorbed by headquarters may not retreat before "
     "combat; they must stand and fight."),
    ("air-break-find-ships-and-waves", "12C3e", "wave",
     "More than one attack may be made on a naval target, but no attack may consist of more than five air units."),
    ("airbase-break-carrier-star-and-danish-start", "13B", "danish-start",
     "German air units may not start the game on Danish airbases."),
    ("airbase-break-carrier-star-and-danish-start", "13C", "starred",
     "If marked with an asterisk, the air unit may take off from or land on a carrier in an air phase, but not both."),
])
def test_europa_narvik_quotes_the_sentence_of_each_case(record, number, case, quote):
    from vassal_tools.games.play import audit
    found = [f for f in audit(EUROPA / f"{record}.json") if f.number == number and f.case == case]
    assert found and {f.quote for f in found} == {quote}


# Narvik 1940: records built with the project's RecordBuilder, hexes worked out on the pack's XXYY grid.
def narvik_findings(*placed: tuple[str, str], moves: tuple[tuple[str, str], ...] = (),
                    **more) -> list:
    from vassal_tools.games.play import audit
    from vassal_tools.record.builder import RecordBuilder
    builder = RecordBuilder("narvik-1940")
    for unit, at in placed:
        builder.place(unit, at)
    builder.phase("actions", turn="GT 2")
    for unit, to in moves:
        builder.move(unit, to)
    return audit(builder.to_dict())


@pytest.mark.parametrize(("placed", "case", "quote"), [
    # a German regrouped unit next to a British unit: 17.0's EZOC sentence decides
    ((("ger-i-139", "0919"), ("brit-1-sg", "0918"), ("ger-bb", "German Available for Regroup")), "ezoc",
     "The hex may not be in an EZOC."),
    # a British unit in the Swedish Transit: 20.0's Axis sentence
    ((("brit-1-sg", "Swedish Transit"),), "german", "Only Axis units may be placed in the Axis Staging Area (Swedish "
     "Transit)."),
])
def test_narvik_1940_quotes_the_sentence_of_each_case(placed, case, quote):
    moves = (("ger-bb", "0919"),) if case == "ezoc" else ()
    found = [f for f in narvik_findings(*placed, moves=moves) if f.case == case]
    assert found and {f.quote for f in found} == {quote}, [(f.rule, f.case, f.quote) for f in narvik_findings(*placed)]


# Norway 1940: the acceptance records of tests/data, each finding quoting the line of the sheet that decides it.
NORWAY = TESTS / "data" / "norway_1940_acceptance"


@pytest.mark.parametrize(("record", "number", "case", "quote"), [
    ("02-allied-setup-break", "Allied Set-up", "norwegian-air-oslo", "Oslo: 1 x Gladiator."),
    ("04-allied-specials", "27.2", "2c", "Add the British HL mountain brigade to the at start forces in Britain."),
    ("05-preturn-twice", "German Special Rules 1a", "twice", "(No unit can be activated twice)."),
    ("08-air-naval-search", "Air-Naval Attack", "roll",
     "If DR is 5-6, the air unit cannot attack a Naval unit and return it to base."),
    ("12-refit", "German Refit Table", "bb-bc-cv", "BB, BC, CV 1 2-4 5-6"),
    ("13-action-counts", "Actions", "difference-1",
     "Dice difference of 1: Each player has three actions, one Naval, one Ground and one Air in whatever order he "
     "choose."),
])
def test_norway_1940_quotes_the_line_of_each_case(record, number, case, quote):
    from vassal_tools.games.play import audit
    found = [f for f in audit(NORWAY / f"{record}.json") if f.number == number and f.case == case]
    assert found and {f.quote for f in found} == {quote}
