"""Kampen om Norge (Vega, 2012; kampen-om-norge.txt): the game's data, words, catalogue and checks.

An area game: 44 land areas and 8 sea zones (2.3), battalions and chips (2.2), ship cards (6.1),
a d6 (2.1). Its data lives in ``data/`` (``module_src/kampen_om_norge``, read by :mod:`.data`);
its words (factions, phases, turns) in ``data/game.toml``; its checks in :mod:`.checks`, composed by :mod:`.rules`. The
area polygons are ``sample``: the rulebook has no printed map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ...gamedata.areas import AreaBorder, AreaDeck, AreaMap, AreaPiece, AreaShape, Flag, flag_of
from ...gamedata.vocabulary import Vocabulary, spellings
from ...pack import BoardKind, GamePack, PrintedNames
from ...pack.printed import roll_names
from ...record import RecordTerms
from . import sample_game
from .checks import CHECKS, COMPOSED
from .data import DATA, KampenData, card_key, load_kampen
from .entries import record_terms
from .rules import KampenRules

ID = "kampen-om-norge"
__all__ = ["ID", "KampenPack", "KampenCatalogue", "words_of", "area_map"]


def words_of(data: KampenData) -> Vocabulary:
    """The record words of game.toml: factions, the phases of a turn, the turns."""
    toml = data.toml
    sequence, turns = toml["sequence"], toml["turns"]
    phases = list(sequence["april_phases"])
    phases += [f"{faction}-{phase}" for faction in sequence["factions"] for phase in sequence["phases"]]
    names = [turns["april"]] + [f"{turns['round_prefix']} {n}" for n in range(1, turns["last_round"] + 1)]
    side_of = {n["id"]: n["side"] for n in toml["nationalities"]}
    cards: dict[str, tuple[str, ...]] = {}
    for card in data.cards:
        cards[card.name] = tuple(dict.fromkeys(cards.get(card.name, ()) + card.spellings()[1:]))
    rolls = {roll["id"]: (roll["name"], *roll.get("aliases", ())) for roll in toml.get("die_rolls", [])}
    return Vocabulary(game=toml["id"], phases=tuple(phases), sides=tuple(s["id"] for s in toml["sides"]),
                      side_names={s["id"]: s.get("name", s["id"]) for s in toml["sides"]},
                      turns=tuple(names), side_of_nationality=side_of, unit_classes=("land", "naval", "chip"),
                      sizes=("battalion",), record_words={"roll": spellings(rolls | cards), "card": spellings(cards)})


class KampenCatalogue:
    """How records name the game's pieces (units.csv, ships.csv ids) and places (areas.csv)."""

    game: str

    def __init__(self, data: KampenData):
        self.game = ID
        self.data = data
        self._places = {name.casefold(): name for name in data.areas}

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        piece = self.data.pieces.get(ref)
        if piece is not None:
            return {"class": piece.kind, "side": piece.side, "nationality": piece.nationality,
                    "type": piece.type, "points": piece.points, "name": piece.name}
        ship = self.data.ships.get(ref)
        if ship is not None:
            return {"class": "naval", "side": ship.side, "type": ship.type, "name": ship.name}
        return None

    def unit_ids(self) -> list[str]:
        """Every battalion, chip and ship card of the data, in the data's order."""
        return [*self.data.pieces, *self.data.ships]

    def location(self, loc: str) -> str | None:
        return self._places.get(" ".join(loc.split()).casefold()) if isinstance(loc, str) else None

    def place_names(self) -> list[str]:
        """The areas and sea zones by name (what an ASCII spelling is matched against)."""
        return list(self.data.areas)


class KampenPack(GamePack):
    """Kampen om Norge as the registry knows it."""

    id = ID
    title = "Kampen om Norge"
    # The sample PBEM game (vassal-tools demo --game kampen-om-norge): two rounds, a two-area move, a
    # battalion's three combat dice, a retreat into the attacker's area.
    sample_game = sample_game
    rulebook = "kampen-om-norge.txt"
    board_kind = BoardKind.AREA
    checks = CHECKS

    def __init__(self, folder: Path = DATA):
        self._folder = folder

    def at(self, folder: Path) -> KampenPack:
        """The same game with its data read from ``folder`` (a maintainer's copy of ``data/``); the
        registry's pack keeps its shipped data."""
        return KampenPack(Path(folder))

    @property
    def data_folder(self) -> Path:
        return self._folder

    @cached_property
    def data(self) -> KampenData:
        return load_kampen(self._folder)

    @cached_property
    def vocabulary(self) -> Vocabulary:
        return words_of(self.data)

    @cached_property
    def record_terms(self) -> RecordTerms:
        return record_terms(self.data)

    @cached_property
    def catalogue(self) -> KampenCatalogue:
        return KampenCatalogue(self.data)

    @cached_property
    def printed_names(self) -> PrintedNames:
        """Phases by the manual's names (game.toml ``[sequence.phase_names]``: "German Movement Phase"), and
        each card by its Norwegian name with the English name the Appendix's "Translation of Cards" gives
        it ("Stridsvogn (Armor)")."""
        rolls = roll_names((roll["id"], roll["name"]) for roll in self.data.toml.get("die_rolls", []))
        return replace(super().printed_names, phases=phase_names(self.data), terms=card_names(self.data), rolls=rolls)

    def rules(self) -> KampenRules:
        return KampenRules(self.data, COMPOSED)

    def area_map(self) -> AreaMap:
        """The board as areas (sample polygons, map.json) for the art and the module's ZonedGrid."""
        return area_map(self.data)


def phase_names(data: KampenData) -> dict[str, str]:
    """Each phase id of a record (``movement`` on 9. April, ``german-movement``) -> its name."""
    sequence = data.toml["sequence"]
    named = sequence["phase_names"]
    out = {phase: named[phase] for phase in sequence["april_phases"]}
    for faction in sequence["factions"]:
        for phase in sequence["phases"]:
            out[f"{faction}-{phase}"] = f"{faction.capitalize()} {named[phase]}"
    return out


def card_names(data: KampenData) -> dict[str, str]:
    """Each card's Norwegian name (and other spelling the text prints) -> the name with its English gloss."""
    out: dict[str, str] = {}
    for card in data.cards:
        if card.english:
            for name in (card.name, *card.aliases):
                out.setdefault(name, f"{card.name} ({card.english})")
    return out


def area_map(data: KampenData) -> AreaMap:
    shapes = []
    for area in data.areas.values():
        symbols = tuple(symbol for symbol, has in (("victory-city", area.victory_city),
                                                   ("mobilization-point", area.mobilization_point),
                                                   ("airfield", area.airfield)) if has)
        label = area.name.replace("Sea Zone ", "") if area.kind == "sea" else None
        shapes.append(AreaShape(area.name, area.kind, data.board.areas[area.name], symbols, label))
    borders = tuple(AreaBorder(b.a, b.b, b.crossing) for b in data.borders)
    words = words_of(data)
    return AreaMap(ID, data.toml["title"], data.board.name, data.board.size, tuple(shapes), borders,
                   data.board.impassable, tuple(s["name"] for s in data.toml["sides"]),
                   str(data.toml.get("version", "0.1")), data.board.source, pieces(data), basic_setup(data),
                   words.turns, words.phases, data.toml["first_turn"], first_phase=words.phases[5], decks=decks(data),
                   real=data.board.real)


def pieces(data: KampenData) -> tuple[AreaPiece, ...]:
    colours = {n["id"]: (n["background"], n["foreground"]) for n in data.toml["nationalities"]}
    found = []
    drawn = data.toml.get("counters", {})
    for piece in data.pieces.values():
        background, foreground = colours[piece.nationality]
        short = str(piece.points) if piece.kind == "chip" else piece.id.split("-")[-1]
        found.append(AreaPiece(piece.id, piece.name, piece.side, piece.nationality, piece.kind, piece.type,
                               piece.points, background, foreground, short,
                               symbol=tuple(drawn.get(piece.type, ())) if piece.kind == "land" else ()))
    side_colour = {"german": colours["german"], "norwegian": colours["norwegian"], "allied": colours["british"]}
    flags = card_backs(data)
    for ship in data.ships.values():
        background, foreground = side_colour[ship.side]
        nationality = "british" if ship.side == "allied" else ship.side
        values = " ".join(f"{word}{n}" for word, n in (("S", ship.sink), ("C", ship.chase)) if n is not None)
        found.append(AreaPiece(ship.id, ship.name, ship.side, nationality, "naval", ship.type, None, background,
                               foreground, ship.name, masked=ship.type != "panserskip",  # 6.1: face down
                               flag=flags.get(ship.side), silhouette=drawn.get("silhouettes", {}).get(ship.type, ""),
                               values=values))
    return tuple(found)


def card_backs(data: KampenData) -> dict[str, Flag]:
    """The flag each faction's card backs bear (2.4), by side: game.toml [[sides]] card_back."""
    return {side["id"]: flag_of(side["card_back"], data.folder / "game.toml", f"sides {side['id']}: card_back")
            for side in data.toml["sides"] if "card_back" in side}


def decks(data: KampenData) -> tuple[AreaDeck, ...]:
    """The card decks (2.4, 6.2), face down: one card of each the Appendix prints for the faction (how many
    copies of each the decks hold is lost with the printed cards)."""
    colours = {n["side"]: (n["background"], n["foreground"]) for n in reversed(data.toml["nationalities"])}
    flags = card_backs(data)
    found = []
    for deck in data.toml.get("decks", []):
        background, foreground = colours[deck["side"]]
        nationality = "british" if deck["side"] == "allied" else deck["side"]
        cards = tuple(AreaPiece(f"card-{c.side}-{c.deck}-{card_key(c.name)}", c.name, c.side, nationality, "card",
                                c.deck, None, background, foreground, c.name, masked=True,
                                lines=tuple(t.strip() for t in c.text.split(";")))
                      for c in data.cards if c.side == deck["side"] and c.deck == deck["deck"])
        found.append(AreaDeck(deck["name"], deck["side"], (deck["x"], deck["y"]), cards,
                              "9. April" if deck["deck"] == "april" else "", flags.get(deck["side"])))
    return tuple(found)


def basic_setup(data: KampenData) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The basic game's opening (3): game.toml [[setup]], each faction's battalions in file order."""
    free: dict[str, list[str]] = {}
    for piece in data.pieces.values():
        if piece.kind == "land":
            free.setdefault(piece.side, []).append(piece.id)
    placed = []
    for entry in data.toml.get("setup", []):
        pool = free[entry["side"]]
        units, free[entry["side"]] = tuple(pool[:entry["battalions"]]), pool[entry["battalions"]:]
        placed.append((entry["area"], units))
    return tuple(placed)


PACK = KampenPack()
