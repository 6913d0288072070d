"""Shared test fixtures: where the reference material lives, and skips when it is absent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
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
