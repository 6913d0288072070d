"""ZIP archives as VASSAL writes them (.vmod, .vext, .vsav, .vlog), read safely, written atomically.

Reading refuses what a hostile or broken file could do to us: entry names that
climb out of a folder or are absolute, declared or actual sizes beyond sane
limits, compression ratios of a zip bomb, truncated or corrupt data. Writing
keeps each entry's name, order, compression and timestamp, goes through a
temporary file and a rename, and never replaces the file it was read from
unless the caller says so.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..errors import BadInput
from .outputs import refuse_overwriting, same_file  # noqa: F401 - same_file kept importable from here

# Limits against zip bombs. Real VASSAL files: modules up to a few hundred MB of
# images, saved games up to ~60 MB of hex text, which compresses about 2-4x.
MAX_ENTRY_SIZE = 1 << 30          # 1 GiB uncompressed for one entry
MAX_TOTAL_SIZE = 2 << 30          # 2 GiB for the whole archive
MAX_RATIO = 200                   # uncompressed / compressed, checked on large entries
RATIO_FLOOR = 8 << 20             # entries smaller than 8 MiB are never judged by ratio
MAX_ENTRIES = 100_000
_CHUNK = 1 << 20


@dataclass
class Entry:
    """One archive member: its ZipInfo (name, time, compression) and its uncompressed bytes."""

    info: zipfile.ZipInfo
    data: bytes

    @property
    def name(self) -> str:
        return self.info.filename


@dataclass
class Archive:
    """The members of a ZIP file in their stored order."""

    path: Path | None
    entries: list[Entry] = field(default_factory=list)
    comment: bytes = b""

    def names(self) -> list[str]:
        return [e.name for e in self.entries]

    def __contains__(self, name: str) -> bool:
        return self.find(name) is not None

    def find(self, name: str) -> Entry | None:
        # An index by name, rebuilt when the entry list changed under it (a
        # module has thousands of images: a scan per lookup would be quadratic).
        index = self.__dict__.get("_index")
        if index is None or index[0] != len(self.entries) or (self.entries and index[1] is not self.entries[-1]):
            index = (len(self.entries), self.entries[-1] if self.entries else None,
                     {e.name: e for e in reversed(self.entries)})
            self.__dict__["_index"] = index
        entry = index[2].get(name)
        return entry if entry is not None and entry.name == name else None

    def read(self, name: str) -> bytes:
        entry = self.find(name)
        if entry is None:
            raise BadInput(self.path, f"archive has no entry {name!r}")
        return entry.data

    def put(self, name: str, data: bytes, compress: int = zipfile.ZIP_DEFLATED) -> None:
        """Replace an entry's bytes in place, or add a new entry at the end."""
        entry = self.find(name)
        if entry is not None:
            entry.data = data
            return
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = compress
        info.external_attr = 0o644 << 16
        self.entries.append(Entry(info, data))

    def remove(self, name: str) -> None:
        self.entries = [e for e in self.entries if e.name != name]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)


def check_entry_name(name: str, source) -> None:
    """Refuse names that would escape a folder when extracted (``..``, absolute, drive)."""
    posix = name.replace("\\", "/")
    if posix.startswith("/") or (len(posix) > 1 and posix[1] == ":"):
        raise BadInput(source, "entry name is an absolute path", f"entry {name!r}")
    if ".." in PurePosixPath(posix).parts:
        raise BadInput(source, "entry name climbs out of the archive ('..')", f"entry {name!r}")
    if "\x00" in name:
        raise BadInput(source, "entry name contains a NUL byte", f"entry {name!r}")


def is_zip(path: str | os.PathLike) -> bool:
    with open(path, "rb") as handle:
        return handle.read(4) in (b"PK\x03\x04", b"PK\x05\x06")


def read_archive(path: str | os.PathLike) -> Archive:
    """Read every member of a ZIP file into memory, checking names and sizes."""
    path = Path(path)
    try:
        zf = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except IsADirectoryError:
        raise BadInput(path, "is a directory, not a file") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError) as err:
        raise BadInput(path, f"not a readable zip archive ({err})") from None
    except OSError as err:
        raise BadInput(path, f"cannot read: {err.strerror or err}") from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_ENTRIES:
            raise BadInput(path, f"archive has {len(infos)} entries, more than the limit of {MAX_ENTRIES}")
        archive = Archive(path, comment=zf.comment)
        total = 0
        for info in infos:
            check_entry_name(info.filename, path)
            _check_declared_size(info, path)
            data = _read_member(zf, info, path, MAX_TOTAL_SIZE - total)
            total += len(data)
            archive.entries.append(Entry(info, data))
    return archive


def _check_declared_size(info: zipfile.ZipInfo, source) -> None:
    where = f"entry {info.filename!r}"
    if info.file_size > MAX_ENTRY_SIZE:
        raise BadInput(source, f"declares {info.file_size} bytes, over the {MAX_ENTRY_SIZE}-byte limit", where)
    if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise BadInput(source, f"compression ratio {info.file_size // max(info.compress_size, 1)}:1 looks like a zip bomb", where)


def _read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, source, budget: int) -> bytes:
    """Read one member in chunks, never past its declared size or the remaining budget."""
    where = f"entry {info.filename!r}"
    limit = min(info.file_size, MAX_ENTRY_SIZE, budget)
    chunks = []
    size = 0
    try:
        with zf.open(info) as member:
            while True:
                chunk = member.read(_CHUNK)
                if not chunk:
                    break
                size += len(chunk)
                if size > limit:
                    raise BadInput(source, "expands beyond its declared size or the archive limit", where)
                chunks.append(chunk)
    except BadInput:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as err:
        raise BadInput(source, f"corrupt or truncated data ({err})", where) from None
    return b"".join(chunks)


def write_archive(archive: Archive, path: str | os.PathLike, *, replace_input: bool = False) -> Path:
    """Write the archive to ``path`` atomically, members in their order with their metadata."""
    def write(handle) -> None:
        with zipfile.ZipFile(handle, "w") as zf:
            for entry in archive.entries:
                info = _copy_info(entry.info)
                zf.writestr(info, entry.data, compress_type=info.compress_type)
            zf.comment = archive.comment
    return atomic_write(path, write, protect=archive.path if not replace_input else None)


def _copy_info(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    copy = zipfile.ZipInfo(info.filename, date_time=_valid_date(info.date_time))
    copy.compress_type = info.compress_type if info.compress_type in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) else zipfile.ZIP_DEFLATED
    copy.external_attr = info.external_attr
    copy.comment = info.comment
    copy.create_system = info.create_system
    return copy


def _valid_date(date_time):
    # ZIP cannot hold dates before 1980; some writers store zeros.
    return date_time if date_time[0] >= 1980 else (1980, 1, 1, 0, 0, 0)


def atomic_write(path: str | os.PathLike, data: bytes | Callable, *,
                 protect: str | os.PathLike | Iterable[str | os.PathLike | None] | None = None) -> Path:
    """Write bytes (or call ``data(handle)``) to a temporary file beside ``path``, then rename.

    ``protect`` names the input file (or files) that must not be replaced: writing over
    one is refused with BadInput (see :func:`.outputs.refuse_overwriting`).
    """
    path = Path(path)
    if protect is not None:
        refuse_overwriting(path, [protect] if isinstance(protect, (str, os.PathLike)) else protect)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise BadInput(path, f"folder {directory} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            if callable(data):
                data(handle)
            else:
                handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
