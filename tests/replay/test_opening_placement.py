"""Pieces of old files are placed where VASSAL places them on loading (issue 8.6)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from conftest import CORPUS, corpus_params
from vassal_tools.cli import main
from vassal_tools.replay.replayer import Replayer

TLD_LOG = CORPUS / "logs" / "tld__0606-1.vlog"


def test_the_longest_day_log_of_vassal_2_9_puts_every_piece_where_vassal_3_8_does():
    if not TLD_LOG.exists():
        pytest.skip("../shared/corpus is absent")
    info = json.loads(CliRunner().invoke(main, ["inspect", "--json", str(TLD_LOG)]).output)
    per_map = info["pieces_per_map"]
    # VASSAL 3.8, loading the log with its module: 2,336 pieces, all on maps.
    assert sum(per_map.values()) == 2336
    assert "(not on a map)" not in per_map
    assert per_map["Normandy"] == 513
    assert per_map["German Entry Schedule"] == 729
    assert per_map["Allied Entry Schedule"] == 275


@pytest.mark.parametrize("path", corpus_params("save") + corpus_params("log"))
def test_inspect_counts_the_pieces_the_replayed_opening_position_holds(path):
    info = json.loads(CliRunner().invoke(main, ["inspect", "--json", str(path)]).output)
    state = Replayer(path).restore()
    replayed = Counter(piece.spot.map or "(not on a map)" for piece in state.units())
    assert info["pieces_per_map"] == dict(replayed)
