"""Write docs/record-format.md from docs/record-format.template.md and the code's tables.

    python scripts/build_record_doc.py [--check]

The entry table comes from the record format's entry kinds, each game's section from its pack
(its words and what it adds to the format: entries of its own, rolls, top-level keys). ``--check``
writes nothing and exits 1 if the committed doc differs from what the tables give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from vassal_tools.formats.archive import atomic_write
from vassal_tools.games import KNOWN_GAMES, pack_for
from vassal_tools.games.listing import list_games
from vassal_tools.record import ENTRY_KINDS
from vassal_tools.record.docs import entries_table, field_types, fill, game_words

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "docs" / "record-format.template.md"
DOC = ROOT / "docs" / "record-format.md"


def render(template: str) -> str:
    """The doc: the template with the entry table and the words of every game the project ships
    (a game registered at run time, such as the tests' toy game, is not the doc's)."""
    titles = {listing.id: listing.title for listing in list_games()}
    sections = []
    for game in sorted(KNOWN_GAMES):
        pack = pack_for(game)
        assert pack is not None, game  # every shipped game has its pack
        sections.append(game_words(game, titles[game], pack.vocabulary, pack.record_terms))
    return fill(template, {"entries": entries_table(ENTRY_KINDS), "field types": field_types(), "games": "\n\n".join(sections)})


def main(argv: list[str]) -> int:
    text = render(TEMPLATE.read_text(encoding="utf-8"))
    if "--check" in argv:
        if DOC.read_text(encoding="utf-8") != text:
            print(f"build_record_doc: {DOC} differs from the tables: run scripts/build_record_doc.py", file=sys.stderr)
            return 1
        return 0
    atomic_write(DOC, text.encode("utf-8"))
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
