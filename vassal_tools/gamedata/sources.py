"""Where a value comes from: rule numbers of the rulebook, or ``sample``."""

from __future__ import annotations

from dataclasses import dataclass

from .terms import RULE_PATTERN


@dataclass(frozen=True)
class Citation:
    """One item of a ``source`` field: a rule number, or ``None`` for ``sample``."""

    rule: str | None
    note: str = ""

    @property
    def is_sample(self) -> bool:
        return self.rule is None


def citations(source: str) -> tuple[Citation, ...]:
    """Split a ``source`` text into its items; ValueError if one is neither a rule nor sample.

    ``"6.1.1: hex; sample: capacity"`` gives a citation of rule 6.1.1 and a sample one.
    A rulebook file name before a rule number (``invasion-norway.txt 6.1.1``) is dropped.
    """
    items = [item.strip() for item in source.split(";")]
    if not source.strip() or any(not item for item in items):
        raise ValueError("a source needs rule numbers or 'sample', separated by ';'")
    out = []
    for item in items:
        head, _, note = item.partition(":")
        head = head.strip()
        if head == "sample":
            out.append(Citation(None, note.strip()))
        elif RULE_PATTERN.match(head):
            out.append(Citation(head.rsplit(" ", 1)[-1], note.strip()))
        else:
            raise ValueError(f"{head!r} is neither a rule number (like 6.1.1) nor 'sample'")
    return tuple(out)


