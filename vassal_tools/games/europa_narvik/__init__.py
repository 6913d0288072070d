"""The ``europa-narvik`` rule pack: Narvik, the Europa series draft rules, checked against europa-narvik.txt.

A folder like every game's: ``data/`` (game.toml, the tables, counters.csv, scenarios/; linked from
``module_src/europa_narvik`` in a checkout), ``pack.toml`` (every number the checks use, each with its
rule or ``sample``), ``explain.toml`` (the sentence each judged rule rests on, and what a player does),
``coverage.toml`` (why each rule no check lists is not judged) and small checks over the shared engine
(:mod:`.checks` lists them with their rules): movement (5, 7, 17A), stacking and headquarters (8), ground
combat (10), supply and supply counters (11), air missions, attacks and basing (12, 13), arrivals and
landings (15-20, 23), per-unit rolls (10F, 13A, 19D, 19F) and the die (4E). The text prints no map: the
sample sheet (:mod:`.terrain`) stands for it, and findings that rely on it say so; control (7) is tracked
from the record's ground units (:meth:`.rules.EuropaRules.occupy`).

May import: :mod:`vassal_tools.rules`, :mod:`vassal_tools.record`, the games layer,
:mod:`vassal_tools.geometry`, :mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`.
Imported by: nothing but the registry (:func:`vassal_tools.pack_for`), by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path

from ...gamedata.gametoml import TomlDoc, read_info
from ...gamedata.vocabulary import ReplayHooks, Vocabulary
from ...pack import ListedCheck
from ...pack.hexpack import HexPack
from ...record import Record, RecordTerms
from ...rules.findings import Finding
from . import sample_game
from .catalogue import EuropaCatalogue, read_counters
from .checks import CHECKED, CHECKS
from .rules import EuropaRules
from .terrain import Sheet

DATA_DIR = Path(__file__).with_name("data")
PACK_FILE = Path(__file__).with_name("pack.toml")
ID = "europa-narvik"


class EuropaNarvik(HexPack):
    """The pack as the registry knows it: data, words, catalogue and fresh rules per audit."""

    id = ID
    package_folder = DATA_DIR.parent
    title = "Europa Narvik"
    # The sample PBEM game (vassal-tools demo --game europa-narvik): the invasion turn and the next, an
    # undisrupted overstack, an attack on a ship not found, a retreat before combat on a 4.
    sample_game = sample_game

    @cached_property
    def record_terms(self) -> RecordTerms:
        """No entries of its own; its rolls are the die rolls of its game.toml."""
        rolls = self.data.info.die_rolls.values()
        return RecordTerms(rolls={roll.id: f"{roll.name} ({roll.source})" for roll in rolls})

    @property
    def checks(self) -> tuple[ListedCheck, ...]:
        """Each check, the rules of europa-narvik.txt it cites and what it judges."""
        return tuple(ListedCheck(*check) for check in CHECKED)

    @property
    def notes(self) -> tuple[str, ...]:
        return (f"sample: {self.config['terrain']['sample']} (the text prints no map)",
                "no set-up check but 13B's (no German air unit starts at Danish): the order-of-battle charts are not in the text",
                "findings name the places the text names (Alta, Horten, Elvegaardsmoen, Kristiansand) so, not by "
                "their sample hexes",
                "an overstack cites 8B: overstacking is allowed, leaving the overstacked units undisrupted is not",
                "an unsupplied unit the record does not mark out-of-supply is a finding (how a record shows 11A3) from "
                "its second unsupplied turn; in its first, which has no effect (11A3a), a note",
                "control (7) is the last side to occupy a hex with a ground unit in the record; a hex no ground unit "
                "of the record held is not judged for it",
                "a counter used for attack is expended at the end of that combat phase even if the record leaves it "
                "on the map (11B1b); a later use is the finding",
                "find-ships dice thrown at once for a hex (no unit) count one per air unit attacking there (12C3e)",
                "a move costs at least one MP a hex over land (the terrain effects chart is lost: sample terrain "
                "costs decide nothing); the sheet's rail lines are the real ones of 1940, but a record does not say a unit "
                "entrains, so rail movement is not judged",
                "a ground move in a combat phase is a retreat (the game has no advance after combat); a unit a record "
                "brings from a box into a hex in a movement or exploitation phase lands by sea")

    @cached_property
    def vocabulary(self) -> Vocabulary:
        return Vocabulary.from_info(read_info(TomlDoc(DATA_DIR / "game.toml")))

    @cached_property
    def catalogue(self) -> EuropaCatalogue:
        return EuropaCatalogue(self.data, read_counters(DATA_DIR / "counters.csv"))

    @cached_property
    def sheet(self) -> Sheet:
        return Sheet(self.data, self.config)

    @property
    def replay_hooks(self) -> ReplayHooks:
        """13A, 13D: an air unit stacked with an airfield or lake airfield counter is at that airbase."""
        return ReplayHooks(airbase_markers=("airfield", "lake-airfield"))

    def rules(self) -> EuropaRules:
        return EuropaRules(self, CHECKS)

    @cached_property
    def place_names(self) -> Mapping[str, str]:
        """The sample hex of each place the text names (pack.toml [places]) -> its name."""
        named = {name.lower() for name in self.config["places"]["named_in_text"]}
        return {place.hex: place.name for place in self.data.places if place.hex and place.name.lower() in named}

    def explain(self, finding: Finding, record: Record) -> Finding:
        """The rule's title, quote and remedy (:meth:`GamePack.explain`), and a finding's place as a record
        writes it: `Alta`, not the sample hex the pack gives the town (the text prints no hex number, 17,
        26), so the hex would mean nothing on the printed map."""
        explained = super().explain(finding, record)
        name = self.place_names.get(finding.where or "")
        return replace(explained, where=name) if name else explained


PACK = EuropaNarvik()
