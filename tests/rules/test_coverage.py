"""Coverage tables (issues 24, 25): every rule of a rulebook with its status, from the rules index, the
checks a pack lists and its coverage.toml; a coverage.toml naming a rule the rulebook lacks, a status
not in the one table, or a status that contradicts the checks is one line of bad input (exit 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.rules.coverage import STATUSES, coverage_of, read_coverage

TITLES = {"7.0": "Air", "7.1": "Ranges", "7.1.6": "One Mission", "7.2": "Missions", "8.1": "Ships"}


def test_each_rule_judged_by_its_checks_else_as_stated_else_not_yet():
    stated = read_coverage({"rules": {"7.1.6": {"status": "not-judgeable", "why": "a player's choice no log records"},
                                      "8.1": {"status": "needs-values", "why": "the chart is lost"},
                                      "7.2": {"status": "sample-values", "why": "ranges are sample"}}}, "coverage.toml")
    table = coverage_of("toy", TITLES, {"7.1": ["air"], "7.2": ["air", "missions"]}, stated, "coverage.toml")
    rows = {r.number: (r.status, r.checks, r.why) for r in table.rules}
    assert rows == {"7.0": ("not-yet", (), ""),
                    "7.1": ("judged", ("air",), ""),  # 7.1 judges itself, not its sub-rule 7.1.6
                    "7.1.6": ("not-judgeable", (), "a player's choice no log records"),
                    "7.2": ("sample-values", ("air", "missions"), "ranges are sample"),
                    "8.1": ("needs-values", (), "the chart is lost")}
    assert table.counts() == {"judged": 1, "sample-values": 1, "needs-values": 1, "not-judgeable": 1, "not-yet": 1}
    assert list(table.counts()) == list(STATUSES)


def test_a_rule_cited_by_a_check_but_not_in_the_rulebook_is_listed():
    table = coverage_of("toy", TITLES, {"7.9": ["air"]}, {}, "coverage.toml")
    assert table.cited_elsewhere == ("7.9",)


@pytest.mark.parametrize(("table", "judged", "message"), [
    ({"rules": {"9.9": {"status": "not-judgeable", "why": "x"}}}, {}, "rule 9.9: the rulebook has no rule 9.9"),
    ({"rules": {"7.0": {"status": "maybe"}}}, {}, "rule 7.0: status 'maybe' is none of"),
    ({"rules": {"7.0": {"status": "not-judgeable"}}}, {}, "rule 7.0: a not-judgeable rule needs its `why`"),
    ({"rules": {"7.0": {"status": "not-yet", "who": "me"}}}, {}, "rule 7.0: unknown key 'who'"),
    ({"rules": {"7.1": {"status": "not-judgeable", "why": "x"}}}, {"7.1": ["air"]}, "but the check air judges it"),
    ({"rules": {"7.0": {"status": "sample-values", "why": "x"}}}, {}, "but no listed check cites it"),
])
def test_a_bad_coverage_toml_is_one_line_naming_the_file_and_rule(table, judged, message):
    with pytest.raises(BadInput, match=message) as raised:
        coverage_of("toy", TITLES, judged, read_coverage(table, "games/toy/coverage.toml"), "games/toy/coverage.toml")
    assert str(raised.value).startswith("games/toy/coverage.toml: ") and "\n" not in str(raised.value)


def test_games_coverage_prints_a_table_and_the_counts_per_status():
    out = CliRunner().invoke(main, ["games", "--coverage", "narvik-1940"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0] == "narvik-1940"
    assert any(re.match(r"^  14\.4\.1 +judged +Counterattacks +\(fire\)$", line, re.I) for line in lines), lines
    assert re.match(r"^  \d+ rules: judged \d+, sample-values \d+, needs-values \d+, not-judgeable \d+, not-yet \d+$",
                    lines[-1])
    every = CliRunner().invoke(main, ["games", "--coverage"])
    assert [line for line in every.stdout.splitlines() if not line.startswith(" ")] == [
        "europa-narvik", "invasion-norway", "kampen-om-norge", "narvik-1940", "norway-1940"]


def test_a_bad_coverage_toml_exits_2_with_one_line(tmp_path, monkeypatch):
    from vassal_tools.games import pack_for
    pack = pack_for("narvik-1940")
    folder = tmp_path / "narvik"
    folder.mkdir()
    (folder / "rules_index.json").write_bytes((pack.package_folder / "rules_index.json").read_bytes())
    (folder / "coverage.toml").write_text('[rules."99.9"]\nstatus = "not-yet"\n', encoding="utf-8")
    assert pack.rules_index is not None  # cached now: the monkeypatch below restores it afterwards
    monkeypatch.setattr(type(pack), "package_folder", property(lambda self: folder))
    monkeypatch.delitem(pack.__dict__, "rules_index", raising=False)
    out = CliRunner().invoke(main, ["games", "--coverage", "narvik-1940"])
    assert out.exit_code == 2
    assert out.stderr.strip().splitlines() == [f"vassal-tools: {folder / 'coverage.toml'}: rule 99.9: the rulebook "
                                               "has no rule 99.9"]


def test_the_coverage_documents_are_current():
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_coverage_docs", ROOT / "scripts" / "build_coverage_docs.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for name, text in script.documents().items():
        path: Path = ROOT / "docs" / "coverage" / name
        assert path.read_text(encoding="utf-8") == text, f"run scripts/build_coverage_docs.py ({name})"


def test_a_game_beside_the_five_has_its_coverage_table_too():
    from toy_game import PACK
    from vassal_tools.games import registered
    with registered(PACK):
        out = CliRunner().invoke(main, ["games", "--coverage", "toy-skirmish"])
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines() == [
        "toy-skirmish",
        "  1      not-yet        Units",
        "  1.1    judged         Stacking  (stacking; the limit of two is sample)",
        "  1.2    not-yet        Movement",
        "  1.2.1  not-judgeable  Roads  (a road move looks like any move in a log)",
        "  2      needs-values   Combat  (the combat table is not written down)",
        "  3      not-yet        Victory",
        "  6 rules: judged 1, sample-values 0, needs-values 1, not-judgeable 1, not-yet 3",
    ]
