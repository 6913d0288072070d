"""The innermost trait's state read alone (what ``inspect`` counts pieces per map with) is the
one the full chain split gives, for every piece of every corpus save and log."""

from __future__ import annotations

import pytest

from conftest import corpus_params
from vassal_tools.formats.commands import AddPiece, walk
from vassal_tools.formats.files import open_file
from vassal_tools.formats.traits.encoding import (
    chain_depth,
    innermost_state,
    split_chain,
    split_state_chain,
)


@pytest.mark.parametrize("path", corpus_params("save") + corpus_params("log"))
def test_innermost_state_is_the_last_level_of_the_full_split(path):
    pieces = [c for c in walk(open_file(path).commands) if isinstance(c, AddPiece)]
    for command in pieces:
        levels = len(split_chain(command.type))
        assert chain_depth(command.type) == levels
        assert innermost_state(command.state, levels) == split_state_chain(command.state, levels)[-1]


@pytest.mark.parametrize(("state", "levels", "innermost"), [
    ("a\tb", 2, "b"),  # two levels, one real TAB
    ("a\tb\\\tc", 2, "b\tc"),  # the innermost holds an escaped TAB of its own
    ("a\tb\\\tc", 3, "c"),  # three levels: the TAB after one backslash is real at level 1
    ("a", 3, None),  # a state that stops early gives no innermost state
    ("x", 1, "x"),
    (None, 2, None),
])
def test_innermost_state_by_hand(state, levels, innermost):
    assert innermost_state(state, levels) == innermost == split_state_chain(state, levels)[-1]
