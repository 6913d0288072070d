"""The rules index: each rule's number, title and the sentence a finding rests on.

``rules_index.json`` beside this file is built from the rulebook text
(``invasion-norway.txt`` of ../shared/rules) by ``scripts/build_rules_index.py``:
the number and title of every numbered rule, and, for each rule the checks cite,
the sentence its finding quotes (chosen in pack.toml ``[explain]`` by a phrase of
it, copied whole from the text) with what the rules make the player do about it.
Only those sentences are kept, not the rulebook. Findings read the index through
:func:`explain`; :func:`build_index` is what the script runs.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

INDEX_FILE = "rules_index.json"
EXPLAIN_FILE = "explain.toml"
_NUMBER = r"(\d+\.\d+(?:\.\d+)*)"
_HEADING = re.compile(rf"^#+\s+{_NUMBER}\s+(.+?)\s*$")
_BOLD = re.compile(rf"^\*\*{_NUMBER}\s+(.+?)\*\*\s*(.*)$")
_ERRATUM = re.compile(rf"^{_NUMBER}\s+(ADD|CHANGE|DELETE|REPLACE|CORRECTION)\b", re.I)
# A sentence ends at . ! ? before a capital or a rule's number (an untitled rule, "10.2.2 During
# ..."), or where a list item (" - ") begins.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”)]?\s+(?=[A-Z\"“(]|\d+\.\d+(?:\.\d+)*\s)|\s+-\s+(?=\S)")


@dataclass(frozen=True)
class RuleText:
    """A numbered rule: its title, and its text up to the next numbered rule."""

    number: str
    title: str
    text: str


def plain(text: str) -> str:
    """Rulebook text without its Markdown emphasis, on one line."""
    return re.sub(r"\s+", " ", text.replace("**", "").replace("*", "")).strip()


def parse_rules(text: str) -> list[RuleText]:
    """Every numbered rule of a rulebook text, in order (a number may recur: 5.1.4 does)."""
    rules: list[list[str]] = []
    for line in text.splitlines():
        bold = _BOLD.match(line)
        start = _HEADING.match(line) or bold
        if start is not None and not _ERRATUM.match(line):
            title, rest = _title(start.group(2))
            rules.append([start.group(1), title, rest + (" " + bold.group(3) if bold else "")])
        elif rules:
            rules[-1][2] += "\n" + line
    return [RuleText(n, t, plain(x)) for n, t, x in rules]


def _title(text: str) -> tuple[str, str]:
    """A heading's title, and any sentence that follows it on the same line."""
    found = re.match(r"(.+?)[.:](?:\s+(.*))?$", plain(text))
    if found is None:
        return plain(text), ""
    return found.group(1).strip(), (found.group(2) or "").strip()


def sentence_with(text: str, phrase: str) -> str | None:
    """The whole sentence of ``text`` that contains ``phrase`` (both plain), or None. A
    sentence that leads into a list (it ends with ":") runs on to the end of the list's
    first sentence, list marks (" - ") kept."""
    pieces = [p.strip() for p in _SENTENCE_END.split(text)]
    for i, sentence in enumerate(pieces):
        if phrase in sentence:
            found = sentence.removeprefix("- ")
            for item in pieces[i + 1:]:
                if not found.endswith(":") and not found.endswith(", and"):
                    break
                found += " - " + item
            return found
    return None


def build_index(rulebook_text: str, explain: Mapping[str, Mapping[str, Any]], rulebook: str) -> dict[str, Any]:
    """The index: titles of every rule; quote and remedy of each rule in ``explain``.

    Raises ValueError naming the rule when a cited rule or its phrase is not in the text."""
    rules = parse_rules(rulebook_text)
    titles: dict[str, str] = {}
    for rule in rules:
        titles.setdefault(rule.number, rule.title)
    everything = plain(rulebook_text)
    cited: dict[str, Any] = {}
    for number, spec in explain.items():
        texts = [r.text for r in rules if r.number == number]
        if not texts:
            raise ValueError(f"rule {number} is not in {rulebook}")
        phrase = plain(str(spec["says"]))
        quote = next((s for s in (sentence_with(t, phrase) for t in texts) if s), None)
        if quote is None:
            quote = sentence_with(everything, phrase) if spec.get("anywhere") else None
        if quote is None:
            raise ValueError(f"rule {number}: {phrase!r} is not in its text in {rulebook}")
        cited[number] = {"title": titles[number], "quote": quote, "remedy": str(spec.get("remedy", ""))}
    return {"rulebook": rulebook, "titles": titles, "cited": cited}


def explanations(pack: Mapping[str, Any], explain_toml: str | None) -> dict[str, Mapping[str, Any]]:
    """The ``says`` and ``remedy`` of each rule: pack.toml ``[explain]``, and explain.toml's
    tables (the session's one format; a rule in both is read from explain.toml)."""
    found = dict(pack.get("explain", {}))
    if explain_toml is not None:
        found.update(tomllib.loads(explain_toml))
    return found


@dataclass(frozen=True)
class Explained:
    number: str
    title: str
    quote: str
    remedy: str


@cache
def load_index() -> dict[str, Any]:
    """The shipped index (empty if it was never built)."""
    path = resources.files(__package__).joinpath(INDEX_FILE)
    if not path.is_file():
        return {"titles": {}, "cited": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def explain(number: str) -> Explained | None:
    """What the index says about a rule a finding cites."""
    index = load_index()
    title = index["titles"].get(number)
    if title is None:
        return None
    cited = index["cited"].get(number, {})
    return Explained(number, title, cited.get("quote", ""), cited.get("remedy", ""))
