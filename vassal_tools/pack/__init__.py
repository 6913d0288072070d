"""The pack contract: everything a game's package may offer the toolkit, declared once, with defaults.

A game is one package under ``games/`` whose pack subclasses :class:`GamePack` and is registered by
id (:func:`vassal_tools.games.register`). What a pack must give (its id, data folder, record words,
catalogue, rules and board kind) is abstract here; what it may give (title, rulebook, the checks
``vassal-tools games`` lists, notes, a player's explanation of a finding, the printed names of its
phases, sides, rolls and terms (:mod:`.printed`, which every finding passes through), the replay's hooks, zones of a place, another data folder's copy of the game) has a default that says
"nothing more". Code outside the packs reads these members and never probes a pack for others.

The board kind (:class:`BoardKind`) says how the game's map is drawn and built: a hex game's data
folder is read by :func:`~vassal_tools.gamedata.load_game` and built by the hex builder; an area
game's pack draws its board (:meth:`GamePack.area_map`) and reads a copied data folder
(:meth:`GamePack.at`). :func:`~vassal_tools.games.register` checks that a pack of a kind gives what
the kind needs.
"""

from __future__ import annotations

import enum
import inspect
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import NamedTuple, Protocol

from ..gamedata.areas import AreaMap
from ..gamedata.vocabulary import ReplayHooks, Vocabulary
from ..record import Catalogue, Record, RecordTerms
from ..replay.logwriter import LogWriter
from ..rules.engine import Checks
from ..rules.findings import Finding
from ..rules.rulebook import INDEX_FILE, Explained, RulesIndex
from .printed import PrintedNames
from .sample import PhaseSteps, Table

__all__ = ["BoardKind", "GamePack", "ListedCheck", "PhaseSteps", "PrintedNames", "SampleGame", "Table"]


class BoardKind(enum.Enum):
    """How a game's map is kept, drawn and built."""

    HEX = "hex"  # a hex grid (operational_grid.json, hexes.csv): gamedata.load_game, builder.module
    AREA = "area"  # areas and their borders (the pack's area_map()): builder.area_module


class SampleGame(Protocol):
    """A game's sample PBEM game (``vassal-tools demo --game GAME``), usually a module of its package:
    the scenario it is played from ("" for an area game's one set-up), and the game itself, written
    by ``play`` on the opening save with the module's dice buttons and the players' chat."""

    SCENARIO: str

    def play(self, writer: LogWriter, phase: PhaseSteps, players: Sequence[tuple[str, str]]) -> None:
        """Write the game's steps with ``writer``; ``phase(id, turn)`` gives the steps that start a
        phase; ``players``: the (name, password) of the players, one per side, in the pack's order."""


class ListedCheck(NamedTuple):
    """One check as ``vassal-tools games`` lists it: its name, the rules it cites, what it judges."""

    name: str
    rules: tuple[str, ...]
    judges: str = ""


class GamePack(ABC):
    """A game as the registry knows it. Subclass it in the game's package and register an instance."""

    id: str
    board_kind: BoardKind = BoardKind.HEX

    @property
    def title(self) -> str:
        """The game's name; "" lists it by its id."""
        return ""

    @property
    def rulebook(self) -> str:
        """The rulebook's file in shared/rules (``narvik-1940.txt``); "" for none."""
        return ""

    @property
    @abstractmethod
    def data_folder(self) -> Path:
        """The game's data folder (game.toml, the tables, scenarios/) shipped with its package."""

    @property
    @abstractmethod
    def vocabulary(self) -> Vocabulary:
        """The words of the game's records: phases, sides, turns, weather (from its game.toml)."""

    @property
    @abstractmethod
    def catalogue(self) -> Catalogue:
        """How the game's records name its units and places."""

    @property
    def record_terms(self) -> RecordTerms:
        """What the game adds to the record format: its own entries (Kampen om Norge's ``card``),
        the rolls and top-level keys it reads; nothing by default."""
        return RecordTerms()

    @abstractmethod
    def rules(self) -> Checks:
        """Fresh rules for one audit (the engine's composite of the game's checks)."""

    @property
    def checks(self) -> tuple[ListedCheck, ...]:
        """The checks ``vassal-tools games`` lists, each with the rules it cites and what it judges."""
        return ()

    @property
    def notes(self) -> tuple[str, ...]:
        """What the pack says plainly about itself (``no supply rule``)."""
        return ()

    @property
    def nationality_words(self) -> Mapping[str, tuple[str, ...]] | None:
        """The words a module's palettes, prototypes or images use for each nationality of the game
        (drafting a mapping of a module vassal_tools did not build); None: each by its id."""
        return None

    #: The game's sample PBEM game (:class:`SampleGame`), which ``vassal-tools demo`` plays; None: none.
    sample_game: SampleGame | None = None

    @property
    def replay_hooks(self) -> ReplayHooks:
        """The game's mechanics a replay must know to write its records; none by default."""
        return ReplayHooks()

    @property
    def package_folder(self) -> Path:
        """The folder of the game's package: its ``rulebook.toml``, ``explain.toml``, ``rules_index.json``
        and ``coverage.toml`` (the folder of the module that defines the pack's class)."""
        return Path(inspect.getfile(type(self))).parent

    @cached_property
    def rules_index(self) -> RulesIndex | None:
        """The pack's rules index (``rules_index.json``, built by scripts/build_rules_index.py); None
        when it ships none."""
        return RulesIndex.read(self.package_folder / INDEX_FILE)

    def explained(self, finding: Finding) -> Explained | None:
        """What the rules index says of the finding's rule, for the finding's case; None when the
        pack has no index or the rule is not in it."""
        index = self.rules_index
        return index.explain(finding.number, finding.case) if index is not None else None

    def explain(self, finding: Finding, record: Record) -> Finding:
        """The finding as a player reads it: the rule's title, the sentence that decides its case and
        the remedy, from the pack's rules index (as found when the index says nothing of the rule)."""
        said = self.explained(finding)
        if said is None:
            return finding
        return replace(finding, title=said.title, quote=said.quote, remedy=said.remedy)

    @property
    def printed_names(self) -> PrintedNames:
        """How a player reads the game's phases, sides and terms (:mod:`.printed`); by default the
        sides and nationalities of its vocabulary capitalised and its phases by their ids."""
        words = self.vocabulary
        return PrintedNames(sides=(*words.sides, *(n for n in words.side_of_nationality if n not in words.sides)))

    def printed(self, finding: Finding, record: Record) -> Finding:
        """The finding with the record's ids by their printed names (every game alike: :mod:`.printed`)."""
        return self.printed_names.finding(finding, record)

    def phase_names(self, text: str) -> str:
        """Phase ids in a text by the rulebook's names (:attr:`printed_names`)."""
        return self.printed_names.phases_in(text)

    def zone_of(self, loc: str) -> str | None:
        """The zone a place lies in, for a game whose places lie in zones; None by default."""
        return None

    def area_map(self) -> AreaMap:
        """The board as areas (an area game's, :attr:`BoardKind.AREA`)."""
        raise NotImplementedError(f"{self.id} is a {self.board_kind.value} game: it has no area map")

    def at(self, folder: Path) -> GamePack:
        """The same game with its data read from ``folder`` (a maintainer's copy of its data folder)."""
        raise NotImplementedError(f"{self.id} reads no other data folder than its own")

    def listed_name(self) -> str:
        """The game's name as listed: its title, else its id."""
        return self.title or self.id


def what_kind_needs(pack: GamePack) -> list[str]:
    """What the pack's board kind needs that the pack does not give (the member names); [] when whole."""
    if pack.board_kind is BoardKind.AREA:
        return [name for name in ("area_map", "at") if getattr(type(pack), name) is getattr(GamePack, name)]
    return []
