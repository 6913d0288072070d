"""A game's record vocabulary: its phases, sides, turns, weather and unit words, from its game.toml.

A record names its game in ``"game"``; the record reader, the recorder and the declarations
take the words they accept from that game's :class:`Vocabulary`, the way a PGN's Variant
header picks the board. Nothing here is any one game's.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .records import GameInfo
from .terms import SIZES, UNIT_CLASSES

_NUMBER = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


def turn_key(turn: str) -> str:
    """How a turn name is matched: case, spaces and leading zeros do not count (``"april # 05"``)."""
    return _NUMBER.sub(lambda m: str(int(m.group())), _SPACE.sub("", turn.lower()))


class TurnNames(Protocol):
    """How a game names its turns: the spelling it accepts, their order, and finding one in a text."""

    def canonical(self, turn: str) -> str | None:
        """The game's own spelling of a turn name, or None if it names no turn."""

    def order(self, turn: str) -> Any:
        """A sortable key of a turn name; ValueError if it names no turn."""

    def find(self, text: str) -> str | None:
        """The turn a free text names (canonically spelled), or None."""


class ListedTurns:
    """The default: a game's turns are the ones its turn record lists, in that order."""

    def __init__(self, turns: tuple[str, ...]):
        self.turns = turns
        self._by_key = {turn_key(t): t for t in turns}
        # Each name with any spacing around its parts; longest first ("April #10" before "April #1").
        names = sorted(turns, key=len, reverse=True)
        self._pattern = re.compile(r"(?<!\w)(?:" + "|".join(_spaced(t) for t in names) + r")(?!\d)",
                                   re.IGNORECASE) if turns else None

    def canonical(self, turn: str) -> str | None:
        return self._by_key.get(turn_key(turn)) if isinstance(turn, str) else None

    def order(self, turn: str) -> int:
        canonical = self.canonical(turn)
        if canonical is None:
            raise ValueError(f"not a turn: {turn!r}")
        return self.turns.index(canonical)

    def find(self, text: str) -> str | None:
        match = self._pattern.search(text or "") if self._pattern is not None else None
        return self.canonical(match.group(0)) if match else None


def _spaced(turn: str) -> str:
    parts = re.findall(r"\d+|[^\W\d_]+|[^\w\s]", turn)
    return r"\s*".join("0*" + p if p.isdigit() else re.escape(p) for p in parts)


@dataclass(frozen=True)
class Vocabulary:
    """The words a game's records use; every tuple is in the game's order."""

    game: str
    phases: tuple[str, ...]  # the phases of a turn, in the order of play
    sides: tuple[str, ...]
    turns: tuple[str, ...]  # the game's turns, in order
    weather_states: tuple[str, ...] = ()
    weather_sections: tuple[str, ...] = ()
    side_of_nationality: Mapping[str, str] = field(default_factory=dict)
    side_names: Mapping[str, str] = field(default_factory=dict)  # side id -> its name ("german": "Germany")
    unit_classes: tuple[str, ...] = UNIT_CLASSES
    sizes: tuple[str, ...] = SIZES
    special_markers: tuple[str, ...] = ()  # marker types the game's players put on the map
    turn_names: TurnNames | None = None  # None: the turns listed (ListedTurns); a game may name its own
    # The side of a nationality the game data does not list, if the game says (a two-sided game
    # whose one side is "everyone else"); None: such a nationality has no side.
    other_nationalities_side: str | None = None
    # The words a record may write in a field its checks read (``roll``: a roll's ``for``, ``card``:
    # a card's name), each spelling (by :func:`word_key`) to the game's own word: the audit engine
    # compares every record's words with these. A field not listed is not compared.
    record_words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.turn_names is None:
            object.__setattr__(self, "turn_names", ListedTurns(self.turns))

    @property
    def names(self) -> TurnNames:
        assert self.turn_names is not None  # set in __post_init__
        return self.turn_names

    @classmethod
    def from_info(cls, info: GameInfo) -> Vocabulary:
        """The vocabulary of a loaded game.toml (:func:`vassal_tools.gamedata.load_game`)."""
        return cls(
            game=info.id,
            phases=info.phase_order(),
            sides=tuple(info.sides),
            turns=info.turn_names,
            weather_states=info.weather_states,
            weather_sections=info.weather_sections,
            side_of_nationality={n.id: n.side for n in info.nationalities.values()},
            side_names={side.id: side.name for side in info.sides.values()},
            special_markers=info.marker_types,
            # The die rolls game.toml lists ([[die_rolls]]) are the rolls a record may name, by id or name.
            record_words={"roll": spellings({r.id: (r.name,) for r in info.die_rolls.values()})}
            if info.die_rolls else {},
        )

    def canonical_turn(self, turn: str) -> str | None:
        """The game's own spelling of a turn name, or None if it is not one of the game's turns."""
        return self.names.canonical(turn) if isinstance(turn, str) else None

    def turn_order(self, turn: str) -> Any:
        """A sortable key of one of the game's turns; ValueError if it is not one."""
        return self.names.order(turn)

    def find_turn(self, text: str | None) -> str | None:
        """A turn of the game named in a text (``April #5``, ``april#5``), in the game's spelling, or None."""
        return self.names.find(text or "")

    def side_named(self, text: str | None) -> str | None:
        """The side a player's seat names: its id (``german``) or the name the module's roster gives
        it (``Germany``, ``The Allies``), in any capitalisation; None for any other text."""
        word = " ".join((text or "").split()).lower()
        if word in self.sides:
            return word
        named = {name.lower(): side for side, name in self.side_names.items()}
        return named.get(word) or named.get(word.removeprefix("the "))

    def side_of(self, nationality: str) -> str | None:
        """The side a nationality plays for: its own entry, else the longest nationality it names
        (``german-navy`` is German), else :attr:`other_nationalities_side`."""
        if nationality in self.side_of_nationality:
            return self.side_of_nationality[nationality]
        named = [n for n in self.side_of_nationality if nationality.startswith(n)]
        return self.side_of_nationality[max(named, key=len)] if named else self.other_nationalities_side



def word_key(word: str) -> str:
    """How a record's word is compared with the game's: no case, spaces, hyphens or slashes
    (``Land combat``, ``land-combat``, ``LAND_COMBAT`` are one word)."""
    return "".join(ch for ch in word.casefold() if ch.isalnum())


def spellings(words: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    """A :attr:`Vocabulary.record_words` table from each word of the game and its other spellings."""
    out: dict[str, str] = {}
    for word, others in words.items():
        for spelled in (word, *others):
            out.setdefault(word_key(spelled), word)
    return out


# Letters an ASCII keyboard spells otherwise: Tromsø is typed Tromso or Tromsoe, Åndalsnes
# Andalsnes or Aandalsnes, Kværner Kvaerner.
_ASCII_LETTERS = str.maketrans({"ø": "o", "ö": "o", "å": "a", "ä": "a", "æ": "ae", "ü": "u", "ß": "ss"})
_DIGRAPHS = re.compile(r"oe|aa")


def fold_place(name: str) -> str:
    """A place name as matched when it is spelled in ASCII: no case, no accents, single spaces, and
    ø, å, æ read as o, a, ae, their oe and aa spellings as o and a (``Hoenefoss`` is ``Hønefoss``)."""
    text = " ".join(name.split()).casefold().translate(_ASCII_LETTERS)
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return _DIGRAPHS.sub(lambda m: m.group()[0], text)


def one_of(words: tuple[str, ...]) -> str:
    """``a, b or c``: the words a message lists as allowed."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


@dataclass(frozen=True)
class ReplayHooks:
    """The game's mechanics a replay must know to write the record (a game without them has none)."""

    # Marker types that make the hex of their stack an airbase for the air units in it
    # (the recorder writes such a unit at ``airbase:HEX``).
    airbase_markers: tuple[str, ...] = ()
    # Die rolls the audit judges by side and target: the record needs the roller's side and the
    # declaration that named the target, and the recorder warns when one is missing.
    judged_rolls: tuple[str, ...] = ()
    # Whether an unmasked piece (VASSAL's Obscurable) is a ``reveal`` entry: the game's fog of war
    # (narvik-1940.txt 21.0) is kept by masking units from the other side.
    reveals: bool = False
