"""Time ``vassal-tools mapping`` of the built Invasion: Norway module (target: 2 s or less).

    python bench/mapping.py [--module M.vmod]

Builds the module from module_src/invasion_norway (not timed) unless --module is given,
then times, best of 3: the draft with the module's Marker unit data (every slot by its
UnitId), and the draft of the same module stripped of its Marker traits, the way a module
made in VASSAL's editor holds no unit data (every slot by its images, name, numerals and palette).
No peer drafts mappings; the figure is the target's.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "replay")]

from test_mapping_draft import editor_made  # noqa: E402

from vassal_tools.builder.module import build_module  # noqa: E402
from vassal_tools.games import pack_for  # noqa: E402
from vassal_tools.games.play import draft_for_module  # noqa: E402


def best_of(runs: int, work) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", type=Path)
    args = parser.parse_args()
    pack_for("invasion-norway")
    with tempfile.TemporaryDirectory() as tmp:
        module = args.module or build_module(ROOT / "module_src" / "invasion_norway", tmp)
        bare = editor_made(module, Path(tmp) / "editor-made.vmod")
        for label, path in (("built module (Marker UnitIds)", module), ("editor-made (no Marker data)", bare)):
            seconds, draft = best_of(3, lambda p=path: draft_for_module(p, "invasion-norway"))
            summary = draft["summary"]  # type: ignore[index]
            print(f"{label:32s} {seconds:6.2f} s  {summary['matched']}/{summary['slots']} slots matched"
                  f"  (target 2 s: {'met' if seconds <= 2 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
