"""The ``invasion-norway`` rule pack: Invasion: Norway (GMT), checked against invasion-norway.txt.

Mostly data: ``pack.toml`` holds every number the checks use, each with its rule
(and ``sample`` where the rulebook does not give it); the game's own facts come
from ``data/`` beside this file (``module_src/invasion_norway`` in a checkout links
to it; it ships as package data) through :mod:`vassal_tools.gamedata`.
The checks are small modules named for what they judge (``land_stacking``,
``basing``, ``naval``, ``air``, ``land_supply``, ``surrender``, ``interception``).

May import: :mod:`vassal_tools.rules`, :mod:`vassal_tools.record`, the games layer,
:mod:`vassal_tools.geometry`, :mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`.
Imported by: nothing but the registry (:func:`vassal_tools.pack_for`), by name.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

from ...gamedata.gametoml import TomlDoc, read_info
from ...gamedata.vocabulary import ReplayHooks, Vocabulary
from ...pack import BoardKind, GamePack, ListedCheck, PrintedNames
from ...pack.printed import roll_names
from ...record import Record, RecordTerms, Roll
from ...rules.findings import Finding
from . import sample_game
from .checks import CHECKS, LISTED
from .data import DATA_DIR, NorwayGame, norway_words
from .interception import detection_names_its_side
from .rules import InvasionNorwayRules
from .terrain import Terrain
from .units import UnitKinds

PACK_FILE = Path(__file__).with_name("pack.toml")


def words_of(folder: Path) -> Vocabulary:
    """The record words of a game folder, from its game.toml alone (the tables are not needed)."""
    return norway_words(read_info(TomlDoc(folder / "game.toml")))


WORDS = words_of(DATA_DIR)
PHASES = WORDS.phases
turn_order = WORDS.turn_order


class InvasionNorway(GamePack):
    """The pack: its numbers, the game data (loaded on first use) and fresh rules per audit."""

    id = "invasion-norway"
    board_kind = BoardKind.HEX

    def __init__(self, data_path: str | Path | None = None):
        self.data_path = data_path

    @property
    def data_folder(self) -> Path:
        """The game's data folder: the one given, else the one shipped with the package."""
        return Path(self.data_path) if self.data_path is not None else DATA_DIR

    @cached_property
    def config(self) -> Mapping[str, Any]:
        with PACK_FILE.open("rb") as stream:
            return tomllib.load(stream)

    title = "Invasion: Norway"
    rulebook = "invasion-norway.txt"

    @property
    def checks(self) -> tuple[ListedCheck, ...]:
        """Each check, the rules its findings cite and what it judges (:data:`.checks.LISTED`)."""
        return tuple(LISTED.values())

    @cached_property
    def record_terms(self) -> RecordTerms:
        """No entries of its own; its rolls are the die rolls of its game.toml; a detection roll names its side;
        a naval mission (8.1.4) is declared as an ``action`` of one of pack.toml's ``[naval_missions]`` kinds."""
        rolls = self.game.data.info.die_rolls.values()
        m = self.config["naval_missions"]
        missions = (*m["port_combat_kinds"], *m["assault_kinds"], *m["bombardment_kinds"])
        return RecordTerms(rolls={roll.id: f"{roll.name} ({roll.source})" for roll in rolls},
                           checks={Roll.KEY: detection_names_its_side},
                           lists={"`action` `kind`: a naval mission declared (8.1.4: naval combat in a port 8.3, "
                                  "amphibious assault 8.6, bombardment 8.7.2), with its naval `units` and `hex`":
                                  missions})

    @cached_property
    def game(self) -> NorwayGame:
        return NorwayGame.load(self.data_path)

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """The words of this game's records (phases, sides, turns, weather), from game.toml."""
        return WORDS if self.data_path is None else words_of(Path(self.data_path))

    @cached_property
    def replay_hooks(self) -> ReplayHooks:
        """What the replay must know of this game's mechanics (pack.toml ``[replay]``)."""
        replay = self.config["replay"]
        return ReplayHooks(airbase_markers=tuple(m.lower() for m in replay["airbase_markers"]),
                           judged_rolls=tuple(replay["judged_rolls"]))

    # The demo's sample game (vassal-tools demo): an interception with too many ships, an overstacked Bergen.
    sample_game = sample_game

    @property
    def nationality_words(self) -> dict[str, tuple[str, ...]]:
        """The words a module's palette or prototype names use for each nationality (pack.toml ``[mapping]``)."""
        return {nat: tuple(words) for nat, words in self.config["mapping"]["nationality_words"].items()}

    @property
    def catalogue(self) -> NorwayGame:
        """How records name this game's units and locations."""
        return self.game

    @cached_property
    def kinds(self) -> UnitKinds:
        info = self.game.data.info
        air = {t.type: {"role": t.role, "seaplane": t.seaplane, "carrier": t.carrier} for t in info.air_types.values()}
        return UnitKinds(info.move_class_of, air, self.config)

    @cached_property
    def terrain(self) -> Terrain:
        return Terrain(self.game, self.config["movement"])

    def explain(self, finding: Finding, record: Record) -> Finding:
        """The finding with what a player reads: the rule's title and quoted sentence and the
        remedy (the pack's rules index, :meth:`GamePack.explain`), the phase by its rulebook name,
        units by their counter names."""
        phase = self.game.data.info.phases.get(finding.phase or "")
        names = tuple((record.units[uid].name if uid in record.units else None) or uid for uid in finding.units)
        return replace(super().explain(finding, record), message=self.phase_names(finding.message),
                       phase_name=phase.name if phase else "", unit_names=names)

    def zone_of(self, loc: str) -> str | None:
        return self.game.zone_of(loc)

    @cached_property
    def printed_names(self) -> PrintedNames:
        """Phases and die rolls by game.toml's names, the rulebook's ("German Land Movement Phase")."""
        info = self.game.data.info
        phases = {phase.id: phase.name for phase in info.phases.values()}
        rolls = roll_names((roll.id, roll.name) for roll in info.die_rolls.values())
        return replace(super().printed_names, phases=phases, rolls=rolls)

    def phase_names(self, text: str) -> str:
        """Phase ids in a message by the rulebook's names ("the german-land-movement phase" is
        "the German Land Movement Phase")."""
        for phase in self.game.data.info.phases.values():
            if "-" in phase.id and phase.id in text:  # a one-word id ("weather") is also a word of prose
                text = re.sub(rf"(?<![\w-]){re.escape(phase.id)}(?: phase)?(?![\w-])", phase.name, text)
        return text

    def rules(self) -> InvasionNorwayRules:
        return InvasionNorwayRules(self, CHECKS)


PACK = InvasionNorway()
