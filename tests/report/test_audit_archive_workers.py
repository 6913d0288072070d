"""``vassal-tools audit DIR --jobs N`` as a process: how many workers it starts, and that none
outlives it, whether it ends by Ctrl-C, SIGTERM or SIGKILL.

The command runs in its own session (so a failing test can still end everything it
started); workers are found as the children of its pid in /proc, with no psutil.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT

WAIT = 60.0  # seconds: a bound, never a pass mark

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def _children(parent: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[1] == parent and stat[0] != "Z":
                out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"  # a zombie has ended; only its parent has not reaped it


def _start(archive: Path, module: Path, jobs: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # As from a terminal: Ctrl-C raises KeyboardInterrupt (a background job's shell would have it ignored).
    start = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
             "from vassal_tools.cli import main; main()")
    return subprocess.Popen([sys.executable, "-c", start, "audit",
                             str(archive), "--module", str(module), "--jobs", jobs],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _end_session(process: subprocess.Popen) -> None:
    """Whatever the test found: nothing it started is left running."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=WAIT)


def _archive(demo, tmp_path, count: int) -> tuple[Path, Path]:  # noqa: F811
    for n in range(count):
        shutil.copy(demo / "sample-game.vlog", tmp_path / f"game-{n}.vlog")
    return tmp_path, demo / "invasion-norway.vmod"


def _cores() -> int:
    return len(os.sched_getaffinity(0))


def test_a_huge_jobs_count_starts_no_more_workers_than_logs_and_cores(demo, tmp_path):  # noqa: F811
    archive, module = _archive(demo, tmp_path, 3)
    allowed = min(3, _cores())
    process = _start(archive, module, "100000000")
    most = 0
    try:
        deadline = time.monotonic() + WAIT * 2
        while process.poll() is None and time.monotonic() < deadline:
            most = max(most, len(_children(process.pid)))
            assert most <= allowed, f"{most} workers for 3 logs on {_cores()} cores"
            time.sleep(0.02)
        assert process.poll() == 1  # the sample game's findings: all three logs were audited
    finally:
        _end_session(process)


@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM", "Ctrl-C"])
def test_no_worker_outlives_a_parent_ended_mid_run(demo, tmp_path, how):  # noqa: F811
    if _cores() < 2:
        pytest.skip("one core: the archive is audited without a pool")
    archive, module = _archive(demo, tmp_path, 12)
    process = _start(archive, module, "2")
    try:
        deadline = time.monotonic() + WAIT
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            workers = _children(process.pid)
            time.sleep(0.05)
        assert len(workers) == 2, "the pool did not start"
        time.sleep(1.0)  # mid-run: the workers are auditing
        assert process.poll() is None, "the run ended before it could be interrupted"
        if how == "Ctrl-C":
            os.killpg(process.pid, signal.SIGINT)  # the terminal sends it to the whole foreground group
        else:
            os.kill(process.pid, getattr(signal, how))
        process.wait(timeout=WAIT)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if _alive(pid)], f"workers left running after {how}"
    finally:
        _end_session(process)
