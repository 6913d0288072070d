"""The forms a ``savedGame`` entry is stored in: one table, :data:`FORMS` (vassal-formats.md 5.1, 5.1.1).

Each form is its header bytes, how to read it, how to write it and its name (the
name ``inspect`` prints and ``--form`` takes). Everything that reads, writes,
names or offers a form goes through this table, so a form added here reaches the
reader, the writers and the command-line choices with no other edit.

- ``vcsk`` (every VASSAL before 3.8): ``!VCSK``, a key byte as two hex digits, then every
  payload byte XOR the key as two hex digits. Reading accepts either hex case.
- ``vobs`` (VASSAL 3.8, pull request #15060): ``VOBS``, one raw key byte, then every payload
  byte XOR the key as a raw byte. VASSAL 3.7 and older cannot open it.
- ``vobs-bang``: the same with the header ``!VOBS``, as reported for a later 3.8 beta.
- ``vcsz`` (proposed in #15033/#15044, written by third-party tools): ``!VCSZ``, then the
  ``vcsk`` hex obfuscation of the payload deflated (zlib, as Java's ``Deflater``; raw deflate read too).
- ``voxz`` (#15121): ``!VOXZ``, one raw key byte, then the payload XZ-compressed (LZMA2,
  the .xz container) and XOR the key, as ``vobs``.
- ``plain``: no header: the payload itself (logs before VASSAL 3.2 are plain).

A header that starts ``!V`` like these but is none of them is refused, naming it: it is
some form this table does not know, never plain text.
"""

from __future__ import annotations

import binascii
import lzma
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import BadInput
from .archive import MAX_ENTRY_SIZE

WHERE = "savedGame"
# A header of the !V family: the known ones and any other 5 bytes starting !V. Shorter
# input ("!VCS") is passed through as VASSAL does: it is no header.
_BANG_V = re.compile(rb"!V...", re.S)

Form = str  # a key of FORMS
PLAIN: Form = "plain"


@dataclass(frozen=True)
class StreamForm:
    """One way of storing the command stream in ``savedGame``."""

    name: str  # what inspect prints and --form takes
    header: bytes  # b"" for plain: what the entry starts with
    words: str  # how inspect describes it
    read: Callable[[bytes, str | None], bytes]  # (entry, source) -> payload
    write: Callable[[bytes, int, bytes | None], bytes]  # (payload, key, entry read) -> entry
    key_of: Callable[[bytes], int | None]  # the key byte of an entry, None when it has none


# -- the XOR and hex steps the forms share ------------------------------------------------------

_TABLES: dict[int, bytes] = {}


def _xor(data: bytes | memoryview, key: int) -> bytes:
    if not key:
        return bytes(data)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = bytes(b ^ key for b in range(256))
    return bytes(data).translate(table)


def _hex_key(data: bytes) -> int | None:
    try:
        return int(data[5:7], 16) if len(data) >= 7 else None
    except ValueError:
        return None


def _raw_key(size: int) -> Callable[[bytes], int | None]:
    return lambda data: data[size] if len(data) > size else None


def _unhex(data: bytes, source: str | None) -> bytes:
    """The bytes of a hex-obfuscated entry (5-byte header, 2-digit key, pairs), XOR undone."""
    header = data[:5].decode("ascii")
    if len(data) < 7:
        raise BadInput(source, f"obfuscated stream has no key after {header}", WHERE)
    if len(data) % 2 == 0:  # header (5) + key (2) + pairs: odd in total
        raise BadInput(source, f"obfuscated stream has an odd number of hex digits ({len(data) - 5})", WHERE)
    try:
        key = binascii.unhexlify(data[5:7])[0]
        # A memoryview avoids copying a 30 MB stream before unhexlifying it.
        body = binascii.unhexlify(memoryview(data)[7:])
    except (binascii.Error, ValueError):
        bad = next((i for i, c in enumerate(data[5:]) if chr(c) not in "0123456789abcdefABCDEF"), 0)
        raise BadInput(source, f"obfuscated stream has a non-hex character at byte {bad + 5}", WHERE) from None
    return _xor(body, key)


def _hex(header: bytes, body: bytes, key: int, like: bytes | None) -> bytes:
    """HEADER, the key and BODY XOR key as hex: lowercase as VASSAL writes, upper if LIKE was."""
    text = b"%02x" % key + binascii.hexlify(_xor(body, key))
    return header + (text.upper() if like is not None and _upper_hex(like) else text)


def _upper_hex(raw: bytes) -> bool:
    # VASSAL 2.9 wrote upper-case hex; keep a file's case when re-encoding it.
    body = raw[5:4101]
    return any(0x41 <= b <= 0x46 for b in body) and not any(0x61 <= b <= 0x66 for b in body)


def _unxor(header: bytes) -> Callable[[bytes, str | None], bytes]:
    size = len(header)

    def read(data: bytes, source: str | None) -> bytes:
        if len(data) <= size:
            raise BadInput(source, f"obfuscated stream has no key after {header.decode('ascii')}", WHERE)
        return _xor(memoryview(data)[size + 1:], data[size])

    return read


def _keyed(header: bytes) -> Callable[[bytes, int, bytes | None], bytes]:
    return lambda payload, key, like: header + bytes([key]) + _xor(payload, key)


# -- the forms ----------------------------------------------------------------------------------

def _read_vcsk(data: bytes, source: str | None) -> bytes:
    return _unhex(data, source)


def _write_vcsk(payload: bytes, key: int, like: bytes | None) -> bytes:
    return _hex(b"!VCSK", payload, key, like)


def _read_vcsz(data: bytes, source: str | None) -> bytes:
    deflated = _unhex(data, source)
    # zlib-wrapped as Java's Deflater writes it; a raw deflate stream (nowrap) is read too.
    for wbits in (zlib.MAX_WBITS, -zlib.MAX_WBITS):
        inflater = zlib.decompressobj(wbits)
        try:
            payload = inflater.decompress(deflated, MAX_ENTRY_SIZE)
        except zlib.error:
            continue
        if inflater.unconsumed_tail:
            raise BadInput(source, f"!VCSZ stream inflates to more than {MAX_ENTRY_SIZE} bytes", WHERE)
        if not inflater.eof:
            raise BadInput(source, "!VCSZ stream is cut short: its deflate data ends early", WHERE)
        _nothing_after(inflater.unused_data, "!VCSZ", "deflate", source)
        return payload
    raise BadInput(source, "!VCSZ stream is not deflate data after its hex obfuscation is undone", WHERE)


def _write_vcsz(payload: bytes, key: int, like: bytes | None) -> bytes:
    raw = like is not None and _vcsz_was_raw(like)
    deflater = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS if raw else zlib.MAX_WBITS)
    return _hex(b"!VCSZ", deflater.compress(payload) + deflater.flush(), key, like)


def _vcsz_was_raw(like: bytes) -> bool:
    try:
        head = _unhex(like[:11], None)  # the key and the first two bytes suffice
    except BadInput:
        return False
    # A zlib header is CMF FLG with CM 8 and (CMF*256 + FLG) divisible by 31.
    return not (len(head) == 2 and head[0] & 0x0F == 8 and (head[0] * 256 + head[1]) % 31 == 0)


def _read_voxz(data: bytes, source: str | None) -> bytes:
    packed = _unxor(b"!VOXZ")(data, source)
    # The .xz container as XZ for Java writes it; a legacy .lzma container is read too.
    unpacker = lzma.LZMADecompressor(lzma.FORMAT_AUTO)
    try:
        payload = unpacker.decompress(packed, MAX_ENTRY_SIZE)
    except lzma.LZMAError as err:
        raise BadInput(source, f"!VOXZ stream is not XZ data after its XOR is undone ({err})", WHERE) from None
    if not unpacker.eof:
        if not unpacker.needs_input:
            raise BadInput(source, f"!VOXZ stream unpacks to more than {MAX_ENTRY_SIZE} bytes", WHERE)
        raise BadInput(source, "!VOXZ stream is cut short: its XZ data ends early", WHERE)
    _nothing_after(unpacker.unused_data, "!VOXZ", "XZ", source)
    return payload


def _nothing_after(rest: bytes, header: str, packing: str, source: str | None) -> None:
    # Bytes after the compressed data are no part of the game: refused, never silently dropped.
    if rest:
        raise BadInput(source, f"{header} stream has {len(rest)} bytes after the end of its {packing} data", WHERE)


_XZ_MAGIC = b"\xfd7zXZ\x00"


def _write_voxz(payload: bytes, key: int, like: bytes | None) -> bytes:
    # Keep the container read: .xz unless the entry held a legacy .lzma one.
    legacy = like is not None and len(like) > 12 and _xor(like[6:12], like[5]) != _XZ_MAGIC
    packed = lzma.compress(payload, lzma.FORMAT_ALONE if legacy else lzma.FORMAT_XZ)
    return b"!VOXZ" + bytes([key]) + _xor(packed, key)


def _read_plain(data: bytes, source: str | None) -> bytes:
    return data


def _write_plain(payload: bytes, key: int, like: bytes | None) -> bytes:
    return payload


FORMS: dict[str, StreamForm] = {form.name: form for form in (
    StreamForm("vcsk", b"!VCSK", "vcsk (!VCSK hex obfuscation, VASSAL before 3.8)",
               _read_vcsk, _write_vcsk, _hex_key),
    StreamForm("vobs", b"VOBS", "vobs (VOBS raw obfuscation, VASSAL 3.8 or later; VASSAL 3.7 cannot open it)",
               _unxor(b"VOBS"), _keyed(b"VOBS"), _raw_key(4)),
    StreamForm("vobs-bang", b"!VOBS", "vobs-bang (!VOBS raw obfuscation, a VASSAL 3.8 beta; "
               "VASSAL 3.7 cannot open it)", _unxor(b"!VOBS"), _keyed(b"!VOBS"), _raw_key(5)),
    StreamForm("vcsz", b"!VCSZ", "vcsz (!VCSZ deflate then hex obfuscation, third-party tools; "
               "no released VASSAL opens it)", _read_vcsz, _write_vcsz, _hex_key),
    StreamForm("voxz", b"!VOXZ", "voxz (!VOXZ XZ compression then raw obfuscation; VASSAL 3.7 cannot open it)",
               _read_voxz, _write_voxz, _raw_key(5)),
    StreamForm(PLAIN, b"", "plain text (no obfuscation)", _read_plain, _write_plain, lambda data: None),
)}

# What a new save is written in unless asked: every VASSAL opens it.
DEFAULT_FORM: Form = "vcsk"


def form_of(data: bytes, source: str | None = None) -> Form:
    """Which form a ``savedGame`` entry is stored in, from its header alone.

    An entry that starts like a header of the ``!V`` family but is no form of the
    table is bad input naming that header: it is never read as plain text.
    """
    for form in sorted(FORMS.values(), key=lambda f: -len(f.header)):
        if form.header and data.startswith(form.header):
            return form.name
    if _BANG_V.match(data):
        raise BadInput(source, f"unknown stream header {data[:5].decode('latin-1')!r}: not a form of "
                       f"{', '.join(FORMS)}", WHERE)
    return PLAIN


def starts_stream(data: bytes) -> bool:
    """True when DATA starts with the header of an obfuscated form (or any ``!V`` header)."""
    return any(f.header and data.startswith(f.header) for f in FORMS.values()) or bool(_BANG_V.match(data))


def key_of(data: bytes) -> int | None:
    """The key byte of an obfuscated entry (None when plain or when the key is missing)."""
    return FORMS[form_of(data)].key_of(data)


def deobfuscate(data: bytes, source: str | None = None) -> bytes:
    """The plain payload bytes of a ``savedGame`` entry, in whichever form it is stored."""
    return FORMS[form_of(data, source)].read(data, source)


def obfuscate(payload: bytes, key: int = 0x5A, form: Form = DEFAULT_FORM, like: bytes | None = None) -> bytes:
    """The entry for PAYLOAD in FORM with KEY; LIKE is an entry read whose details (hex case) to keep."""
    if not 0 <= key <= 255:
        raise ValueError("key must be a byte")
    return FORMS[form].write(payload, key, like)
