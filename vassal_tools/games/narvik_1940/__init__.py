"""The ``narvik-1940`` rule pack: Narvik 1940 (Decision Games), checked against narvik-1940.txt.

A folder like every game's: ``data/`` (game.toml, the tables, counters.csv, scenarios/; linked from
``module_src/narvik_1940`` in a checkout), ``pack.toml`` (every number the checks use, each with its
rule or ``sample``) and small checks over the shared engine (``checks.py`` lists them with their
rules): the Actions Phase (5.0, 5.1, 11.0), stacking and opposing units (9.0), ground movement and
zones of control (12.0-12.5, 10.1, 19.1, 19.2, 20.0, 20.1), amphibious movement (13.0, 13.1),
fire and close assault (14.0-14.4.1, 6.3, 20.0), retreat and pursuit (15.0-15.2), strikes (16.0),
regroup and the overstack it allows (17.0, 19.2), reinforcements and the troop transfer (8.0-8.2.2,
7.1, 22.3), engineers (23.1-23.4.3), the set-up zones (3.1, 3.2, 18.2, 22.1), fog of war (21.0) and
sudden death (4.1). The game has no supply rule, and the pack checks none. ``coverage.toml`` says
why each other rule is not judged; ``explain.toml`` quotes the sentence each finding rests on.

May import: :mod:`vassal_tools.rules`, :mod:`vassal_tools.record`, the games layer,
:mod:`vassal_tools.geometry`, :mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`.
Imported by: nothing but the registry (:func:`vassal_tools.pack_for`), by name.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from pathlib import Path

from ...gamedata.gametoml import TomlDoc, read_info
from ...gamedata.terms import SIZES
from ...gamedata.vocabulary import ReplayHooks, Vocabulary
from ...pack import ListedCheck
from ...pack.hexpack import HexPack
from . import sample_game
from .catalogue import NarvikCatalogue, read_counters
from .checks import CHECKS, CITED, DESCRIBED
from .entries import RECORD_TERMS
from .rules import NarvikRules

DATA_DIR = Path(__file__).with_name("data")
PACK_FILE = Path(__file__).with_name("pack.toml")
ID = "narvik-1940"
# records-four-games.md: units are land (ground units and leaders), strike (air or naval) or marker;
# a "wing" is two companies (2.3.3).
UNIT_CLASSES = ("land", "strike", "marker")


def words_of(folder: Path) -> Vocabulary:
    """The record words of the game, from its game.toml."""
    info = read_info(TomlDoc(folder / "game.toml"))
    words = Vocabulary.from_info(info)
    return replace(words, unit_classes=UNIT_CLASSES, sizes=(*SIZES, *info.raw["types"].get("other_sizes", ())))


class Narvik1940(HexPack):
    """The pack as the registry knows it: data, words, catalogue and fresh rules per audit."""

    id = ID
    package_folder = DATA_DIR.parent
    title = "Narvik 1940"
    # The sample PBEM game (vassal-tools demo --game narvik-1940): an overstacked Narvik, fire out of
    # range, a regroup the die did not allow.
    sample_game = sample_game
    record_terms = RECORD_TERMS  # the record's reveal entries (fog of war, 21.0), its regroup roll

    @property
    def checks(self) -> tuple[ListedCheck, ...]:
        """Each check, the rules of narvik-1940.txt it cites and what it judges."""
        return tuple(ListedCheck(name, rules, DESCRIBED[name]) for name, rules in CITED.items())

    @property
    def notes(self) -> tuple[str, ...]:
        return (str(self.config["supply"]), *(str(note) for note in self.config.get("notes", ())))

    @cached_property
    def vocabulary(self) -> Vocabulary:
        return words_of(DATA_DIR)

    @cached_property
    def catalogue(self) -> NarvikCatalogue:
        places = self.config["places"]
        named = {"Ankenes": places["ankenes"], "Bjornfjell": places["bjornfjell"]}
        return NarvikCatalogue(self.data, read_counters(DATA_DIR / "counters.csv"), named)

    @cached_property
    def railroad_hexes(self) -> frozenset[str]:
        """The hexes the data's railroad hexsides join: the Ofoten line from Narvik to Bjornfjell (12.4, geo/rails.csv)."""
        return frozenset(h for side in self.data.hexsides if side.feature == "railroad" for h in (side.a, side.b))

    @property
    def replay_hooks(self) -> ReplayHooks:
        """21.0: a log's unmasking of a unit is its reveal to the other side."""
        return ReplayHooks(reveals=True)

    def rules(self) -> NarvikRules:
        return NarvikRules(self, CHECKS)


PACK = Narvik1940()
