"""``audit ... --scheduler ADDRESS``: the per-log audits on a Dask cluster give the table the local
pool gives. The cluster is a LocalCluster of two worker processes, started and ended by the test."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vassal_tools.cli import main
from vassal_tools.report.archive import BATCH_SHARE, batches

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


def test_a_clusters_batches_hold_every_log_once_in_order_and_shrink_to_single_logs():
    # Few round trips through the scheduler, and no worker left waiting on another's long last batch.
    cut = batches(1000, 2)
    assert [i for batch in cut for i in batch] == list(range(1000))
    sizes = [len(batch) for batch in cut]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 1000 // (2 * BATCH_SHARE) and sizes[-1] == 1
    assert len(cut) < 100
    assert [list(b) for b in batches(3, 2)] == [[0], [1], [2]]
