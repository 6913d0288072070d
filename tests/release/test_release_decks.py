"""refresh and decks: settings rebuilt from the module's DrawPile, contents kept, missing cards listed or added.

The expected deck settings come from the DrawPile attributes the tests write (VASSAL's
DrawPile.setAttribute names), and the corpus saves' decks are VASSAL-written: a
DrawPile holding a real deck's settings must give back that deck's type byte for byte.
"""

from __future__ import annotations

import json
from copy import deepcopy

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from vassal_tools.cli import main
from vassal_tools.formats.commands import AddPiece, ChangePiece, LogCommand, encode_commands, walk
from vassal_tools.formats.files import open_file
from vassal_tools.formats.mapviews import Deck as DrawPile
from vassal_tools.formats.moduleviews import PieceSlot
from vassal_tools.formats.sequence import decode
from vassal_tools.formats.traits import Deck, Stack
from vassal_tools.release.decks import deck_type
from vassal_tools.release.refresh import refresh_game

KASSALA = CORPUS / "modules" / "kassala__Kassala.vmod"
KASSALA_SAVE = CORPUS / "saves" / "kassala__Default_Setup.vsav"
CARD_SLOT = "VASSAL.build.widget.CardSlot"
DGKC = "VASSAL.build.module.map.DeckGlobalKeyCommand"

#: Each Deck type field, in type order, with the DrawPile attribute VASSAL's editor writes it to
#: (DrawPile.getAttributeValueString); global commands are DeckGlobalKeyCommand children.
ATTRIBUTES_IN_TYPE_ORDER = [
    "draw", "color", "width", "height", "faceDown", "shuffle", "allowMultiple", "allowSelect", "reversible",
    "reshuffleCommand", "reshuffleTarget", "reshuffleMessage", "name", "shuffleFormat", "reverseFormat",
    "faceDownFormat", "drawFaceUp", "canSave", "shuffleHotkey", "reshuffleHotkey", "maxStack", "countExpressions",
    "expressionCounting", None, "hotkeyOnEmpty", "emptyHotkey", "selectDisplayProperty", "selectSortProperty",
    "restrictOption", "restrictExpression", "shuffleCommand", "reverseCommand", "reverseHotkey",
    "drawMultipleMessage", "drawSpecificMessage", "faceUpMessage", "faceDownMessage", "faceUpHotkey",
    "faceUpReportFormat", "faceFlipHotkey", "faceDownHotkey", "saveMessage", "saveHotkey", "saveReportFormat",
    "loadMessage", "loadHotkey", "loadReportFormat", "deckRestrictAccess", "deckOwners",
]
DGKC_ATTRIBUTES = ["name", "hotkey", "filter", "deckCount", "reportFormat", None, "target", "reportSingle",
                   "suppressSounds", "parameters"]


def _pile_from_deck(deck: Deck) -> DrawPile:
    """The DrawPile VASSAL's editor would write for a deck of this type."""
    fields = deck.tokens()
    attributes = {name: value for name, value in zip(ATTRIBUTES_IN_TYPE_ORDER, fields) if name is not None}
    attributes["reshufflable"] = "true" if attributes.get("reshuffleTarget") else "false"
    pile = DrawPile.new(attributes)
    commands = fields[23] if len(fields) > 23 else ""
    for encoded in (decode(commands, ",") if commands else []):
        values = dict(zip(DGKC_ATTRIBUTES, decode(encoded, "|")))
        values.pop(None, None)
        pile.append(DrawPile.new(values, tag=DGKC))
    return pile


def _real_decks():
    out = []
    for name in ("pog__Historical10-8.vsav", "ftp__1861-3-5.vsav"):
        path = CORPUS / "saves" / name
        if not path.exists():
            continue
        for command in walk(open_file(path).commands):
            if isinstance(command, AddPiece) and command.type.startswith("deck;"):
                out.append(pytest.param(command.type, id=f"{name}:{Deck(command.type).deck_name}"))
    return out or [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus absent"))]


@pytest.mark.parametrize("written", _real_decks())
def test_a_drawpile_with_a_real_decks_settings_gives_back_its_type_byte_for_byte(written):
    assert deck_type(_pile_from_deck(Deck(written))) == written


def test_refresh_against_a_module_of_its_own_decks_changes_nothing(tmp_path):
    """Paths of Glory's 13 and For the People's 8 VASSAL-written decks (their modules are not in the corpus)."""
    for name in ("pog__Historical10-8.vsav", "ftp__1861-3-5.vsav"):
        save = CORPUS / "saves" / name
        if not save.exists():
            pytest.skip("../shared/corpus absent")
        game = open_file(save)
        decks = [c for c in walk(game.commands) if isinstance(c, AddPiece) and c.type.startswith("deck;")]
        module = open_file(KASSALA)
        map_view = module.buildfile.maps[0]
        map_view.element.set("mapName", Deck(decks[0].type, decks[0].state).map or "")
        for command in decks:
            map_view.append(_pile_from_deck(Deck(command.type)))
        made = tmp_path / f"{name}.vmod"
        module.save(made)
        out = tmp_path / f"out-{name}"
        # Kassala's module carrying the save's decks is another game's module on purpose.
        result = refresh_game(save, made, out, allow_mismatch=True)
        assert len(result.decks) == len(decks)
        assert all(d.matched is not None and not d.changes for d in result.decks)
        assert open_file(out).stream == game.stream


# -- a module whose DrawPile changes, a save with its deck ---------------------------------------


def _kassala_with_pile(path, attributes: dict[str, str], cards: list[str], extra_piles=()) -> tuple[str, str]:
    """Kassala with a DrawPile of copies of its first piece (gpids ``cards``); returns map id and board."""
    module = open_file(KASSALA)
    map_view = module.buildfile.maps[0]
    board = map_view.boards[0].name
    slot = map_view.setup_stacks[0].piece_slots[0]
    for pile_attributes, gpids in [(attributes, cards), *extra_piles]:
        pile = map_view.append(DrawPile.new({"owningBoard": board, **pile_attributes}))
        for gpid in gpids:
            card = PieceSlot.new({"entryName": f"Card {gpid}", "gpid": gpid},
                                 slot.text.replace(f";{slot.gpid};", f";{gpid};"), tag=CARD_SLOT)
            pile.append(card)
    module.buildfile.next_piece_slot_id = 2000
    module.save(path)
    return map_view.identifier, board


def _save_with_deck(path, map_id: str, x: int, y: int, face_down: bool, cards: list[str],
                    steps: list[str] = ()) -> list[str]:
    """Kassala's setup plus a deck 'Events' at x, y holding one card per gpid (bottom first), and the
    given log steps after it; returns card ids."""
    game = open_file(KASSALA_SAVE)
    template = next(c for c in walk(game.commands) if isinstance(c, AddPiece) and c.type != "stack")
    pieces = []
    ids = []
    for n, gpid in enumerate(cards):
        piece = template.piece()
        piece.basic.map, piece.basic.x, piece.basic.y, piece.basic.gpid = map_id, x, y, gpid
        ident = str(900000 + n)
        ids.append(ident)
        pieces.append(AddPiece(f"+/{ident}/{piece.type}/{piece.state}", ident, piece.type, piece.state or ""))
    deck = Deck.new(deck_name="Events", face_down_option="Always", shuffle_option="Always", reversible=False)
    deck.map, deck.x, deck.y = map_id, x, y
    deck.face_down = face_down
    deck.children = ids
    pieces.append(AddPiece(f"+/900100/{deck.type}/{deck.state}", "900100", deck.type, deck.state or ""))
    end = next(i for i, c in enumerate(game.commands) if getattr(c, "raw", None) == "end_save")
    game.commands[end:end] = pieces
    game.commands += [LogCommand(ChangePiece.parse(step)) for step in steps]
    game.stream = encode_commands(game.commands)
    game.save(path)
    return ids


def _decks(path) -> list[AddPiece]:
    return [c for c in walk(open_file(path).commands) if isinstance(c, AddPiece) and c.type.startswith("deck;")]


def _piece_count(path) -> int:
    return sum(1 for c in walk(open_file(path).commands)
               if isinstance(c, AddPiece) and c.type != "stack" and not c.type.startswith("deck;"))


NEW_SETTINGS = {"name": "Events", "x": "300", "y": "200", "faceDown": "Never", "shuffle": "Never",
                "reversible": "true", "allowMultiple": "false", "drawFaceUp": "true", "maxStack": "3",
                "deckRestrictAccess": "true", "deckOwners": "Allies,Axis", "shuffleCommand": "Mix"}


def test_refresh_rebuilds_a_decks_settings_and_keeps_its_cards_order_and_face(tmp_path):
    if not KASSALA_SAVE.exists():
        pytest.skip("../shared/corpus absent")
    module = tmp_path / "v2.vmod"
    map_id, _ = _kassala_with_pile(module, NEW_SETTINGS, ["901", "902"])
    save = tmp_path / "game.vsav"
    ids = _save_with_deck(save, map_id, 300, 200, face_down=True, cards=["902", "901"])
    result = refresh_game(save, module, tmp_path / "out.vsav")
    deck = Deck(_decks(tmp_path / "out.vsav")[0].type, _decks(tmp_path / "out.vsav")[0].state)
    assert (deck.deck_name, deck.face_down_option, deck.shuffle_option, deck.reversible) == \
        ("Events", "Never", "Never", True)
    assert (deck.allow_multiple_draw, deck.draw_face_up, deck.max_stack) == (False, True, 3)
    assert (deck.restrict_access, deck.owners, deck.shuffle_command) == (True, ["Allies", "Axis"], "Mix")
    # What the game owns stays: the cards, their order, the face-down state the players left, the place.
    assert deck.children == ids and deck.face_down is True and (deck.map, deck.x, deck.y) == (map_id, 300, 200)
    assert _piece_count(tmp_path / "out.vsav") == _piece_count(save)
    [report] = result.to_json()["decks"]
    changed = {c["setting"]: (c["old"], c["new"]) for c in report["changes"]}
    assert changed["face_down_option"] == ("Always", "Never") and changed["reversible"] == (False, True)
    assert changed["owners"] == ([], ["Allies", "Axis"]) and "deck_name" not in changed
    assert report["drawpile"] == f"DrawPile 'Events' on map {map_id!r}" and "moved" not in report


def test_refresh_moves_a_deck_with_its_cards_to_where_the_drawpile_now_is(tmp_path):
    if not KASSALA_SAVE.exists():
        pytest.skip("../shared/corpus absent")
    module = tmp_path / "v2.vmod"
    map_id, _ = _kassala_with_pile(module, dict(NEW_SETTINGS, x="420", y="130"), ["901"])
    save = tmp_path / "game.vlog"
    # A later step turns the deck face down: it must happen where the deck now is.
    step = f"D/900100/{map_id};300;200;true;900000/{map_id};300;200;false;900000"
    ids = _save_with_deck(save, map_id, 300, 200, face_down=False, cards=["901"], steps=[step])
    result = refresh_game(save, module, tmp_path / "out.vlog")
    assert result.decks[0].moved == {"old": [map_id, 300, 200], "new": [map_id, 420, 130]}
    out = open_file(tmp_path / "out.vlog")
    [change] = [c for c in walk(out.commands) if isinstance(c, ChangePiece)]
    assert (change.new_state, change.old_state) == (f"{map_id};420;130;true;900000", f"{map_id};420;130;false;900000")
    deck = Deck(_decks(tmp_path / "out.vlog")[0].type, _decks(tmp_path / "out.vlog")[0].state)
    # Kassala's one board sits at 0,0 on a map without edge: board x, y is the map position.
    assert (deck.x, deck.y, deck.face_down, deck.children) == (420, 130, False, ids)
    card = next(c for c in walk(out.commands) if isinstance(c, AddPiece) and c.id == ids[0]).piece().basic
    assert (card.map, card.x, card.y) == (map_id, 420, 130)


def test_a_deck_no_drawpile_matches_is_kept_as_it_was_and_listed(tmp_path):
    if not KASSALA_SAVE.exists():
        pytest.skip("../shared/corpus absent")
    module = tmp_path / "v2.vmod"
    map_id, _ = _kassala_with_pile(module, dict(NEW_SETTINGS, name="Other"), [])
    save = tmp_path / "game.vsav"
    _save_with_deck(save, map_id, 300, 200, face_down=True, cards=["901"])
    result = refresh_game(save, module, tmp_path / "out.vsav")
    assert result.decks[0].matched is None
    assert _decks(tmp_path / "out.vsav")[0].raw == _decks(save)[0].raw


def test_missing_cards_are_listed_and_only_added_on_request(tmp_path):
    """#12927: a card the new module adds to a deck, and a new deck, reach the game with --add-missing."""
    if not KASSALA_SAVE.exists():
        pytest.skip("../shared/corpus absent")
    module = tmp_path / "v2.vmod"
    map_id, _ = _kassala_with_pile(module, NEW_SETTINGS, ["901", "902", "903"],
                                   extra_piles=[({"name": "Reserve", "x": "50", "y": "60", "faceDown": "Always"},
                                                 ["911", "912"])])
    save = tmp_path / "game.vsav"
    ids = _save_with_deck(save, map_id, 300, 200, face_down=True, cards=["901", "902"])
    before = _piece_count(save)

    listed = refresh_game(save, module, tmp_path / "listed.vsav")
    assert {g.name: [s.gpid for s in g.missing] for g in listed.missing} == {"Events": ["903"], "Reserve": ["911", "912"]}
    assert _piece_count(tmp_path / "listed.vsav") == before and listed.added == 0

    added = refresh_game(save, module, tmp_path / "added.vsav", add_missing=True)
    assert added.added == 3 and _piece_count(tmp_path / "added.vsav") == before + 3
    out = open_file(tmp_path / "added.vsav")
    decks = {Deck(c.type).deck_name: Deck(c.type, c.state) for c in _decks(tmp_path / "added.vsav")}
    by_id = {c.id: c for c in walk(out.commands) if isinstance(c, AddPiece)}
    events = decks["Events"]
    assert events.children[:2] == ids and len(events.children) == 3  # the new card on top
    new_card = by_id[events.children[2]].piece().basic
    assert (new_card.gpid, new_card.map, new_card.x, new_card.y) == ("903", map_id, 300, 200)
    reserve = decks["Reserve"]
    assert (reserve.map, reserve.x, reserve.y, reserve.face_down) == (map_id, 50, 60, True)
    assert [by_id[i].piece().basic.gpid for i in reserve.children] == ["911", "912"]
    assert len({c.id for c in walk(out.commands) if isinstance(c, AddPiece)}) == \
        len([c for c in walk(out.commands) if isinstance(c, AddPiece)])  # every id unique
    again = refresh_game(tmp_path / "added.vsav", module, tmp_path / "again.vsav", add_missing=True)
    assert again.missing == [] and again.added == 0

    whole = refresh_game(save, module, tmp_path / "whole.vsav", add_missing=True, whole_only=True)
    assert [g.name for g in whole.missing] == ["Reserve"] and whole.added == 2


def test_cli_refresh_reports_decks_and_missing_pieces(tmp_path):
    if not KASSALA_SAVE.exists():
        pytest.skip("../shared/corpus absent")
    module = tmp_path / "v2.vmod"
    map_id, _ = _kassala_with_pile(module, NEW_SETTINGS, ["901", "902", "903"])
    save = tmp_path / "game.vsav"
    _save_with_deck(save, map_id, 300, 200, face_down=True, cards=["901", "902"])
    runner = CliRunner()
    text = runner.invoke(main, ["refresh", str(save), "--module", str(module), "-o", str(tmp_path / "a.vsav")])
    assert text.exit_code == 0, text.output
    assert "face_down_option: 'Always' -> 'Never'" in text.output
    assert "- Card 903 (gpid 903)" in text.output and "use --add-missing" in text.output
    done = runner.invoke(main, ["refresh", str(save), "--module", str(module), "-o", str(tmp_path / "b.vsav"),
                                "--add-missing", "--json"])
    summary = json.loads(done.output)["summary"]
    assert (summary["decks"], summary["decks_changed"], summary["missing"], summary["added"]) == (1, 1, 1, 1)
    bad = runner.invoke(main, ["refresh", str(save), "--module", str(tmp_path / "nope.vmod"), "-o",
                               str(tmp_path / "c.vsav")])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
    alone = runner.invoke(main, ["refresh", str(save), "--module", str(module), "-o", str(tmp_path / "d.vsav"),
                                 "--only-whole"])
    assert alone.exit_code == 2 and len(alone.output.strip().splitlines()) == 1 and "--add-missing" in alone.output
    assert not (tmp_path / "d.vsav").exists()


def test_a_copied_drawpile_gets_every_global_key_command(tmp_path):
    """Deck Global Key Commands become the type's global command list, in document order."""
    pile = DrawPile.new({"name": "D"})
    pile.append(DrawPile.new({"name": "Draw 2", "hotkey": "65,130", "deckCount": "2", "filter": "Side=A",
                              "reportSingle": "false", "suppressSounds": "true", "parameters": "n=1"}, tag=DGKC))
    pile.append(deepcopy(pile.element[0]))
    # An older module's command: the fields it has, an absent deck count read as VASSAL reads it ("0").
    pile.append(DrawPile.new({"name": "Old", "hotkey": "66,130"}, tag=DGKC))
    commands = Deck(deck_type(pile)).global_commands
    assert commands == ["Draw 2|65,130|Side=A|2||Draw 2||false|true|n=1"] * 2 + ["Old|66,130||0||Old"]


def test_a_piece_added_to_an_existing_at_start_stack_joins_the_games_stack_there(tmp_path):
    """Kassala's setup save has every at-start piece where its stack puts it; a piece the new version
    adds to the first stack is listed, and with --add-missing goes on top of the game's stack there."""
    if not KASSALA_SAVE.exists():
        pytest.skip("../shared/corpus absent")
    module = open_file(KASSALA)
    map_view = module.buildfile.maps[0]
    stack = map_view.setup_stacks[0]
    slot = stack.piece_slots[0]
    stack.append(PieceSlot.new({"entryName": "Extra", "gpid": "950"}, slot.text.replace(f";{slot.gpid};", ";950;")))
    module.buildfile.next_piece_slot_id = 2000
    crafted = tmp_path / "crafted.vmod"
    module.save(crafted)
    game = open_file(KASSALA_SAVE)
    holder = next(c for c in walk(game.commands) if isinstance(c, AddPiece) and c.type == "stack"
                  and any(p.id in c.state.split(";") for p in walk(game.commands)
                          if isinstance(p, AddPiece) and p.type != "stack" and p.piece().basic.gpid == slot.gpid))
    members = holder.state.split(";")

    listed = refresh_game(KASSALA_SAVE, crafted, tmp_path / "listed.vsav")
    assert [(g.name, [s.gpid for s in g.missing], g.slots) for g in listed.missing] == \
        [(stack.name, ["950"], len(stack.piece_slots))]
    whole = refresh_game(KASSALA_SAVE, crafted, tmp_path / "whole.vsav", add_missing=True, whole_only=True)
    assert whole.missing == [] and _piece_count(tmp_path / "whole.vsav") == _piece_count(KASSALA_SAVE)

    added = refresh_game(KASSALA_SAVE, crafted, tmp_path / "added.vsav", add_missing=True)
    [group] = added.missing
    assert group.into == "existing stack" and [p["gpid"] for p in group.added] == ["950"]
    out = open_file(tmp_path / "added.vsav")
    after = next(c for c in walk(out.commands) if isinstance(c, AddPiece) and c.id == holder.id)
    new_id = group.added[0]["id"]
    assert Stack(after.type, after.state).children == Stack(holder.type, holder.state).children + [new_id]
    assert _piece_count(tmp_path / "added.vsav") == _piece_count(KASSALA_SAVE) + 1
    piece = next(c for c in walk(out.commands) if isinstance(c, AddPiece) and c.id == new_id).piece().basic
    stack_map, stack_x, stack_y = members[:3]
    assert (piece.map, str(piece.x), str(piece.y), piece.gpid) == (stack_map, stack_x, stack_y, "950")
    ids = [c.id for c in walk(out.commands) if isinstance(c, AddPiece)]
    assert ids.index(new_id) < ids.index(holder.id)  # the piece exists before the stack that lists it


def test_a_deck_written_by_an_older_vassal_with_the_same_settings_keeps_its_text(tmp_path):
    """A shorter deck type (fields VASSAL added later left out) read as the same settings is not rewritten."""
    if not KASSALA_SAVE.exists():
        pytest.skip("../shared/corpus absent")
    module = tmp_path / "v2.vmod"
    map_id, _ = _kassala_with_pile(module, {"name": "Events", "x": "300", "y": "200", "faceDown": "Always",
                                            "shuffle": "Always", "reversible": "false"}, ["901"])
    save = tmp_path / "game.vsav"
    _save_with_deck(save, map_id, 300, 200, face_down=True, cards=["901"])
    game = open_file(save)
    deck = next(c for c in walk(game.commands) if isinstance(c, AddPiece) and c.type.startswith("deck;"))
    short = ";".join(deck.type.split(";")[:24])  # up to the counting expressions, as VASSAL 3.1 wrote
    assert Deck(short).values() == Deck(deck.type).values()
    deck.raw, deck.type = deck.raw.replace(deck.type, short), short
    game.stream = encode_commands(game.commands)
    game.save(tmp_path / "old.vsav")
    result = refresh_game(tmp_path / "old.vsav", module, tmp_path / "out.vsav")
    assert result.decks[0].matched and result.decks[0].changes == []
    assert _decks(tmp_path / "out.vsav")[0].raw == _decks(tmp_path / "old.vsav")[0].raw
