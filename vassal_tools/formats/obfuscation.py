"""The obfuscation of the ``savedGame`` entry: three forms (vassal-formats.md 5.1, 5.1.1).

- ``vcsk`` (every VASSAL before 3.8): ``!VCSK``, a key byte as two lowercase hex digits, then
  every payload byte XOR the key as two hex digits. Reading accepts either hex case.
- ``vobs`` (VASSAL 3.8 and later, pull request #15060): ``VOBS``, one raw key byte, then every
  payload byte XOR the key as a raw byte. VASSAL 3.7 and older cannot open it.
- ``plain``: anything else is the payload itself (logs before VASSAL 3.2 are plain).
"""

from __future__ import annotations

import binascii
from typing import Literal

from ..errors import BadInput

HEADER = b"!VCSK"
VOBS_HEADER = b"VOBS"

Form = Literal["vcsk", "vobs", "plain"]
FORMS: tuple[Form, ...] = ("vcsk", "vobs", "plain")


def form_of(data: bytes) -> Form:
    """Which form a ``savedGame`` entry is stored in, from its header alone (as VASSAL decides)."""
    if data[:5] == HEADER:
        return "vcsk"
    if data[:4] == VOBS_HEADER:
        return "vobs"
    return "plain"


def key_of(data: bytes) -> int | None:
    """The key byte of an obfuscated entry (None when plain or when the key is missing)."""
    form = form_of(data)
    if form == "vcsk" and len(data) >= 7:
        try:
            return int(data[5:7], 16)
        except ValueError:
            return None
    if form == "vobs" and len(data) >= 5:
        return data[4]
    return None


def deobfuscate(data: bytes, source: str | None = None) -> bytes:
    """The plain payload bytes of a ``savedGame`` entry, in whichever form it is stored."""
    form = form_of(data)
    if form == "vobs":
        return _read_vobs(data, source)
    if form == "plain":
        return data
    if len(data) < 7:
        raise BadInput(source, "obfuscated stream has no key after !VCSK", "savedGame")
    if len(data) % 2 == 0:  # header (5) + key (2) + pairs: odd in total
        raise BadInput(source, f"obfuscated stream has an odd number of hex digits ({len(data) - 5})", "savedGame")
    try:
        key = binascii.unhexlify(data[5:7])[0]
        # A memoryview avoids copying a 30 MB stream before unhexlifying it.
        payload = binascii.unhexlify(memoryview(data)[7:])
    except (binascii.Error, ValueError):
        bad = next((i for i, c in enumerate(data[5:]) if chr(c) not in "0123456789abcdefABCDEF"), 0)
        raise BadInput(source, f"obfuscated stream has a non-hex character at byte {bad + 5}", "savedGame") from None
    if key == 0:
        return payload
    return payload.translate(_xor_table(key))


def _read_vobs(data: bytes, source: str | None) -> bytes:
    if len(data) < 5:
        raise BadInput(source, "obfuscated stream has no key after VOBS", "savedGame")
    key = data[4]
    body = memoryview(data)[5:]
    return body.tobytes().translate(_xor_table(key)) if key else body.tobytes()


def obfuscate(payload: bytes, key: int = 0x5A, form: Form = "vcsk") -> bytes:
    """The entry for PAYLOAD in FORM: ``vcsk`` lowercase as VASSAL 3.x writes it, ``vobs`` as 3.8."""
    if not 0 <= key <= 255:
        raise ValueError("key must be a byte")
    if form == "plain":
        return payload
    mixed = payload.translate(_xor_table(key)) if key else payload
    if form == "vobs":
        return VOBS_HEADER + bytes([key]) + mixed
    return HEADER + b"%02x" % key + binascii.hexlify(mixed)


_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = bytes(b ^ key for b in range(256))
    return table
