"""The one exception bad input raises, so every command can report it in one line.

A user who feeds vassal_tools a broken file wants to know which file, where in it
and what is wrong; never a traceback. Library code raises :class:`BadInput` with
those three facts and the CLI prints ``str(err)`` and exits with code 2.
"""

from __future__ import annotations

import os


class BadInput(Exception):
    """Input that cannot be read as what it claims to be.

    ``source`` is the file (or other origin) at fault, ``where`` the entry, row or
    position inside it (may be empty), ``what`` the fault in plain words.
    """

    def __init__(self, source: str | os.PathLike | None, what: str, where: str = ""):
        self.source = os.fspath(source) if source is not None else None
        self.where = where
        self.what = what
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.where) if p]
        prefix = ": ".join(parts)
        return f"{prefix}: {self.what}" if prefix else self.what

    def located(self, source: str | os.PathLike | None = None, where: str | None = None) -> BadInput:
        """A copy with the file or position filled in where the raiser did not know it."""
        return BadInput(self.source or source, self.what, self.where or where or "")
