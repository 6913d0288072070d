"""``vassal-tools chain``: logs of one PBEM game written by the project's own log writer.

Each log of the game starts from the save of the position the previous log reached
(LogWriter.save_position, what VASSAL's Begin Logfile stores). The cheats and
mistakes of issue 15 are made the way a player makes them: a piece moved (or a
counter turned over) in the save between two logs, a turn played twice from one
start with other dice, a log left out, a log of another game put in.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT
from kits.norway_log import Game, dated
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.formats.commands import parse_single
from vassal_tools.formats.pieces import Piece, encode_definition
from vassal_tools.formats.traits import BasicPiece, Hideable, Labeler, Marker, Obscurable
from vassal_tools.games.play import build_chain
from vassal_tools.replay.chain import compare_positions, position_of, read_log
from vassal_tools.replay.state import GameState

OTHER_GAME = ROOT.parent / "shared" / "corpus" / "logs" / "tld__0606-1.vlog"


@pytest.fixture(scope="module")
def game(norway, tmp_path_factory):
    """Three logs that chain, a replayed second turn, and an edited save between logs."""
    folder = tmp_path_factory.mktemp("chain")
    g = Game(norway, folder)
    anna = g.writer(g.opening, "Anna")
    anna.step(anna.seat("German"))
    anna.step(anna.move("ger-138-gj-1", "4332"))
    anna.step(anna.roll("Naval Detection", 3))
    anna.save(folder / "1-anna.vlog")
    anna.save_position(folder / "1-end.vsav")

    bert = g.writer(folder / "1-end.vsav", "Bert")
    bert.step(bert.seat("Allied"))
    info = norway.info
    bert.step(bert.turn(TRACKER_ID, tracker_state(info, norway.assembly.scenario.first_turn, "allied-naval-movement")))
    bert.step(bert.roll("Air Detection", 2))
    bert.step(bert.move("ger-138-gj-1", "4432"))
    bert.save(folder / "2-bert.vlog")
    bert.save_position(folder / "2-end.vsav")

    # The same turn again from the same start, with other dice.
    again = g.writer(folder / "1-end.vsav", "Bert")
    again.step(again.seat("Allied"))
    again.step(again.roll("Air Detection", 9))
    again.save(folder / "2-bert-again.vlog")

    anna3 = g.writer(folder / "2-end.vsav", "Anna")
    anna3.step(anna3.roll("Naval Detection", 5))
    anna3.save(folder / "3-anna.vlog")
    anna3.save_position(folder / "3-end.vsav")

    # Between logs, Anna moves II/138 to 4332 and turns I/139 over, without logging either.
    anna3.move("ger-138-gj-2", "4332")
    anna3.flip("ger-139-gj-1")
    anna3.save_position(folder / "3-edited.vsav")
    bert4 = g.writer(folder / "3-edited.vsav", "Bert")
    bert4.step(bert4.roll("Air Detection", 4))
    bert4.save(folder / "4-bert-edited.vlog")

    bert4 = g.writer(folder / "3-end.vsav", "Bert")
    bert4.step(bert4.roll("Air Detection", 4))
    bert4.save(folder / "4-bert.vlog")
    return folder


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_whole_chain_exits_0(game, norway):
    logs = [game / "1-anna.vlog", game / "2-bert.vlog", game / "3-anna.vlog", game / "4-bert.vlog"]
    result = run("chain", *logs, "--module", norway.module)
    assert result.exit_code == 0, result.output
    assert "whole" in result.output and "NOT" not in result.output
    assert result.output.count("continues where the earlier log ended") == 3


def test_a_piece_moved_between_logs_is_named_by_unit_and_hex(game, norway):
    chain = build_chain([game / "3-anna.vlog", game / "4-bert-edited.vlog"], norway.module)
    assert not chain.whole
    (link,) = chain.links
    said = [d.words(link.earlier.label, link.later.label) for d in link.differences]
    # The game data names ger-138-gj-2 "II/138"; it waited in the Germany box of the set-up.
    moved = [s for s in said if s.startswith("II/138 was at ")]
    assert moved and moved[0].endswith("and at 4332 when Bert's log (4-bert-edited.vlog) began.")
    assert "when Anna's log (3-anna.vlog) ended" in moved[0]
    flipped = [d for d in link.differences if d.subject == "I/139"]
    assert [(d.kind, d.what) for d in flipped] == [("state", "layer Face")]
    assert flipped[0].after == "+ (reduced)"
    # Nothing else differs: no other piece, property or tracker.
    assert {d.subject for d in link.differences} - {"II/138", "I/139"} <= {
        d.subject for d in link.differences if d.kind == "stack"}
    assert [g.path.name for g in chain.gaps] == ["4-bert-edited.vlog"]


def test_a_replayed_turn_shows_both_logs_dice(game, norway):
    logs = [game / "1-anna.vlog", game / "2-bert.vlog", game / "2-bert-again.vlog"]
    result = run("chain", *logs, "--module", norway.module)
    assert result.exit_code == 1
    assert "Replayed turn: Bert's log (2-bert.vlog) and Bert's log (2-bert-again.vlog)" in result.output
    assert "step 3: Bert, Air Detection 2 | step 2: Bert, Air Detection 9" in result.output


def test_a_missing_log_is_a_gap(game, norway):
    result = run("chain", game / "1-anna.vlog", game / "3-anna.vlog", "--module", norway.module, "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["whole"] is False
    assert data["gaps"] == [str(game / "3-anna.vlog")]
    (link,) = data["links"]
    # Bert's missing log rolled Air Detection and moved I/138 from 4332 to 4432.
    words = [d["words"] for d in link["differences"]]
    assert any(w.startswith("I/138 was at 4332 when Anna's log (1-anna.vlog) ended, and at 4432") for w in words)
    assert any("Air Detection_result" in w for w in words)
    # The tracker's state in the module's words: the level names its TurnTracker shows.
    assert any(w.startswith("turn tracker ") and "'April #2 - Allied Naval Movement Phase' when Anna's log "
               "(3-anna.vlog) began" in w for w in words)


@pytest.mark.skipif(not OTHER_GAME.exists(), reason="corpus absent")
def test_a_log_of_another_game_is_set_aside(game, norway, tmp_path):
    logs = [game / "1-anna.vlog", OTHER_GAME, game / "2-bert.vlog"]
    chain = build_chain(logs, norway.module)
    assert [log.path.name for log in chain.other_game] == [OTHER_GAME.name]
    assert [link.verdict for link in chain.links] == ["continues"]
    assert not chain.whole
    page = tmp_path / "chain.html"
    result = run("chain", *logs, "--html", "-o", page)
    assert result.exit_code == 1 and "Another game" in page.read_text(encoding="utf-8")


def test_without_a_module_pieces_have_vassal_names(game):
    chain = build_chain([game / "3-anna.vlog", game / "4-bert-edited.vlog"])
    moved = [d for d in chain.links[0].differences if d.kind == "place"]
    assert len(moved) == 1 and moved[0].after.endswith("on Operational Map")


def test_compare_positions_of_the_same_state_is_empty(game):
    state = read_log(game / "2-bert.vlog")
    assert compare_positions(state.final, state.final) == []
    assert compare_positions(state.opening, state.final) != []


def test_bad_input_and_refusal_to_overwrite(game, tmp_path):
    log = game / "1-anna.vlog"
    result = run("chain", log, game / "nope.vlog")
    assert result.exit_code == 2 and "nope.vlog" in result.output and "Traceback" not in result.output
    before = log.read_bytes()
    result = run("chain", log, game / "2-bert.vlog", "--html", "-o", log)
    assert result.exit_code == 2 and log.read_bytes() == before
    result = run("chain", log, "--html")
    assert result.exit_code == 2


def test_position_of_leaves_out_the_stacks_replay_makes(game):
    log = read_log(game / "1-anna.vlog")
    assert all("/stack" not in piece_id for piece_id in log.final.pieces)


def test_logs_out_of_order_say_which_log_they_follow(game):
    chain = build_chain([game / "2-bert.vlog", game / "1-anna.vlog", game / "3-anna.vlog"])
    first, second = chain.links
    assert first.verdict == "differs" and second.verdict == "differs"
    assert second.starts_after is not None and second.starts_after.path.name == "2-bert.vlog"
    assert not chain.gaps  # every log but the first opens where some log ends
    sorted_chain = build_chain([game / "2-bert.vlog", game / "1-anna.vlog"], sort=True)
    assert [log.path.name for log in sorted_chain.logs] == ["2-bert.vlog", "1-anna.vlog"]  # equal times: as given


def test_hidden_and_masked_pieces_are_named_by_player_never_by_password():
    piece = Piece([Hideable.new(), Obscurable.new(), BasicPiece.new(name="Scout")])
    piece.basic.map, piece.basic.x, piece.basic.y = "Main Map", 100, 200

    def state(hidden_by: str | None, masked_by: str | None) -> GameState:
        placed = piece.copy()
        placed.first(Hideable).hidden_by = hidden_by
        placed.first(Obscurable).state = f"{masked_by or 'null'};"
        game = GameState()
        for command in (encode_definition(placed, "7"), "PLAYER\tanna-pw\tAnna\tGerman"):
            game.apply(parse_single(command))
        return game

    before, after = position_of(state(None, None)), position_of(state("anna-pw", "anna-pw"))
    said = [d.words("the first log", "the second log") for d in compare_positions(before, after)]
    assert said == ["Scout was not hidden when the first log ended, and hidden by Anna when the second log began.",
                    "Scout was not masked when the first log ended, and masked by Anna when the second log began."]
    assert not any("anna-pw" in s for s in said)


def test_sort_orders_the_logs_by_their_save_time(game, tmp_path):
    first = dated(game / "1-anna.vlog", 1_700_000_000_000, tmp_path / "x.vlog")
    second = dated(game / "2-bert.vlog", 1_700_000_500_000, tmp_path / "y.vlog")
    third = dated(game / "3-anna.vlog", 1_700_001_000_000, tmp_path / "z.vlog")
    result = run("chain", third, first, second, "--sort")
    assert result.exit_code == 0, result.output
    assert result.output.index("x.vlog") < result.output.index("y.vlog") < result.output.index("z.vlog")
    assert "saved 2023-11-14 22:13 UTC" in result.output  # 1,700,000,000 s after 1970
    assert run("chain", third, first, second).exit_code == 1


def test_labels_and_marker_properties_are_compared():
    piece = Piece([Labeler.new("Kampfgruppe"), Marker.new({"Morale": "high", "Side": "German"}),
                   BasicPiece.new(name="HQ")])
    piece.basic.map, piece.basic.x, piece.basic.y = "Main Map", 10, 20

    def position(label: str, morale: str):
        placed = piece.copy()
        placed.first(Labeler).state = label
        placed.first(Marker).state = f"{morale},German"
        game = GameState()
        game.apply(parse_single(encode_definition(placed, "9")))
        return position_of(game)

    found = compare_positions(position("Kampfgruppe", "high"), position("KG Nord", "low"))
    assert [(d.subject, d.what, d.before, d.after) for d in found] == [
        ("HQ", "its label", "Kampfgruppe", "KG Nord"), ("HQ", "its Morale", "high", "low")]
    assert found[0].words("A", "B") == "HQ: its label was 'Kampfgruppe' when A ended, and 'KG Nord' when B began."
