"""The record format's documentation, written from its tables so it cannot drift from them.

:func:`entries_table` renders entry kinds (the format's own, :data:`~.entries.ENTRY_KINDS`, or a
game's) as the Markdown table of docs/record-format.md; :func:`game_words` renders one game's words
(its :class:`~vassal_tools.gamedata.vocabulary.Vocabulary` and :class:`~.entries.RecordTerms`).
Which games there are is the caller's to say (``scripts/build_record_doc.py`` asks the registry).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..gamedata.vocabulary import Vocabulary
from .entries import FIELD_TYPES, TURN, EntryKind, Field, RecordTerms

#: A game's list of turns longer than this is shown by its first and last few.
SHOWN_TURNS = 12


def entries_table(kinds: Iterable[EntryKind]) -> str:
    """The Markdown table of entry kinds: each one's shape and what it says happened."""
    rows = ["| entry | what happened |", "|---|---|"]
    rows += [f"| `{kind.example or shape(kind)}` | {meaning(kind)} |" for kind in kinds]
    return "\n".join(rows)


def field_types() -> str:
    """What the letters of the entry shapes stand for, one line each."""
    meanings: dict[str, str] = {}
    for symbol, what in FIELD_TYPES.values():
        meanings.setdefault(symbol, what)
    return "\n".join(f"* `{symbol}`: {what}" for symbol, what in meanings.items())


def shape(kind: EntryKind) -> str:
    """The entry as JSON with each field's type for its value (``{"move": U, "to": LOC, ...}``)."""
    fields = ", ".join(f'"{spec.key}": {FIELD_TYPES[spec.type][0]}' for spec in kind.fields)
    return f'{{"{kind.key}": {{{fields}}}}}' if kind.nested else f"{{{fields}}}"


def meaning(kind: EntryKind) -> str:
    """What the entry says, then what its fields say and which may be left out."""
    said = [f"`{spec.key}` {spec.what}" for spec in kind.fields if spec.what]
    optional = [f"`{spec.key}`" for spec in kind.fields if _optional(spec)]
    text = kind.what
    if said:
        text += "; " + ", ".join(said)
    if optional:
        text += f" (optional: {', '.join(optional)})"
    return text.replace("|", "\\|")


def _optional(spec: Field) -> bool:
    return not spec.required and spec.type != TURN


def game_words(game: str, title: str, words: Vocabulary, terms: RecordTerms) -> str:
    """One game's section: the words its records use, and what it adds to the format."""
    rows = [
        ("sides", _words(words.sides)),
        ("nationalities (their side)", ", ".join(f"`{n}` ({s})" for n, s in words.side_of_nationality.items())
         + (f"; any other: {words.other_nationalities_side}" if words.other_nationalities_side else "")),
        ("unit `class`", _words(words.unit_classes)),
        ("unit `size`", _words(words.sizes)),
        ("turns", _turns(words.turns)),
        ("phases, in the order of a turn", _words(words.phases)),
        ("weather sections", _words(words.weather_sections)),
        ("weather states", _words(words.weather_states)),
        ("markers players put on the map", ", ".join(f"*{m}*" for m in words.special_markers)),
        *((f"top-level `{key}`", what) for key, what in terms.keys.items()),
        *((what, _words(listed)) for what, listed in terms.lists.items()),
        *((f"`{key}` entries", _first_line(check.__doc__)) for key, check in terms.checks.items()),
    ]
    out = [f"### `{game}`: {title}", "", "| | |", "|---|---|"]
    out += [f"| {name} | {value} |" for name, value in rows if value]
    if terms.rolls:
        out += ["", "A roll's `for` (the game's rolls; a record may use any other word):", "",
                *_table(("roll `for`", "what it decides"), ((f"`{w}`", what) for w, what in terms.rolls.items()))]
    if terms.entry_kinds:
        out += ["", "Entries of the game's own (no other game's record has them):", "",
                entries_table(terms.entry_kinds)]
    return "\n".join(out)


def _first_line(text: str | None) -> str:
    return (text or "").strip().splitlines()[0] if (text or "").strip() else ""


def _words(words: Iterable[str]) -> str:
    return ", ".join(f"`{w}`" for w in words)


def _turns(turns: tuple[str, ...]) -> str:
    if len(turns) <= SHOWN_TURNS:
        return _words(turns)
    return f"{_words(turns[:3])} ... {_words(turns[-2:])} ({len(turns)} turns)"


def _table(head: tuple[str, str], rows: Iterable[tuple[str, str]]) -> list[str]:
    return [f"| {head[0]} | {head[1]} |", "|---|---|", *(f"| {a} | {b} |" for a, b in rows)]


def fill(template: str, parts: Mapping[str, str]) -> str:
    """The template with each ``<!-- generated: NAME -->`` line replaced by its part."""
    out = template
    for name, text in parts.items():
        marker = f"<!-- generated: {name} -->"
        if marker not in out:
            raise ValueError(f"the template has no {marker} line")
        out = out.replace(marker, text)
    return out
