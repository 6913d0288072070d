"""The league desk at scale: ``audit --db`` (a second run over an unchanged archive) and
``audit --scheduler`` (a two-worker Dask LocalCluster) against the local pool of ``--jobs 2``.

    python bench/league.py [--logs 1000] [--keep DIR] [--dask-defaults] [--parts pool cluster db]

The archive is bench/audit_archive.py's: ``--logs`` Invasion: Norway logs of 20-400 steps written
with the project's log writer (not timed; a ``--keep`` folder that holds them already is reused).
Printed, each with the load average before it (the machine's other work takes cores from both):
seconds, logs per second and CPU seconds of the pool; of the cluster's run (its start is printed
apart, as a real cluster is started once for many runs) and its overhead against the pool (the
goal: under 15%), in time and in CPU; of a first run into a fresh league database and of a second
run over the unchanged archive (the goal: a fraction of the first); the memory of one cluster worker.

The cluster is started lean, as docs/archive-audit.md says to start real workers: a process per
worker with one thread (the audit holds the GIL), no dashboard, and the settings of
``vassal_tools.desk.cluster.LEAN_WORKERS`` (Dask's profiler off, its timers slower);
``--dask-defaults`` starts it with Dask's defaults instead, to compare. ``--parts`` runs only some.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from audit_archive import write_archive_logs  # noqa: E402

from vassal_tools.desk.league import audit_some  # noqa: E402
from vassal_tools.report.archive import find_logs  # noqa: E402


def archive(folder: Path, count: int) -> tuple[Path, list[Path]]:
    """The module and logs kept in ``folder`` from an earlier run of the same size, else written."""
    modules, logs = sorted(folder.glob("*.vmod")), find_logs([folder / "logs"]) if (folder / "logs").is_dir() else []
    if len(modules) == 1 and len(logs) == count:
        return modules[0], logs
    return write_archive_logs(folder, count)


def own_cpu() -> float:
    """CPU seconds of this process (with a LocalCluster: the client and the scheduler's thread)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def children_cpu() -> float:
    """CPU seconds of the finished child processes (the pool's workers, reaped when it ends)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}"


def timed(label: str, logs: list[Path], **how) -> tuple[float, list]:
    print(f"{label} ({load()} before)", flush=True)
    start = time.perf_counter()
    rows = audit_some(logs, how.pop("module"), **how)
    seconds = time.perf_counter() - start
    print(f"  {seconds:.1f} s, {len(logs) / seconds:.1f} logs/s", flush=True)
    return seconds, rows


def workers_cpu(client) -> float:
    """CPU seconds of the cluster's worker processes so far."""
    def cpu() -> float:
        times = __import__("psutil").Process().cpu_times()
        return times.user + times.system
    return sum(client.run(cpu).values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=int, default=1000)
    parser.add_argument("--keep", type=Path, default=None, help="folder to keep the module and logs in")
    parser.add_argument("--dask-defaults", action="store_true", help="start the cluster with Dask's default settings")
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS), help="what to run (default: all)")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="league-"))
    folder.mkdir(parents=True, exist_ok=True)
    module, logs = archive(folder, args.logs)
    print(f"archive: {len(logs)} logs; {os.cpu_count()} CPUs")

    if "pool" in args.parts or "cluster" in args.parts:
        before = own_cpu(), children_cpu()
        pool, pool_rows = timed("--jobs 2 (process pool)", logs, module=module, jobs=2)
        pool_cpu = own_cpu() - before[0], children_cpu() - before[1]
        print(f"  CPU: {pool_cpu[1]:.1f} s in the workers, {pool_cpu[0]:.1f} s in this process")
    if "cluster" in args.parts:
        on_cluster(logs, module, pool, pool_cpu, pool_rows, args.dask_defaults)
    if "db" in args.parts:
        database(folder, logs, module)


PARTS = ("pool", "cluster", "db")


def on_cluster(logs: list[Path], module: Path, pool: float, pool_cpu: tuple[float, float], pool_rows: list,
               dask_defaults: bool) -> None:
    import dask
    from distributed import Client, LocalCluster

    from vassal_tools.desk.cluster import LEAN_WORKERS

    start = time.perf_counter()
    with dask.config.set({} if dask_defaults else LEAN_WORKERS), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster.scheduler_address) as client:
        print(f"LocalCluster of 2 workers started in {time.perf_counter() - start:.1f} s "
              f"({'Dask defaults' if dask_defaults else 'LEAN_WORKERS'})")
        before = own_cpu(), workers_cpu(client)
        cluster_seconds, cluster_rows = timed("--scheduler (LocalCluster, 2 workers)", logs, module=module,
                                              scheduler=cluster.scheduler_address)
        cluster_cpu = own_cpu() - before[0], workers_cpu(client) - before[1]
        memory = client.run(lambda: __import__("psutil").Process().memory_info().rss)
    print(f"  CPU: {cluster_cpu[1]:.1f} s in the workers, {cluster_cpu[0]:.1f} s in this process "
          "(client and scheduler)")
    print(f"  cluster overhead against the pool: {100 * (cluster_seconds / pool - 1):+.1f}% in time (goal: under "
          f"15%), {100 * (sum(cluster_cpu) / sum(pool_cpu) - 1):+.1f}% in CPU; same rows: {cluster_rows == pool_rows}")
    print(f"  memory per worker after the run: {max(memory.values()) / 1e6:.0f} MB")


def database(folder: Path, logs: list[Path], module: Path) -> None:
    db = folder / "league.sqlite"
    if db.exists():
        db.unlink()
    first, _ = timed("--db, first run (jobs 2)", logs, module=module, jobs=2, db=db)
    second, _ = timed("--db, second run, archive unchanged", logs, module=module, jobs=2, db=db)
    print(f"  second run: {100 * second / first:.1f}% of the first ({db.stat().st_size / 1e6:.1f} MB database)")


if __name__ == "__main__":
    main()
