"""The chat grammar: the declarations players type in chat, what a VASSAL log cannot say by itself.

Players of a PBEM game already type their attacks, missions and detection
attempts in the chat. A chat line that starts with one of these words (a ``!``
before it is allowed) is read as a declaration and becomes the record entry of
the same name (``docs/record-format.md``, "From a VASSAL log")::

    attack HEX with UNITS [supply UNITS] [target UNITS] [overrun]
    overrun HEX with UNITS [supply UNITS]
    defend HEX [supply UNITS]
    mission [SIDE] KIND [with] UNITS [from LOC] [to LOC] [supply UNITS]
    detect naval|air LOC [target UNITS] [detected | not detected]
    roll FOR [in LOC] [target UNITS] [unit UNIT] [outcome WORD] [detected | not detected]
    action [SIDE] KIND with UNITS [in LOC]
    mark UNITS as STATUS / unmark UNITS as STATUS
    vp SIDE N for UNITS|KEY|"KEY" [roll D]
    intercept [SIDE] [naval|air] LOC with UNITS
    control HEX [by] SIDE
    hits LOC [to] N
    phase [TURN] PHASE
    end PHASE

UNITS is a comma-separated list of unit ids or printed counter names
(``I/138, II/138``); ``NAME xN`` stands for N of them, ``none`` for no unit.
``detect`` and ``roll`` wait for the next die roll of their kind, which gives the
result. Words are matched in any case. This module only reads the text: the
recorder resolves names to units and LOCs to the game's places.

:func:`read_declaration` returns None for a line that is no declaration and
raises :class:`DeclarationError` for one that starts like a declaration but
cannot be read; the recorder turns that into a warning naming the step, unless
:func:`means_to_declare` says the line merely starts with a declaration word
("Attack on Bergen went well": no ``!``, no hex, none of the declaration's own
words): that is ordinary chat. The game's own words (its sides, the words of its
phases) come from its vocabulary (:class:`GameWords`); the keywords are every game's.
:mod:`.declaration_entries` turns what is read into record entries.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from ..gamedata.vocabulary import Vocabulary
from ..record import (
    Action,
    Attack,
    Control,
    Defend,
    End,
    Hits,
    Intercept,
    Mark,
    Mission,
    PhaseStart,
    Roll,
    Unmark,
    VictoryPoints,
)

#: Words that start a declaration, and the key of the record entry each one becomes.
KEYWORDS = {
    "attack": Attack.KEY, "overrun": Attack.KEY, "defend": Defend.KEY, "mission": Mission.KEY,
    "detect": Roll.KEY, "roll": Roll.KEY, "intercept": Intercept.KEY, "control": Control.KEY,
    "hits": Hits.KEY, "phase": PhaseStart.KEY, "end": End.KEY, "action": Action.KEY, "mark": Mark.KEY,
    "unmark": Unmark.KEY, "vp": VictoryPoints.KEY,
}
DETECTIONS = {"naval": "naval-detection", "air": "air-detection"}
#: The clause words each declaration uses: a line with one of them means to declare. A
#: declaration that may name a side also means to declare when it names one of the game's
#: sides (:data:`_SIDE_SHAPED`); ``phase`` and ``end``, when they use a word of its phases.
_SHAPE_WORDS = {
    "attack": ("with", "supply"), "overrun": ("with", "supply"), "defend": ("supply",),
    "mission": ("with", "from", "to", "supply"), "detect": ("naval", "air", "target"),
    "roll": ("target",), "intercept": ("with", "naval", "air"), "control": ("by",),
    "hits": ("to",), "phase": ("phase",), "end": ("phase",), "action": ("with",),
    "mark": ("as",), "unmark": ("as",), "vp": ("for", "roll"),
}
_SIDE_SHAPED = ("mission", "control", "action")
_PHASE_SHAPED = ("phase", "end")
_CLAUSES = ("with", "supply", "from", "to", "target", "in")
_ROLL_TAIL = re.compile(r"\s+\b(unit|outcome)\s+(.+?)(?=\s+\b(?:unit|outcome|in|target)\b|$)", re.IGNORECASE)
_STATUS = re.compile(r"^(.+?)\s+as\s+(\S+)$", re.IGNORECASE)
_VP = re.compile(r"^(\w+)\s+([+-]?\d+)\s+for\s+(.+?)(?:\s+roll\s+(\d+))?$", re.IGNORECASE)
_CLAUSE = re.compile(r"\b(" + "|".join(_CLAUSES) + r")\b", re.IGNORECASE)
_OUTCOME = re.compile(r"\b(not\s+detected|detected)\s*$", re.IGNORECASE)
_COUNT = re.compile(r"^(.*?)\s*[x×]\s*(\d+)$", re.IGNORECASE)
_NONE = {"none", "nothing", "-", "no supply"}


class DeclarationError(ValueError):
    """A chat line that starts like a declaration but says something unreadable."""


@dataclass(frozen=True)
class GameWords:
    """The words of one game a declaration may use: its sides, and the words its phases are named with."""

    sides: tuple[str, ...]
    phase_words: tuple[str, ...] = ()

    @classmethod
    def of(cls, vocabulary: Vocabulary) -> GameWords:
        """A game's words from its record vocabulary: its sides, and the words of its phase ids
        (``german-land-movement``: german, land, movement)."""
        words = dict.fromkeys(w for phase in vocabulary.phases for w in phase.lower().split("-") if w)
        return cls(tuple(vocabulary.sides), tuple(words))

    def shape_words(self, keyword: str) -> tuple[str, ...]:
        """The words of a line that show it means to be a declaration of ``keyword``."""
        own = _SHAPE_WORDS.get(keyword, ())
        if keyword in _SIDE_SHAPED:
            own += self.sides
        if keyword in _PHASE_SHAPED:
            own += self.sides + self.phase_words
        return own


@dataclass(frozen=True)
class UnitName:
    """A unit as a player named it: an id or a printed name, ``count`` of them (``NAME x2``)."""

    name: str
    count: int = 1


@dataclass(frozen=True)
class Declaration:
    """One declaration read: the record entry key, what it says, and the text it came from.

    ``fields`` uses the record's field names (``hex``, ``attackers``, ``supply``,
    ``from``, ``target``, ``zone``...); unit lists hold :class:`UnitName` and places
    are the text as typed, for the recorder to resolve.
    """

    key: str
    text: str
    fields: dict[str, Any] = field(default_factory=dict)


def read_declaration(text: str, sides: tuple[str, ...]) -> Declaration | None:
    """The declaration a chat message makes, or None if it makes none.

    ``sides``: the game's side words (the caller's game's vocabulary).

    A first word one letter away from a keyword, in a line shaped like a
    declaration (a clause word or a hex number follows), is taken for a typo and
    raises DeclarationError rather than passing silently as chat.
    """
    shown = text.strip().lstrip("!").strip()
    word, _, rest = shown.partition(" ")
    word = word.lower()
    if word not in KEYWORDS:
        _near_miss(word, rest)
        return None
    reader = _READERS[word]
    return Declaration(KEYWORDS[word], shown, reader(word, rest.strip(), sides))


def means_to_declare(text: str, words: GameWords) -> bool:
    """Whether a chat line that cannot be read as a declaration still meant to be one: it is
    marked with ``!``, names a hex, or uses one of its declaration's own words (``words``: the
    game's, which the caller hands in). Otherwise it is chat that merely starts with a declaration
    word ("Attack on Bergen went well")."""
    shown = text.strip()
    word, _, rest = shown.lstrip("!").strip().partition(" ")
    if shown.startswith("!") or re.search(r"\b\d{4}\b", rest):
        return True
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", rest)}
    return bool(said & set(words.shape_words(word.lower())))


def _near_miss(word: str, rest: str) -> None:
    close = difflib.get_close_matches(word, KEYWORDS, n=1, cutoff=0.8)
    if close and (_CLAUSE.search(rest) or re.search(r"\b\d{4}\b", rest)):
        raise DeclarationError(f"'{word}' is not a declaration word (did you mean '{close[0]}'?)")


# -- the parts of a declaration ----------------------------------------------------------


def _clauses(rest: str) -> tuple[str, dict[str, str]]:
    """The text before the first clause word, and each clause's text by its word."""
    parts = _CLAUSE.split(rest)
    head, clauses = parts[0].strip(), {}
    for word, value in zip(parts[1::2], parts[2::2]):
        word = word.lower()
        if word in clauses:
            raise DeclarationError(f"'{word}' is said twice")
        clauses[word] = value.strip()
    return head, clauses


def units(text: str, what: str) -> list[UnitName]:
    """A comma-separated list of unit names; ``none`` is the empty list."""
    text = text.strip()
    if text.lower() in _NONE:
        return []
    out = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            raise DeclarationError(f"an empty name in the {what}")
        match = _COUNT.match(item)
        if match and match.group(1):
            count = int(match.group(2))
            if count < 1:
                raise DeclarationError(f"'{item}': a count must be at least 1")
            out.append(UnitName(match.group(1).strip(), count))
        else:
            out.append(UnitName(item))
    return out


def _required(value: str | None, what: str) -> str:
    if not value:
        raise DeclarationError(f"missing {what}")
    return value


def _side(word: str, sides: tuple[str, ...]) -> str | None:
    word = word.lower()
    return word if word in sides else None


def _no_extra(clauses: dict[str, str], allowed: tuple[str, ...], keyword: str) -> None:
    extra = [w for w in clauses if w not in allowed]
    if extra:
        raise DeclarationError(f"'{keyword}' takes no '{extra[0]}'")


def _outcome(text: str) -> tuple[str, bool | None]:
    """Text without a trailing ``detected`` / ``not detected``, and that claim."""
    match = _OUTCOME.search(text)
    if match is None:
        return text, None
    return text[:match.start()].strip(), not match.group(1).lower().startswith("not")


# -- one reader per keyword ----------------------------------------------------------------


def _attack(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    overrun = word == "overrun"
    if re.search(r"\boverrun\s*$", rest, re.IGNORECASE):
        overrun, rest = True, re.sub(r"\boverrun\s*$", "", rest, flags=re.IGNORECASE).strip()
    head, clauses = _clauses(rest)
    _no_extra(clauses, ("with", "supply", "target"), word)
    out: dict[str, Any] = {"hex": _required(head, "the hex attacked (attack HEX with UNITS)"),
           "attackers": units(_required(clauses.get("with"), "'with' and the attacking units"), "attackers"),
           "supply": units(clauses.get("supply", "none"), "supply")}
    if clauses.get("target"):
        out["target"] = units(clauses["target"], "target")
    if not out["attackers"]:
        raise DeclarationError("an attack needs at least one attacking unit")
    if overrun:
        out["overrun"] = True
    return out


def _defend(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    head, clauses = _clauses(rest)
    _no_extra(clauses, ("supply",), word)
    return {"hex": _required(head, "the hex defended (defend HEX supply SP)"),
            "supply": units(clauses.get("supply", "none"), "supply")}


def _mission(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    head, clauses = _clauses(rest)
    _no_extra(clauses, ("with", "from", "to", "supply"), word)
    words = head.split()
    side = _side(words[0], sides) if words else None
    if side is not None:
        words = words[1:]
    if not words:
        raise DeclarationError("missing the mission's kind (mission [SIDE] KIND UNITS ...)")
    kind, named = words[0].lower(), " ".join(words[1:])
    if named and "with" in clauses:
        raise DeclarationError("the units are named twice")
    listed = units(_required(named or clauses.get("with"), "the units that fly the mission"), "mission")
    if not listed:
        raise DeclarationError("a mission needs at least one unit")
    out: dict[str, Any] = {"side": side, "kind": kind, "units": listed}
    if clauses.get("from"):
        out["from"] = clauses["from"]
    if clauses.get("to"):
        out["target"] = clauses["to"]
    if "supply" in clauses:
        out["supply"] = units(clauses["supply"], "supply")
    return out


def _roll(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    rest, detected = _outcome(rest)
    tail = {m.group(1).lower(): m.group(2).strip() for m in _ROLL_TAIL.finditer(rest)} if word == "roll" else {}
    rest = _ROLL_TAIL.sub("", rest) if tail else rest
    head, clauses = _clauses(rest)
    zone: str | None
    if word == "detect":
        _no_extra(clauses, ("target",), word)
        kind, _, zone = head.partition(" ")
        purpose = DETECTIONS.get(kind.lower())
        if purpose is None:
            raise DeclarationError("say 'detect naval ZONE' or 'detect air ZONE'")
        zone = _required(zone.strip(), "where the detection is tried")
    else:
        _no_extra(clauses, ("in", "target"), word)
        purpose = _required(head, "what the roll is for (roll FOR [in LOC] ...)").lower().replace(" ", "-")
        zone = clauses.get("in") or None
    out: dict[str, Any] = {"for": purpose, "zone": zone,
                           "target": units(clauses["target"], "target") if clauses.get("target") else []}
    if detected is not None:
        out["detected"] = detected
    if "unit" in tail:
        out["unit"] = units(tail["unit"], "unit")
    if "outcome" in tail:
        out["outcome"] = tail["outcome"].lower()
    return out


def _action(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    head, clauses = _clauses(rest)
    _no_extra(clauses, ("with", "in"), word)
    words = head.split()
    side = _side(words[0], sides) if words else None
    if side is not None:
        words = words[1:]
    if len(words) != 1:
        raise DeclarationError("say 'action [SIDE] KIND with UNITS [in LOC]'")
    out: dict[str, Any] = {"side": side, "kind": words[0].lower(),
                           "units": units(_required(clauses.get("with"), "'with' and the units activated"), "action")}
    if clauses.get("in"):
        out["hex"] = clauses["in"]
    return out


def _status(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    match = _STATUS.match(rest)
    if match is None:
        raise DeclarationError(f"say '{word} UNITS as STATUS' ({word} I/138 as out-of-supply)")
    return {"units": units(match.group(1), word), "as": match.group(2).lower()}


def _vp(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    match = _VP.match(rest)
    side = _side(match.group(1), sides) if match else None
    if match is None or side is None:
        raise DeclarationError("say 'vp SIDE N for UNITS' or 'vp SIDE N for KEY' [roll D]")
    said = match.group(3).strip()
    out: dict[str, Any] = {"side": side, "add": int(match.group(2))}
    if len(said) > 2 and said[0] in "\"'" and said[-1] == said[0]:
        out["key"] = said[1:-1].strip()  # quoted: a key, never a unit ("Bismarck", the option)
    else:
        out["for"] = said
    if match.group(4):
        out["roll"] = int(match.group(4))
    return out


def _intercept(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    head, clauses = _clauses(rest)
    _no_extra(clauses, ("with",), word)
    words = head.split()
    side = _side(words[0], sides) if words else None
    if side is not None:
        words = words[1:]
    if words and words[0].lower() in DETECTIONS:
        words = words[1:]
    listed = units(_required(clauses.get("with"), "'with' and the intercepting units"), "interceptors")
    if not listed:
        raise DeclarationError("an interception needs at least one unit")
    return {"side": side, "zone": _required(" ".join(words), "where the interception is"), "units": listed}


def _control(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    words = rest.split()
    if len(words) < 2 or _side(words[-1], sides) is None:
        raise DeclarationError(" or ".join(f"'control HEX {side}'" for side in sides).join(("say ", "")))
    place = words[:-1]
    if place and place[-1].lower() == "by":
        place = place[:-1]
    return {"control": _required(" ".join(place), "the hex"), "side": words[-1].lower()}


def _hits(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    words = rest.split()
    if len(words) < 2 or not words[-1].isdigit():
        raise DeclarationError("say 'hits LOC N' with N the number of hits now")
    place = words[:-1]
    if place and place[-1].lower() == "to":
        place = place[:-1]
    return {"hits": _required(" ".join(place), "the place hit"), "to": int(words[-1])}


def _phase(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    return {"phase": _required(rest, "the phase (phase [TURN] PHASE)")}


def _end(word: str, rest: str, sides: tuple[str, ...]) -> dict[str, Any]:
    return {"end": _required(rest, "the phase that ends (end PHASE)")}


_READERS = {
    "attack": _attack, "overrun": _attack, "defend": _defend, "mission": _mission, "detect": _roll,
    "roll": _roll, "intercept": _intercept, "control": _control, "hits": _hits, "phase": _phase, "end": _end,
    "action": _action, "mark": _status, "unmark": _status, "vp": _vp,
}
