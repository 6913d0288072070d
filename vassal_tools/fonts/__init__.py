"""The fonts every picture draws with: DejaVu Sans, shipped with the package.

Subset to the Latin letters the games' names use (Norwegian ø, å, æ, Swedish, German, French,
Polish; made with fontTools' pyftsubset from Debian's fonts-dejavu-core 2.37, same glyphs and
hinting; LICENSE.txt), so that every machine draws the same letters and pixels: Pillow's own
font has no ø, å or æ. Nothing of vassal_tools is imported here: art, geometry and report use it.
"""

from __future__ import annotations

import hashlib
from importlib.resources import files

FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed_bold": "DejaVuSansCondensed-Bold.ttf",
}


def font_file(role: str) -> str:
    """The path of the font for ``role`` (one of :data:`FILES`)."""
    return str(files(__name__) / FILES[role])


def digest() -> str:
    """Of the font files' bytes: part of art cache keys, so new fonts redraw cached art."""
    h = hashlib.sha256()
    for name in sorted(FILES.values()):
        h.update((files(__name__) / name).read_bytes())
    return h.hexdigest()[:12]
