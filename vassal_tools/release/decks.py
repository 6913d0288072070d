"""Refresh a game's decks from the module's DrawPiles, as VASSAL 3.6+'s "Refresh decks" does.

A deck in a save is one ``+/id/deck;TYPE/STATE`` (vassal-formats.md 4.5). Its type is
everything the module's DrawPile defines (name, face-down and shuffle options,
reversible, draw options, commands, keys, report formats, counting expressions, Deck
Global Key Commands, owners ...): VASSAL's DrawPile keeps it in a "dummy" Deck, fills
it from the DrawPile's attributes (``DrawPile.setAttribute``) and gives each new deck
that dummy's ``getType()``. The state ``mapId;x;y;faceDown;id,id,...`` is the game's:
which cards are in the deck, in which order, and whether a player turned the deck
face down or up.

:func:`refresh_decks` does what ``GameRefresher`` does with "Refresh decks": each game
deck is matched to a DrawPile by name (``findDrawPile``: one whose owning board the
game shows, preferring one on the deck's own map), takes the DrawPile's type whole
(``Deck.myRefreshType``), and is put at the DrawPile's position (the cards in it too).
Its contents, their order and its face-down state are kept. A deck that matches no
DrawPile is kept as it was and listed (VASSAL's optional deletion is never done).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput
from ..formats.commands import AddPiece, ChangePiece, Command, walk
from ..formats.pieces import decode_piece
from ..formats.sequence import encode
from ..formats.traits import Deck
from ..formats.traits.encoding import join
from ..geometry.from_module import ModuleGeometry

#: DrawPile attribute -> the Deck type field it sets (DrawPile.setAttribute).
ATTRIBUTE_FIELDS = {
    "width": "width", "height": "height", "faceDown": "face_down_option", "drawFaceUp": "draw_face_up",
    "canSave": "persistable", "shuffle": "shuffle_option", "reversible": "reversible",
    "allowMultiple": "allow_multiple_draw", "allowSelect": "allow_select_draw",
    "selectDisplayProperty": "select_display_property", "selectSortProperty": "select_sort_property",
    "draw": "draw_outline", "color": "outline_color", "maxStack": "max_stack",
    "expressionCounting": "expression_counting", "countExpressions": "count_expressions",
    "reshuffleCommand": "reshuffle_command", "reshuffleHotkey": "reshuffle_key",
    "reshuffleTarget": "reshuffle_target", "reshuffleMessage": "reshuffle_report",
    "reverseCommand": "reverse_command", "reverseFormat": "reverse_report", "reverseHotkey": "reverse_key",
    "shuffleCommand": "shuffle_command", "shuffleFormat": "shuffle_report", "shuffleHotkey": "shuffle_key",
    "faceDownFormat": "face_down_report", "name": "deck_name", "hotkeyOnEmpty": "hotkey_on_empty",
    "emptyHotkey": "empty_key", "restrictOption": "restrict_option", "restrictExpression": "restrict_expression",
    "drawMultipleMessage": "draw_multiple_command", "drawSpecificMessage": "draw_specific_command",
    "faceUpMessage": "face_up_command", "faceDownMessage": "face_down_command",
    "faceUpHotkey": "face_up_key", "faceFlipHotkey": "face_flip_key", "faceDownHotkey": "face_down_key",
    "faceUpReportFormat": "face_up_report", "saveMessage": "save_command", "saveHotkey": "save_key",
    "saveReportFormat": "save_report", "loadMessage": "load_command", "loadHotkey": "load_key",
    "loadReportFormat": "load_report", "deckRestrictAccess": "restrict_access", "deckOwners": "owners",
}
#: What ``reshufflable="false"`` clears ("Send to another deck" off).
RESHUFFLE_FIELDS = ("reshuffle_command", "reshuffle_key", "reshuffle_target", "reshuffle_report")
#: A Deck Global Key Command's attributes in the order ``DeckGlobalKeyCommand.encode`` writes them
#: (its name comes first and again as the localized name), with the value of an absent one.
DGKC_ATTRIBUTES = (("hotkey", ""), ("filter", ""), ("deckCount", "0"), ("reportFormat", ""), (None, ""),
                   ("target", ""), ("reportSingle", "true"), ("suppressSounds", "false"), ("parameters", ""))


def deck_type(pile) -> str:
    """The ``deck;...`` type VASSAL gives the decks of a DrawPile view (formats.mapviews.Deck)."""
    deck = Deck.new()
    fields = {f.name: f for f in Deck.fields}
    # Xerces hands a DOM element's attributes over sorted by name, and VASSAL sets them in
    # that order: "reshufflable" comes before the reshuffle fields it may clear.
    for name in sorted(pile.element.attrib):
        value = pile.element.get(name)
        if name == "reshufflable":
            if value != "true":
                for cleared in RESHUFFLE_FIELDS:
                    setattr(deck, cleared, fields[cleared].missing)
            continue
        target = ATTRIBUTE_FIELDS.get(name)
        if target is None:
            continue
        spec = fields[target]
        setattr(deck, target, spec.codec.read(value, spec.missing))
    commands = [_global_command(child) for child in pile.element
                if isinstance(child.tag, str) and child.tag.endswith("DeckGlobalKeyCommand")]
    if commands:
        deck.global_commands = commands
    return deck.type


def _global_command(element) -> str:
    """``DeckGlobalKeyCommand.encode``; fields a module of an older VASSAL has none of at the end
    (suppressSounds, parameters) are left out, as that VASSAL wrote them."""
    name = element.get("name", "")
    values = [name] + [name if key is None else element.get(key, absent) for key, absent in DGKC_ATTRIBUTES]
    present = [0] + [i + 1 for i, (key, _) in enumerate(DGKC_ATTRIBUTES) if key is None or element.get(key) is not None]
    return join(values[:max(present) + 1], "|")


@dataclass
class DeckReport:
    """One game deck and what its refresh did."""

    id: str | None
    name: str
    map: str | None
    cards: int
    matched: str | None = None  # "DrawPile 'X' on map 'M'", None when no DrawPile matches
    changes: list[dict[str, Any]] = field(default_factory=list)
    moved: dict[str, Any] | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "map": self.map, "cards": self.cards,
                               "drawpile": self.matched}
        if self.changes:
            out["changes"] = self.changes
        if self.moved:
            out["moved"] = self.moved
        if self.note:
            out["note"] = self.note
        return out


@dataclass
class PlacedPile:
    """A module DrawPile with the map it is on and its position in this game (None: not shown)."""

    pile: Any
    map: str
    position: tuple[int, int] | None

    @property
    def name(self) -> str:
        return self.pile.name or ""

    @property
    def label(self) -> str:
        return f"DrawPile {self.name!r} on map {self.map!r}"


def placed_piles(definitions_module, geometry: ModuleGeometry) -> list[PlacedPile]:
    """Every DrawPile of the module with its map position in the game's board layout."""
    out = []
    for map_view in definitions_module.buildfile.maps:
        for pile in map_view.decks:
            out.append(PlacedPile(pile, map_view.identifier, pile_position(pile, map_view.identifier, geometry)))
    return out


def pile_position(pile, map_id: str, geometry: ModuleGeometry) -> tuple[int, int] | None:
    """Where VASSAL puts a DrawPile: its owning board's place plus x, y, else the map's edge plus
    x, y (vassal-formats.md 7); None when its board is not in the game or the map cannot be laid out."""
    try:
        laid_out = geometry.map(map_id)
    except BadInput:
        return None
    if pile.owning_board:
        board = laid_out.board(pile.owning_board)
        return None if board is None else board.to_map(pile.x, pile.y)
    return laid_out.edge[0] + pile.x, laid_out.edge[1] + pile.y


def find_pile(name: str, map_id: str | None, piles: list[PlacedPile]) -> PlacedPile | None:
    """GameRefresher.findDrawPile: same name and shown in this game; one on the deck's map first."""
    first = None
    for placed in piles:
        if placed.name != name or (placed.pile.owning_board and placed.position is None):
            continue
        if placed.map == map_id:
            return placed
        first = first or placed
    return first


def refresh_decks(commands: list[Command], piles: list[PlacedPile]) -> tuple[list[DeckReport], dict[int, AddPiece]]:
    """Rebuild every deck's type from its DrawPile, in place; returns the reports and, by the
    ``id()`` of each PlacedPile a game deck matched, that deck's AddPiece (the first one)."""
    reports: list[DeckReport] = []
    matched: dict[int, AddPiece] = {}
    cards_at: dict[str, tuple[str, int, int]] = {}
    decks_at: dict[str, tuple[str, int, int]] = {}
    for command in walk(commands):
        if not (isinstance(command, AddPiece) and command.type.startswith("deck;")):
            continue
        deck = Deck(command.type, command.state)
        report = DeckReport(command.id, deck.deck_name, deck.map, len(deck.children))
        reports.append(report)
        placed = find_pile(deck.deck_name, deck.map, piles)
        if placed is None:
            named = any(p.name == deck.deck_name for p in piles)
            report.note = ("its DrawPile's board is not in this game" if named
                           else "no DrawPile of that name in the module") + ": kept as it was"
            continue
        matched.setdefault(id(placed), command)
        report.matched = placed.label
        fresh = Deck(deck_type(placed.pile), command.state)
        report.changes = setting_changes(deck, fresh)
        if not report.changes:  # the same settings, maybe written by another VASSAL version: keep the text
            fresh = Deck(command.type, command.state)
        if placed.position is not None and (deck.map, deck.x, deck.y) != (placed.map, *placed.position):
            report.moved = {"old": [deck.map, deck.x, deck.y], "new": [placed.map, *placed.position]}
            fresh.map, (fresh.x, fresh.y) = placed.map, placed.position
            for card in deck.children:
                cards_at[card] = (placed.map, *placed.position)
            if command.id is not None:
                decks_at[command.id] = (placed.map, *placed.position)
        if fresh.type != command.type or fresh.state != command.state:
            _set_piece(command, fresh.type, fresh.state or "")
    if cards_at:
        _move_cards(commands, cards_at)
    if decks_at:
        _move_deck_changes(commands, decks_at)
    return reports, matched


def setting_changes(old: Deck, new: Deck) -> list[dict[str, Any]]:
    """Each Deck setting whose value differs, old and new (the type as VASSAL reads it)."""
    before, after = old.values(), new.values()
    return [{"setting": name, "old": _plain(before[name]), "new": _plain(after[name])}
            for name in after if before.get(name) != after[name]]


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def _set_piece(command: AddPiece, type_: str, state: str) -> None:
    command.type, command.state = type_, state
    command.raw = join(["+", command.id if command.id is not None else "null", type_, state], "/")


def _move_deck_changes(commands: list[Command], decks_at: dict[str, tuple[str, int, int]]) -> None:
    """A log's later state changes of a moved deck (draws, shuffles, undos) keep it at its new place."""
    for command in walk(commands):
        if isinstance(command, ChangePiece) and command.id in decks_at:
            states = [_placed_state(command.new_state, decks_at[command.id])]
            if command.old_state is not None:
                states.append(_placed_state(command.old_state, decks_at[command.id]))
            command.new_state, command.old_state = states[0], states[1] if len(states) > 1 else None
            command.raw = "D/" + (encode([command.id, *states], "/") or "")


def _placed_state(state: str, where: tuple[str, int, int]) -> str:
    deck = Deck(Deck.prefix, state)
    deck.map, deck.x, deck.y = where
    return deck.state or ""


def _move_cards(commands: list[Command], cards_at: dict[str, tuple[str, int, int]]) -> None:
    """Put the cards of a moved deck at its new position (Deck.setPosition moves its pieces)."""
    for command in walk(commands):
        if isinstance(command, AddPiece) and command.id in cards_at and not command.type.startswith("deck;"):
            piece = decode_piece(command.type, command.state)
            basic = piece.basic
            if basic is None:
                continue
            basic.map, basic.x, basic.y = cards_at[command.id]
            _set_piece(command, command.type, piece.state or "")
