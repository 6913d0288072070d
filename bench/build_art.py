"""How long the art takes: every counter (both sides) and every map of a game.

    python bench/build_art.py [module_src/invasion_norway] [--repeat 3]

Prints figures; asserts nothing (the target: the whole module build, art included, in
<= 10 s on 2 cores, so counters well under ~5 ms each and maps a few seconds at most).
Output goes to bench/out/ (git-ignored).
"""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path

from vassal_tools.art import render_all, render_maps
from vassal_tools.art.counter_set import DEFAULT_SCALE, game_units
from vassal_tools.art.counters import render_data
from vassal_tools.art.palette import game_palette
from vassal_tools.art.png import png_bytes
from vassal_tools.art.templates import template_for
from vassal_tools.art.units import counter_data

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"


def best_of(repeat: int, run) -> float:
    """Fastest of ``repeat`` runs, in seconds (the least disturbed by other processes)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default=str(ROOT / "module_src" / "invasion_norway"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    units = [counter_data(u) for u in game_units(args.game)]
    palette = game_palette(args.game)
    templates = {u.kind: template_for(u.kind) for u in units}
    sides = [(u, s) for u in units for s in (("front", "back") if u.has_back else ("front",))]

    def draw() -> list:
        return [render_data(u, s, DEFAULT_SCALE, templates[u.kind], palette) for u, s in sides]

    images = draw()  # warm the font and shape caches
    t_draw = best_of(args.repeat, draw)
    t_png = best_of(args.repeat, lambda: [png_bytes(i) for i in images])
    print(f"{len(units)} counters, {len(sides)} images at scale {DEFAULT_SCALE}")
    print(f"  draw only        {t_draw:7.3f} s  {t_draw / len(sides) * 1000:6.2f} ms/image")
    print(f"  PNG encode       {t_png:7.3f} s  {t_png / len(sides) * 1000:6.2f} ms/image")

    target = OUT / "counters"

    def cold() -> None:
        shutil.rmtree(target, ignore_errors=True)
        render_all(args.game, target)

    t_cold = best_of(args.repeat, cold)
    t_warm = best_of(args.repeat, lambda: render_all(args.game, target))
    print(f"  render_all cold  {t_cold:7.3f} s  {t_cold / len(sides) * 1000:6.2f} ms/image (draw + encode + write)")
    print(f"  render_all again {t_warm:7.3f} s  (nothing changed: cache hits)")

    maps_dir = OUT / "maps"

    def maps_cold() -> None:
        shutil.rmtree(maps_dir, ignore_errors=True)
        render_maps(args.game, maps_dir)

    t_maps = best_of(args.repeat, maps_cold)
    t_maps_warm = best_of(args.repeat, lambda: render_maps(args.game, maps_dir))
    arts = render_maps(args.game, maps_dir)
    print(f"maps: {', '.join(f'{n} {a.size[0]}x{a.size[1]}' for n, a in arts.items())}")
    print(f"  render_maps cold {t_maps:7.3f} s")
    print(f"  render_maps again{t_maps_warm:7.3f} s  (cache hits)")
    print(f"total cold: {t_cold + t_maps:.2f} s on one core")


if __name__ == "__main__":
    main()
