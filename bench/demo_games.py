"""Time ``vassal-tools demo --game GAME`` for every game with a sample game: build, set-up, play, audit and
the three pages, from a cold art cache (each game in a fresh folder), wall clock and CPU.

    python bench/demo_games.py [GAME ...]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from vassal_tools.demo import demo_games, run_demo


def main(games: list[str]) -> None:
    for game in games or demo_games():
        with tempfile.TemporaryDirectory() as folder:
            wall, cpu = time.perf_counter(), time.process_time()
            result = run_demo(Path(folder), game=game)
            print(f"{game:18} {time.perf_counter() - wall:6.1f} s wall {time.process_time() - cpu:6.1f} s CPU "
                  f"{result.findings} findings")


if __name__ == "__main__":
    main(sys.argv[1:])
