"""A game's rulebook as data: its numbered rules, and the sentence each finding quotes.

Every rulebook numbers its rules its own way: ``11.1.1`` in Markdown headings or bold (Invasion:
Norway), ``14.0 COMBAT`` headings after a table of contents (Narvik 1940), ``Rule 10``, ``A.``, ``1.``,
``a.`` run together as ``10B3`` (Europa Narvik), a card's name in an appendix (Kampen om Norge), or a
heading (the Norway 1940 sheet). A pack declares how (its ``rulebook.toml``, :class:`Numbering`); this
module parses the text with it (:func:`parse_rules`) and builds the index a pack ships
(``rules_index.json``, :func:`build_index`): the id and title of every rule, and for each rule the pack's
``explain.toml`` names, the whole sentence holding its phrase ``says`` and its remedy, per case
(``anywhere = true``: the phrase may be in any rule's text, for a rule whose own text is the lists under
it). Only those sentences are kept, not the rulebook. :class:`RulesIndex` reads the index back.

``rulebook.toml``::

    begins = '^CREDITS$'            # optional: the rules start after the first line matching it
    [[heading]]                     # one table per kind of heading, tried in order on each line
    pattern = '^(?P<id>\\d+\\.\\d+)\\s+(?P<title>.+)$'   # groups: id (or those `id` names), title, text
    id = "{id}"                     # optional: the id from the groups (``Appendix {card}``)
    level = 1                       # optional: nesting depth; a heading closes those at its depth and deeper
    under = 1                       # optional: the id joins the open heading of that depth (``10`` + ``B``)
    join = ""                       # what goes between them (``German Special Rules`` + " " + ``1a``)
    title_ends = '[.:]'             # optional: where a title ends and its rule's text begins on the line
    keep_title = true               # optional: the rule's text starts with its title (a run-in title that is
                                    # the first sentence: "1. Losses. All losses ...")
    line_sentences = true           # optional: each line is a sentence of its own, punctuated or not (a
                                    # card's limits, a table's rows)
    after = '^APPENDIX$'            # optional: this kind only after the first line matching it
    until = '^APPENDIX$'            # optional: and only before it
    [spelled]                       # optional: an id as printed -> as the pack cites it (a misprint)
    "Appendix Regognoseringsfly" = "Appendix Rekognoseringsfly"
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadInput

INDEX_FILE = "rules_index.json"
EXPLAIN_FILE = "explain.toml"
NUMBERING_FILE = "rulebook.toml"
# A sentence ends at . ! ? before a capital or a number, or where a list item (" - ", " • ") begins (not a
# range of numbers: "On a 3 - 6"); an ordinal after "the" ("during the 9. April turn") ends none.
_SENTENCE_END = re.compile(r"(?<=[.!?])(?<!\bthe \d\.)[\"”)]?\s+(?=[A-Z0-9+\-\"“(])|(?<!\d)\s+[-•]\s+(?=\S)")


@dataclass(frozen=True)
class RuleText:
    """A numbered rule: its id as cited, its title, and its text up to the next rule."""

    number: str
    title: str
    text: str


@dataclass(frozen=True)
class Heading:
    """One kind of heading a rulebook starts its rules with."""

    pattern: re.Pattern[str]
    id: str = "{id}"
    level: int = 0
    under: int | None = None
    join: str = ""
    title_ends: str = "[.:]"
    keep_title: bool = False
    line_sentences: bool = False
    after: re.Pattern[str] | None = None
    until: re.Pattern[str] | None = None


@dataclass(frozen=True)
class Numbering:
    """How a rulebook numbers its rules (a pack's ``rulebook.toml``)."""

    headings: tuple[Heading, ...]
    begins: re.Pattern[str] | None = None
    spelled: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_table(cls, table: Mapping[str, Any], where: str) -> Numbering:
        """Read a ``rulebook.toml``; BadInput naming ``where`` and the entry when it is wrong."""
        headings = []
        for i, spec in enumerate(table.get("heading", ())):
            try:
                headings.append(Heading(
                    pattern=re.compile(spec["pattern"]), id=str(spec.get("id", "{id}")),
                    level=int(spec.get("level", 0)), under=spec.get("under"), join=str(spec.get("join", "")),
                    title_ends=str(spec.get("title_ends", "[.:]")), keep_title=bool(spec.get("keep_title", False)),
                    line_sentences=bool(spec.get("line_sentences", False)),
                    after=_compiled(spec.get("after")), until=_compiled(spec.get("until"))))
            except (KeyError, TypeError, ValueError, re.error) as err:
                raise BadInput(where, f"heading {i + 1}: {err}") from err
        if not headings:
            raise BadInput(where, "no [[heading]] table: the rulebook's rules cannot be found")
        try:
            begins = _compiled(table.get("begins"))
        except re.error as err:
            raise BadInput(where, f"begins: {err}") from err
        return cls(tuple(headings), begins, dict(table.get("spelled", {})))


def _compiled(pattern: str | None) -> re.Pattern[str] | None:
    return re.compile(pattern) if pattern else None


def plain(text: str) -> str:
    """Rulebook text without its Markdown emphasis and HTML marks ("3<sup>rd</sup>", "<b>Resolve!</b>"), on
    one line."""
    text = re.sub(r"</?(?:b|i|u|sup|sub|em|strong)>", "", text.replace("**", "").replace("*", ""))
    return re.sub(r"\s+", " ", text).strip()


def parse_rules(text: str, numbering: Numbering) -> list[RuleText]:
    """Every rule of a rulebook text, in order (an id may recur: Invasion: Norway's 5.1.4 does). ValueError
    when the line the rules begin after is not in the text (the contents before it would count as rules)."""
    lines = text.splitlines()
    start = 0
    if numbering.begins is not None:
        start = next((i + 1 for i, line in enumerate(lines) if numbering.begins.search(line)), -1)
        if start < 0:
            raise ValueError(f"no line of the text matches begins {numbering.begins.pattern!r}")
    active = {id(h): h.after is None for h in numbering.headings}
    open_ids: dict[int, str] = {}
    rules: list[list[Any]] = []
    for line in lines[start:]:
        started = None
        for heading in numbering.headings:
            if heading.after is not None and not active[id(heading)] and heading.after.search(line):
                active[id(heading)] = True
                continue
            if heading.until is not None and active[id(heading)] and heading.until.search(line):
                active[id(heading)] = False
            if started is None and active[id(heading)]:
                found = heading.pattern.match(line)
                if found is not None:
                    started = (heading, found)
        if started is None:
            if rules:
                rules[-1][2] += "\n" + line
            continue
        heading, found = started
        number = _number(heading, found, open_ids)
        # a heading that is its own name (the Norway 1940 sheet's "German VP") is its title too
        title, rest = _title(found.groupdict().get("title") or number, heading.title_ends)
        if heading.keep_title:
            rest = plain(found.groupdict().get("title") or "")
        body = found.groupdict().get("text") or ""
        rules.append([numbering.spelled.get(number, number), title, " ".join(p for p in (rest, body) if p),
                      heading.line_sentences])
    return [RuleText(n, t, paragraphs(x, run_on=not lines)) for n, t, x, lines in rules]


def paragraphs(text: str, run_on: bool = True) -> str:
    """Rulebook text without its emphasis, a line a paragraph: a blank line of the text ends a paragraph, and
    no sentence runs on across it, unless the text broke a sentence there (:func:`_runs_on`: "For" /
    "each point of difference, ..."); without ``run_on`` each line of the text is a paragraph of its own."""
    if not run_on:
        return "\n".join(p for p in (plain(line) for line in text.splitlines()) if p)
    found: list[str] = []
    for block in (plain(block) for block in re.split(r"\n\s*\n", text)):
        if block and found and _runs_on(found[-1], block):
            found[-1] += " " + block
        elif block:
            found.append(block)
    return "\n".join(found)


def _runs_on(before: str, block: str) -> bool:
    """Whether a paragraph continues the sentence before it: it starts in lower case or with "(", or the one
    before ends with no punctuation and neither is a heading (a few words with no punctuation: "Germany")."""
    if re.match(r"[a-z(]", block):
        return True
    return not re.search(r"[.!?:;\"”)]$", before) and not _heading_like(block) and not _heading_like(before)


def _heading_like(block: str) -> bool:
    """A paragraph of a few words and no punctuation: a heading ("Germany", "Phase 1 b) Land Movement")."""
    words = re.sub(r"^\d+\.\s+", "", block)  # a step's number ("5. Defender rolls dice") is no punctuation
    return not re.search(r"[.!?:;]", words) and len(words.split()) <= 6


def _number(heading: Heading, found: re.Match[str], open_ids: dict[int, str]) -> str:
    """The heading's id: its groups through its template, joined to the heading it sits under."""
    groups = {k: plain(v or "") for k, v in found.groupdict().items()}
    number = heading.id.format(**groups).strip()
    if heading.under is not None and heading.under in open_ids:
        number = open_ids[heading.under] + heading.join + number
    if heading.level:
        for depth in [d for d in open_ids if d >= heading.level]:
            del open_ids[depth]
        open_ids[heading.level] = number
    return number


def _title(text: str, ends: str) -> tuple[str, str]:
    """A heading's title, and any sentence that follows it on the same line."""
    flat = plain(text)
    found = re.match(rf"(.+?){ends}(?:\s+(.*))?$", flat) if ends else None
    if found is None:
        return flat, ""
    return found.group(1).strip(), (found.group(2) or "").strip()


def sentence_with(text: str, phrase: str) -> str | None:
    """The whole sentence of ``text`` (plain, a line a paragraph) that contains ``phrase``, or None. A
    sentence that leads into a list (it ends with ":") runs on to the end of the list's
    first sentence, list marks (" - ") kept where the text has them."""
    pieces = _pieces(text)
    for i, (sentence, _) in enumerate(pieces):
        if phrase in sentence:
            found = _unmarked(sentence)
            for item, marked in pieces[i + 1:]:
                if not found.endswith(":") and not found.endswith(", and"):
                    break
                found += (" - " if marked else " ") + _unmarked(item)
            return found
    return None


def _pieces(text: str) -> list[tuple[str, bool]]:
    """The sentences and list items of ``text``, each with whether a list mark ("- ", " • ") stood before it."""
    out = []
    for line in text.splitlines():
        start, marked = 0, bool(re.match(r"[-•]\s", line))
        for end in _SENTENCE_END.finditer(line):
            out.append((line[start:end.start()].strip(), marked))
            start, marked = end.end(), bool(re.search(r"[-•]", end.group()))
        out.append((line[start:].strip(), marked))
    return out


def _unmarked(text: str) -> str:
    """A sentence without the list mark before it ("- ", "• ", "-Each unit ...")."""
    return re.sub(r"^[-•]\s?(?=\S)", "", text)


def build_index(rulebook_text: str, numbering: Numbering, explain: Mapping[str, Mapping[str, Any]],
                rulebook: str) -> dict[str, Any]:
    """The index: the title of every rule; quote and remedy of each rule in ``explain`` (and of each
    of its cases).

    Raises ValueError naming the rule when a cited rule or its phrase is not in the text."""
    rules = parse_rules(rulebook_text, numbering)
    titles: dict[str, str] = {}
    for rule in rules:
        titles.setdefault(rule.number, rule.title)
    everything = "\n".join(rule.text for rule in rules)  # "anywhere": in any rule's text, never a heading
    cited: dict[str, Any] = {}
    for number, spec in explain.items():
        texts = [r.text for r in rules if r.number == number]
        if not texts:
            raise ValueError(f"rule {number} is not in {rulebook}")
        said: dict[str, Any] = {"title": titles[number], **_quoted(number, spec, texts, everything, rulebook)}
        cases = {name: _quoted(f"{number} case {name}", case, texts, everything, rulebook)
                 for name, case in spec.get("cases", {}).items()}
        if cases:
            said["cases"] = cases
        cited[number] = said
    return {"rulebook": rulebook, "titles": titles, "cited": cited}


def _quoted(what: str, spec: Mapping[str, Any], texts: list[str], everything: str, rulebook: str) -> dict[str, str]:
    """The sentence holding ``spec``'s phrase (in the rule's text; anywhere when it says so) and the remedy."""
    if "says" not in spec or "remedy" not in spec:
        raise ValueError(f"rule {what}: an entry needs `says` and `remedy`")
    phrase = plain(str(spec["says"]))
    quote = next((s for s in (sentence_with(t, phrase) for t in texts) if s), None)
    if quote is None and spec.get("anywhere"):
        quote = sentence_with(everything, phrase)
    if quote is None:
        raise ValueError(f"rule {what}: {phrase!r} is not in its text in {rulebook}")
    return {"quote": quote, "remedy": str(spec["remedy"])}


@dataclass(frozen=True)
class Explained:
    """What a finding's rule says to a player: its title, the sentence quoted, the remedy."""

    number: str
    title: str
    quote: str
    remedy: str


@dataclass(frozen=True)
class RulesIndex:
    """A pack's shipped index (``rules_index.json``): every rule's title, and what is quoted of the
    rules its findings cite."""

    rulebook: str
    titles: Mapping[str, str]
    cited: Mapping[str, Mapping[str, Any]]

    @classmethod
    def read(cls, path: Path) -> RulesIndex | None:
        """The index in ``path``; None when the pack ships none."""
        if not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(str(data.get("rulebook", "")), dict(data["titles"]), dict(data["cited"]))
        except (ValueError, KeyError, TypeError) as err:
            raise BadInput(path, f"not a rules index ({err})") from err

    def explain(self, number: str, case: str = "") -> Explained | None:
        """What the index says of a rule a finding cites, for the finding's case: the case's own sentence,
        else that of the case its name extends (``norwegian-land`` for ``norwegian-land-oslo``), else the
        rule's."""
        title = self.titles.get(number)
        if title is None:
            return None
        cited = self.cited.get(number, {})
        cases = cited.get("cases", {})
        while case and case not in cases:
            case = case.rpartition("-")[0]  # norwegian-land-oslo, else norwegian-land, else the rule's own
        said = cases[case] if case else cited
        return Explained(number, title, said.get("quote", ""), said.get("remedy", ""))
