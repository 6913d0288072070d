"""What of a rulebook an audit judges: every rule with its status (issues 24, 25).

A rule is *judged* when a check the pack lists cites it (``ListedCheck.rules``). A check that cites
``7.1`` judges 7.1 and no sub-rule of it: a parent's number says nothing of which of its sub-rules a
check reads, and a sub-rule a check does judge is cited by its own number. The pack's ``coverage.toml``
says, for a rule no check judges, why (one table per rule id as the rulebook prints it)::

    [rules."7.1.6"]
    status = "not-judgeable"     # a status of STATUSES but "judged"
    why = "a player's choice no log records"

A judged rule may say ``status = "sample-values"`` (judged with values marked sample, and ``why``:
which) and carry a ``note``; every other rule is ``not-yet``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput

COVERAGE_FILE = "coverage.toml"

# The one table of statuses, in the order a table counts them: status -> what it means.
STATUSES: dict[str, str] = {
    "judged": "a check of the pack judges it",
    "sample-values": "judged, with values the text lacks marked sample",
    "needs-values": "not judged: the text lacks the values it needs",
    "not-judgeable": "not judged: a log cannot show it",
    "not-yet": "not judged yet",
}
_JUDGED = ("judged", "sample-values")  # the statuses of a rule a check cites
_NEEDS_WHY = ("sample-values", "needs-values", "not-judgeable")
_KEYS = {"status", "why", "note"}


@dataclass(frozen=True)
class Stated:
    """What coverage.toml says of one rule."""

    status: str
    why: str = ""
    note: str = ""


@dataclass(frozen=True)
class RuleCoverage:
    """One rule of the rulebook: its id, title, status, the checks judging it and why."""

    number: str
    title: str
    status: str
    checks: tuple[str, ...] = ()
    why: str = ""
    note: str = ""


@dataclass(frozen=True)
class Coverage:
    """A game's coverage table: every rule of its rulebook in order, and the rules its checks cite that
    the rulebook does not number (each a defect of the pack, listed, never dropped)."""

    game: str
    rules: tuple[RuleCoverage, ...]
    cited_elsewhere: tuple[str, ...] = field(default=())

    def counts(self) -> dict[str, int]:
        """Rules per status, every status of :data:`STATUSES` in its order."""
        counts = dict.fromkeys(STATUSES, 0)
        for rule in self.rules:
            counts[rule.status] += 1
        return counts


def read_coverage(table: Mapping[str, Any], where: str) -> dict[str, Stated]:
    """A coverage.toml's rules; BadInput (one line: the file, the rule, what is wrong) for a status not in
    :data:`STATUSES`, a missing ``why`` or an unknown key."""
    extra = set(table) - {"rules"}
    if extra:
        raise BadInput(where, f"unknown table {sorted(extra)[0]!r}: coverage.toml holds [rules.\"ID\"] tables")
    stated: dict[str, Stated] = {}
    for number, spec in table.get("rules", {}).items():
        if not isinstance(spec, Mapping):
            raise BadInput(where, f"rule {number}: not a table")
        unknown = set(spec) - _KEYS
        if unknown:
            raise BadInput(where, f"rule {number}: unknown key {sorted(unknown)[0]!r} (status, why, note)")
        status = str(spec.get("status", "judged" if "note" in spec else ""))
        if status not in STATUSES:
            raise BadInput(where, f"rule {number}: status {status!r} is none of {', '.join(STATUSES)}")
        if status in _NEEDS_WHY and not str(spec.get("why", "")).strip():
            raise BadInput(where, f"rule {number}: a {status} rule needs its `why`")
        stated[number] = Stated(status, str(spec.get("why", "")), str(spec.get("note", "")))
    return stated


def coverage_of(game: str, titles: Mapping[str, str], judged: Mapping[str, list[str]],
                stated: Mapping[str, Stated], where: str) -> Coverage:
    """Every rule of ``titles`` (the rulebook's, in order) with its status: judged by the checks that cite
    it, else what ``stated`` says, else not-yet. BadInput for a stated rule the rulebook lacks, a judged
    rule stated as not judged, or a rule stated as judged that no check cites."""
    for number, claim in stated.items():
        if number not in titles:
            raise BadInput(where, f"rule {number}: the rulebook has no rule {number}")
        citing = judged.get(number)
        if citing and claim.status not in _JUDGED:
            raise BadInput(where, f"rule {number}: status {claim.status!r}, but the check {citing[0]} judges it")
        if not citing and claim.status in _JUDGED:
            raise BadInput(where, f"rule {number}: status {claim.status!r}, but no listed check cites it")
    rows = []
    for number, title in titles.items():
        said = stated.get(number)
        checks = tuple(judged.get(number, ()))
        status = said.status if said else ("judged" if checks else "not-yet")
        rows.append(RuleCoverage(number, title, status, checks, said.why if said else "", said.note if said else ""))
    return Coverage(game, tuple(rows), tuple(n for n in judged if n not in titles))
