"""The errata file format (docs/errata-format.md): what it accepts, and the one-line faults it reports."""

from __future__ import annotations

import tomllib

import pytest

from conftest import ROOT
from vassal_tools.errors import BadInput
from vassal_tools.release.errata import parse_errata, read_errata, require_module_entries


def parse(text: str):
    return parse_errata(tomllib.loads(text), "errata.toml")


def test_every_target_kind_parses_with_its_citation():
    errata = parse("""
[errata]
title = "Second printing"
module_version = "1.1"

[[entry]]
cite = "invasion-norway.txt 13.3.7"
piece = { name = "Hipper", palette = "German / Naval", gpid = 12 }
set = { name = "Admiral Hipper", properties = { Gunnery = 3, Sunk = false } }
trait = { trait = "Layer", where = { name = "Step" }, set = { level_name_list = ["", "+ reduced"] } }

[[entry]]
cite = "publisher's note"
prototype = "Naval"
set = { properties = { Side = "German" } }

[[entry]]
cite = "errata sheet"
image = "hipper.png"
set = { file = "art/hipper.png" }

[[entry]]
cite = "invasion-norway.txt 5.1.4 ADD"
hex = "3522"
set = { lake = "yes" }

[[entry]]
cite = "invasion-norway.txt 8.5.1"
unit = "ger-ir138-2"
set = { movement = 4 }

[[entry]]
cite = "invasion-norway.txt 15.1.1"
unit_type = "mountain"
set = { support = 1 }

[[entry]]
cite = "invasion-norway.txt 9.0.1"
zone = "North Sea"
set = { allied_adv = 2 }
""")
    assert errata.title == "Second printing" and errata.module_version == "1.1"
    kinds = [e.target.kind for e in errata.entries]
    assert kinds == ["piece", "prototype", "image", "hex", "unit", "unit_type", "zone"]
    piece = errata.entries[0]
    assert piece.target.name == "Hipper" and piece.target.gpid == "12"
    assert piece.target.palette == ("German", "Naval")
    # property values are stored as VASSAL stores them: text
    assert piece.set["properties"] == {"Gunnery": "3", "Sunk": "false"}
    assert piece.traits[0].trait == "Layer" and piece.traits[0].where == {"name": "Step"}
    assert [e.cite for e in errata.data_entries()] == [
        "invasion-norway.txt 5.1.4 ADD", "invasion-norway.txt 8.5.1", "invasion-norway.txt 15.1.1",
        "invasion-norway.txt 9.0.1"]
    assert len(errata.module_entries()) == 3


@pytest.mark.parametrize("body, fault", [
    ('piece = "A"\nset = { name = "B" }', "needs 'cite'"),
    ('cite = "1.1"\npiece = "A"\nunit = "u"\nset = { name = "B" }', "exactly one target"),
    ('cite = "1.1"\nset = { name = "B" }', "exactly one target"),
    ('cite = "1.1"\npiece = "A"', "changes nothing"),
    ('cite = "1.1"\npiece = "A"\nset = { colour = "red" }', "unknown key 'colour'"),
    ('cite = "1.1"\npiece = "A"\nset = { name = "B" }\nrules = 3', "unknown key 'rules'"),
    ('cite = "1.1"\nimage = "a.png"\ntrait = { trait = "Layer", set = { name = "x" } }', "has no traits"),
    ('cite = "1.1"\nprototype = "P"\nset = { name = "Q" }', "unknown key 'name'"),
    ('cite = "1.1"\npiece = { palette = "A" }\nset = { name = "B" }', "picked by 'name' or 'gpid'"),
    ('cite = "1.1"\npiece = "A"\ntrait = { trait = "Layer" }', "needs 'set'"),
])
def test_a_faulty_entry_is_named_with_its_fault(body, fault):
    with pytest.raises(BadInput) as caught:
        parse("[[entry]]\n" + body)
    assert fault in str(caught.value)
    assert "entry 1" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_file_that_is_not_toml_is_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[[entry]\ncite = ", encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        read_errata(path)
    assert str(path) in str(caught.value) and "not valid TOML" in str(caught.value)


def test_patch_refuses_a_data_entry_naming_it():
    errata = parse("""
[[entry]]
cite = "a note"
piece = "A"
set = { name = "B" }

[[entry]]
cite = "invasion-norway.txt 5.1.4 ADD"
hex = "3522"
set = { lake = "yes" }
""")
    with pytest.raises(BadInput) as caught:
        require_module_entries(errata)
    message = str(caught.value)
    assert "entry 2 (hex '3522')" in message and "vassal-tools errata" in message


def test_the_documented_example_parses():
    """The worked example of docs/errata-format.md is a valid file."""

    doc = (ROOT / "docs" / "errata-format.md").read_text(encoding="utf-8")
    block = doc.split("## Worked example", 1)[1].split("```toml", 1)[1].split("```", 1)[0]
    errata = parse(block)
    assert [e.target.kind for e in errata.entries] == ["piece", "image", "prototype", "hex"]
    assert all(e.cite for e in errata.entries)
