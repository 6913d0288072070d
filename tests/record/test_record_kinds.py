"""The record format stays fixed (issue 21): every record file the project keeps reads and writes
back unchanged, each entry kind is defined once, and a game's own entry kinds are read only in
that game's records."""

from __future__ import annotations

import json

import pytest

from conftest import TESTS
from vassal_tools.errors import BadInput
from vassal_tools.games import pack_for, pack_ids
from vassal_tools.record import ENTRY_KINDS, FORMAT, Entry, GameEntry, load_record
from vassal_tools.record.builder import RecordBuilder

RECORD_FILES = sorted(path for folder in (TESTS / "records", TESTS / "data")
                      for path in folder.rglob("*.json")
                      if json.loads(path.read_text(encoding="utf-8")).get("format") == FORMAT)


def key_paths(value, path=()):
    """Every key (and list index) path of a JSON value, down to its leaves."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from key_paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from key_paths(inner, (*path, index))
    else:
        yield path


def test_the_record_files_are_found():
    # tests/records (Invasion: Norway and Europa Narvik) and the Norway 1940 acceptance records
    assert len(RECORD_FILES) >= 130
    assert {json.loads(p.read_text(encoding="utf-8"))["game"] for p in RECORD_FILES} >= {
        "invasion-norway", "europa-narvik", "norway-1940"}


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: str(p.relative_to(TESTS)))
def test_every_record_file_writes_back_unchanged(path):
    """Nothing the file says is lost, and what is written reads back to the same record."""
    written = load_record(path, pack_for).to_dict()
    assert set(key_paths(json.loads(path.read_text(encoding="utf-8")))) <= set(key_paths(written))
    assert load_record(written, pack_for).to_dict() == written


def test_each_kind_is_defined_once():
    """One table: every entry class of the format is in it once, under its own key, and so is every
    pack's own kind; no pack reuses a key of the format or of another pack."""
    keys = [kind.key for kind in ENTRY_KINDS]
    classes = {kind.entry for kind in ENTRY_KINDS}
    assert len(set(keys)) == len(keys) and all(kind.entry.KIND is kind for kind in ENTRY_KINDS)
    assert not any(issubclass(cls, GameEntry) for cls in classes)
    own = {kind.key: game for game in pack_ids() for kind in pack_for(game).record_terms.entry_kinds}
    assert own == {"card": "kampen-om-norge", "reveal": "narvik-1940"}
    assert not set(own) & set(keys)
    for game in pack_ids():
        assert all(issubclass(kind.entry, GameEntry) and kind.entry.KIND is kind
                   for kind in pack_for(game).record_terms.entry_kinds)
    assert all(issubclass(cls, Entry) for cls in classes)


@pytest.mark.parametrize("game, entry", [
    ("narvik-1940", {"card": {"side": "german", "name": "Rask forflytning"}}),
    ("kampen-om-norge", {"reveal": {"units": ["ger-1"], "to": "norwegian"}}),
    ("invasion-norway", {"reveal": {"units": ["ger-159-ir-1"], "to": "allied"}}),
])
def test_a_games_own_entry_is_no_entry_of_another_game(game, entry):
    with pytest.raises(BadInput, match="entry 0: entry has none of the keys"):
        load_record({"format": FORMAT, "game": game, "entries": [entry]}, pack_for)


def test_a_games_own_entry_keeps_unknown_keys_and_round_trips():
    record = (RecordBuilder("narvik-1940").place("ger-i-139", "0919")
              .add({"reveal": {"units": "ger-i-139", "to": "Allied", "why": "recon"}, "said": "kept"})
              .result(pack_for))
    reveal = record.entries[1]
    assert (reveal.units, reveal.to, dict(reveal.inner), dict(reveal.extra)) == (
        ("ger-i-139",), "allied", {"why": "recon"}, {"said": "kept"})
    assert reveal.to_dict() == {"reveal": {"units": ["ger-i-139"], "to": "allied", "why": "recon"}, "said": "kept"}


def test_the_reader_is_handed_its_game():
    """The caller says which games there are: a record of a game the lookup does not give is refused."""
    data = RecordBuilder("kampen-om-norge").to_dict()
    assert load_record(data, {"kampen-om-norge": pack_for("kampen-om-norge")}.get).game == "kampen-om-norge"
    with pytest.raises(BadInput, match="unknown game 'kampen-om-norge'"):
        load_record(data, {"narvik-1940": pack_for("narvik-1940")}.get)


def test_a_games_own_check_of_a_format_entry_applies_to_its_records_only():
    """Invasion: Norway asks a detection roll to name the side that rolls (6.1.3, 6.3.1: the detecting
    player's NDV or ADV); the word means nothing special to another game's reader."""
    roll = {"roll": {"for": "Naval Detection", "zone": "North Sea", "result": 3}}
    with pytest.raises(BadInput, match=r"entry 0, field 'roll.side': a detection roll needs the 'side'"):
        load_record({"format": FORMAT, "game": "invasion-norway", "entries": [roll]}, pack_for)
    sided = {"roll": {**roll["roll"], "side": "allied"}}
    assert load_record({"format": FORMAT, "game": "invasion-norway", "entries": [sided]}, pack_for).entries[0].side \
        == "allied"
    other = load_record({"format": FORMAT, "game": "kampen-om-norge",
                         "entries": [{"roll": {"for": "naval-detection", "result": 3}}]}, pack_for)
    assert other.entries[0].purpose == "naval-detection" and other.entries[0].side is None
