"""Chain and field splitting: the fast paths agree with VASSAL's level-by-level decoder, and writing reads back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vassal_tools.formats.sequence import decode
from vassal_tools.formats.traits.encoding import (
    _join_fast,
    _nest,
    _peel,
    _peel_state,
    _split_fast,
    join,
    join_chain,
    segments,
    split_chain,
    split_pair,
    split_state_chain,
    token,
    tokens,
)

# The characters that matter to the encoding, plus plain text.
TRICKY = st.text(alphabet=st.sampled_from(["a", "\t", "\\", "'", ";", ",", "ü"]), max_size=16)
OWNS = st.lists(st.text(alphabet=st.sampled_from(["a", "\t", "\\", "'", ";", "J"]), max_size=6), min_size=2, max_size=6)


@given(TRICKY, st.sampled_from([";", ",", "\t", "/"]))
def test_tokens_are_the_sequence_decoder(value, delim):
    assert tokens(value, delim) == decode(value, delim)
    assert [token(s, delim) for s in segments(value, delim)] == decode(value, delim)


@given(TRICKY)
def test_split_pair_is_the_first_two_tokens(value):
    decoded = decode(value, "\t")
    assert split_pair(value) == (decoded[0], decoded[1] if len(decoded) > 1 else None)


@settings(max_examples=250)
@given(TRICKY)
def test_one_pass_chain_split_matches_peeling_level_by_level(value):
    fast = _split_fast(value, None)
    if fast is not None:
        assert fast == _peel(value)
    for levels in (2, 3, 5):
        fast = _split_fast(value, levels)
        if fast is not None:
            assert fast == _peel_state(value, levels)
    assert split_chain(value) == _peel(value)


@settings(max_examples=250)
@given(OWNS)
def test_one_pass_chain_join_matches_nesting_level_by_level(owns):
    fast = _join_fast(owns)
    if fast is not None:
        assert fast == _nest(owns)


@settings(max_examples=250)
@given(OWNS)
def test_any_state_chain_reads_back(owns):
    """Writing never produces VASSAL's lossy trailing-backslash form, so every state survives."""
    assert split_state_chain(join_chain(owns), len(owns)) == owns


@given(OWNS.filter(lambda o: "\t" not in o[-1] and not (len(o[-1]) > 1 and o[-1][0] == o[-1][-1] == "'")))
def test_type_chains_read_back(owns):
    """VASSAL decodes the innermost type once more, so it must not hold a TAB or be quote-wrapped."""
    assert split_chain(join_chain(owns)) == owns


@given(st.lists(TRICKY, min_size=1, max_size=5), st.sampled_from([";", ","]))
def test_join_reads_back_even_with_trailing_backslashes(values, delim):
    assert tokens(join(values, delim), delim) == values


def test_vassal_nesting_example():
    # vassal-formats.md 3.4: level3 of emb2 / label / mark / piece
    owns = ["emb2;x;true", "label;y;false", "mark;Side", "piece;;;img.gif;Name"]
    chain = "emb2;x;true\tlabel;y;false\\\tmark;Side\\\\\tpiece;;;img.gif;Name"
    assert join_chain(owns) == chain
    assert split_chain(chain) == owns


def test_short_state_leaves_inner_levels_empty():
    assert split_state_chain("a\tb", 4) == ["a", "b", None, None]
    assert join_chain(["a", "b", None, None]) == "a\tb"
