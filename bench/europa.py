"""Time Europa Narvik (vassal_tools/games/europa_narvik): a cold module build and a 1,000-step log audit.

    python bench/europa.py [--steps 1000]

Builds the module with an empty art cache (cold), then writes a log of the campaign's opening save with
the project's log writer: German units and a supply counter land in Norway, and every turn the tracker
walks the ten phases while, in each movement phase, German and Norwegian units step back and forth between
their hex and the next one (so stacking, the German and Allied supply lines and air basing are judged
every turn); then times ``audit`` of that log against the module (replay, record, the pack's checks),
best of 3. Targets (issue 11): build <= 10 s, audit <= 2 s.
"""

from __future__ import annotations

from pathlib import Path

from hex_bench import run, write_log

from vassal_tools.games.europa_narvik import DATA_DIR

LANDED = {"ger-sup-1": "3635", "ger-138-i": "3638", "ger-138-ii": "3737", "ger-139-i": "3833"}
WALKERS = {"ger-138-i": ("3638", "3639"), "ger-138-ii": ("3737", "3738"), "ger-139-i": ("3833", "3834"),
           "nor-i-16": ("4601", "4501"), "nor-i-12": ("2331", "3632"), "nor-hmkg": ("2148", "2048")}


def europa_log(folder: Path, steps: int) -> tuple[Path, Path, int]:
    return write_log(DATA_DIR, folder, steps, seat="German", walkers=WALKERS, landed=LANDED,
                     moves_in=lambda phase: phase.endswith("movement"), rounds=4)


if __name__ == "__main__":
    run("europa-narvik", DATA_DIR, europa_log)
