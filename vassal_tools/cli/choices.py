"""Command-line choices built from the tables that define them, never typed out again here.

click copies a Choice's list when the option is declared; :class:`TableChoice` reads
its table's keys each time instead, so an entry added to a table (a stream form, a
report format) is a choice of every option built on that table with no other edit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import click


class TableChoice(click.Choice):
    """The keys of TABLE (or of what KEYS returns) as a click choice, read when the option is used."""

    def __init__(self, table: Mapping[str, object] | None = None, keys: Callable[[], Iterable[str]] | None = None):
        self._keys = keys if keys is not None else (lambda: list(table or {}))
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(self._keys())

    @choices.setter
    def choices(self, value) -> None:
        pass  # click.Choice.__init__ stores a copy; the table stays the one list
