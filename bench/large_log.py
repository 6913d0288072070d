"""A large real log, as a new user meets it: The Longest Day's 1,091-step log of the corpus.

    python bench/large_log.py [--repeat 3]

Prints, best of ``--repeat`` runs, each as its own process from the command line a player types:
``vassal-tools steps LOG`` and ``steps LOG --module M``, ``vassal-tools replay LOG --module M``
(the page's size too), and the page's time to interactive in headless Chromium (/usr/bin/chromium
through Playwright: from navigation to the first board drawn with every image decoded and the
controls live, bench/replay_page.py's measure). Goals (issue 26): the page written in 3 s or less,
interactive in 1.5 s or less, ``steps`` in 0.5 s or less. Figures before this work, on the same
log: 18 s, 6 s, 1.6 s. The machine's load average is printed: other work takes cores from it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay_page import CHROMIUM, time_to_interactive  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
LOG = CORPUS / "logs" / "tld__0606-1.vlog"
MODULE = CORPUS / "modules" / "tld__TheLongestDay_tmp.vmod"
CLI = [sys.executable, "-c", "from vassal_tools.cli import main; main()"]


def best(args: list[str], repeat: int) -> float:
    """The best wall time of the command line, run ``repeat`` times (output discarded)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(CLI + args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not LOG.exists():
        sys.exit(f"{LOG} is not here: the shared corpus is needed")
    print(f"{LOG.name}; load average {os.getloadavg()[0]:.1f}; {os.cpu_count()} CPUs")
    print(f"steps:                 {best(['steps', str(LOG)], args.repeat):.2f} s (goal 0.5 s; before 1.6 s)")
    print(f"steps --module:        {best(['steps', str(LOG), '--module', str(MODULE)], args.repeat):.2f} s")
    page = Path(tempfile.mkdtemp(prefix="large-log-")) / "tld.html"
    written = best(["replay", str(LOG), "--module", str(MODULE), "-o", str(page)], args.repeat)
    print(f"replay (page written): {written:.2f} s, {page.stat().st_size / 1e6:.1f} MB (goal 3 s; before 18 s)")
    if Path(CHROMIUM).exists():
        wall, own = time_to_interactive(page, args.repeat)
        print(f"page interactive:      {wall:.2f} s ({own:.2f} s by the page's own clock) (goal 1.5 s; before 6 s)")
    else:
        print("no /usr/bin/chromium: time to interactive not measured")


if __name__ == "__main__":
    main()
