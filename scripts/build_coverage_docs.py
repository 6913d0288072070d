"""Write docs/coverage/<game>.md for every game the registry knows with a rulebook (or --game GAME):
each rule of its rulebook with its status (vassal_tools.report.coverage). A bad coverage.toml is one
line on stderr and exit 2, and nothing is written for that game.

    python scripts/build_coverage_docs.py [--game GAME]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vassal_tools.errors import BadInput
from vassal_tools.formats.archive import atomic_write
from vassal_tools.games import pack_for, pack_ids
from vassal_tools.report.coverage import counts_line, coverage_markdown, coverages

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "coverage"


def documents(game: str | None = None) -> dict[str, str]:
    """docs/coverage file name -> its text, for ``game`` or every game with a rulebook."""
    out = {}
    for coverage in coverages(game):
        pack = pack_for(coverage.game)
        assert pack is not None
        out[f"{coverage.game}.md"] = coverage_markdown(coverage, pack.listed_name(), pack.rulebook)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=pack_ids())
    args = parser.parse_args(argv)
    try:
        written = documents(args.game)
    except BadInput as err:
        print(f"build_coverage_docs: {err}", file=sys.stderr)
        return 2
    DOCS.mkdir(parents=True, exist_ok=True)
    for name, text in written.items():
        atomic_write(DOCS / name, text.encode("utf-8"))
        print(f"docs/coverage/{name}: {counts_line(next(c for c in coverages(name[:-3])))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
