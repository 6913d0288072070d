"""Rebuild vassal_tools/games/invasion_norway/rules_index.json from the rulebook text.

    python scripts/build_rules_index.py [RULEBOOK]

RULEBOOK defaults to ../shared/rules/invasion-norway.txt (beside the repository).
The sentences quoted are chosen in pack.toml ``[explain]`` and explain.toml; a phrase the text
does not hold is an error naming the rule, and nothing is written.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

from vassal_tools.formats.archive import atomic_write
from vassal_tools.games.invasion_norway import rules_index

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "vassal_tools" / "games" / "invasion_norway"


def main(argv: list[str]) -> int:
    rulebook = Path(argv[0]) if argv else ROOT.parent / "shared" / "rules" / "invasion-norway.txt"
    pack = tomllib.loads((GAME / "pack.toml").read_text(encoding="utf-8"))
    try:
        explain = GAME / rules_index.EXPLAIN_FILE
        said = rules_index.explanations(pack, explain.read_text(encoding="utf-8") if explain.exists() else None)
        index = rules_index.build_index(rulebook.read_text(encoding="utf-8"), said, pack["rulebook"])
    except (OSError, ValueError) as err:
        print(f"build_rules_index: {rulebook}: {err}", file=sys.stderr)
        return 2
    text = json.dumps(index, indent=1, ensure_ascii=False) + "\n"
    atomic_write(GAME / rules_index.INDEX_FILE, text.encode("utf-8"))
    print(f"{GAME / rules_index.INDEX_FILE}: {len(index['titles'])} rules, {len(index['cited'])} quoted")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
