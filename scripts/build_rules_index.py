"""Rebuild each game's rules_index.json from its rulebook text.

    python scripts/build_rules_index.py [--game GAME] [--rules FOLDER]

For every game the registry knows (or GAME alone): the rulebook (the pack's ``rulebook`` in FOLDER,
../shared/rules beside the repository by default) parsed as the pack's rulebook.toml numbers it, and
the sentences its explain.toml chooses, written to the game's package as rules_index.json. A rule or
phrase the text does not hold is an error naming the file and the rule (exit 2), and nothing is
written for that game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from vassal_tools.errors import BadInput
from vassal_tools.formats.archive import atomic_write
from vassal_tools.games import pack_for, pack_ids
from vassal_tools.games.rulebooks import build_pack_index
from vassal_tools.rules.rulebook import INDEX_FILE

ROOT = Path(__file__).resolve().parent.parent


def index_text(index: dict) -> str:
    """The index as the file holds it."""
    return json.dumps(index, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--game", choices=pack_ids())
    parser.add_argument("--rules", type=Path, default=ROOT.parent / "shared" / "rules")
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else pack_ids():
        pack = pack_for(game)
        if pack is None or not pack.rulebook:
            continue
        try:
            index = build_pack_index(pack, args.rules)
        except BadInput as err:
            print(f"build_rules_index: {err}", file=sys.stderr)
            return 2
        path = pack.package_folder / INDEX_FILE
        atomic_write(path, index_text(index).encode("utf-8"))
        print(f"{path.relative_to(ROOT)}: {len(index['titles'])} rules, {len(index['cited'])} quoted")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
