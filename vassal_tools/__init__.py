"""vassal_tools: read, write, build and audit VASSAL files of the Norway 1940 wargames."""

from __future__ import annotations

__version__ = "0.1.0"

from .errors import BadInput

__all__ = ["BadInput", "open", "__version__"]


def open(path):  # noqa: A001 - mirrors the built-in on purpose: vassal_tools.open(path)
    """Open a module, extension, saved game or log: a Module, SavedGame or Log."""
    from .formats.files import open_file

    return open_file(path)
