"""``vassal-tools audit DIR_OR_GLOB... --jobs N``: a league's archive in one run.

The archive mixes two copies of the demo's sample game (three rules broken by design:
the interception of 6.2, Bergen overstacked against 11.1.1, an Allied destroyer based in
Bergen once the Allies no longer control it against 5.2.1), a log cut short, a file that is no VASSAL file at
all, and (when the shared corpus is present) a log of another module.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import unicodedata

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from vassal_tools.cli import main
from vassal_tools.report.archive import archive_root, page_names

OTHER_MODULE_LOG = CORPUS / "logs" / "zxvt__5x5_startup.vlog"
DEMO_RULES = {"invasion-norway.txt 6.2": 1, "invasion-norway.txt 11.1.1": 1, "invasion-norway.txt 5.2.1": 1}


@pytest.fixture(scope="module")
def archive(demo, tmp_path_factory):
    folder = tmp_path_factory.mktemp("archive")
    log = (demo / "sample-game.vlog").read_bytes()
    (folder / "round1").mkdir()
    (folder / "round1" / "anna-bert.vlog").write_bytes(log)
    (folder / "round1" / "carl-dora.vlog").write_bytes(log)
    (folder / "cut-short.vlog").write_bytes(log[: len(log) // 3])
    (folder / "not-vassal.vlog").write_text("a note, not a log\n", encoding="utf-8")
    if OTHER_MODULE_LOG.exists():
        shutil.copy(OTHER_MODULE_LOG, folder / "other-module.vlog")
    return folder, demo / "invasion-norway.vmod"


def _run(*args: str):
    return CliRunner().invoke(main, ["audit", *args])


def _rows(archive, *extra: str) -> dict[str, dict]:
    folder, module = archive
    result = _run(str(folder), "--module", str(module), "--format", "json", *extra)
    assert result.exit_code == 1, result.output  # findings and bad files: not clean
    return {row["file"].rsplit("/", 1)[-1]: row for row in json.loads(result.stdout)["logs"]}


def test_every_log_gets_its_row_and_bad_files_their_reason(archive):
    rows = _rows(archive)
    for name in ("anna-bert.vlog", "carl-dora.vlog"):
        assert rows[name]["status"] == "findings"
        assert rows[name]["findings"] == DEMO_RULES
        assert rows[name]["players"] == ["Anna (German)", "Bert (Allied)"]
        assert rows[name]["module"] == "Invasion: Norway"
        assert rows[name]["steps"] == 17  # two seats, 15 steps of play (vassal_tools/demo.py)
    assert rows["cut-short.vlog"]["status"] == "damaged" and "cut-short.vlog" in rows["cut-short.vlog"]["reason"]
    assert rows["not-vassal.vlog"]["status"] == "damaged" and "not a VASSAL file" in rows["not-vassal.vlog"]["reason"]
    if OTHER_MODULE_LOG.exists():
        other = rows["other-module.vlog"]
        assert other["status"] == "other module" and "Invasion: Norway" in other["reason"]
        assert other["findings"] == {}


def test_two_jobs_give_the_same_table_as_one(archive):
    assert _rows(archive, "--jobs", "2") == _rows(archive, "--jobs", "1")


def test_csv_and_text_tables(archive):
    folder, module = archive
    table = _run(str(folder), "--module", str(module), "--format", "csv").stdout
    lines = list(csv.DictReader(io.StringIO(table)))
    assert len(lines) == len(list(folder.rglob("*.vlog")))
    assert {line["status"] for line in lines} >= {"findings", "damaged"}
    text = _run(f"{folder}/round1/*.vlog", "--module", str(module)).stdout
    assert text.splitlines()[-1] == "2 logs: 2 findings"


def test_html_index_links_each_report_and_replay_page(archive, tmp_path):
    folder, module = archive
    index = tmp_path / "site" / "index.html"
    index.parent.mkdir()
    result = _run(str(folder), "--module", str(module), "--format", "html", "-o", str(index), "--jobs", "2")
    assert result.exit_code == 1, result.output
    html = index.read_text(encoding="utf-8")
    links = re.findall(r'href="([^"]+)"', html)
    assert sorted(links) == sorted(["round1/anna-bert.audit.html", "round1/anna-bert.replay.html",
                                    "round1/carl-dora.audit.html", "round1/carl-dora.replay.html"])
    for link in links:
        assert (index.parent / link).stat().st_size > 0
    assert "Replay of anna-bert.vlog" in (index.parent / "round1" / "anna-bert.replay.html").read_text(encoding="utf-8")


def test_no_logs_found_is_bad_input(tmp_path, archive):
    result = _run(str(tmp_path), "--module", str(archive[1]))
    assert result.exit_code == 2 and "no logs found" in result.output


# -- two logs of one name -------------------------------------------------------------------


@pytest.fixture(scope="module")
def same_named(demo, tmp_path_factory):  # noqa: F811
    """league/a/game.vlog (the sample game, three findings) and league/b/game.vlog (the opening
    save as a log: clean), so each page shows whose it is."""
    league = tmp_path_factory.mktemp("same-named") / "league"
    for folder, source in (("a", "sample-game.vlog"), ("b", "campaign-start.vsav")):
        (league / folder).mkdir(parents=True)
        shutil.copy(demo / source, league / folder / "game.vlog")
    return league, demo / "invasion-norway.vmod"


def _site(sources: list[str], module, site) -> dict[str, tuple[str, list[str]]]:
    """Audit into site/index.html: each row's file -> (status, the pages it links)."""
    index = site / "index.html"
    result = _run(*sources, "--module", str(module), "--format", "html", "-o", str(index), "--jobs", "2")
    assert result.exit_code == 1, result.output
    out = {}
    for row in re.findall(r"<tr class=.*?</tr>", index.read_text("utf-8")):
        file, status = re.findall(r"<td>([^<]*)</td>", row)[:2]
        out[file] = (status, re.findall(r'href="([^"]+)"', row))
    return out


def test_same_named_logs_in_two_folders_keep_their_own_pages(same_named, tmp_path):
    league, module = same_named
    site = tmp_path / "site"
    site.mkdir()
    rows = _site([str(league)], module, site)
    a, b = rows[str(league / "a" / "game.vlog")], rows[str(league / "b" / "game.vlog")]
    assert a == ("findings", ["a/game.audit.html", "a/game.replay.html"])
    assert b == ("clean", ["b/game.audit.html", "b/game.replay.html"])
    assert "6.2 Naval Interception" in (site / "a" / "game.audit.html").read_text("utf-8")
    assert "6.2 Naval Interception" not in (site / "b" / "game.audit.html").read_text("utf-8")
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")) == [
        "a/game.audit.html", "a/game.replay.html", "b/game.audit.html", "b/game.replay.html", "index.html"]


def test_a_glob_and_several_roots_name_pages_below_the_root_they_share(same_named, tmp_path):
    league, module = same_named
    site = tmp_path / "site"
    site.mkdir()
    by_glob = _site([f"{league}/*/game.vlog"], module, site)
    assert [links for _, links in by_glob.values()] == [["a/game.audit.html", "a/game.replay.html"],
                                                        ["b/game.audit.html", "b/game.replay.html"]]
    by_roots = _site([str(league / "a"), str(league / "b")], module, site)
    assert [links for _, links in by_roots.values()] == [["a/game.audit.html", "a/game.replay.html"],
                                                         ["b/game.audit.html", "b/game.replay.html"]]


def test_page_names_never_collide_where_a_file_system_folds_names(tmp_path):
    nfc, nfd = unicodedata.normalize("NFC", "Åndalsnes"), unicodedata.normalize("NFD", "Åndalsnes")
    logs = [tmp_path / "a" / "game.vlog", tmp_path / "b" / "game.vlog", tmp_path / "A" / "Game.vlog",
            tmp_path / f"{nfc}.vlog", tmp_path / f"{nfd}.vlog", tmp_path / "a" / "game~2.vlog"]
    names = page_names(logs, tmp_path)
    assert names == ["a/game", "b/game", "A/Game~3", nfc, f"{nfd}~2", "a/game~2"]
    folded = {unicodedata.normalize("NFKC", name).casefold() for name in names}
    assert len(folded) == len(names)
    # roots on several branches: below the folder they share
    assert archive_root([tmp_path / "x" / "league", f"{tmp_path}/y/**/*.vlog"]) == tmp_path


def test_a_log_of_another_module_is_other_module_not_damaged(archive, tmp_path):
    """Logs without moduledata (VASSAL before 3.1, here The Last Defense of 2006) name no
    module: their maps tell they are another module's."""
    older = CORPUS / "logs" / "tld__0606-1.vlog"
    if not older.exists():
        pytest.skip(f"{older} is absent")
    folder, module = archive
    result = _run(str(older), str(folder / "round1" / "anna-bert.vlog"), "--module", str(module), "--format", "json")
    rows = json.loads(result.stdout)["logs"]
    assert rows[0]["status"] == "other module", rows[0]
    assert "maps the module does not have" in rows[0]["reason"]

