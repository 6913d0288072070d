"""Replaying logs: the board after every step, checked on VASSAL's own logs and on hand-made commands.

The corpus logs were written by VASSAL clients, which record in every ``M/`` where
the piece was and which piece lay under it in its stack just before the move:
replaying the log must have put it exactly there. Undo must give back the state
of the game without the undone step.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CORPUS
from vassal_tools.formats.commands import MovePiece, parse_single
from vassal_tools.formats.pieces import Piece, encode_definition
from vassal_tools.formats.sequence import escape_token
from vassal_tools.formats.traits import BasicPiece, Embellishment, Hideable, Obscurable
from vassal_tools.formats.traits.encoding import join_pair, split_pair
from vassal_tools.replay.piecetypes import _split_plain
from vassal_tools.replay.replayer import Replayer
from vassal_tools.replay.state import GameState

LOGS = CORPUS / "logs"
TLD = sorted(LOGS.glob("tld__*.vlog")) if LOGS.exists() else []
needs_corpus = pytest.mark.skipif(not TLD, reason="../shared/corpus is absent")


def _under(state: GameState, piece) -> str | None:
    holder = piece.parent
    if holder is None:
        return None
    index = holder.children.index(piece)
    return holder.children[index - 1].id if index > 0 else None


def check_consistent(state: GameState) -> None:
    """Every piece is in at most one place; containers and their members agree."""
    seen: set[str] = set()
    for map_name, tops in state.maps.items():
        for top in tops:
            assert top.parent is None and top.map == map_name, top
            assert top.id not in seen, f"{top.id} twice on the maps"
            seen.add(top.id)
    for piece in state.pieces.values():
        if piece.children is None:
            continue
        for child in piece.children:
            assert child.parent is piece, (child, piece)
            assert child.id not in seen, f"{child.id} in two places"
            seen.add(child.id)


@needs_corpus
@pytest.mark.parametrize("path", TLD, ids=lambda p: p.name)
def test_every_move_puts_the_piece_where_it_says(path):
    replay = Replayer(path)
    state = replay.restore()
    moves = 0
    for step in replay.step_list:
        for command in step.commands:
            moved = state.get(command.id) if isinstance(command, MovePiece) and command.new_map else None
            # A stack that joins another stack hands its pieces over and stays behind, empty.
            pieces = [] if moved is None else [moved] if moved.children is None else list(moved.children)
            state.apply(command)
            for piece in pieces:
                assert tuple(piece.spot) == (command.new_map, command.new_x, command.new_y), \
                    f"step {step.number}: {command.raw}"
                moves += 1
        if step.number % 100 == 0:
            check_consistent(state)
    check_consistent(state)
    assert moves > 40


@needs_corpus
@pytest.mark.parametrize("name", ["tld__0607-3.vlog", "tld__0610-7.vlog"])
def test_the_writer_saw_the_pieces_where_the_replay_has_them(name):
    """Each M/ names the old spot and the piece underneath, as the writing client had them."""
    replay = Replayer(LOGS / name)
    state = replay.restore()
    checked = 0
    for step in replay.step_list:
        for command in step.commands:
            piece = state.get(command.id) if isinstance(command, MovePiece) else None
            if piece is not None and command.old_map is not None:
                where = (command.old_map, command.old_x, command.old_y, command.old_under)
                assert (*piece.spot, _under(state, piece)) == where, f"step {step.number}: {command.raw}"
                checked += 1
            state.apply(command)
    assert checked > 40


@needs_corpus
def test_undo_gives_back_the_game_without_the_undone_step():
    path = LOGS / "tld__0606-1.vlog"
    replay = Replayer(path)
    undos = {s.number: s.undoes for s in replay.step_list if s.undoes}
    assert len(undos) == 3
    snapshots = {}
    for done in replay.steps():
        if done.step.number in undos or done.step.number in undos.values():
            snapshots[done.step.number] = done.state.snapshot()
        if done.step.number >= max(undos):
            break
    for undo, undone in undos.items():
        without = Replayer(path, skip={undo, undone}).state_at(undo).snapshot()
        assert snapshots[undo] == without
        assert snapshots[undone] != without  # the undone step did change something


@needs_corpus
def test_state_at_goes_back_and_forth():
    replay = Replayer(LOGS / "tld__0610-2.vlog")
    later = replay.state_at(50).snapshot()
    earlier = replay.state_at(10).snapshot()
    assert replay.state_at(50).snapshot() == later != earlier


# ------------------------------------------------------------------------------ hand-made commands

PIECE = "piece;;;{0}.png;{0}"


def game(*raws: str) -> GameState:
    state = GameState()
    for raw in raws:
        state.apply(parse_single(raw))
    return state


def add(pid: str, name: str, where: str) -> str:
    return f"+/{pid}/{PIECE.format(name)}/{where};;0"


def stack(sid: str, where: str, *members: str) -> str:
    return f"+/{sid}/stack/{where};{';'.join(members)};@@0"


def move(pid: str, to: str, under: str = "null", frm: str = "null/0/0", old_under: str = "null") -> str:
    return f"M/{pid}/{to}/{under}/{frm}/{old_under}/pw"


def members(state: GameState, sid: str) -> list[str]:
    return [p.id for p in state[sid].children]


def opening() -> list[str]:
    return [add("a", "A", "Main;100;100"), add("b", "B", "Main;100;100"), add("c", "C", "Main;100;100"),
            stack("s", "Main;100;100", "a", "b", "c"), add("d", "D", "Main;200;100"), stack("t", "Main;200;100", "d")]


def test_a_stack_state_gathers_its_members():
    state = game(*opening())
    assert members(state, "s") == ["a", "b", "c"]
    assert tuple(state["b"].spot) == ("Main", 100, 100)
    assert [p.id for p in state.on_map("Main")] == ["a", "b", "c", "d"]


def test_a_move_onto_a_piece_lands_just_above_it():
    state = game(*opening(), move("d", "Main/100/100", under="a"))
    assert members(state, "s") == ["a", "d", "b", "c"]
    assert members(state, "t") == []


def test_a_move_within_a_stack_follows_the_piece_underneath():
    """The writer computes newUnderneathId after its move: the piece ends just above it."""
    state = game(*opening(), move("c", "Main/100/100", under="a", frm="Main/100/100", old_under="b"))
    assert members(state, "s") == ["a", "c", "b"]


def test_a_move_without_a_piece_underneath_goes_to_the_bottom():
    state = game(*opening(), move("d", "Main/100/100"))
    assert members(state, "s") == ["d", "a", "b", "c"]


def test_a_move_to_an_empty_spot_stands_alone_and_a_new_stack_takes_it():
    state = game(*opening(), move("b", "Main/300/100", frm="Main/100/100", old_under="a"),
                 stack("u", "Main;300;100", "b"))
    assert members(state, "s") == ["a", "c"]
    assert members(state, "u") == ["b"] and tuple(state["b"].spot) == ("Main", 300, 100)


def test_moving_a_stack_moves_its_pieces_and_merges_them_on_top():
    state = game(*opening(), move("t", "Main/100/100"))
    assert members(state, "s") == ["a", "b", "c", "d"]


def test_a_move_to_no_map_takes_the_piece_off_the_map():
    state = game(*opening(), "M/b/null/0/0/null/Main/100/100/a/pw")
    assert state["b"].spot.map is None
    assert members(state, "s") == ["a", "c"]


def test_a_state_naming_another_map_takes_the_piece_out_of_its_stack():
    state = game(*opening(), "D/b/Other;5;6;;0")
    assert members(state, "s") == ["a", "c"]
    assert tuple(state["b"].spot) == ("Other", 5, 6) and state["b"] in state.maps["Other"]


def test_a_null_map_in_a_state_leaves_the_piece_where_it_is_shown():
    """VASSAL 3.0 wrote ``null`` for pieces on maps; their next M/ moves them from there."""
    state = game(*opening(), "D/b/null;100;100;;0")
    assert members(state, "s") == ["a", "b", "c"]


def test_deleting_a_stack_leaves_its_pieces_at_its_spot_but_off_the_map():
    state = game(*opening(), "-/s")
    assert tuple(state["a"].spot) == ("Main", 100, 100)
    assert [p.id for p in state.on_map("Main")] == ["d"]


def test_deleting_a_piece_takes_it_out_of_its_stack():
    state = game(*opening(), "-/b")
    assert members(state, "s") == ["a", "c"] and state.get("b") is None


def test_begin_save_clears_the_game_and_components_are_kept():
    state = game(*opening(), "MutableProperty\tWeatherNorth\tclear\tfoul\tModule", "TURNTurnTracker0\t0|1;0",
                 "PLAYER\tpw\tAnna\tGerman", "Main MapBoardPicker\tplain\t0\t0")
    assert state.property("WeatherNorth") == "foul" and state.turns == {"TurnTracker0": "0|1;0"}
    assert state.side_of_player("Anna") == "German" and state.boards["Main Map"][0].name == "plain"
    state.apply(parse_single("begin_save"))
    assert not state.pieces and not state.properties and not state.maps


def test_layers_hidden_and_masked_pieces_are_read_from_the_state():
    piece = Piece([Hideable.new(), Obscurable.new(), Embellishment.new(["front.png", "back.png"], ["", "+ reduced"],
                                                                      "Face"), BasicPiece.new("", "X")])
    piece.basic.map, piece.basic.x, piece.basic.y = "Main", 1, 1
    piece.first(Embellishment).value = 2
    state = game(encode_definition(piece, "x"))
    x = state["x"]
    assert x.hidden_by is None and x.masked_by is None
    assert [(layer.layer_name, layer.level) for layer in x.piece.layers] == [("Face", 1)]
    changed = piece.copy()
    changed.first(Hideable).hidden_by = "alice"
    changed.first(Obscurable).state = "alice;"
    changed.first(Embellishment).value = 1
    state.apply(parse_single(f"D/x/{escape_token(changed.state, '/')}/{escape_token(piece.state, '/')}"))
    assert (x.hidden_by, x.masked_by) == ("alice", "alice")
    assert x.piece.layers[0].level == 0


# ------------------------------------------------------------------------------ splitting states


def _decoder_split(state: str, depth: int) -> list:
    out, value = [], state
    for _ in range(depth - 1):
        own, value = split_pair(value)
        out.append(own)
    return out + [value]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ab;\t\\'", max_size=6), min_size=1, max_size=6))
def test_the_quick_split_agrees_with_the_decoder_or_declines(own_states):
    """Nested as VASSAL nests them (4.1), a chain state splits back into its own states."""
    state = own_states[-1]
    for own in reversed(own_states[:-1]):
        state = join_pair(own, state)
    quick = _split_plain(state, len(own_states))
    assert quick is None or quick == _decoder_split(state, len(own_states))
    if not any(c in "".join(own_states) for c in "\t\\'"):
        assert quick == own_states  # plain states always take the quick way
