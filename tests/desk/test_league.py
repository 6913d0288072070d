"""``audit ... --db league.sqlite``: a league's archive audited once per log content, module and
toolkit version; ``--scheduler``: the same audits on a Dask cluster.

The archive is the demo's sample game (three rules broken by design: 6.2, 11.1.1, 5.2.1) kept
twice, a log cut short and a file that is no VASSAL file, as tests/cli/test_audit_archive.py.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from vassal_tools.cli import main
from vassal_tools.desk.league import SCHEMA_VERSION, League, audit_league
from vassal_tools.report.archive import find_logs

DEMO_RULES = {"invasion-norway.txt 6.2": 1, "invasion-norway.txt 11.1.1": 1, "invasion-norway.txt 5.2.1": 1}


@pytest.fixture
def archive(demo, tmp_path):
    folder = tmp_path / "archive"
    (folder / "round1").mkdir(parents=True)
    log = (demo / "sample-game.vlog").read_bytes()
    (folder / "round1" / "anna-bert.vlog").write_bytes(log)
    (folder / "round1" / "carl-dora.vlog").write_bytes(log)
    (folder / "cut-short.vlog").write_bytes(log[: len(log) // 3])
    (folder / "not-vassal.vlog").write_text("a note, not a log\n", encoding="utf-8")
    return folder, demo / "invasion-norway.vmod"


@pytest.fixture(scope="session")
def game(mailbox):
    """The mailbox of one game (tests/kits/mailbox.py)."""
    return mailbox


def rows_of(output: str) -> dict[str, dict]:
    return {row["file"].rsplit("/", 1)[-1]: row for row in json.loads(output)["logs"]}


def audit(*args: object):
    return CliRunner().invoke(main, ["audit", *map(str, args), "--format", "json"])


def test_a_second_run_audits_nothing_and_reports_the_same(archive, tmp_path):
    folder, module = archive
    db = tmp_path / "league.sqlite"
    first = audit(folder, "--module", module, "--db", db)
    assert first.exit_code == 1, first.output
    with League(db) as league:
        run = audit_league(find_logs([folder]), module, league)
    assert (run.audited, run.kept) == (0, 4)
    second = audit(folder, "--module", module, "--db", db)
    assert rows_of(second.stdout) == rows_of(first.stdout)
    assert rows_of(first.stdout)["anna-bert.vlog"]["findings"] == DEMO_RULES


def test_a_changed_or_new_log_or_toolkit_is_audited_again(archive, tmp_path):
    folder, module = archive
    db = tmp_path / "league.sqlite"
    with League(db) as league:
        audit_league(find_logs([folder]), module, league)
    log = (folder / "round1" / "anna-bert.vlog").read_bytes()
    (folder / "cut-short.vlog").write_bytes(log[: len(log) // 2])  # sent again, cut elsewhere
    (folder / "round2").mkdir()
    (folder / "round2" / "again.vlog").write_bytes(log)  # a log mailed twice: its content is known
    with League(db) as league:
        run = audit_league(find_logs([folder]), module, league)
    assert (run.audited, run.kept) == (1, 4)
    rows = {r.file.rsplit("/", 1)[-1]: r for r in run.rows}
    assert rows["again.vlog"].findings == DEMO_RULES and rows["again.vlog"].file.endswith("round2/again.vlog")
    with League(db, toolkit="9.9") as league:
        assert audit_league(find_logs([folder]), module, league).audited == 5


def test_the_schema_is_versioned_and_a_newer_one_is_refused(archive, tmp_path):
    folder, module = archive
    db = tmp_path / "league.sqlite"
    with League(db) as league:
        audit_league(find_logs([folder / "round1"]), module, league)
    connection = sqlite3.connect(db)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert connection.execute("SELECT count(*) FROM audits").fetchone()[0] == 1  # two copies of one log
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    result = audit(folder, "--module", module, "--db", db)
    assert result.exit_code == 2 and "schema version" in result.output


def test_an_interrupted_run_keeps_what_it_recorded(archive, tmp_path):
    folder, module = archive
    db = tmp_path / "league.sqlite"
    logs = find_logs([folder])

    class Stop(Exception):
        pass

    def stop_after_two(row, seen=[]) -> None:  # noqa: B006 - counts the rows of this one run
        seen.append(row)
        if len(seen) == 2:
            raise Stop

    with League(db) as league, pytest.raises(Stop):
        audit_league(logs, module, league, progress=stop_after_two)
    with League(db) as league:
        assert audit_league(logs, module, league).audited == 2


def test_dice_across_the_league_come_from_the_database(archive, tmp_path):
    folder, module = archive
    db = tmp_path / "league.sqlite"
    audit(folder, "--module", module, "--db", db)
    from_db = CliRunner().invoke(main, ["dice", "--db", str(db), "--json"])
    # The two copies of one log are one log of the league: its dice count once.
    from_logs = CliRunner().invoke(main, ["dice", str(folder / "round1" / "anna-bert.vlog"), "--json"])
    assert from_db.exit_code == 0, from_db.output
    groups = json.loads(from_db.stdout)["groups"]
    assert groups == json.loads(from_logs.stdout)["groups"]
    # The sample game has one roll: Bert's Naval Detection 3 (games/invasion_norway/sample_game.py).
    assert {g["player"] for g in groups} == {"Bert"}


def test_the_html_index_of_a_second_run_comes_from_the_database_with_findings_per_player(archive, tmp_path):
    folder, module = archive
    db, site = tmp_path / "league.sqlite", tmp_path / "site"
    pages = []
    for _ in range(2):
        result = CliRunner().invoke(main, ["audit", str(folder), "--module", str(module), "--db", str(db),
                                           "--format", "html", "-o", str(site / "index.html")])
        assert result.exit_code == 1, result.output
        pages.append((site / "index.html").read_text(encoding="utf-8"))
    assert pages[0] == pages[1]
    # Both copies of the sample game were played by Anna and Bert; each holds the 3 findings by design.
    for player in ("Anna (German)", "Bert (Allied)"):
        assert f"<tr><td>{player}</td><td>2</td><td>{2 * sum(DEMO_RULES.values())}</td></tr>" in pages[1]
    assert (site / "round1" / "anna-bert.audit.html").is_file()


def test_the_index_and_the_database_show_each_games_chain_whole_or_broken(game, norway, tmp_path):
    # Two games of one league, a folder each: game-a's three logs chain; game-b's second log opens
    # on a save of anna-3's end in which a piece was moved (tests/kits/mailbox.py).
    league = tmp_path / "league"
    for folder, logs in (("game-a", ("anna-1", "bert-2", "anna-3")), ("game-b", ("anna-3", "bert-4"))):
        (league / folder).mkdir(parents=True)
        for log in logs:
            shutil.copy(game / f"{log}.vlog", league / folder / f"{log}.vlog")
    db, site = tmp_path / "league.sqlite", tmp_path / "site"
    pages = []
    for _ in range(2):  # the second run reads every log's ends from the database
        result = CliRunner().invoke(main, ["audit", str(league), "--module", str(norway.module), "--db", str(db),
                                           "--format", "html", "-o", str(site / "index.html")])
        assert result.exit_code in (0, 1), result.output
        pages.append((site / "index.html").read_text(encoding="utf-8"))
    assert pages[0] == pages[1]
    assert "<h3>game-a: whole</h3>" in pages[1] and "<h3>game-b: broken at bert-4.vlog</h3>" in pages[1]
    assert "<li class=\"continues\">anna-3.vlog: continues bert-2.vlog</li>" in pages[1]
    assert "<li class=\"differs\">bert-4.vlog: does NOT start where anna-3.vlog ended</li>" in pages[1]
    with League(db) as kept:
        chains = [(place.game, place.order, Path(path).name, place.verdict, place.earlier)
                  for path, _, place in kept.chains()]
    assert chains == [("game-a", 1, "anna-1.vlog", "first", ""), ("game-a", 2, "bert-2.vlog", "continues", "anna-1.vlog"),
                      ("game-a", 3, "anna-3.vlog", "continues", "bert-2.vlog"), ("game-b", 1, "anna-3.vlog", "first", ""),
                      ("game-b", 2, "bert-4.vlog", "differs", "anna-3.vlog")]


def test_a_version_1_database_is_migrated_without_loss(archive, tmp_path):
    folder, module = archive
    db = tmp_path / "league.sqlite"
    with League(db) as league:
        audit_league(find_logs([folder]), module, league)
    connection = sqlite3.connect(db)  # as version 1 left it: no ends, no chains
    connection.executescript("DROP TABLE ends; DROP TABLE chains; PRAGMA user_version = 1;")
    before = connection.execute("SELECT * FROM audits ORDER BY log_sha256").fetchall()
    connection.close()
    with League(db) as league:
        run = audit_league(find_logs([folder]), module, league)
    assert run.audited == 4  # once more, for the ends version 1 did not keep
    connection = sqlite3.connect(db)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    after = connection.execute("SELECT * FROM audits ORDER BY log_sha256").fetchall()
    assert [r[:-1] for r in after] == [r[:-1] for r in before]  # the same results (but the time audited)
    assert connection.execute("SELECT count(*) FROM ends").fetchone()[0] == 3  # one per content
    with League(db) as league:
        assert audit_league(find_logs([folder]), module, league).audited == 0
