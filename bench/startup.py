"""Start-up and a big save's dump: ``vassal-tools`` beside pywargame's ``vsavdump.py``.

Each figure is a whole process, as a user waits for it: the median (and best) of N runs of
the command with its output thrown away.

* start-up: ``python -c pass`` (the interpreter alone), ``vassal-tools --help`` and
  pywargame 0.8.0's ``vsavdump.py --help`` (Python 3.12, the venv ``read_save.py`` makes);
* the dump of the Paths of Glory save (28 MB of stream, 844 pieces): ``vassal-tools inspect
  --json`` (pieces per map, players, metadata) and ``vsavdump.py`` (every command line), each
  also net of its own start-up.

pywargame's dump only splits the stream into lines and prints them; ``inspect`` also counts
the pieces of every map, so the comparison flatters pywargame.

Run: ``python bench/startup.py [--runs N] [--skip-pywargame] [--profile]``
(``--profile`` prints where ``inspect --json`` spends its time, from cProfile, in-process).
Targets (issue 9): ``--help`` <= 0.15 s; ``inspect --json`` of the save <= 0.30 s net of start-up.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path

from read_save import ensure_pywargame

HERE = Path(__file__).resolve().parent
SAVE = HERE.parent.parent / "shared" / "corpus" / "saves" / "pog__Historical10-8.vsav"
VASSAL_TOOLS = Path(sys.executable).parent / "vassal-tools"
HELP_TARGET, INSPECT_TARGET = 0.15, 0.30


def timed(command: list[str], runs: int) -> tuple[float, float]:
    """(median, best) seconds of ``runs`` runs of a command; its output is discarded."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), min(seconds)


def line(label: str, figures: tuple[float, float], note: str = "") -> None:
    median, best = figures
    print(f"  {label:<44} {median:6.3f} s  (best {best:.3f}){note}")


def target(value: float, limit: float) -> str:
    return f"  target <= {limit:.2f}: {'met' if value <= limit else 'NOT met'}"


def profile_inspect(save: Path, rows: int = 25) -> None:
    """cProfile of ``inspect --json`` in this process, by cumulative time."""
    from vassal_tools.cli import main

    profiler = cProfile.Profile()
    profiler.enable()
    with contextlib.redirect_stdout(io.StringIO()):
        main(["inspect", "--json", str(save)], standalone_mode=False)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("save", nargs="?", type=Path, default=SAVE)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--skip-pywargame", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if not args.save.exists():
        sys.exit(f"{args.save}: no such file (the shared corpus is beside the checkout)")
    if args.profile:
        profile_inspect(args.save)
        return

    print(f"start-up and dump of {args.save.name}, {args.runs} runs each (median, best)")
    python = timed([sys.executable, "-c", "pass"], args.runs)
    ours_help = timed([str(VASSAL_TOOLS), "--help"], args.runs)
    ours_dump = timed([str(VASSAL_TOOLS), "inspect", "--json", str(args.save)], args.runs)
    net = ours_dump[0] - ours_help[0]
    print(f"vassal-tools (Python {sys.version.split()[0]})")
    line("python -c pass", python)
    line("vassal-tools --help", ours_help, target(ours_help[0], HELP_TARGET))
    line("vassal-tools inspect --json SAVE", ours_dump)
    print(f"  {'inspect net of start-up':<44} {net:6.3f} s{target(net, INSPECT_TARGET)}")
    if args.skip_pywargame:
        return
    python312 = ensure_pywargame()
    if isinstance(python312, str):
        print(f"pywargame: not measured: {python312}")
        return
    vsavdump = Path(python312).parent / "vsavdump.py"
    their_python = timed([str(python312), "-c", "pass"], args.runs)
    their_help = timed([str(python312), str(vsavdump), "--help"], args.runs)
    their_dump = timed([str(python312), str(vsavdump), str(args.save)], args.runs)
    their_net = their_dump[0] - their_help[0]
    print("pywargame 0.8.0 vsavdump.py (Python 3.12)")
    line("python -c pass", their_python)
    line("vsavdump.py --help", their_help)
    line("vsavdump.py SAVE", their_dump)
    print(f"  {'dump net of start-up':<44} {their_net:6.3f} s")
    print("ratios, vassal-tools / pywargame (below 1: vassal-tools is faster)")
    print(f"  start-up (--help)      {ours_help[0] / their_help[0]:.2f}")
    print(f"  dump, whole process    {ours_dump[0] / their_dump[0]:.2f}")
    print(f"  dump, net of start-up  {net / their_net:.2f}")


if __name__ == "__main__":
    main()
