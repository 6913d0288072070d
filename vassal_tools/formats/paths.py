"""Files named on a command line: paths, folders (their saves and logs) and glob patterns."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from pathlib import Path

from ..errors import BadInput

GAME_SUFFIXES = (".vlog", ".vsav", ".log", ".sav")


def game_files(names: Iterable[str | os.PathLike]) -> list[Path]:
    """Each name as given: a file; a folder, its logs and saves (sorted, recursively); a glob, its matches.

    BadInput for a name that is none of these, or matches nothing.
    """
    out: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in GAME_SUFFIXES)
            if not found:
                raise BadInput(path, "the folder holds no saves or logs (.vlog, .vsav)")
            out += found
        elif path.exists():
            out.append(path)
        elif glob.has_magic(str(name)):
            matches = sorted(Path(p) for p in glob.glob(str(name), recursive=True) if Path(p).is_file())
            if not matches:
                raise BadInput(name, "no file matches this pattern")
            out += matches
        else:
            raise BadInput(path, "no such file")
    seen: set[Path] = set()
    return [p for p in out if not (p.resolve() in seen or seen.add(p.resolve()))]  # type: ignore[func-returns-value]
