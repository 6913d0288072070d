"""Throughput of ``vassal-tools audit DIR --jobs N`` on an archive of 1,000 Invasion: Norway logs.

    python bench/audit_archive.py [--logs 1000] [--jobs 1 2] [--keep DIR]

The logs are written with the project's log writer (vassal_tools/replay/logwriter.py)
on the campaign's opening save of the module vassal_tools builds, as in
bench/replay_page.py: one game played on and saved at 1,000 points, so the logs
run from 20 to 400 steps (the turn tracker through every phase, moves, detection
rolls, chat). Writing them is not timed. Then the whole archive is audited (no
pages written) with each number of jobs, and the throughput in logs per second and
the scaling ratio against one job are printed. The goal is >= 1.8x with 2 jobs on a
2-core machine; what the machine's other load takes from the second core shows in
the figure.
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

from replay_page import norway_game  # noqa: E402

from vassal_tools.report.archive import audit_archive, find_logs  # noqa: E402

SHORTEST, LONGEST = 20, 400


def write_archive_logs(folder: Path, count: int) -> tuple[Path, list[Path]]:
    """The module and ``count`` logs of varied length (one game saved at ``count`` points)."""
    module, writer, actions = norway_game(folder)
    logs_dir = folder / "logs"
    logs_dir.mkdir(exist_ok=True)
    lengths = sorted((SHORTEST + (i * 7919) % (LONGEST - SHORTEST + 1), i) for i in range(count))
    for length, index in lengths:
        while len(writer.steps) < length:
            writer.step(next(actions))
        writer.save(logs_dir / f"game-{index:04d}.vlog")
    return module, find_logs([logs_dir])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--keep", type=Path, default=None, help="folder to keep the module and logs in")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="audit-archive-"))
    folder.mkdir(parents=True, exist_ok=True)
    module, logs = write_archive_logs(folder, args.logs)
    size = sum(log.stat().st_size for log in logs) / 1e6
    print(f"archive: {len(logs)} logs of {SHORTEST}-{LONGEST} steps, {size:.1f} MB; {os.cpu_count()} CPUs")
    print(f"load average before: {os.getloadavg()[0]:.1f} (other work on the machine takes cores from the pool)")
    base = None
    for jobs in args.jobs:
        cpu_before = _cpu_seconds()
        start = time.perf_counter()
        rows = audit_archive(logs, module, jobs)
        seconds = time.perf_counter() - start
        cpu = _cpu_seconds() - cpu_before
        rate = len(logs) / seconds
        base = base or rate
        statuses = {status: sum(r.status == status for r in rows) for status in sorted({r.status for r in rows})}
        print(f"--jobs {jobs}: {seconds:.1f} s, {rate:.1f} logs/s, {rate / base:.2f}x one job; "
              f"{cpu / len(logs):.2f} CPU-s per log, {cpu / seconds:.2f} cores busy  {statuses}")


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished workers (the pool's processes are reaped on exit)."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


if __name__ == "__main__":
    main()
