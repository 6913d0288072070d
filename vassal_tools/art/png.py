"""Deterministic PNG output: equal pixels give equal bytes, and files appear whole."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image


def png_bytes(image: Image.Image) -> bytes:
    """PNG with fixed settings and no metadata (Pillow writes no timestamp chunk)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def write_file(path: Path, data: bytes) -> None:
    """Write beside ``path`` and rename into place, so readers never see half a file.

    No fsync: these are rebuildable outputs, and a thousand fsyncs would dominate a
    counter build (use formats.archive.atomic_write for files that must survive a crash).
    """
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
