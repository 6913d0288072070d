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

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from vassal_tools.cli import main

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
        assert other["status"] == "mismatched" and "Invasion: Norway" in other["reason"]
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
    assert sorted(links) == sorted(["anna-bert.audit.html", "anna-bert.replay.html",
                                    "carl-dora.audit.html", "carl-dora.replay.html"])
    for link in links:
        assert (index.parent / link).stat().st_size > 0
    assert "Replay of anna-bert.vlog" in (index.parent / "anna-bert.replay.html").read_text(encoding="utf-8")


def test_no_logs_found_is_bad_input(tmp_path, archive):
    result = _run(str(tmp_path), "--module", str(archive[1]))
    assert result.exit_code == 2 and "no logs found" in result.output
