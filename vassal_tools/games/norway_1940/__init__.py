"""Norway 1940 (norway-1940-scenario.txt): a scenario sheet of an area-based WW2 system.

Areas and numbered sea zones, off-map bases for Britain and the Third Reich, reinforcement pools
and special reinforcements bought with victory points, actions, a d6. Its data lives in ``data/``
(``module_src/norway_1940``, read by :mod:`.data`); its checks in :mod:`.checks`. The sheet has no
map: the area polygons and their borders are ``sample``, drawn by the project.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ...gamedata.areas import AreaBorder, AreaMap, AreaPiece, AreaShape
from ...gamedata.terms import SIZES
from ...gamedata.vocabulary import Vocabulary, spellings
from ...pack import BoardKind, GamePack, ListedCheck, PrintedNames
from ...pack.printed import roll_names
from ...record import RecordTerms
from . import sample_game
from .checks import CHECKS, COMPOSED, Norway1940Rules
from .data import DATA, FILE, NorwayData, load_norway
from .events import REFEREE, REFEREE_CHECKS

ID = "norway-1940"
__all__ = ["ID", "NorwayPack", "NorwayCatalogue", "words_of", "area_map"]
# records-four-games.md: land sizes company, troop, battalion, regiment, demi-brigade, brigade.
UNIT_SIZES = (*SIZES, "troop", "demi-brigade")
# Places that score by control carry the map's victory symbol (German VP; Allied VPs).
SCORED = "victory-city"


def words_of(data: NorwayData) -> Vocabulary:
    """The record words of game.toml: the sides, the phases of a turn, Pre-turn and the turns."""
    toml = data.toml
    turns = toml["turns"]
    names = (turns["pre_turn"], *(f"{turns['prefix']} {n}" for n in range(1, turns["last"] + 1)))
    side_of = {n["id"]: n["side"] for n in toml["nationalities"]}
    rolls = {roll["id"]: (roll["name"], *roll.get("aliases", ())) for roll in toml.get("die_rolls", [])}
    return Vocabulary(game=toml["id"], phases=tuple(toml["sequence"]["phases"]),
                      sides=tuple(s["id"] for s in toml["sides"]),
                      side_names={s["id"]: s.get("name", s["id"]) for s in toml["sides"]}, turns=names, side_of_nationality=side_of,
                      unit_classes=("land", "naval", "air"), sizes=UNIT_SIZES, record_words={"roll": spellings(rolls)})


class NorwayCatalogue:
    """How records name the game's pieces (units.csv ids) and places (areas.csv, any ``Sea Zone N``,
    ``carrier:NAME`` of a carrier in the data)."""

    game: str

    def __init__(self, data: NorwayData):
        self.game = ID
        self.data = data
        self._carriers = {u.name.casefold(): u.name for u in data.units.values() if u.type == "CV"}

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        row = self.data.units.get(ref)
        if row is None:
            return None
        out: dict[str, Any] = {"class": row.unit_class, "side": row.side, "nationality": row.nationality,
                               "type": row.type, "name": row.name}
        if row.size:
            out["size"] = row.size
        if row.role:
            out["role"] = row.role
        return out

    def unit_ids(self) -> list[str]:
        """Every unit of units.csv, in its order."""
        return list(self.data.units)

    def location(self, loc: str) -> str | None:
        if not isinstance(loc, str):
            return None
        kind, sep, rest = loc.partition(":")
        if sep and kind.strip().casefold() == "carrier":
            name = self._carriers.get(" ".join(rest.split()).casefold())
            return f"carrier:{name}" if name else None
        return self.data.place(loc)

    def place_names(self) -> list[str]:
        """The places by name and alias (what an ASCII spelling is matched against)."""
        return [name for place in self.data.places.values() for name in (place.name, *place.aliases)]


class NorwayPack(GamePack):
    """Norway 1940 as the registry knows it."""

    id = ID
    record_terms = RecordTerms(rolls={  # no entries of its own; the rolls its checks read
        "action-roll": "the action dice of the turn: their difference gives the actions (Actions)",
        "air-naval-search": "a land-based air unit's search before it attacks ships, with its `unit` and `zone` "
                            "(Air-Naval Attack)",
        "refit": "a refit, with its `target` and the `outcome` claimed (Allied Refit Table, German Refit Table)",
        "shock": "the Shock Table's die (Shock Table)",
        "early-mobilization": "the die of the early mobilization option (27.2 2a)",
        "variable-vp": "the die of a variable award (Variable Allied VP)",
        "random-event": "an event check in the mid-turn after doubles, with the `outcome` `event` or `none` "
                        "(Actions)",
        "fall-gelb": "the die of the Fall Gelb event: how many German heavy units are withdrawn (Fall Gelb)",
        "naval-infantry": "the die after a German BC, CA, CL or DD is eliminated: naval infantry on an odd roll "
                          "(German Special Rules 2b)",
    })
    title = "Norway 1940"
    # The sample PBEM game (vassal-tools demo --game norway-1940): the pre-turn and two turns, an attack
    # after a failed search roll, a fourth action on a difference of 3, a unit activated twice.
    sample_game = sample_game
    rulebook = FILE
    board_kind = BoardKind.AREA
    checks = tuple(ListedCheck(*check) for check in (*CHECKS, *REFEREE_CHECKS))
    notes = ("the sheet has no map: the area polygons and their borders are sample; findings that rely on "
             "them say so",)

    def __init__(self, folder: Path = DATA):
        self._folder = folder

    def at(self, folder: Path) -> NorwayPack:
        """The same game with its data read from ``folder`` (a maintainer's copy of ``data/``); the
        registry's pack keeps its shipped data."""
        return NorwayPack(Path(folder))

    @property
    def data_folder(self) -> Path:
        return self._folder

    @cached_property
    def data(self) -> NorwayData:
        return load_norway(self._folder)

    @cached_property
    def vocabulary(self) -> Vocabulary:
        return words_of(self.data)

    @cached_property
    def catalogue(self) -> NorwayCatalogue:
        return NorwayCatalogue(self.data)

    @cached_property
    def printed_names(self) -> PrintedNames:
        """Phases by the sheet's words (game.toml ``[sequence.phase_names]``: "German Pre-turn Activation Phase")."""
        rolls = roll_names((roll["id"], roll["name"]) for roll in self.data.toml.get("die_rolls", []))
        return replace(super().printed_names, phases=dict(self.data.toml["sequence"]["phase_names"]), rolls=rolls)

    def rules(self) -> Norway1940Rules:
        return Norway1940Rules(self.data, (*COMPOSED, *REFEREE))

    def area_map(self) -> AreaMap:
        """The board as areas (sample polygons, map.json) for the art and the module's ZonedGrid."""
        return area_map(self.data)


def area_map(data: NorwayData) -> AreaMap:
    scored = set(data.toml["vp"]["control"]["named"]) | set(data.ports())
    shapes = []
    for place in data.places.values():
        kind = "box" if place.kind in ("offmap", "box") else place.kind
        label = None
        if place.kind == "sea":
            label = place.name.replace("Sea Zone ", "")
        elif place.name.startswith("carrier:"):
            label = place.name[len("carrier:"):] + " (carrier)"
        symbols = (SCORED,) if place.name in scored else ()
        shapes.append(AreaShape(place.name, kind, data.board.polygons[place.name], symbols, label))
    borders = tuple(AreaBorder(*sorted(pair)) for pair in sorted(data.borders, key=sorted))
    words = words_of(data)
    toml = data.toml
    return AreaMap(ID, toml["title"], data.board.name, data.board.size, tuple(shapes), borders,
                   data.board.impassable, tuple(s["name"] for s in toml["sides"]), str(toml.get("version", "0.1")),
                   data.board.source, pieces(data), setup(data), words.turns, words.phases, toml["first_turn"],
                   first_phase=toml["sequence"]["first_phase"],
                   symbol_labels=((SCORED, "Control scores victory points"),), real=data.board.real)


def short(name: str, unit_class: str, unit_type: str) -> str:
    """The counter's text: a ship's type or name, a plane's type, a ground unit's number or letters."""
    if unit_class == "naval":
        return name if name != unit_type and len(name) <= 8 else unit_type
    if unit_class == "air":
        return unit_type
    head = name.split()[0]
    return head if re.match(r"^[\w/]+$", head) else name[:5]


def pieces(data: NorwayData) -> tuple[AreaPiece, ...]:
    colours = {n["id"]: (n["background"], n["foreground"]) for n in data.toml["nationalities"]}
    words = data.toml["counters"]
    found = []
    symbols, marks, silhouettes = (words.get(key, {}) for key in ("symbols", "size_marks", "silhouettes"))
    for row in data.units.values():
        background, foreground = colours[row.nationality]
        text = short(row.name, row.unit_class, row.type)
        detail = ""
        if row.unit_class == "land":
            detail = " ".join(w for w in (words["types"].get(row.type, ""), words["sizes"].get(row.size, "")) if w)
        elif row.unit_class == "naval":
            detail = row.type if text != row.type else ""  # a named ship: its type under the profile
        else:
            detail = row.role
        found.append(AreaPiece(row.id, row.name, row.side, row.nationality, row.unit_class, row.type, None,
                               background, foreground, text, row.size, detail,
                               symbol=tuple(symbols.get(row.type, ())) if row.unit_class == "land" else (),
                               silhouette=silhouettes.get(row.type, "") if row.unit_class != "land" else "",
                               mark=marks.get(row.size, "")))
    return tuple(found)


def setup(data: NorwayData) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every unit where its list places it (units.csv ``start``), by place in data order."""
    by_place: dict[str, list[str]] = {}
    for row in data.units.values():
        by_place.setdefault(row.start, []).append(row.id)
    return tuple((place, tuple(by_place[place])) for place in data.places if place in by_place)


PACK = NorwayPack()
