"""Findings in the words a player reads: the one place where a record's ids become printed names.

A check writes what it finds with the record's words: unit ids (``ger-137-i``), phase ids
(``german-movement``), side ids (``allied``). Every game's findings pass through
:meth:`PrintedNames.finding` once, after the pack has explained them, so the text, JSON and HTML
reports, the replay page and ``position`` all read the same words:

* a unit by the name on its counter (the record's ``name``, from the game data): ``I/137``;
* a phase by the rulebook's name: ``the German Land Movement Phase``;
* a side or nationality written as a word, capitalised: ``German``, ``Allied``;
* a game's own terms as the player reads them (Kampen om Norge's card names with the manual's
  English gloss: ``Stridsvogn (Armor)``);
* ``a`` before a vowel sound as ``an`` (``an Allied move action``, ``an event roll``).

Nothing here is any one game's: each pack says what its names are (:attr:`GamePack.printed_names`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..record import Record
from ..rules.findings import Finding

__all__ = ["PrintedNames", "article", "roll_names"]

# A word is an id only where no other id character touches it: ``ger-137-i`` is not inside ``ger-137-ii``.
_EDGE_BEFORE, _EDGE_AFTER = r"(?<![\w/-])", r"(?![\w/-])"
# Ids short enough to be words of prose ("a", "I", "no"): never read as a unit in a sentence.
_SHORTEST_ID = 3
# "a" stays before a vowel letter sounded as a consonant: a unit, a one-hex move, a European, a U-boat.
_CONSONANT_SOUND = re.compile(r"(?:uni|use|usu|uti|uk|ur[aeiou]|eu|one|once|u-)", re.IGNORECASE)
_A_BEFORE_VOWEL = re.compile(r"\b([Aa]) (?=([AEIOUaeiou][\w/-]*))")
# An abbreviation said letter by letter whose first letter's name starts with a vowel: an SP, an HQ, an NDV.
_A_BEFORE_LETTERS = re.compile(r"\b([Aa]) (?=[FHLMNRSX][A-Z]+\b)")


def article(text: str) -> str:
    """``a`` before a word sounded with a vowel written ``an`` (``an allied``, ``an event``, ``an SP``)."""
    def fix(match: re.Match) -> str:
        if _CONSONANT_SOUND.match(match.group(2)):
            return match.group(0)
        return f"{match.group(1)}n "
    return _A_BEFORE_LETTERS.sub(lambda m: f"{m.group(1)}n ", _A_BEFORE_VOWEL.sub(fix, text))


@dataclass(frozen=True)
class PrintedNames:
    """How a game's findings name its phases, sides and terms (its units' names come from the record)."""

    phases: Mapping[str, str] = field(default_factory=dict)  # phase id -> the rulebook's name
    sides: tuple[str, ...] = ()  # side and nationality ids written capitalised where they stand as words
    terms: Mapping[str, str] = field(default_factory=dict)  # a game's word -> as the player reads it
    rolls: Mapping[str, str] = field(default_factory=dict)  # a die roll's id -> its name (game.toml)

    def phase(self, phase: str | None) -> str:
        """A phase id by the rulebook's name; "" for none or an id the game does not name."""
        return self.phases.get(phase or "", "")

    def text(self, text: str, units: Mapping[str, str] | None = None) -> str:
        """The text with units (id -> name), phases, rolls, sides and terms by their printed names, and its
        articles agreeing."""
        if not text:
            return text
        units = units or {}
        text = _words(tuple(units.items()), False).sub(lambda m: units[m.group("word")], text)
        for name in set(units.values()):
            text = _said_once(text, name)
        text = self.phases_in(text)
        if self.rolls:  # "a find-ships roll": the roll by its name, where the text says it is a roll
            rolls = _words(tuple(self.rolls.items()), True, suffix=r"(?= rolls?\b)")
            text = rolls.sub(lambda m: self.rolls[m.group("word")], text)
        text = _words(tuple((side, side.capitalize()) for side in self.sides), True).sub(
            lambda m: m.group(0).capitalize(), text)
        if self.terms:
            # A term already glossed ("Stridsvogn (Armor)") is left as it is.
            terms = _words(tuple(self.terms.items()), False, suffix=r"(?! \()")
            text = terms.sub(lambda m: self.terms[m.group("word")], text)
        return article(text)

    def step_words(self, text: str) -> str:
        """A log step's words (a move, a tracker's change) with phases and terms by their names; a chat
        line (``<Anna> ...``) is the player's and stays as typed."""
        if text.startswith("<"):
            return text
        text = self.phases_in(text)
        if self.terms:
            text = _words(tuple(self.terms.items()), False, suffix=r"(?! \()").sub(
                lambda m: self.terms[m.group("word")], text)
        return text

    def phases_in(self, text: str) -> str:
        """Phase ids in a text by the rulebook's names ("the german-movement phase" is "the German
        Movement Phase")."""
        # A one-word id ("combat", "actions") is also a word of prose: only a hyphenated id is read as a phase.
        phases = _words(tuple((phase, name) for phase, name in self.phases.items() if "-" in phase), True,
                        suffix=r"(?: phase)?")
        return phases.sub(lambda m: self.phases[m.group("word")], text)

    def finding(self, finding: Finding, record: Record) -> Finding:
        """The finding with its message, phase and units as printed (the ids stay in ``units``, ``phase``)."""
        names = unit_names(record, _named_in(finding, record))
        return replace(finding, message=self.text(finding.message, names),
                       phase_name=self.phase(finding.phase) or finding.phase_name,
                       unit_names=tuple(names.get(uid, uid) for uid in finding.units))


def _said_once(text: str, name: str) -> str:
    """A counter named for its kind said once: "SP ger-sp-1" is "SP SP" by its counter, "supply counter
    ger-sup-1" "supply counter Supply"; the name that only repeats one of the two words before it goes."""
    def drop(match: re.Match) -> str:
        return match.group("before") if name.casefold() in match.group("before").casefold().split() else match.group(0)
    return re.sub(rf"(?P<before>(?<![\w/-])[\w/-]+(?: [\w/-]+)?) {re.escape(name)}{_EDGE_AFTER}", drop, text)


def roll_names(rolls: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Die rolls (id, name) as a sentence says them, in small letters but for abbreviations ("Find Ships" is
    "a find ships roll", "Variable Allied VP" "a variable allied VP roll": the side is capitalised after)."""
    out = {}
    for roll, name in rolls:
        said = " ".join(word if word.isupper() else word.lower() for word in name.split())
        if said and said != roll:
            out[roll] = said
    return out


def unit_names(record: Record, ids: Iterable[str]) -> dict[str, str]:
    """Each of the ids that is a unit of the record with a name other than its id -> that name."""
    out = {}
    for uid in ids:
        unit = record.units.get(uid)
        if unit is not None and unit.name and unit.name != uid:
            out[uid] = unit.name
    return out


def _named_in(finding: Finding, record: Record) -> set[str]:
    """The record's unit ids a finding names: its units, and any other unit id its message writes."""
    found = set(finding.units)
    for token in re.findall(r"[\w/.&-]+", finding.message):
        token = token.rstrip(".")
        if token in record.units:
            found.add(token)
    return {uid for uid in found if len(uid) >= _SHORTEST_ID or uid in finding.units and len(uid) > 1}


@lru_cache(maxsize=64)
def _words(pairs: tuple[tuple[str, str], ...], whole_word: bool, suffix: str = "") -> re.Pattern:
    """One pattern for every word of ``pairs`` (longest first), each standing alone in a text."""
    words = sorted((word for word, name in pairs if word and word != name), key=len, reverse=True)
    if not words:
        return re.compile(r"(?!)")
    before, after = (r"(?<![\w-])", r"(?![\w-])") if whole_word else (_EDGE_BEFORE, _EDGE_AFTER)
    alternatives = "|".join(re.escape(word) for word in words)
    return re.compile(f"{before}(?P<word>{alternatives}){after}{suffix}")
