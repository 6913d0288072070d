"""docs/record-format.md is written from the code's tables (issue 21): the committed doc is what
scripts/build_record_doc.py makes of its template, the entry kinds and every game's pack, so a
kind, a field or a game's word cannot change without the doc saying so."""

from __future__ import annotations

import importlib.util
import re

import pytest

from conftest import ROOT
from vassal_tools.games import KNOWN_GAMES, pack_for
from vassal_tools.record import ENTRY_KINDS
from vassal_tools.record.docs import fill


def build_script():
    spec = importlib.util.spec_from_file_location("build_record_doc", ROOT / "scripts" / "build_record_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def doc() -> str:
    return (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")


def test_the_committed_doc_is_the_generated_one(doc):
    script = build_script()
    assert doc == script.render(script.TEMPLATE.read_text(encoding="utf-8")), \
        "docs/record-format.md is stale: run scripts/build_record_doc.py"
    assert script.main(["--check"]) == 0


def test_every_entry_kind_and_field_is_documented(doc):
    for kind in ENTRY_KINDS:
        row = next(line for line in doc.splitlines() if line.startswith(f'| `{{"{kind.key}"')
                   or (kind.key == "phase" and line.startswith('| `{"turn"')))
        assert all(f'"{spec.key}"' in row for spec in kind.fields), kind.key


def test_every_games_words_are_documented(doc):
    """Each game's section: its phases, sides, rolls, top-level keys and own entries, from its pack."""
    for game in KNOWN_GAMES:
        pack = pack_for(game)
        section = doc.split(f"### `{game}`", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        words = pack.vocabulary
        terms = pack.record_terms
        for word in (*words.phases, *words.sides, *terms.rolls, *terms.keys):
            assert f"`{word}`" in section, (game, word)
        for kind in terms.entry_kinds:
            assert f'`{{"{kind.key}": ' in section, (game, kind.key)
    kampen = doc.split("### `kampen-om-norge`", 1)[1]
    assert "`land-combat`" in kampen and "top-level `variant`" in kampen and "`Rask forflytning`" in kampen


def test_a_template_without_a_part_is_refused():
    with pytest.raises(ValueError, match="generated: games"):
        fill("# no markers here\n", {"games": "..."})


def test_the_template_keeps_the_hand_written_parts(doc):
    template = (ROOT / "docs" / "record-format.template.md").read_text(encoding="utf-8")
    hand_written = [part for part in re.split(r"<!-- generated: [a-z ]+ -->", template) if part.strip()]
    assert len(hand_written) == 4 and all(part in doc for part in hand_written)
