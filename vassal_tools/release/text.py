"""Plain-text presentation of the release tools' results: release notes, patch, refresh, orphans, lint."""

from __future__ import annotations

from typing import Any


def _value(value: Any) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    text = str(value)
    return repr(text) if len(text) <= 120 else repr(text[:117] + "...")


def _pair(old: Any, new: Any) -> str:
    """``old -> new``; two long texts are cut around where they first differ, so a change is
    never shown as two identical strings."""
    if isinstance(old, str) and isinstance(new, str) and old != new and max(len(old), len(new)) > 120:
        start = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        cut = max(0, start - 40)
        if cut:
            return f"{_value('...' + old[cut:])} -> {_value('...' + new[cut:])}"
    return f"{_value(old)} -> {_value(new)}"


def change_line(change: dict[str, Any]) -> str:
    """One change of a piece or prototype, in words."""
    what = change["what"]
    if what in ("trait added", "trait removed"):
        return f"{what}: {change['trait']}"
    if what == "property":
        return f"property {change['property']}: {_pair(change['old'], change['new'])}"
    if what == "trait field":
        return f"{change['trait']}: {change['field']} {_pair(change['old'], change['new'])}"
    if what in ("trait type", "trait state"):
        return f"{change['trait']}: {what.split()[1]} {_pair(change['old'], change['new'])}"
    return f"{what}: {_pair(change.get('old'), change.get('new'))}"


def diff_text(report: dict[str, Any]) -> str:
    old, new = report["old"], report["new"]
    lines = [f"{old['name']} {old['version']} -> {new['name']} {new['version']}"]
    if report["equal"]:
        lines.append("no differences")
        return "\n".join(lines)
    counts = ", ".join(f"{n} {k}" for k, n in report["summary"].items() if n)
    lines.append(f"differences: {counts}")
    pieces = report["pieces"]
    _added_removed(lines, "Pieces", pieces, lambda p: f"{p['name']} (gpid {p['gpid'] or 'none'}, {_place(p)})")
    for piece in pieces["changed"]:
        lines.append(f"  changed {piece['name']} (gpid {piece['gpid'] or 'none'}, {_place(piece)}):")
        lines += [f"    {change_line(c)}" for c in piece["changes"]]
    protos = report["prototypes"]
    _added_removed(lines, "Prototypes", protos, lambda p: p["name"])
    for proto in protos["changed"]:
        lines.append(f"  changed prototype {proto['name']} (used by {proto['used_by']} piece definitions):")
        lines += [f"    {change_line(c)}" for c in proto["changes"]]
    comps = report["components"]
    _added_removed(lines, "Components", comps, lambda c: f"{c['kind']}: {c['path']}")
    for comp in comps["changed"]:
        lines.append(f"  changed {comp['kind']}: {comp['path']}")
        lines += [f"    {a['name']}: {_pair(a['old'], a['new'])}" for a in comp["attributes"]]
        if "text" in comp:
            lines.append(f"    text: {_pair(comp['text']['old'], comp['text']['new'])}")
    if report["metadata"]:
        lines.append("Metadata:")
        lines += [f"  {m['entry']} {m['field']}: {_value(m['old'])} -> {_value(m['new'])}" for m in report["metadata"]]
    images = report["images"]
    _added_removed(lines, "Images", images, lambda i: f"{i['name']} ({i['bytes']} bytes)")
    for image in images["changed"]:
        if image.get("differing_pixels") is not None:
            size = "" if image["old_size"] == image["new_size"] else \
                f", size {image['old_size'][0]}x{image['old_size'][1]} -> {image['new_size'][0]}x{image['new_size'][1]}"
            note = f" ({image['note']})" if image.get("note") else ""
            lines.append(f"  changed {image['name']}: {image['differing_pixels']} pixels differ{size}{note}")
        else:
            lines.append(f"  changed {image['name']}: {image.get('note', 'bytes differ')}")
    entries = report["entries"]
    _added_removed(lines, "Other files", entries, lambda e: e["name"])
    lines += [f"  changed {e['name']} ({e['old_bytes']} -> {e['new_bytes']} bytes)" for e in entries["changed"]]
    return "\n".join(lines)


def _place(piece: dict[str, Any]) -> str:
    return " / ".join(piece["palette_path"]) if piece["palette_path"] else piece["context"]


def _added_removed(lines: list[str], title: str, section: dict[str, list], describe) -> None:
    if not any(section.values()):
        return
    lines.append(f"{title}:")
    lines += [f"  added {describe(item)}" for item in section["added"]]
    lines += [f"  removed {describe(item)}" for item in section["removed"]]


def patch_text(result: dict[str, Any]) -> str:
    lines = [f"wrote {result['output']} (buildFile {result['buildfile']})"]
    for entry in result["entries"]:
        lines.append(f"entry {entry['entry']}: {entry['target']} [{entry['cite']}]: "
                     f"{len(entry['matched'])} matched, {len(entry['changes'])} changes")
        for change in entry["changes"]:
            target = f" at {change['target']}" if "target" in change else ""
            if change["what"] == "image" and "image" in change:
                verb = "added" if change["added"] else "replaced"
                lines.append(f"  image {change['image']} {verb} ({change['new_bytes']} bytes)")
            else:
                lines.append(f"  {change_line(change)}{target}")
    return "\n".join(lines)


def refresh_text(result: dict[str, Any]) -> str:
    summary = result["summary"]
    lines = list(result.get("warnings", []))
    lines.append(f"{result['game']} ({result['kind']}) refreshed against {result['module']}"
                 + (f" -> {result['output']}" if result["output"] else ""))
    lines.append(f"{summary['pieces']} pieces: {summary['refreshed']} refreshed, {summary['unchanged']} unchanged, "
                 f"{summary['unmatched']} unmatched (kept as they were); {summary['matched_by_name']} matched by name")
    if summary["state_changes_translated"]:
        lines.append(f"{summary['state_changes_translated']} state changes in the log's steps translated to the new pieces")
    for piece in result["refreshed"]:
        lines.append(f"  {_piece_words(piece)}:")
        lines += [f"    {change_line(c)}" for c in piece["changes"]]
    lines += _deck_lines(result.get("decks", []))
    lines += _missing_lines(result.get("missing", []), summary.get("added", 0))
    apart = result.get("not_in_game", [])
    if apart:
        lines.append(f"Not part of this game ({len(apart)} at-start stacks and decks of boards it does not use, "
                     f"so nothing of them is missing): {', '.join(repr(n) for n in apart[:5])}"
                     + (f" and {len(apart) - 5} more" if len(apart) > 5 else ""))
    if result["unmatched"]:
        lines.append("Unmatched pieces (no definition by gpid or name):")
        lines += [f"  {_piece_words(p)}" for p in result["unmatched"]]
    return "\n".join(lines)


def _deck_lines(decks: list[dict[str, Any]]) -> list[str]:
    if not decks:
        return []
    lines = [f"Decks ({len(decks)}):"]
    for deck in decks:
        head = f"  deck {deck['name']!r} [id {deck['id']}, {deck['map']}, {deck['cards']} cards]"
        if deck["drawpile"] is None:
            lines.append(f"{head}: {deck.get('note', 'no DrawPile matches')}")
            continue
        changed = deck.get("changes") or deck.get("moved")
        lines.append(f"{head}: {'settings from' if changed else 'unchanged,'} {deck['drawpile']}")
        lines += [f"    {c['setting']}: {_setting(c['old'])} -> {_setting(c['new'])}" for c in deck.get("changes", [])]
        if deck.get("moved"):
            old, new = deck["moved"]["old"], deck["moved"]["new"]
            lines.append(f"    moved {old[0]} {old[1]},{old[2]} -> {new[0]} {new[1]},{new[2]} (with its cards)")
    return lines


def _setting(value: Any) -> str:
    """A deck setting: yes/no and numbers bare, text quoted."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value) if isinstance(value, int) else _value(value)


def _missing_lines(groups: list[dict[str, Any]], added: int) -> list[str]:
    if not groups:
        return []
    count = sum(len(g["missing"]) for g in groups)
    verb = f"{added} added" if added else "not added (use --add-missing to create them)"
    lines = [f"Missing from the game ({count} pieces the module's at-start stacks and decks define; {verb}):"]
    for group in groups:
        where = f" at {group['x']},{group['y']}" if "x" in group else ""
        lines.append(f"  {group['kind']} {group['name']!r} on {group['map']}{where}: "
                     f"{len(group['missing'])} of {group['slots']} missing"
                     + (f", added to {group['into']}" if group.get("added") else "")
                     + (f" ({group['reason']})" if group.get("reason") else ""))
        if group.get("added"):
            lines += [f"    + {p['name']} (gpid {p['gpid'] or 'none'}, id {p['id']})" for p in group["added"]]
        else:
            lines += [f"    - {p['name']} (gpid {p['gpid'] or 'none'})" for p in group["missing"]]
    return lines


def _piece_words(piece: dict[str, Any]) -> str:
    where = f"{piece['map']} {piece['x']},{piece['y']}" if piece["map"] else "not on a map"
    name = piece["name"] or "(no name)"
    if piece.get("old_name"):
        name = f"{piece['old_name']} -> {name}"
    step = f", added in step {piece['step']}" if piece.get("step") else ""
    how = f", matched by {piece['matched_by']}" if piece.get("matched_by") else ""
    return f"{name} [id {piece['id']}, {where}{how}{step}]"


def orphans_text(game: str, module: str, pieces: list[dict[str, Any]]) -> str:
    if not pieces:
        return f"{game}: every piece matches a definition of {module}"
    lines = [f"{game}: {len(pieces)} piece(s) match no definition of {module} by gpid or name:"]
    lines += [f"  {_piece_words(p)}" for p in pieces]
    return "\n".join(lines)


def lint_text(module: str, findings: list[dict[str, Any]]) -> str:
    if not findings:
        return f"{module}: no findings"
    counts: dict[str, int] = {}
    for finding in findings:
        counts[finding["severity"]] = counts.get(finding["severity"], 0) + 1
    lines = [f"{module}: " + ", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts.items())]
    for finding in findings:
        where = f" [{finding['where']}]" if finding["where"] else ""
        lines.append(f"{finding['severity']:7} {finding['check']}: {finding['message']}{where}")
    return "\n".join(lines)
