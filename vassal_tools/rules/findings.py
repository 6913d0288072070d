"""What an audit reports: one :class:`Finding` per rule broken, citing the rule.

A finding names the rule by rulebook file and number (``invasion-norway.txt
11.1.1``), where in the record it happened (entry index, the log step it came
from, turn and phase), where on the map, which units, and by how much the limit
was passed. When the check had to rely on a value the rulebook does not give
(a chart lost from the text), ``samples`` says which sample values it used, so a
reader knows the finding is only as good as those values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Finding:
    """One broken rule at one moment of a game."""

    rule: str
    message: str
    entry: int | None = None
    step: Any = None
    turn: str | None = None
    phase: str | None = None
    where: str | None = None
    units: tuple[str, ...] = ()
    excess: float | int | None = None
    samples: tuple[str, ...] = field(default=())
    # Which case of its rule the finding is (``scotland`` of 5.1, whose Exception decides it): a
    # pack's explain.toml may quote a different sentence and give another remedy for each case.
    case: str = ""
    # What a player reads (set by the rule pack, :meth:`RulePack.explain`): the rule's title,
    # the rulebook sentence the finding rests on, what the rules make the player do,
    # the phase by the rulebook's name and the units by the names on their counters.
    title: str = ""
    quote: str = ""
    remedy: str = ""
    phase_name: str = ""
    unit_names: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict:
        """A JSON-ready dict; empty fields are left out."""
        out: dict[str, Any] = {"rule": self.rule, "message": self.message}
        for name in ("entry", "step", "turn", "phase", "where", "excess"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.units:
            out["units"] = list(self.units)
        if self.samples:
            out["samples"] = list(self.samples)
        for name in ("case", "title", "quote", "remedy", "phase_name"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.unit_names:
            out["unit_names"] = list(self.unit_names)
        return out

    @property
    def number(self) -> str:
        """The rule's number as the rulebook prints it, after its file (``11.1.1`` of ``invasion-norway.txt
        11.1.1``; ``German Special Rules 1a`` of ``norway-1940-scenario.txt German Special Rules 1a``)."""
        file, sep, number = self.rule.partition(" ")
        return number if sep and file.endswith(".txt") else self.rule.rsplit(" ", 1)[-1]

    def __str__(self) -> str:
        at = ", ".join(p for p in (self.turn, self.phase, self.where) if p)
        step = f" (step {self.step})" if self.step is not None else ""
        sample = f" [relies on sample values: {'; '.join(self.samples)}]" if self.samples else ""
        return f"{self.rule}: {at}{step}: {self.message}{sample}"


def counted(n: int | float, one: str, many: str | None = None) -> str:
    """A number with its noun agreeing: ``1 ASP``, ``2 ASPs``, ``1 die``, ``3 dice``."""
    return f"{n:g} {one if n == 1 else (many or one + 's')}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
