"""RecordBuilder: records made in code are read back through the record reader, in their game's words."""

from __future__ import annotations

import pytest

from vassal_tools.errors import BadInput
from vassal_tools.games import pack_for
from vassal_tools.record import Attack, Intercept, Move, PhaseStart, Roll
from vassal_tools.record.builder import RecordBuilder


def norway() -> RecordBuilder:
    return (RecordBuilder("invasion-norway", title="built in code")
            .unit("g1", ref="ger-138-gj-1").unit("d1", ref="nor-dd-1")
            .phase("german-land-movement", turn="april # 5")
            .move("g1", "4332")
            .attack("4332", ["g1"])
            .roll("naval-detection", 3, side="allied", zone="North Sea")
            .intercept("allied", "North Sea", naval=["d1"]))


def test_entries_come_back_as_their_kinds_in_order():
    record = norway().result(pack_for)
    assert [type(e) for e in record.entries] == [PhaseStart, Move, Attack, Roll, Intercept]
    assert record.entries[0].turn == "April #5"  # the game's spelling of "april # 5"
    assert (record.entries[1].unit, record.entries[1].to) == ("g1", "4332")
    assert record.units["d1"].side == "allied" and record.extra["title"] == "built in code"


def test_the_dict_is_the_format_as_written():
    data = norway().to_dict()
    assert list(data)[:3] == ["format", "game", "title"] and data["entries"][1] == {"move": "g1", "to": "4332"}


def test_an_entry_must_say_one_kind():
    with pytest.raises(ValueError, match="exactly one"):
        RecordBuilder("invasion-norway").add({"move": "g1", "remove": "g1"})


def test_a_bad_entry_is_refused_as_a_file_would_be():
    with pytest.raises(BadInput, match="entry 1.*unknown phase"):
        RecordBuilder("invasion-norway").phase("weather", turn="April #5").phase("lunch").result(pack_for)


def test_a_nationality_the_data_does_not_list_is_allied_in_invasion_norway():
    # Every nationality but the German is Allied (invasion-norway.txt 1.4), listed or not.
    record = RecordBuilder("invasion-norway").unit("x", **{"class": "land", "nationality": "danish"}).result(pack_for)
    assert record.units["x"].side == "allied"
