"""How fast vassal_tools reads a big saved game, beside pywargame 0.8.0.

Times, best of N, the work between the ``savedGame`` entry's bytes and the
command tree: deobfuscation, UTF-8 decoding and ``decode_commands``. Then the
peak memory of that work (tracemalloc, in a separate run because tracing slows
Python down) against the decoded stream's size. Then pywargame's
``SaveIO.readSave`` on the same file under Python 3.12, in a subprocess, from a
venv in ``bench/.venv312`` that this script creates when it is missing.

pywargame only deobfuscates and splits on every ESC (ignoring escapes); it
builds no commands, so the comparison flatters it.

Run: ``python bench/read_save.py [FILE] [--repeat N] [--pywargame-repeat M] [--skip-pywargame]``.
Targets: <= 0.3 s and peak < 5x the decoded size for pog__Historical10-8.vsav.
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

from vassal_tools.formats.archive import read_archive
from vassal_tools.formats.commands import decode_commands
from vassal_tools.formats.files import open_file
from vassal_tools.formats.obfuscation import deobfuscate

HERE = Path(__file__).resolve().parent
DEFAULT_FILE = HERE.parent.parent / "shared" / "corpus" / "saves" / "pog__Historical10-8.vsav"
VENV = HERE / ".venv312"
PYTHON312 = Path.home() / ".pyenv" / "versions" / "3.12.1" / "bin" / "python"
PYWARGAME = "pywargame==0.8.0"

# Run inside the 3.12 venv: best of N seconds of SaveIO.readSave, as JSON.
PYWARGAME_TIMER = """
import contextlib, io, json, sys, time
from pywargame.vassal.save import SaveIO
best = None
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        key, lines = SaveIO.readSave(sys.argv[1])
    took = time.perf_counter() - start
    best = took if best is None else min(best, took)
print(json.dumps({"seconds": best, "lines": len(lines)}))
"""


def read_commands(entry: bytes, source: str):
    """The measured work: entry bytes -> text -> command tree."""
    text = deobfuscate(entry, source).decode("utf-8", "surrogateescape")
    return text, decode_commands(text)


def best_of(repeat: int, work) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
        del result
    return best


def peak_memory(work) -> int:
    gc.collect()
    tracemalloc.start()
    result = work()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del result
    return peak


def ensure_pywargame() -> Path | str:
    """The venv's python with pywargame installed, or the reason there is none."""
    python = VENV / "bin" / "python"
    if python.exists():
        return python
    if not PYTHON312.exists():
        return f"no Python 3.12 at {PYTHON312}"
    steps = ([str(PYTHON312), "-m", "venv", str(VENV)],
             [str(python), "-m", "pip", "install", "--quiet", PYWARGAME])
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            return f"{' '.join(step[:4])}… failed: {(done.stderr or done.stdout).strip()[-300:]}"
    return python


def time_pywargame(path: Path, repeat: int) -> dict | str:
    python = ensure_pywargame()
    if isinstance(python, str):
        return python
    done = subprocess.run([str(python), "-c", PYWARGAME_TIMER, str(path), str(repeat)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return f"pywargame failed: {done.stderr.strip()[-300:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--repeat", type=int, default=7, help="best of N for vassal_tools")
    parser.add_argument("--pywargame-repeat", type=int, default=1, help="best of M for pywargame (slow)")
    parser.add_argument("--skip-pywargame", action="store_true")
    args = parser.parse_args()

    entry = read_archive(args.file).read("savedGame")
    text, commands = read_commands(entry, str(args.file))
    decoded = len(text.encode("utf-8", "surrogateescape"))
    print(f"file            {args.file.name}: savedGame entry {len(entry) / 1e6:.1f} MB, "
          f"decoded stream {decoded / 1e6:.1f} MB, {len(commands)} top-level commands")
    del text, commands

    ours = best_of(args.repeat, lambda: read_commands(entry, str(args.file)))
    peak = peak_memory(lambda: read_commands(entry, str(args.file)))
    deobfuscation_peak = peak_memory(lambda: deobfuscate(entry, str(args.file)))
    text = read_commands(entry, str(args.file))[0]
    parse_peak = peak_memory(lambda text=text: decode_commands(text))
    del text
    whole = best_of(max(1, args.repeat // 2), lambda: open_file(args.file).commands)
    print(f"vassal_tools    decode + parse: {ours:.3f} s (best of {args.repeat}); "
          f"peak {peak / 1e6:.1f} MB = {peak / decoded:.2f}x decoded size (entry bytes not counted)")
    print(f"                of which deobfuscate alone peaks at {deobfuscation_peak / 1e6:.1f} MB, "
          f"decode_commands at {parse_peak / 1e6:.1f} MB over the {decoded / 1e6:.1f} MB text "
          f"({(parse_peak + decoded) / decoded:.2f}x)")
    print(f"vassal_tools    open_file + commands, zip included: {whole:.3f} s")

    if args.skip_pywargame:
        return
    theirs = time_pywargame(args.file, args.pywargame_repeat)
    if isinstance(theirs, str):
        print(f"pywargame 0.8.0 not timed: {theirs}")
        return
    print(f"pywargame 0.8.0 SaveIO.readSave (Python 3.12, zip included, no parsing): "
          f"{theirs['seconds']:.3f} s (best of {args.pywargame_repeat})")
    print(f"ratio           pywargame / vassal_tools = {theirs['seconds'] / whole:.1f}x (both with zip)")


if __name__ == "__main__":
    sys.exit(main())
