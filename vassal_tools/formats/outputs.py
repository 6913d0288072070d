"""No output replaces an input: the one check every writer calls before it writes.

"The same file" means the same inode on the same device (``os.path.samefile``), so
an output that reaches an input through a symlink or a hard link is refused too.
An output that does not exist yet is never an input.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from ..errors import BadInput

PathLike = str | os.PathLike

#: Said after every refusal: what the user can do instead.
WRITE_ELSEWHERE = "write the output to another file"


def same_file(a: PathLike | None, b: PathLike | None) -> bool:
    """True when both paths exist and are one file (same device and inode)."""
    if a is None or b is None:
        return False
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # a path that does not exist (yet), or holds a NUL
        return False


def refuse_overwriting(output: PathLike | None, inputs: Mapping[str, PathLike | None] | Iterable[PathLike | None],
                       hint: str = WRITE_ELSEWHERE) -> None:
    """Raise BadInput (one line) when ``output`` is one of ``inputs``.

    ``inputs`` maps how the user gave each input (``LOG``, ``--module``) to its path, so
    the message can say which one it is; a plain list of paths is named by path only.
    """
    if output is None:
        return
    named = inputs.items() if isinstance(inputs, Mapping) else (("input", path) for path in inputs)
    for label, path in named:
        if path is not None and same_file(output, path):
            link = "" if os.path.abspath(output) == os.path.abspath(os.fspath(path)) else " (through a link)"
            raise BadInput(output, f"refusing to overwrite the input {label}{link}; {hint}")
