"""What ``vassal-tools inspect`` prints: a file's summary (report.summary) as lines of text."""

from __future__ import annotations

from ..formats.obfuscation import FORMS


def render_text(info: dict) -> str:
    """The summary of a module, extension, save or log, one fact a line."""
    lines = [f"{info['file']}: {info['kind']}"]
    if info["kind"] in ("module", "extension"):
        if "extends" in info:
            ext = info["extends"]
            target = "any module" if ext["universal"] else f"module {ext['module']!r} version {ext['module_version']}"
            lines.append(f"  extension {info['name']!r} version {info['version']} of {target},"
                         f" VASSAL {info['vassal_version']}; {ext['elements']} extension elements")
        else:
            lines.append(f"  module {info['name']!r} version {info['version']}, VASSAL {info['vassal_version']}")
        for m in info["maps"]:
            boards = ", ".join(f"{b['name']} ({b['grid'] or 'no grid'}{', ' + str(b['zones']) + ' zones' if b.get('zones') else ''})" for b in m["boards"])
            lines.append(f"  map {m['name']!r} [{m['id']}]: {boards or 'no boards'}")
        lines.append(f"  {info['piece_slots']} piece slots, {info['prototypes']} prototypes, {info['images']} images")
        if info["dice_buttons"]:
            lines.append(f"  dice: {', '.join(str(d) for d in info['dice_buttons'])}")
        if info["player_sides"]:
            lines.append(f"  sides: {', '.join(info['player_sides'])}")
        return "\n".join(lines)
    if info["module"] or info["vassal_version"]:
        lines.append(f"  module {info['module']!r} version {info['module_version']}, saved by VASSAL {info['vassal_version']}")
    else:
        lines.append("  no metadata entries: module and VASSAL version not recorded")
    lines.append(f"  stream stored as {FORMS[info['form']].words}")
    if info["comment"]:
        lines.append(f"  comment: {info['comment']}")
    for name, count in info["pieces_per_map"].items():
        lines.append(f"  {count:6d} piece{'s' if count != 1 else ''} on {name}")
    players = ", ".join(f"{p} ({s})" if s else str(p) for p, s in info["players"].items())
    lines.append(f"  players: {players or 'none recorded'}")
    lines.append(f"  {info['steps']} steps, {info['chat_lines']} chat lines, {info['dice_rolls']} dice rolls")
    return "\n".join(lines)
