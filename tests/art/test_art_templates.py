"""Counter templates: every shipped template loads; a broken one is reported precisely."""

from __future__ import annotations

from pathlib import Path

import pytest

from vassal_tools.art.templates import CLASSES, SCHEMA, TEMPLATES_DIR, load_template, template_for
from vassal_tools.errors import BadInput


@pytest.mark.parametrize("kind", CLASSES)
def test_shipped_template_loads(kind):
    tpl = template_for(kind)
    assert tpl.kind == kind
    assert tpl.size == (64, 64)  # half-inch counters at 64 px per inch at 100% zoom
    assert set(SCHEMA[kind]) <= set(tpl.elements) | set(tpl.data)


def _drop_key(text: str, table: str, key: str) -> str:
    """``text`` without the ``key = ...`` line of TOML table ``[table]``."""
    out, current, dropped = [], None, 0
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            current = stripped.split("]")[0].strip("[")
        if current == table and stripped.startswith(f"{key} ="):
            dropped += 1
            continue
        out.append(line)
    assert dropped == 1, f"fixture edit did not remove [{table}] {key}"
    return "\n".join(out) + "\n"


def _broken_copy(tmp_path: Path, kind: str, edit) -> Path:
    path = tmp_path / f"{kind}.toml"
    path.write_text(edit((TEMPLATES_DIR / f"{kind}.toml").read_text(encoding="utf-8")), encoding="utf-8")
    return path


def test_missing_field_names_file_and_field(tmp_path):
    path = _broken_copy(tmp_path, "land", lambda t: _drop_key(t, "factors", "size"))
    with pytest.raises(BadInput) as err:
        load_template(path)
    assert err.value.source == str(path)
    assert "factors.size" in str(err.value)


def test_missing_table_is_reported(tmp_path):
    path = _broken_copy(tmp_path, "naval", lambda t: t.replace("[torpedo]", "[torpedoes]"))
    with pytest.raises(BadInput, match="missing field 'torpedo'") as err:
        load_template(path)
    assert str(path) in str(err.value)


def test_wrong_kind_of_value(tmp_path):
    path = _broken_copy(tmp_path, "air", lambda t: t.replace("large = [7, 11.5, 50, 26]", 'large = "big"'))
    with pytest.raises(BadInput, match=r"silhouette\.large.*box"):
        load_template(path)


def test_unknown_font_role(tmp_path):
    path = _broken_copy(tmp_path, "marker", lambda t: t.replace('font = "condensed_bold"', 'font = "comic"', 1))
    with pytest.raises(BadInput, match=r"title\.font"):
        load_template(path)


def test_not_toml(tmp_path):
    path = tmp_path / "supply.toml"
    path.write_text("kind = supply\n[[", encoding="utf-8")
    with pytest.raises(BadInput, match="TOML") as err:
        load_template(path)
    assert err.value.source == str(path)


def test_missing_template_file(tmp_path):
    with pytest.raises(BadInput, match="no template"):
        template_for("land", tmp_path)
