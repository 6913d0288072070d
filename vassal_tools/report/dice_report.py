"""A dice report (:mod:`.dice_statistics`) as text, JSON, CSV, and an HTML page with SVG charts."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..formats.archive import atomic_write, same_file
from .dice_statistics import DiceReport, GroupStats


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _p(value: float | None) -> str:
    return "-" if value is None else f"{value:.3g}"


def _streaks(group: GroupStats) -> str:
    return "; ".join(f"{s.length} x {s.what}" for s in group.streaks) or "-"


def dice_text(report: DiceReport) -> str:
    lines = [f"Dice of {len(report.logs)} log(s): {sum(g.rolls for g in report.groups if not _is_all(g))} rolls "
             f"standing, {len(report.undone_rolls)} undone (counted apart)", ""]
    for g in report.groups:
        faces = "  ".join(f"{face}:{count}" for face, count in g.faces.items())
        lines += [
            f"{g.player} - {g.kind} ({g.die_name}): {g.rolls} rolls, {g.dice} dice"
            + (f", {g.undone} undone" if g.undone else ""),
            f"  faces     {faces}" + (f"  (and {g.outside} outside the die)" if g.outside else ""),
            f"  mean      {_num(g.roll_mean)} a roll against {_num(g.expected_roll_mean)} expected; "
            f"{_num(g.die_mean)} a die against {g.die.mean:g}",
            f"  chi-square {_num(g.chi_square)}, p = {_p(g.p_value)}: {g.verdict}",
            f"  streaks   {_streaks(g)}",
            "",
        ]
    for roll in report.undone_rolls:
        lines.append(f"undone: {roll.log} step {roll.step}: {roll.player}, {roll.kind} "
                     f"{','.join(map(str, roll.values))}")
    return "\n".join(lines).rstrip() + "\n"


def _is_all(group: GroupStats) -> bool:
    return group.kind.startswith("all ")


def group_dict(g: GroupStats) -> dict[str, Any]:
    return {
        "player": g.player, "kind": g.kind, "die": g.die_name, "rolls": g.rolls, "dice": g.dice,
        "faces": {str(k): v for k, v in g.faces.items()}, "outside_die": g.outside,
        "mean_roll": g.roll_mean, "expected_roll": g.expected_roll_mean, "mean_die": g.die_mean,
        "expected_die": g.die.mean, "chi_square": g.chi_square, "p_value": g.p_value, "verdict": g.verdict,
        "streaks": [{"length": s.length, "of": s.what, "from_roll": s.start + 1} for s in g.streaks],
        "undone": g.undone, "running_mean": g.running_mean,
    }


def dice_json(report: DiceReport) -> str:
    undone = [{"log": r.log, "step": r.step, "player": r.player, "kind": r.kind, "values": list(r.values)}
              for r in report.undone_rolls]
    data = {"logs": report.logs, "groups": [group_dict(g) for g in report.groups], "undone": undone}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def dice_csv(report: DiceReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "kind", "die", "rolls", "dice", "faces", "mean_roll", "expected_roll", "mean_die",
                     "expected_die", "chi_square", "p_value", "verdict", "longest_streaks", "undone"])
    for g in report.groups:
        writer.writerow([g.player, g.kind, g.die_name, g.rolls, g.dice,
                         " ".join(f"{k}:{v}" for k, v in g.faces.items()), _num(g.roll_mean, 4),
                         _num(g.expected_roll_mean, 4), _num(g.die_mean, 4), g.die.mean, _num(g.chi_square, 4),
                         _p(g.p_value), g.verdict, _streaks(g), g.undone])
    return out.getvalue()


# ---------------------------------------------------------------------------------- HTML and SVG

W, H, PAD = 360, 180, 28


def histogram_svg(g: GroupStats) -> str:
    """Bars of the face counts, and a dashed line at the count a fair die would give."""
    faces = list(g.faces.items())
    expected = g.dice / len(faces) if faces else 0
    top = max([c for _, c in faces] + [expected, 1])
    width = (W - 2 * PAD) / max(len(faces), 1)
    parts = []
    for i, (face, count) in enumerate(faces):
        h = (H - 2 * PAD) * count / top
        x = PAD + i * width
        parts.append(f'<rect x="{x + 2:.1f}" y="{H - PAD - h:.1f}" width="{width - 4:.1f}" height="{h:.1f}" '
                     f'fill="#5b8bd0"><title>{face}: {count}</title></rect>'
                     f'<text x="{x + width / 2:.1f}" y="{H - PAD + 14}" text-anchor="middle">{face}</text>'
                     f'<text x="{x + width / 2:.1f}" y="{H - PAD - h - 3:.1f}" text-anchor="middle">{count}</text>')
    y = H - PAD - (H - 2 * PAD) * expected / top
    parts.append(f'<line x1="{PAD}" x2="{W - PAD}" y1="{y:.1f}" y2="{y:.1f}" stroke="#c33" stroke-dasharray="5,3">'
                 f'<title>expected {expected:.2f}</title></line>'
                 f'<text x="{W - PAD}" y="12" text-anchor="end" fill="#c33">- - - fair: {expected:.1f} each</text>'
                 f'<text x="{PAD}" y="12">face counts</text>')
    return _svg("face counts", "".join(parts))


def running_mean_svg(g: GroupStats) -> str:
    """The mean roll over the game, against the expected mean."""
    values = g.running_mean
    if not values or g.expected_roll_mean is None:
        return ""
    expected = g.expected_roll_mean
    low = min(values + [expected, g.die.low * (g.dice_per_roll or 1)])
    high = max(values + [expected, g.die.high * (g.dice_per_roll or 1)])
    span = (high - low) or 1

    def xy(i: int, v: float) -> str:
        x = PAD + (W - 2 * PAD) * (i / max(len(values) - 1, 1))
        return f"{x:.1f},{H - PAD - (H - 2 * PAD) * (v - low) / span:.1f}"

    line = " ".join(xy(i, v) for i, v in enumerate(values))
    y = H - PAD - (H - 2 * PAD) * (expected - low) / span
    parts = (f'<line x1="{PAD}" x2="{W - PAD}" y1="{y:.1f}" y2="{y:.1f}" stroke="#c33" stroke-dasharray="5,3"/>'
             f'<text x="{W - PAD}" y="12" text-anchor="end" fill="#c33">- - - expected {expected:g}</text>'
             f'<text x="{PAD}" y="12">mean roll over the game</text>'
             f'<polyline points="{line}" fill="none" stroke="#1d5a1d" stroke-width="2"/>'
             f'<text x="{PAD}" y="{H - 8}">roll 1</text><text x="{W - PAD}" y="{H - 8}" text-anchor="end">'
             f'roll {len(values)}</text><text x="4" y="{PAD + 4}">{high:g}</text><text x="4" y="{H - PAD}">{low:g}</text>')
    return _svg("running mean", parts)


def _svg(title: str, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
            f'font-family="sans-serif" font-size="11" role="img"><title>{escape(title)}</title>'
            f'<line x1="{PAD}" x2="{W - PAD}" y1="{H - PAD}" y2="{H - PAD}" stroke="#888"/>{body}</svg>')


_STYLE = """body{font-family:sans-serif;max-width:80em;margin:1em auto;padding:0 1em;color:#222}
.group{border:1px solid #ccc;border-radius:4px;margin:1em 0;padding:.5em 1em}.charts{display:flex;gap:1em;
flex-wrap:wrap}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th:first-child,td:first-child{text-align:left}"""


def dice_html(report: DiceReport) -> str:
    e = escape
    rows = "".join(f"<tr><td>{e(g.player)}</td><td>{e(g.kind)}</td><td>{e(g.die_name)}</td><td>{g.rolls}</td>"
                   f"<td>{_num(g.roll_mean)}</td><td>{_num(g.expected_roll_mean)}</td><td>{_p(g.p_value)}</td>"
                   f"<td>{g.undone}</td></tr>" for g in report.groups)
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Dice report</title><style>{_STYLE}</style>"
             f"</head><body><h1>Dice report</h1><p>{len(report.logs)} log(s): "
             f"{e(', '.join(report.logs))}</p><table><tr><th>player</th><th>kind</th><th>die</th><th>rolls</th>"
             f"<th>mean</th><th>expected</th><th>p</th><th>undone</th></tr>{rows}</table>"]
    for g in report.groups:
        parts.append(f'<div class="group"><h2>{e(g.player)}: {e(g.kind)} ({e(g.die_name)})</h2>'
                     f"<p>{g.rolls} rolls, {g.dice} dice; mean {_num(g.roll_mean)} against "
                     f"{_num(g.expected_roll_mean)}; chi-square {_num(g.chi_square)}, p = {_p(g.p_value)}.<br>"
                     f"<b>{e(g.verdict)}</b>.<br>Longest streaks: {e(_streaks(g))}."
                     + (f"<br>{g.undone} undone rolls are not counted here." if g.undone else "")
                     + f'</p><div class="charts">{histogram_svg(g)}{running_mean_svg(g)}</div></div>')
    if report.undone_rolls:
        items = "".join(f"<li>{e(r.log)} step {r.step}: {e(r.player)}, {e(r.kind)} {','.join(map(str, r.values))}"
                        "</li>" for r in report.undone_rolls)
        parts.append(f"<h2>Undone rolls</h2><ul>{items}</ul>")
    parts.append("</body></html>\n")
    return "".join(parts)


def write_dice_html(report: DiceReport, folder: Path, inputs: Sequence[Path] = ()) -> Path:
    """``folder/index.html`` (the folder made if needed), atomically; never over one of ``inputs``."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "index.html"
    for path in inputs:
        if same_file(target, path):
            raise BadInput(target, "refusing to overwrite an input file (write elsewhere)")
    return atomic_write(target, dice_html(report).encode("utf-8"))
