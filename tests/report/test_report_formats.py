"""One registry of report renderers (report/output.RENDERERS): the CLI's --format choices are its keys.

A format added to the registry is offered by ``audit`` (one log or record, and an
archive) and ``position`` with no other edit; a format a report does not have is
one line of bad input naming the report's formats.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from conftest import RECORDS
from vassal_tools.cli import main
from vassal_tools.report import output
from vassal_tools.report.output import RENDERERS, Renderer, formats

RECORD = RECORDS / "stacking-break-companies.json"


def _choices(verb: str) -> list[str]:
    from vassal_tools.cli import audit_cmds  # noqa: F401  (registers the verbs)

    option = next(p for p in main.commands[verb].params if p.name == "fmt")
    return list(option.type.choices)


def test_the_choices_are_the_registrys_formats():
    assert _choices("audit") == formats("audit", "archive") == ["text", "json", "html", "csv"]
    assert _choices("position") == list(RENDERERS["position"])


def test_a_format_added_to_the_registry_reaches_the_audit_of_a_record(monkeypatch):
    monkeypatch.setitem(RENDERERS["audit"], "md", Renderer(lambda result: f"# {len(result.findings)} findings\n"))
    result = CliRunner().invoke(main, ["audit", str(RECORD), "--format", "md"])
    assert result.exit_code == 1, result.output  # the record breaks a rule by design
    assert result.stdout == "# 1 findings\n"


def test_a_format_added_to_the_registry_reaches_the_archive_table(monkeypatch, tmp_path):
    monkeypatch.setitem(RENDERERS["archive"], "md", Renderer(lambda rows, base=None: f"| {len(rows)} logs |\n"))
    folder = tmp_path / "league"
    folder.mkdir()
    (folder / "a.vlog").write_text("a note, not a log\n", encoding="utf-8")
    (folder / "b.vlog").write_text("another note\n", encoding="utf-8")
    module = tmp_path / "m.vmod"
    module.write_text("not read: no log is readable\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", str(folder), "--module", str(module), "--format", "md"])
    assert result.stdout == "| 2 logs |\n", result.output


def test_an_archive_only_format_for_one_record_is_one_line_of_bad_input():
    result = CliRunner().invoke(main, ["audit", str(RECORD), "--format", "csv"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "csv" in lines[0] and "archive" in lines[0]


def test_the_json_audit_is_rendered_through_the_registry():
    data = json.loads(output.render("audit", "json", _audit_of_record()))
    assert data["game"] == "invasion-norway" and data["findings"]


def _audit_of_record():
    from vassal_tools.report.audit import audit_file

    return audit_file(RECORD, None, None, None)
