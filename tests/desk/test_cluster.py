"""``audit ... --scheduler ADDRESS``: the per-log audits on a Dask cluster give the table the local
pool gives. The cluster is a LocalCluster of two worker processes, started and ended by the test."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vassal_tools.cli import main

distributed = pytest.importorskip("distributed", reason="dask.distributed is the optional 'cluster' extra")


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def rows(*args: object) -> list[dict]:
    result = CliRunner().invoke(main, ["audit", *map(str, args), "--format", "json"])
    assert result.exit_code == 1, result.output  # the sample game's findings, the damaged log
    return json.loads(result.stdout)["logs"]


def test_the_cluster_gives_the_same_rows_as_two_local_jobs(demo, tmp_path, scheduler):
    log = (demo / "sample-game.vlog").read_bytes()
    for n in range(3):
        (tmp_path / f"game-{n}.vlog").write_bytes(log)
    (tmp_path / "cut-short.vlog").write_bytes(log[: len(log) // 3])
    module = demo / "invasion-norway.vmod"
    on_cluster = rows(tmp_path, "--module", module, "--scheduler", scheduler)
    assert on_cluster == rows(tmp_path, "--module", module, "--jobs", "2")
    assert [r["status"] for r in on_cluster] == ["damaged", "findings", "findings", "findings"]


def test_no_scheduler_at_the_address_is_one_line_of_bad_input(demo, tmp_path):
    (tmp_path / "game.vlog").write_bytes((demo / "sample-game.vlog").read_bytes())
    result = CliRunner().invoke(main, ["audit", str(tmp_path), "--module", str(demo / "invasion-norway.vmod"),
                                       "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "no Dask scheduler answers there" in result.output and len(result.output.strip().splitlines()) == 1
