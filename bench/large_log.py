"""A large real log, as a new user meets it: The Longest Day's 1,091-step log of the corpus.

    python bench/large_log.py [--repeat 5] [--page OLD.html]

Prints, each as its own process from the command line a player types: ``vassal-tools steps LOG``
and ``steps LOG --module M``, ``vassal-tools replay LOG --module M`` (the page's size too), best
of ``--repeat``; and the median over ``--repeat`` runs of the page's time to interactive in
headless Chromium (/usr/bin/chromium through Playwright). Interactive: from navigation until the
board of step 0 is drawn with every image in view decoded and a click on "next" has drawn step 1
the same way (bench/replay_page.py's measure), by the wall clock and by the page's own clock
(performance.now(), from its navigation start), and the CPU time of the page's main thread till
then (one run traced). CPU times are printed beside wall times: on a shared machine they are the
figures other work changes least. ``--page`` measures another page of the same log
beside it (one written by an earlier version) and prints the ratio.

Goals (issue 26): the page written in 3 s or less, interactive in 1.5 s or less, ``steps`` in
0.5 s or less. Figures before this work, on the same log: 18 s, 6 s, 1.6 s. The machine's load
average is printed with each figure: other work takes cores from it.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay_page import CHROMIUM, main_thread_cpu, median_runs, time_to_interactive  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
LOG = CORPUS / "logs" / "tld__0606-1.vlog"
MODULE = CORPUS / "modules" / "tld__TheLongestDay_tmp.vmod"
CLI = [sys.executable, "-c", "from vassal_tools.cli import main; main()"]


def best(args: list[str], repeat: int) -> str:
    """The best wall time of the command line, run ``repeat`` times (output discarded), and the
    best CPU time (user + system) of its process then, which other work on the machine barely changes."""
    times, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(CLI + args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return f"{min(times):.2f} s (CPU {min(cpus):.2f} s)"


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}"


def interactive(page: Path, repeat: int) -> tuple[float, float]:
    """Print the page's median time to interactive (wall, page's clock) and return it."""
    wall, own, during = median_runs(time_to_interactive(page, repeat))
    print(f"  {page.name}: {wall:.2f} s ({own:.2f} s by the page's own clock), median of {repeat}; "
          f"load average {during:.1f}; its main thread's CPU {main_thread_cpu(page):.2f} s (one traced run)")
    return wall, own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--page", type=Path, default=None, help="another page of the log to measure beside this one's")
    args = parser.parse_args()
    if not LOG.exists():
        sys.exit(f"{LOG} is not here: the shared corpus is needed")
    print(f"{LOG.name}; {os.cpu_count()} CPUs")
    print(f"steps:                 {best(['steps', str(LOG)], args.repeat)} (goal 0.5 s; before 1.6 s); {load()}")
    print(f"steps --module:        {best(['steps', str(LOG), '--module', str(MODULE)], args.repeat)}; {load()}")
    page = Path(tempfile.mkdtemp(prefix="large-log-")) / "tld.html"
    written = best(["replay", str(LOG), "--module", str(MODULE), "-o", str(page)], args.repeat)
    print(f"replay (page written): {written}, {page.stat().st_size / 1e6:.1f} MB (goal 3 s; before 18 s); "
          f"{load()}")
    if not Path(CHROMIUM).exists():
        print("no /usr/bin/chromium: time to interactive not measured")
        return
    print("page interactive (goal 1.5 s; before 6 s):")
    wall, own = interactive(page, args.repeat)
    if args.page is not None:
        other_wall, other_own = interactive(args.page, args.repeat)
        print(f"  {args.page.name} / {page.name}: {other_wall / wall:.1f}x wall, {other_own / own:.1f}x page's clock")


if __name__ == "__main__":
    main()
