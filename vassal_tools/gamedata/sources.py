"""Where a value comes from: rule numbers of the rulebook, public geodata, or ``sample``.

Real geography (issue: maps from real geography) adds three kinds of source besides the rulebook:
the public data sets a value was computed from (``GSHHG``, ``WDBII``, ``GeoNames``) and
``approximate`` for a value read off a general map by hand, never surveyed."""

from __future__ import annotations

from dataclasses import dataclass

from .terms import RULE_PATTERN

#: Sources that are not the rulebook: public geodata, and hand readings of a general map.
DATA_SOURCES = ("GSHHG", "WDBII", "GeoNames", "approximate")


@dataclass(frozen=True)
class Citation:
    """One item of a ``source`` field: a rule number, or ``None`` for ``sample`` and the
    :data:`DATA_SOURCES` (named in ``data``)."""

    rule: str | None
    note: str = ""
    data: str = ""

    @property
    def is_sample(self) -> bool:
        return self.rule is None and not self.data

    @property
    def is_approximate(self) -> bool:
        return self.data == "approximate"


def citations(source: str) -> tuple[Citation, ...]:
    """Split a ``source`` text into its items; ValueError if one is neither a rule nor sample.

    ``"6.1.1: hex; sample: capacity"`` gives a citation of rule 6.1.1 and a sample one.
    A rulebook file name before a rule number (``invasion-norway.txt 6.1.1``) is dropped.
    """
    items = [item.strip() for item in source.split(";")]
    if not source.strip() or any(not item for item in items):
        raise ValueError("a source needs rule numbers, a data source or 'sample', separated by ';'")
    out = []
    for item in items:
        head, _, note = item.partition(":")
        head = head.strip()
        if head == "sample":
            out.append(Citation(None, note.strip()))
        elif head in DATA_SOURCES:
            out.append(Citation(None, note.strip(), head))
        elif RULE_PATTERN.match(head):
            out.append(Citation(head.rsplit(" ", 1)[-1], note.strip()))
        else:
            raise ValueError(f"{head!r} is neither a rule number (like 6.1.1), a data source "
                             f"({', '.join(DATA_SOURCES)}) nor 'sample'")
    return tuple(out)


