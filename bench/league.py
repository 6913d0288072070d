"""The league desk at scale: ``audit --db`` (a second run over an unchanged archive) and
``audit --scheduler`` (a two-worker Dask LocalCluster) against the local pool of ``--jobs 2``.

    python bench/league.py [--logs 1000] [--keep DIR]

The archive is bench/audit_archive.py's: ``--logs`` Invasion: Norway logs of 20-400 steps written
with the project's log writer (not timed). Printed: seconds and logs per second of the pool, of the
cluster (and its overhead against the pool: the goal is under 15%), of a first run into a fresh
league database and of a second run over the unchanged archive (the goal: a fraction of the first),
and the peak memory of one cluster worker.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from audit_archive import write_archive_logs  # noqa: E402

from vassal_tools.desk.league import audit_some  # noqa: E402


def timed(label: str, logs: list[Path], **how) -> tuple[float, list]:
    start = time.perf_counter()
    rows = audit_some(logs, how.pop("module"), **how)
    seconds = time.perf_counter() - start
    print(f"{label}: {seconds:.1f} s, {len(logs) / seconds:.1f} logs/s")
    return seconds, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=int, default=1000)
    parser.add_argument("--keep", type=Path, default=None, help="folder to keep the module and logs in")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="league-"))
    folder.mkdir(parents=True, exist_ok=True)
    module, logs = write_archive_logs(folder, args.logs)
    print(f"archive: {len(logs)} logs; {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
    pool, pool_rows = timed("--jobs 2 (process pool)", logs, module=module, jobs=2)

    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        cluster_seconds, cluster_rows = timed("--scheduler (LocalCluster, 2 workers)", logs, module=module,
                                              scheduler=cluster.scheduler_address)
        with Client(cluster.scheduler_address) as client:
            memory = client.run(lambda: __import__("psutil").Process().memory_info().rss)
    print(f"  cluster overhead against the pool: {100 * (cluster_seconds / pool - 1):+.1f}% "
          f"(goal: under 15%); same rows: {cluster_rows == pool_rows}")
    print(f"  memory per worker after the run: {max(memory.values()) / 1e6:.0f} MB")
    db = folder / "league.sqlite"
    if db.exists():
        db.unlink()
    first, _ = timed("--db, first run (jobs 2)", logs, module=module, jobs=2, db=db)
    second, _ = timed("--db, second run, archive unchanged", logs, module=module, jobs=2, db=db)
    print(f"  second run: {100 * second / first:.1f}% of the first ({db.stat().st_size / 1e6:.1f} MB database)")


if __name__ == "__main__":
    main()
