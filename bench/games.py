"""Time each game folder other than Invasion: Norway: a cold module build and a 1,000-step log audit.

    python bench/games.py [--steps 1000]

For Narvik 1940 (vassal_tools/games/narvik_1940): builds the module with an empty art cache (cold),
then writes a log of the campaign's opening save with the project's log writer: the tracker walks the
phases of every GT and, in each actions phase, German and Allied units standing on hexes step back and
forth between their hex and the next one; then times ``audit`` of that log against the module (replay,
record, the pack's checks), best of 3. Targets (issue 11): build <= 10 s, audit <= 2 s.
"""

from __future__ import annotations

from pathlib import Path

from hex_bench import run, write_log

from vassal_tools.games.narvik_1940 import DATA_DIR

# Units that start on hexes (scenarios/campaign.toml) and a neighbouring hex each steps to and back.
WALKERS = {"ger-haussels": ("1416", "1415"), "ger-rr": ("1317", "1417"), "nw-alta": ("1801", "1701"),
           "brit-1-sg": ("0216", "0215")}


def narvik_log(folder: Path, steps: int) -> tuple[Path, Path, int]:
    return write_log(DATA_DIR, folder, steps, seat="German", walkers=WALKERS,
                     moves_in=lambda phase: phase == "actions", rounds=10)


if __name__ == "__main__":
    run("narvik-1940", DATA_DIR, narvik_log)
