"""A chain of logs (:mod:`vassal_tools.replay.chain`) as text, JSON and one HTML page."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from html import escape
from typing import Any

from ..replay.chain import Chain, ChainLog, dice_side_by_side


def _when(log: ChainLog) -> str:
    if not log.saved_at:
        return "no time in its metadata"
    return "saved " + datetime.fromtimestamp(log.saved_at / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _verdict(chain: Chain) -> str:
    return "whole: each log starts where the one before it ended" if chain.whole else "NOT whole"


def chain_text(chain: Chain) -> str:
    """The chain in words: the logs, each link, replayed turns, gaps and logs of other games."""
    lines = [f"Chain of {len(chain.logs)} logs: {_verdict(chain)}", ""]
    for n, log in enumerate(chain.logs, 1):
        lines.append(f"{n}. {log.label}: {log.steps} steps, {len(log.rolls)} dice rolls, {_when(log)}"
                     + (f", module {log.module}" if log.module else ""))
    lines.append("")
    for link in chain.links:
        head = f"{link.earlier.path.name} -> {link.later.path.name}: "
        if link.verdict == "continues":
            lines.append(head + "continues where the earlier log ended")
        elif link.verdict == "replayed":
            lines.append(head + "both logs start from the same position (see the replayed turn below)")
        else:
            lines.append(head + f"{len(link.differences)} differences" + _order_hint(link))
            lines += [f"  - {d.words(link.earlier.label, link.later.label)}" for d in link.differences]
    for first, second in chain.replays:
        lines += ["", f"Replayed turn: {first.label} and {second.label} start from the same position.",
                  f"  dice of {first.path.name} | dice of {second.path.name}"]
        lines += [f"  {a or '-'} | {b or '-'}" for a, b in dice_side_by_side(first, second)]
    for first, copy in chain.copies:
        lines.append(f"\nThe same log twice: {copy.path.name} has the very bytes of {first.path.name} "
                     "(one log, received twice; it was chained once).")
    for log in chain.gaps:
        lines.append(f"\nGap: no log of the set ends where {log.label} begins (a log is missing, "
                     "or the position was changed between logs).")
    for log in chain.other_game:
        lines.append(f"\nAnother game: {log.label} (module {log.module or 'unknown'}) is not a log of this game; "
                     "it was left out of the chain.")
    return "\n".join(lines).rstrip() + "\n"


def _order_hint(link) -> str:
    found = link.starts_after
    return f" ({link.later.path.name} starts where {found.path.name} ended: out of order?)" if found else ""


def chain_json(chain: Chain) -> str:
    return json.dumps(chain_dict(chain), indent=1, ensure_ascii=False) + "\n"


def chain_dict(chain: Chain) -> dict[str, Any]:
    def log_dict(log: ChainLog) -> dict[str, Any]:
        return {"file": str(log.path), "label": log.label, "module": log.module, "saved_at_ms": log.saved_at,
                "steps": log.steps, "rolls": [{"step": n, "player": r.player, "button": r.button,
                                               "values": list(r.values)} for n, r in log.rolls]}
    return {
        "whole": chain.whole,
        "logs": [log_dict(log) for log in chain.logs],
        "links": [{"earlier": str(x.earlier.path), "later": str(x.later.path), "verdict": x.verdict,
                   "starts_after": str(x.starts_after.path) if x.starts_after else None,
                   "differences": [dict(d.to_dict(), words=d.words(x.earlier.label, x.later.label))
                                   for d in x.differences]} for x in chain.links],
        "replayed": [[str(a.path), str(b.path)] for a, b in chain.replays],
        "copies": [[str(a.path), str(b.path)] for a, b in chain.copies],
        "gaps": [str(log.path) for log in chain.gaps],
        "other_game": [str(log.path) for log in chain.other_game],
    }


_STYLE = """body{font-family:sans-serif;max-width:70em;margin:1em auto;padding:0 1em;color:#222}
.ok{color:#176117}.bad{color:#a11}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;
text-align:left;vertical-align:top}li{margin:.2em 0}"""


def chain_html(chain: Chain) -> str:
    """One self-contained page of the chain."""
    e = escape
    verdict = f'<p class="{"ok" if chain.whole else "bad"}"><b>{e(_verdict(chain))}</b></p>'
    rows = "".join(f"<tr><td>{n}</td><td>{e(log.label)}</td><td>{log.steps}</td><td>{len(log.rolls)}</td>"
                   f"<td>{e(_when(log))}</td><td>{e(log.module or '')}</td></tr>"
                   for n, log in enumerate(chain.logs, 1))
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Chain of {len(chain.logs)} logs</title>"
             f"<style>{_STYLE}</style></head><body><h1>Chain of {len(chain.logs)} logs</h1>{verdict}",
             "<table><tr><th>#</th><th>log</th><th>steps</th><th>rolls</th><th>time</th><th>module</th></tr>"
             f"{rows}</table><h2>Links</h2>"]
    for link in chain.links:
        head = f"{e(link.earlier.path.name)} &rarr; {e(link.later.path.name)}"
        if link.verdict == "continues":
            parts.append(f'<h3>{head}</h3><p class="ok">continues where the earlier log ended</p>')
        elif link.verdict == "replayed":
            parts.append(f'<h3>{head}</h3><p class="bad">both logs start from the same position</p>')
        else:
            items = "".join(f"<li>{e(d.words(link.earlier.label, link.later.label))}</li>" for d in link.differences)
            parts.append(f'<h3>{head}</h3><p class="bad">{len(link.differences)} differences{e(_order_hint(link))}</p>'
                         f"<ul>{items}</ul>")
    for first, second in chain.replays:
        dice = "".join(f"<tr><td>{e(a)}</td><td>{e(b)}</td></tr>" for a, b in dice_side_by_side(first, second))
        parts.append(f'<h2 class="bad">Replayed turn</h2><p>{e(first.label)} and {e(second.label)} start from the '
                     f"same position.</p><table><tr><th>{e(first.path.name)}</th><th>{e(second.path.name)}</th></tr>"
                     f"{dice}</table>")
    for first, copy in chain.copies:
        parts.append(f"<h2>The same log twice</h2><p>{e(copy.path.name)} has the very bytes of "
                     f"{e(first.path.name)}: one log, received twice; it was chained once.</p>")
    for log in chain.gaps:
        parts.append(f'<h2 class="bad">Gap</h2><p>No log of the set ends where {e(log.label)} begins.</p>')
    for log in chain.other_game:
        parts.append(f'<h2 class="bad">Another game</h2><p>{e(log.label)} (module {e(log.module or "unknown")}) '
                     "is not a log of this game; it was left out of the chain.</p>")
    parts.append("</body></html>\n")
    return "".join(parts)
