"""An audit as one HTML page a player opens in a browser: findings, pictures, the log around them.

For an audited log every finding shows a picture of the map at its step, drawn
from the module's own board and piece images (:mod:`.board`) and cropped around
the hex or zone at fault, which is outlined; and the steps just before and after
it in words, the flagged step marked. For an audited record the entries around
the finding take the place of the log. The page is self-contained: pictures are
embedded, there are no scripts and no outside resources.
"""

from __future__ import annotations

import base64
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from html import escape

from PIL import Image

from ..formats.commands import ChangePiece
from ..formats.logsteps import Step
from ..games import pack_for
from ..pack import PrintedNames
from ..replay.replayer import Replayer
from ..replay.state import GameState
from ..replay.turns import turn_words
from ..rules.findings import Finding
from .audit import AuditResult
from .board import BoardPainter
from .places import Places
from .stepwords import context_for, describe_step

AROUND = 3  # steps (or entries) shown before and after a flagged one
MAX_PICTURES = 60
MAX_WIDTH = 900

_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f4f3ef;color:#222}
header{background:#2f3b2f;color:#fff;padding:18px 28px}header h1{margin:0 0 4px;font-size:22px}
header p{margin:0;opacity:.85}main{padding:18px 28px;max-width:1100px}
.clean{background:#e3f1dd;border-left:6px solid #4a8a3a;padding:12px 16px}
table{border-collapse:collapse;margin:8px 0 18px}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left}
section.finding{background:#fff;border-radius:6px;box-shadow:0 1px 3px #0002;margin:0 0 22px;padding:14px 18px}
section.finding h2{font-size:17px;margin:0 0 6px}.rule{color:#8a1c1c;font-weight:600}
.what{margin:6px 0}.meta{color:#555;font-size:13px}.sample{color:#7a5b00;font-size:13px}
.row{display:flex;gap:18px;flex-wrap:wrap;align-items:flex-start}
figure{margin:6px 0}figure img{max-width:100%;border:1px solid #999}figcaption{font-size:12px;color:#555}
ol.log{font:13px/1.4 ui-monospace,monospace;padding-left:52px;margin:6px 0;min-width:320px;flex:1;overflow-wrap:anywhere}
ol.log li.here{background:#fde6e6;font-weight:600}ol.log .sub{display:block;padding-left:14px;font-weight:400}
.warnings{font-size:13px;color:#6b5200}
.notice{font-size:15px;font-weight:bold;color:#8a1c00;border:2px solid #8a1c00;padding:6px 10px}
.notice.mild{font-weight:normal;color:#6b5200;border-color:#c9a227}
.quote{margin:6px 0 6px 12px;padding-left:10px;border-left:3px solid #999;font-style:italic}
.remedy{font-weight:600}
"""


@dataclass
class Picture:
    png: bytes
    caption: str
    key: list[str] = field(default_factory=list)  # what each mark drawn over the map means


def html_report(result: AuditResult) -> str:
    """The whole page for an audit result."""
    pictures: dict[tuple, Picture] = {}
    words: dict[int, list[str]] = {}
    if result.findings and result.recorded is not None and result.log is not None:
        pictures, words = _replay(result)
    sections = [_finding_section(i, f, result, pictures, words) for i, f in enumerate(result.findings, 1)]
    return _page(result, sections)


# -- one replay: pictures and words -------------------------------------------------------------


def _replay(result: AuditResult) -> tuple[dict[tuple, Picture], dict[int, list[str]]]:
    """One picture per (step, where) of the findings, and every step in words, in one replay."""
    if result.recorded is None or result.log is None or result.module is None:
        return {}, {}  # set together when a log was replayed
    locations = result.recorded.locations
    geometry = locations.geometry if locations is not None else None
    places = Places(locations) if locations is not None and geometry is not None else None
    painter = BoardPainter(result.module, geometry) if geometry is not None else None
    wanted: dict[int, list[str]] = {}
    named: dict[tuple[int, str], set[str]] = {}  # the pieces of the units the findings of a picture name
    unit_pieces = result.recorded.unit_pieces if result.recorded is not None else {}
    for f in result.findings:
        if places is not None and isinstance(f.step, int) and f.where and places.outline(f.where) is not None:
            spots = wanted.setdefault(f.step, [])
            if f.where not in spots and sum(map(len, wanted.values())) < MAX_PICTURES:
                spots.append(f.where)
            named.setdefault((f.step, f.where), set()).update(
                piece for unit in f.units for piece in unit_pieces.get(unit, ()))
    told = {n for f in result.findings if isinstance(f.step, int) for n in range(f.step - AROUND, f.step + AROUND + 1)}
    replay = Replayer(result.log)
    pack = pack_for(result.record.game)
    teller = StepTeller(replay, result.module, geometry, pack.printed_names if pack is not None else None)
    pictures: dict[tuple, Picture] = {}
    state = replay.restore()
    for where in wanted.get(0, ()):
        pictures[(0, where)] = _draw(painter, state, places, 0, where, named.get((0, where), set()))
    words: dict[int, list[str]] = {}
    for done in replay.steps(before=teller.before):
        if done.step.number in told:
            words[done.step.number] = teller.after(done.step)
        else:
            teller.context.learn(done.step.commands)  # names of pieces added on the way
        for where in wanted.get(done.step.number, ()):
            pictures[(done.step.number, where)] = _draw(painter, done.state, places, done.step.number, where,
                                                        named.get((done.step.number, where), set()))
    return pictures, words


def _draw(painter: BoardPainter | None, state, places: Places | None, step: int, where: str,
          highlight: set[str]) -> Picture:
    # Pictures are wanted only where a place was found, so only with a board geometry.
    assert painter is not None and places is not None
    outline = places.outline(where)
    assert outline is not None
    img, key = painter.picture_around(state, outline, highlight=highlight)
    if img.width > MAX_WIDTH:
        img = img.resize((MAX_WIDTH, round(img.height * MAX_WIDTH / img.width)), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    img.convert("RGB").save(buffer, "PNG", optimize=True)
    when = "the opening position" if step == 0 else f"step {step}"
    return Picture(buffer.getvalue(), f"{where} on the {outline.map} after {when}", key)


class StepTeller:
    """A step in words: :mod:`vassal_tools.report.stepwords`, with turn tracker changes read
    as the turn and phase they show (a phase id by the rulebook's name, when the game's pack names
    it) and a piece's changed layers said by name."""

    def __init__(self, replay: Replayer, module, geometry, names: PrintedNames | None = None):
        self.context = context_for(replay.stream, geometry.name_at if geometry is not None else None,
                                   turn_words(module))
        self.types = replay.types
        self.names = names
        self._pieces: dict[str, str] = {}

    def before(self, step: Step, state: GameState) -> None:
        """Note the types of the pieces the step changes (their layers are compared after)."""
        self._pieces = {}
        for command in step.commands:
            if isinstance(command, ChangePiece):
                piece = state.get(command.id)
                if piece is not None:
                    self._pieces[command.id] = piece.type

    def after(self, step: Step) -> list[str]:
        words = describe_step(step, self.context, self._special) or ["(no visible change)"]
        return [self.names.step_words(w) for w in words] if self.names is not None else words

    def _special(self, command) -> str | None:
        if isinstance(command, ChangePiece) and command.id in self._pieces and command.old_state is not None:
            ptype = self.types(self._pieces[command.id])
            old, new = ptype.piece(command.old_state), ptype.piece(command.new_state)
            changed = [f"{layer.layer_name or 'layer'} {_level_name(layer)}"
                       for before, layer in zip(old.layers, new.layers) if before.value != layer.value]
            if changed:
                return f"{self.context.name(command.id)}: " + ", ".join(changed)
        return None


def _level_name(layer) -> str:
    names = layer.level_names
    level = layer.level
    name = names[level].strip(" +") if level < len(names) else ""
    state = "" if layer.active else " (off)"
    return f"level {level + 1}{f' {name}' if name else ''}{state}"


# -- the page ---------------------------------------------------------------------------------


def _finding_section(index: int, f: Finding, result: AuditResult, pictures, words) -> str:
    title = " · ".join(escape(str(p)) for p in (_when(f), f.turn, f.phase_name or _phase(f.phase), f.where) if p)
    units = ", ".join(f.unit_names or f.units)
    rule = f"{f.rule} {f.title}" if f.title else f.rule
    parts = [f'<section class="finding" id="finding-{index}">', f"<h2>{index}. {title}</h2>",
             f'<div class="rule">{escape(rule)}</div>', f'<p class="what">{escape(f.message)}</p>']
    if f.quote:
        parts.append(f'<blockquote class="quote">{escape(f.quote)}</blockquote>')
    if f.remedy:
        parts.append(f'<p class="remedy">What to do: {escape(f.remedy)}</p>')
    meta = []
    if units:
        meta.append(f"Units: {escape(units)}")
    if f.excess is not None:
        meta.append(f"Over the limit by: {escape(str(f.excess))}")
    if meta:
        parts.append(f'<p class="meta">{" · ".join(meta)}</p>')
    if f.samples:
        parts.append(f'<p class="sample">Relies on sample values: {escape("; ".join(f.samples))}</p>')
    parts.append('<div class="row">')
    picture = pictures.get((f.step, f.where))
    if picture is not None:
        data = base64.b64encode(picture.png).decode("ascii")
        parts.append(f'<figure><img src="data:image/png;base64,{data}" alt="{escape(picture.caption)}">'
                     f"<figcaption>{escape(picture.caption)}"
                     + "".join(f'<br><span class="key">{escape(words)}</span>' for words in picture.key)
                     + "</figcaption></figure>")
    parts.append(_around(f, result, words))
    parts.append("</div></section>")
    return "\n".join(parts)


def _around(f: Finding, result: AuditResult, words: dict[int, list[str]]) -> str:
    """The steps around a flagged one (a log), or the entries around its entry (a record)."""
    if words and isinstance(f.step, int):
        items = []
        for n in range(max(1, f.step - AROUND), f.step + AROUND + 1):
            if n not in words:
                continue
            first, *rest = words[n]
            subs = "".join(f'<span class="sub">{escape(w)}</span>' for w in rest)
            here = ' class="here"' if n == f.step else ""
            items.append(f'<li value="{n}"{here}>{escape(first)}{subs}</li>')
        return f'<ol class="log" title="log steps">{"".join(items)}</ol>' if items else ""
    if f.entry is None:
        return ""
    entries = result.record.entries
    items = []
    for i in range(max(0, f.entry - AROUND), min(len(entries), f.entry + AROUND + 1)):
        here = ' class="here"' if i == f.entry else ""
        text = json.dumps(entries[i].to_dict(), ensure_ascii=False)
        items.append(f'<li value="{i}"{here}>{escape(text)}</li>')
    return f'<ol class="log" start="0" title="record entries">{"".join(items)}</ol>'


def _page(result: AuditResult, sections: list[str]) -> str:
    name = escape(result.source.rsplit("/", 1)[-1])
    count = len(result.findings)
    pack = pack_for(result.record.game)
    about = f"{escape(pack.listed_name() if pack is not None else result.record.game)} · "
    about += f"{len(result.record.entries)} record entries · "
    about += f"{count} finding{'s' if count != 1 else ''}"
    body = [f'<p class="notice{"" if note.startswith("WARNING") else " mild"}">{escape(note)}</p>'
            for note in result.notes]
    if not result.findings:
        checked = getattr(result.findings, "checked", None)
        if checked is not None and checked.judged_nothing:
            body.append('<p class="notice">Nothing was judged: no check of the game judged any entry, so the game '
                        f'is not called clean. {escape(str(checked))}.</p>')
        else:
            said = f" Clean: {checked}." if checked is not None else ""
            body.append('<p class="clean">No rule was broken: the game keeps every rule the audit checks.'
                        f'{escape(said)}</p>')
    else:
        rows = "".join(f"<tr><td>{escape(rule)}</td><td>{n}</td></tr>"
                       for rule, n in Counter(f.rule for f in result.findings).most_common())
        body.append(f"<table><tr><th>Rule</th><th>Findings</th></tr>{rows}</table>")
    body += sections
    if result.warnings:
        body.append('<div class="warnings"><h3>Notes</h3><ul>'
                    + "".join(f"<li>{escape(w)}</li>" for w in result.warnings) + "</ul></div>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>Audit of {name}</title><style>{_STYLE}</style></head>\n<body>"
            f"<header><h1>Audit of {name}</h1><p>{about}</p></header>\n<main>\n"
            + "\n".join(body) + "\n</main></body></html>\n")


def _when(f: Finding) -> str | None:
    if f.step is not None:
        return "Opening position" if f.step == 0 else f"Step {f.step}"
    return f"Entry {f.entry}" if f.entry is not None else None


def _phase(phase: str | None) -> str | None:
    return phase.replace("-", " ").capitalize() if phase else None

