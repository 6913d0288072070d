"""Shared test fixtures: where the reference material lives, and skips when it is absent; the
modules and outputs several test files use, each built once per session (the helpers they are built
with are in tests/kits/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kits.mailbox import write_mailbox
from kits.mini_module import LogWriter, build_mini_module
from kits.norway_log import BuiltNorway, built_norway
from vassal_tools.builder.area_module import (
    area_archive,
    area_assembly,
    write_area_setup,
)
from vassal_tools.builder.module import build_module
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.formats.archive import write_archive
from vassal_tools.games import pack_for
from vassal_tools.games.kampen_om_norge.data import DATA as KAMPEN_DATA
from vassal_tools.report.audit import audit_file
from vassal_tools.report.html import html_report

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent  # the checkout
DATA = TESTS / "data"  # the tests' own input files
RECORDS = TESTS / "records"  # game records written from the rulebooks
MINI_GAME = DATA / "build" / "mini_game"  # a hex game with one scenario, "opening"
SHARED = ROOT.parent / "shared"
VECTORS = SHARED / "vectors"
CORPUS = SHARED / "corpus"
RULES = SHARED / "rules"


def _require(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} is absent: place the shared material beside the checkout", allow_module_level=True)
    return path


@pytest.fixture(scope="session")
def vectors_dir() -> Path:
    return _require(VECTORS)


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return _require(CORPUS)


def load_vectors(name: str):
    """The parsed JSON of one vector file, or a skip if the shared folder is absent."""
    return json.loads(_require(VECTORS / name).read_text(encoding="utf-8"))


def corpus_files(kind: str | None = None) -> list[Path]:
    """Corpus files listed in MANIFEST.json (kind: module, save, log), for parametrisation."""
    manifest = CORPUS / "MANIFEST.json"
    if not manifest.exists():
        return []
    files = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    out = []
    for entry in files:
        if entry.get("set") != "shared":
            continue
        if kind and entry.get("kind") != kind:
            continue
        path = CORPUS / entry["local_path"]
        if path.exists():
            out.append(path)
    return out


def corpus_params(kind: str | None = None):
    """pytest params over corpus files, with a skipping placeholder if none are present."""
    files = corpus_files(kind)
    if not files:
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"no {kind or ''} corpus files: ../shared/corpus absent"))]
    return [pytest.param(p, id=p.name) for p in files]


@pytest.fixture(scope="session")
def art_cache(tmp_path_factory) -> Path:
    """One art cache for every build of the session: the art is drawn once."""
    return tmp_path_factory.getbasetemp() / "build-art-cache"


@pytest.fixture(scope="session")
def mini_game_module(tmp_path_factory, art_cache) -> Path:
    """The module of tests/data/build/mini_game as ``build_module`` writes it."""
    return build_module(MINI_GAME, tmp_path_factory.mktemp("dist"), cache=art_cache)


@pytest.fixture(scope="session")
def kampen(tmp_path_factory):
    """Kampen om Norge built: (its folder, the assembly, the module, the opening save)."""
    root = tmp_path_factory.mktemp("kampen")
    assembly = area_assembly(KAMPEN_DATA, root / "cache")
    module = write_archive(area_archive(assembly), root / "kampen-om-norge.vmod")
    opening = write_area_setup(KAMPEN_DATA, root / "start.vsav", cache=root / "cache")
    return root, assembly, module, opening


@pytest.fixture(scope="session")
def mini_module(tmp_path_factory) -> Path:
    """The small Invasion: Norway module of tests/kits/mini_module.py."""
    return build_mini_module(tmp_path_factory.mktemp("module") / "invasion-norway.vmod")


@pytest.fixture(scope="session")
def norway_pack():
    """Invasion: Norway's rule pack with its map read from the game data (skips if it cannot be)."""
    try:
        pack = pack_for("invasion-norway")
        _ = pack.terrain
        return pack
    except BadInput as err:
        pytest.skip(f"the Invasion: Norway game data is not readable: {err}")


@pytest.fixture(scope="session")
def norway(tmp_path_factory) -> BuiltNorway:
    """The Invasion: Norway module as vassal_tools builds it (campaign scenario)."""
    return built_norway(tmp_path_factory.getbasetemp())


@pytest.fixture(scope="session")
def mailbox(norway, tmp_path_factory) -> Path:
    """A PBEM mailbox folder of one game: three logs that chain and a doctored fourth (tests/desk)."""
    return write_mailbox(norway, tmp_path_factory.mktemp("mailbox"), tmp_path_factory.mktemp("written"))


@pytest.fixture(scope="session")
def demo(tmp_path_factory) -> Path:
    """What ``vassal-tools demo`` writes: the module, a sample game's log, its reports."""
    out = tmp_path_factory.mktemp("replay-demo")
    result = CliRunner().invoke(main, ["demo", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="session")
def two_findings(mini_module, tmp_path_factory):
    """Bergen overstacked by one battalion (11.1.1), and a Hurricane on Ark Royal (8.7.1)."""
    w = LogWriter("May #2", "allied-land-movement")
    units = ["nor-ir1-1", "nor-ir1-2", "nor-ir2-1", "nor-ir2-2", "nor-ir3-1"]
    for unit in units:
        w.setup(unit, "4331")
    w.setup("brit-hurricane-1", "Scotland")
    w.begin()
    w.step(w.walk(units[0], "4332"))
    for below, unit in zip(units, units[1:]):
        w.step(w.walk(unit, "4332", onto=below))
    w.step(w.chat("Bert", "all in Bergen"))
    w.step(w.phase("May #2", "allied-air-missions"))  # 7
    w.step(w.walk("brit-hurricane-1", "carrier:Ark Royal"))
    w.step(w.phase("May #2", "allied-ops-german-air-missions"))  # 9
    log = w.write(tmp_path_factory.mktemp("logs") / "two.vlog", mini_module)
    result = audit_file(log, mini_module)
    return result, html_report(result)
