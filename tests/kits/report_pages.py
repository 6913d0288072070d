"""The images of an HTML page (the audit report's pictures of the map)."""

from __future__ import annotations

import base64
import io
import re

from PIL import Image


def pictures(page: str) -> list[Image.Image]:
    return [Image.open(io.BytesIO(base64.b64decode(data)))
            for data in re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)]
