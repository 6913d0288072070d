"""Open any VASSAL file as what it is: a Module, an Extension, a SavedGame or a Log.

How the kind is decided follows VASSAL (vassal-formats.md 1.1-1.4): a ``savedGame``
entry makes a save (a log when LOG commands follow ``end_save``); otherwise a
``buildFile.xml`` or legacy ``buildFile`` makes a module, an extension when
``extensiondata`` is present or the buildFile root says so. A plain-text command
stream outside a zip (VASSAL 2.x ``.sav``) is read as a saved game too.

Every object keeps the archive it came from; ``save`` writes it back with only
what was changed re-encoded, atomically, and refuses to overwrite the input
unless asked.
"""

from __future__ import annotations

import os
import re
from functools import cached_property
from pathlib import Path

from ..errors import BadInput
from .archive import Archive, atomic_write, is_zip, read_archive, write_archive
from .obfuscation import PLAIN, Form, deobfuscate, form_of, key_of, obfuscate, starts_stream

SAVED_GAME = "savedGame"
BUILDFILES = ("buildFile.xml", "buildFile")
ESC = "\x1b"
# The first line of a Git LFS pointer file (https://git-lfs.com/spec/v1): a repository
# that stores modules with Git LFS checks out this small text file when LFS is not set up.
LFS_POINTER = b"version https://git-lfs.github.com/spec/"


def open_file(path: str | os.PathLike) -> Module | Extension | SavedGame | Log:
    """Read a VASSAL file and return the object for its kind."""
    path = Path(path)
    if not path.exists():
        raise BadInput(path, "no such file")
    if path.is_dir():
        raise BadInput(path, "is a directory, not a VASSAL file")
    if is_zip(path):
        return _from_archive(read_archive(path))
    return _from_plain_stream(path)


def _from_archive(archive: Archive):
    if SAVED_GAME in archive:
        game = SavedGame(archive)
        return Log(archive) if game.is_log else game
    if not any(name in archive for name in BUILDFILES):
        raise BadInput(archive.path, "zip archive has neither a savedGame nor a buildFile entry: not a VASSAL file")
    if "extensiondata" in archive:
        return Extension(archive)
    if "moduledata" not in archive and _root_class(archive) == "VASSAL.build.module.ModuleExtension":
        return Extension(archive)
    return Module(archive)


def _root_class(archive: Archive) -> str | None:
    for name in BUILDFILES:
        if name in archive:
            head = archive.read(name)[:4096].decode("utf-8", "replace")
            match = re.search(r"<([A-Za-z_][\w.]*)", re.sub(r"<\?.*?\?>|<!--.*?-->", "", head, flags=re.S))
            return match.group(1) if match else None
    return None


def _from_plain_stream(path: Path):
    data = path.read_bytes()
    head = data[:64].lstrip(b"\xef\xbb\xbf")
    if head.startswith(LFS_POINTER):
        raise BadInput(path, f"is a Git LFS pointer{_lfs_object(data)}, not the file itself: fetch it "
                       "with `git lfs pull`")
    if not (starts_stream(head) or head.startswith(b"begin_save")):
        raise BadInput(path, "not a VASSAL file: neither a zip archive nor a saved-game command stream")
    game = SavedGame(None, raw=data, path=path)
    return Log(None, raw=data, path=path) if game.is_log else game


def _lfs_object(data: bytes) -> str:
    """" (object sha256:..., N bytes)" from a pointer's oid and size lines, when it has them."""
    text = data[:1024].decode("ascii", "replace")
    oid = re.search(r"^oid (\S+)$", text, re.M)
    size = re.search(r"^size (\d+)$", text, re.M)
    facts = [f"object {oid.group(1)}" if oid else "", f"{size.group(1)} bytes" if size else ""]
    said = ", ".join(f for f in facts if f)
    return f" ({said})" if said else ""


class VassalFile:
    """What every VASSAL file has: its path and, for zips, its archive."""

    kind = "file"

    def __init__(self, archive: Archive | None, path: Path | None = None):
        self.archive = archive
        self.path = path if path is not None else (archive.path if archive else None)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.path}>"

    @cached_property
    def metadata(self):
        """The parsed ``moduledata``/``extensiondata``/``savedata`` entry of this file, or None."""
        from .metadata import parse_metadata

        name = self._metadata_entry
        if self.archive is None or name not in self.archive:
            return None
        return parse_metadata(self.archive.read(name), source=f"{self.path}: {name}")

    _metadata_entry = "moduledata"

    def _write(self, archive: Archive, path, overwrite_input: bool) -> Path:
        return write_archive(archive, path, replace_input=overwrite_input)


class Module(VassalFile):
    """A ``.vmod``: the buildFile component tree, metadata and resources (images ...)."""

    kind = "module"
    archive: Archive

    def __init__(self, archive: Archive, path: Path | None = None):
        super().__init__(archive, path)

    @cached_property
    def buildfile_entry(self) -> str:
        """Which buildFile VASSAL reads: ``buildFile`` when moduledata says < 3.5 (1.1)."""
        present = [n for n in BUILDFILES if n in self.archive]
        if len(present) == 1:
            return present[0]
        version = _metadata_vassal_version(self.archive)
        if version is not None and version < (3, 5):
            return "buildFile"
        return "buildFile.xml"

    @cached_property
    def buildfile(self):
        """The parsed component tree (:class:`vassal_tools.formats.buildfile.BuildFile`)."""
        from .buildfile import BuildFile

        name = self.buildfile_entry
        return BuildFile.from_bytes(self.archive.read(name), source=f"{self.path}: {name}")

    @property
    def name(self) -> str:
        return self.buildfile.name

    @property
    def version(self) -> str:
        return self.buildfile.version

    def images(self) -> list[str]:
        """Image file names (without the ``images/`` folder) stored in the archive."""
        return [n[len("images/"):] for n in self.archive.names() if n.startswith("images/") and not n.endswith("/")]

    def image_bytes(self, name: str) -> bytes | None:
        entry = self.archive.find("images/" + name)
        return entry.data if entry else None

    def save(self, path: str | os.PathLike, *, overwrite_input: bool = False) -> Path:
        """Write the module; an untouched buildFile is written back byte for byte."""
        if "buildfile" in self.__dict__:
            name = self.buildfile_entry
            original = self.archive.read(name)
            fresh = self.buildfile.to_bytes()
            if fresh != original and not _same_xml(fresh, original):
                self.archive.put(name, fresh)
        return self._write(self.archive, path, overwrite_input)


class Extension(Module):
    """A ``.vext``: like a module, with ``extensiondata`` and an extension root."""

    kind = "extension"
    _metadata_entry = "extensiondata"


class SavedGame(VassalFile):
    """A ``.vsav``: the command stream that restores a game, plus metadata."""

    kind = "save"
    _metadata_entry = "savedata"

    def __init__(self, archive: Archive | None, raw: bytes | None = None, path: Path | None = None):
        super().__init__(archive, path)
        if raw is None:
            if archive is None:
                raise TypeError("a SavedGame is read from an archive or from raw stream bytes")
            raw = archive.read(SAVED_GAME)
        self.raw = raw
        self.form: Form = form_of(self.raw, str(self.path))
        self._stream: str | None = None

    @property
    def source(self) -> str:
        return f"{self.path}: {SAVED_GAME}" if self.archive is not None else str(self.path)

    @property
    def stream(self) -> str:
        """The command stream as stored, decoded as UTF-8 (undecodable bytes kept as escapes)."""
        if self._stream is None:
            payload = deobfuscate(self.raw, source=str(self.path))
            self._stream = payload.decode("utf-8", "surrogateescape")
        return self._stream

    @stream.setter
    def stream(self, text: str) -> None:
        self._stream = text
        self.__dict__.pop("commands", None)

    @property
    def obfuscated(self) -> bool:
        return self.form != PLAIN

    @property
    def key(self) -> int | None:
        """The obfuscation key of the stored stream (None when plain)."""
        return key_of(self.raw)

    @property
    def is_log(self) -> bool:
        """True when LOG commands follow ``end_save`` (a log, not a plain save; 1.4, 5.3)."""
        text = self.stream
        end = text.find("end_save")
        return end != -1 and text.find(ESC + "LOG\t", end) != -1

    @cached_property
    def commands(self):
        """The decoded command tree (see :mod:`vassal_tools.formats.commands`)."""
        from .commands import decode_commands
        from .integrity import find_damage

        commands = decode_commands(self.stream)
        damage = find_damage(commands, len(self.stream))
        if damage is not None:  # a stream cut short is refused when its commands are read
            raise BadInput(self.path, f"{damage}; the file was cut short, so it is not read as a smaller game",
                           SAVED_GAME)
        return commands

    @cached_property
    def module_metadata(self):
        """The copy of the module's ``moduledata`` stored in the save, or None."""
        from .metadata import parse_metadata

        if self.archive is None or "moduledata" not in self.archive:
            return None
        return parse_metadata(self.archive.read("moduledata"), source=f"{self.path}: moduledata")

    def encoded_stream(self) -> bytes:
        """The ``savedGame`` bytes for the current stream: unchanged bytes if the text is unchanged."""
        payload = self.stream.encode("utf-8", "surrogateescape")
        if self._stream_unchanged(payload):
            return self.raw
        return obfuscate(payload, self.key or 0, self.form, like=self.raw)

    def convert(self, form: Form, key: int | None = None) -> None:
        """Store the stream in FORM from now on (with KEY, or the key read, or VASSAL's usual 0x5a)."""
        if form == self.form and key in (None, self.key):
            return
        payload = self.stream.encode("utf-8", "surrogateescape")
        if key is None:
            key = self.key if self.key else DEFAULT_KEY
        self.raw = obfuscate(payload, key, form)
        self.form = form

    def _stream_unchanged(self, payload: bytes) -> bool:
        try:
            return deobfuscate(self.raw) == payload
        except BadInput:
            return False

    def save(self, path: str | os.PathLike, *, overwrite_input: bool = False) -> Path:
        """Write the game with its current stream; other entries are copied unchanged."""
        data = self.encoded_stream()
        if self.archive is None:
            return atomic_write(path, data, protect=None if overwrite_input else self.path)
        self.archive.put(SAVED_GAME, data)
        return self._write(self.archive, path, overwrite_input)


class Log(SavedGame):
    """A ``.vlog``: a saved game followed by one logged step per user action (5.3)."""

    kind = "log"

    @cached_property
    def steps(self):
        """The logged steps in order, each with its commands (see :mod:`...formats.commands`)."""
        from .logsteps import split_stream

        return split_stream(self.commands).steps


# The key a new obfuscated stream gets when none was read (VASSAL draws one at random).
DEFAULT_KEY = 0x5A


def _metadata_vassal_version(archive: Archive) -> tuple[int, int] | None:
    if "moduledata" not in archive:
        return None
    match = re.search(rb"<VassalVersion>\s*(\d+)\.(\d+)", archive.read("moduledata"))
    return (int(match.group(1)), int(match.group(2))) if match else None


def _same_xml(a: bytes, b: bytes) -> bool:
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    try:
        return etree.tostring(etree.fromstring(a, parser), method="c14n") == etree.tostring(etree.fromstring(b, parser), method="c14n")
    except etree.XMLSyntaxError:
        return False
