"""Release notes as an HTML page: every change, changed images old and new side by side.

:func:`write_html` writes ``index.html`` into a folder with the pictures beside it
(``images/old/...``, ``images/new/...`` as stored in the modules, and a difference
picture per changed raster image that marks differing pixels in red).
"""

from __future__ import annotations

import html
import io
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..formats.archive import atomic_write
from ..formats.outputs import WRITE_ELSEWHERE, refuse_overwriting
from ..geometry.svgraster import is_svg
from .diff import ModuleDiff
from .imagediff import ImageDecoder, difference_mask
from .text import change_line

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.5em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0; } td, th { border: 1px solid #ddd; padding: 4px 8px;
  vertical-align: top; text-align: left; }
.added { color: #176f2c; } .removed { color: #a31515; } .muted { color: #777; }
.images td { text-align: center; } .images img { max-width: 320px; max-height: 320px;
  background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
code { background: #f4f4f4; padding: 0 3px; }
"""


def write_html(diff: ModuleDiff, folder) -> Path:
    """Write the release notes page and its pictures into ``folder``; returns the page's path."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise BadInput(folder, "is a file; give a folder for the HTML release notes")
    _refuse_inputs_inside(diff, folder)
    folder.mkdir(parents=True, exist_ok=True)
    report = diff.report
    body = [_header(report)]
    body += _pieces(report)
    body += _prototypes(report)
    body += _components(report)
    body += _images(diff, folder)
    body += _entries(report)
    page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(report['new']['name'])} {_e(report['new']['version'])}: release notes</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")
    return atomic_write(folder / "index.html", page.encode("utf-8"))


def _e(text: Any) -> str:
    return html.escape("" if text is None else str(text))


def _header(report: dict[str, Any]) -> str:
    old, new = report["old"], report["new"]
    title = f"<h1>{_e(new['name'])} {_e(new['version'])} <span class=muted>(from {_e(old['version'])})</span></h1>"
    if report["equal"]:
        return title + "<p>No differences.</p>"
    items = "".join(f"<li>{n} {_e(k)}</li>" for k, n in report["summary"].items() if n)
    return f"{title}<p class=muted>{_e(old['file'])} &rarr; {_e(new['file'])}</p><ul>{items}</ul>"


def _list(title: str, section: dict[str, list], describe) -> list[str]:
    out = []
    for change in ("added", "removed"):
        if section[change]:
            items = "".join(f"<li class={change}>{change} {_e(describe(i))}</li>" for i in section[change])
            out.append(f"<h3>{title} {change}</h3><ul>{items}</ul>")
    return out


def _changes_table(changes: list[dict[str, Any]]) -> str:
    rows = "".join(f"<tr><td>{_e(change_line(c))}</td></tr>" for c in changes)
    return f"<table>{rows}</table>"


def _pieces(report: dict[str, Any]) -> list[str]:
    pieces = report["pieces"]
    if not any(pieces.values()):
        return []
    out = ["<h2>Pieces</h2>"]
    out += _list("Pieces", pieces, lambda p: f"{p['name']} (gpid {p['gpid'] or 'none'})")
    for piece in pieces["changed"]:
        place = " / ".join(piece["palette_path"]) or piece["context"]
        out.append(f"<h3>{_e(piece['name'])} <span class=muted>gpid {_e(piece['gpid'])}, {_e(place)}</span></h3>")
        out.append(_changes_table(piece["changes"]))
    return out


def _prototypes(report: dict[str, Any]) -> list[str]:
    protos = report["prototypes"]
    if not any(protos.values()):
        return []
    out = ["<h2>Prototypes</h2>"] + _list("Prototypes", protos, lambda p: p["name"])
    for proto in protos["changed"]:
        out.append(f"<h3>{_e(proto['name'])} <span class=muted>used by {proto['used_by']} pieces</span></h3>")
        out.append(_changes_table(proto["changes"]))
    return out


def _components(report: dict[str, Any]) -> list[str]:
    comps = report["components"]
    if not any(comps.values()) and not report["metadata"]:
        return []
    out = ["<h2>Maps, boards, grids and other components</h2>"]
    out += _list("Components", comps, lambda c: f"{c['kind']}: {c['path']}")
    rows = []
    for comp in comps["changed"]:
        for attr in comp["attributes"]:
            rows.append((comp["kind"], comp["path"], attr["name"], attr["old"], attr["new"]))
        if "text" in comp:
            rows.append((comp["kind"], comp["path"], "(text)", comp["text"]["old"], comp["text"]["new"]))
    rows += [("metadata", m["entry"], m["field"], m["old"], m["new"]) for m in report["metadata"]]
    if rows:
        cells = "".join("<tr>" + "".join(f"<td>{_e(v)}</td>" for v in row) + "</tr>" for row in rows)
        out.append("<table><tr><th>kind</th><th>component</th><th>attribute</th><th>old</th><th>new</th></tr>"
                   f"{cells}</table>")
    return out


def _images(diff: ModuleDiff, folder: Path) -> list[str]:
    images = diff.report["images"]
    if not any(images.values()):
        return []
    out = ["<h2>Images</h2>"]
    out += _list("Images", images, lambda i: i["name"])
    if not images["changed"]:
        return out
    rows = ["<tr><th>image</th><th>old</th><th>new</th><th>differing pixels</th></tr>"]
    decoders = ImageDecoder(diff.old.image_bytes), ImageDecoder(diff.new.image_bytes)
    for number, image in enumerate(images["changed"], 1):
        name = image["name"]
        old_bytes, new_bytes = diff.old.image_bytes(name), diff.new.image_bytes(name)
        old_src = _save_picture(folder, "old", number, name, _shown(old_bytes, name, decoders[0]))
        new_src = _save_picture(folder, "new", number, name, _shown(new_bytes, name, decoders[1]))
        marked = _save_difference(folder, number, name, old_bytes, new_bytes, decoders)
        pixels = image.get("differing_pixels")
        count = _e(image.get("note")) if pixels is None else f"{pixels}" + (
            f"<br>{_e(image['note'])}" if image.get("note") else "")
        if marked:
            count += f'<br><img src="{marked}" alt="pixels that differ, in red">'
        rows.append(f"<tr><td><code>{_e(name)}</code></td><td><img src=\"{old_src}\" alt=\"old\"></td>"
                    f"<td><img src=\"{new_src}\" alt=\"new\"></td><td>{count}</td></tr>")
    out.append("<table class=images>" + "".join(rows) + "</table>")
    return out


def _refuse_inputs_inside(diff: ModuleDiff, folder: Path) -> None:
    """The page and the pictures must not land on OLD or NEW (the folder may hold them)."""
    for label, path in (("OLD", diff.old.path), ("NEW", diff.new.path)):
        refuse_overwriting(folder / "index.html", {label: path})
        if path is not None and Path(path).resolve().is_relative_to((folder / "images").resolve()):
            raise BadInput(folder, f"refusing to write pictures over the input {label} ({path}); {WRITE_ELSEWHERE}")


def _shown(data: bytes | None, name: str, decoder: ImageDecoder) -> bytes | None:
    """What the page shows: an SVG as drawn from its own module (a browser could not resolve
    what it references in the archive), as PNG; any other image as it is."""
    if data is None or not is_svg(data, name):
        return data
    drawn = decoder.svg.draw(data)
    if drawn is None:
        return data
    buffer = io.BytesIO()
    drawn.save(buffer, "PNG")
    return buffer.getvalue()


def _save_picture(folder: Path, side: str, number: int, name: str, data: bytes | None) -> str:
    suffix = ".png" if data is not None and data.startswith(b"\x89PNG") else Path(name).suffix.lower() or ".png"
    relative = f"images/{side}/{number:04d}{suffix}"
    target = folder / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, data or b"")
    return relative


def _save_difference(folder: Path, number: int, name: str, old: bytes | None, new: bytes | None,
                     decoders: tuple[ImageDecoder, ImageDecoder]) -> str | None:
    from PIL import Image

    before, after = decoders[0].rgba(old or b"", name), decoders[1].rgba(new or b"", name)
    if before is None or after is None:
        return None
    mask = difference_mask(before, after)
    base = Image.new("RGBA", mask.size, (0, 0, 0, 0))
    base.paste(after, (0, 0))
    faded = Image.blend(base, Image.new("RGBA", mask.size, (255, 255, 255, 255)), 0.6)
    faded.paste(Image.new("RGBA", mask.size, (220, 0, 0, 255)), (0, 0), mask)
    buffer = io.BytesIO()
    faded.save(buffer, "PNG")
    relative = f"images/diff/{number:04d}.png"
    (folder / relative).parent.mkdir(parents=True, exist_ok=True)
    atomic_write(folder / relative, buffer.getvalue())
    return relative


def _entries(report: dict[str, Any]) -> list[str]:
    entries = report["entries"]
    if not any(entries.values()):
        return []
    out = ["<h2>Other files</h2>"] + _list("Files", entries, lambda e: e["name"])
    if entries["changed"]:
        items = "".join(f"<li>{_e(e['name'])}: {e['old_bytes']} &rarr; {e['new_bytes']} bytes</li>"
                        for e in entries["changed"])
        out.append(f"<h3>Files changed</h3><ul>{items}</ul>")
    return out
