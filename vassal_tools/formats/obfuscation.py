"""The ``!VCSK`` obfuscation of the ``savedGame`` entry (vassal-formats.md 5.1).

Writing: ``!VCSK``, a key byte as two lowercase hex digits, then every payload
byte XOR the key as two hex digits. Reading accepts either hex case and passes
text without the header through unchanged (logs before VASSAL 3.2 are plain).
"""

from __future__ import annotations

import binascii

from ..errors import BadInput

HEADER = b"!VCSK"


def is_obfuscated(data: bytes) -> bool:
    return data[:5] == HEADER


def deobfuscate(data: bytes, source: str | None = None) -> bytes:
    """The plain payload bytes of a ``savedGame`` entry."""
    if not is_obfuscated(data):
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


def obfuscate(payload: bytes, key: int = 0x5A) -> bytes:
    """``!VCSK`` + key + hex(payload XOR key), lowercase as VASSAL 3.x writes it."""
    if not 0 <= key <= 255:
        raise ValueError("key must be a byte")
    mixed = payload.translate(_xor_table(key)) if key else payload
    return HEADER + b"%02x" % key + binascii.hexlify(mixed)


_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = bytes(b ^ key for b in range(256))
    return table
