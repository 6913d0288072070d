"""``templates/maps.toml``: colours and sizes of the maps, read with precise errors."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ..errors import BadInput
from . import colours
from .colours import RGB
from .templates import TEMPLATES_DIR, read_toml


class MapStyle:
    """Dotted access to maps.toml; a missing or malformed entry is a BadInput naming it."""

    def __init__(self, doc: dict[str, Any], path: Path, digest: str = ""):
        self.doc = doc
        self.path = path
        self.digest = digest

    def get(self, dotted: str, default: Any = ...) -> Any:
        node: Any = self.doc
        for part in dotted.split("."):
            if not isinstance(node, dict) or part not in node:
                if default is not ...:
                    return default
                raise BadInput(self.path, f"missing field '{dotted}'")
            node = node[part]
        return node

    def number(self, dotted: str, default: Any = ...) -> float:
        value = self.get(dotted, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadInput(self.path, f"field '{dotted}' must be a number, not {value!r}")
        return float(value)

    def colour(self, dotted: str, default: Any = ...) -> RGB:
        value = self.get(dotted, default)
        try:
            return colours.parse(value)
        except ValueError:
            raise BadInput(self.path, f"field '{dotted}' must be a colour, not {value!r}") from None

    def pair(self, dotted: str) -> tuple[float, float]:
        value = self.get(dotted)
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
            return (float(value[0]), float(value[1]))
        raise BadInput(self.path, f"field '{dotted}' must be [width, height], not {value!r}")

    def table(self, dotted: str) -> dict[str, Any]:
        value = self.get(dotted, {})
        if not isinstance(value, dict):
            raise BadInput(self.path, f"field '{dotted}' must be a table")
        return value


def load_map_style(directory: str | Path | None = None) -> MapStyle:
    path = Path(directory or TEMPLATES_DIR) / "maps.toml"
    raw, doc = read_toml(path, "map style")
    return MapStyle(doc, path, hashlib.sha256(raw).hexdigest())
