"""A new deck of a module's DrawPile, as VASSAL makes it when a game starts or decks are added.

A deck in a game is one ``+/id/deck;TYPE/STATE`` (vassal-formats.md 4.5). Its type is
everything the module's DrawPile defines (name, face-down and shuffle options,
reversible, draw options, commands, keys, report formats, counting expressions, Deck
Global Key Commands, owners ...): VASSAL's DrawPile keeps it in a "dummy" Deck, fills
it from the DrawPile's attributes (``DrawPile.setAttribute``) and gives each new deck
that dummy's ``getType()``. A new deck's state ``mapId;x;y;faceDown;id,id,...`` lists
its cards bottom to top and is face down unless the DrawPile's face-down option is
Never or MenuDefaultUp (``DrawPile.makeDeck``, ``initializeContents``).

    deck_type(pile)                                  # -> "deck;..."
    new_deck_command(pile, "Map", 120, 80, ["17", "18"], "19")   # -> the deck's AddPiece
"""

from __future__ import annotations

from collections.abc import Sequence

from .commands import AddPiece
from .traits import Deck
from .traits.encoding import join

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
#: Face-down options whose new decks lie face up (DrawPile.makeDeck).
FACE_UP_OPTIONS = ("Never", "MenuDefaultUp")


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


def new_deck(pile, map_id: str, x: int, y: int, card_ids: Sequence[str]) -> Deck:
    """The Deck a DrawPile makes at ``map_id`` x, y holding ``card_ids`` (bottom to top)."""
    deck = Deck(deck_type(pile), Deck.default_state)
    deck.map, deck.x, deck.y = map_id, x, y
    deck.face_down = deck.face_down_option not in FACE_UP_OPTIONS
    deck.children = list(card_ids)
    return deck


def deck_command(deck_id: str, deck: Deck) -> AddPiece:
    """The AddPiece ``+/id/deck;TYPE/STATE`` of ``deck``."""
    state = deck.state or ""
    return AddPiece(join(["+", deck_id, deck.type, state], "/"), deck_id, deck.type, state)


def new_deck_command(pile, map_id: str, x: int, y: int, card_ids: Sequence[str], deck_id: str) -> AddPiece:
    """The AddPiece of the new deck of ``pile`` (see :func:`new_deck`)."""
    return deck_command(deck_id, new_deck(pile, map_id, x, y, card_ids))
