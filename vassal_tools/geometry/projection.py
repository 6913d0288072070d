"""Real positions on a board: a map projection and the affine map from it to board pixels.

A module built from real geography (a game folder's ``geo.toml``) carries ``geography.json``:
for each board drawn from it, the projection (:class:`TransverseMercator`) and the 3 x 2 matrix
that takes ``[east km, north km, 1]`` to the board's pixels. ``vassal-tools locate --lonlat``
reads it to name the location at a real position exactly as VASSAL names that point.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from ..errors import BadInput

EARTH_RADIUS_KM = 6371.0
ENTRY = "geography.json"


@dataclass(frozen=True)
class TransverseMercator:
    """The spherical transverse Mercator: conformal, true to scale along its central meridian
    (Norway's national maps use the same projection on UTM zones 32-35)."""

    central_meridian: float
    origin_latitude: float

    def km(self, lat: float, lon: float) -> tuple[float, float]:
        """(east, north) in kilometres from the origin."""
        phi, dlam = math.radians(lat), math.radians(lon - self.central_meridian)
        b = math.cos(phi) * math.sin(dlam)
        east = EARTH_RADIUS_KM / 2 * math.log((1 + b) / (1 - b))
        north = EARTH_RADIUS_KM * (math.atan2(math.tan(phi), math.cos(dlam)) - math.radians(self.origin_latitude))
        return east, north


@dataclass(frozen=True)
class BoardGeography:
    """One board's real geography: where a latitude and longitude fall in its pixels."""

    projection: TransverseMercator
    km_to_pixel: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]

    def pixel(self, lat: float, lon: float) -> tuple[float, float]:
        east, north = self.projection.km(lat, lon)
        (a, b), (c, d), (e, f) = self.km_to_pixel
        return east * a + north * c + e, east * b + north * d + f

    def to_json(self) -> dict:
        return {"projection": vars(self.projection), "km_to_pixel": [list(row) for row in self.km_to_pixel]}

    @classmethod
    def from_json(cls, doc: dict) -> BoardGeography:
        rows = tuple(tuple(float(v) for v in row) for row in doc["km_to_pixel"])
        if len(rows) != 3 or any(len(row) != 2 for row in rows):
            raise ValueError("km_to_pixel must be three rows of two numbers")
        return cls(TransverseMercator(**doc["projection"]), rows)  # type: ignore[arg-type]


def read_geography(data: bytes, source: str) -> dict[str, BoardGeography]:
    """Board name -> its geography, from a module's ``geography.json``."""
    try:
        doc = json.loads(data)
        return {name: BoardGeography.from_json(board) for name, board in doc["boards"].items()}
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise BadInput(source, f"{ENTRY} is not readable: {error}") from None
