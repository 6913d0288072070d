"""How fast the release tools run on the biggest corpus files: diff two module versions, refresh saves.

1. ``diff`` of two versions of the largest corpus module (The Longest Day, 7.7 MB,
   3,101 entries, 2,072 piece slots): the second version is the first patched with
   an errata file touching a piece name, a Layer field, a prototype's trait and an
   image, and 40 of its SVG counters changed (20 in colour, 20 only in their text), so
   every comparison runs on real changes and 80 SVGs are drawn with resvg. Timed: both
   files read and compared.
2. ``refresh`` of the largest corpus save that has its module in the corpus
   (tld__scenarios_campaign.vsav, 2,337 pieces matched by name, 2,219 of them changed).
3. ``refresh`` of the largest corpus save of all (pog__Historical10-8.vsav, a 13.9 MB
   command stream, 844 pieces with gpids), whose module is not in the corpus: against a
   module made from the save's own piece definitions with a Marker added to each, so
   every piece is rebuilt. Timed: read, refresh, write.

Each figure is the best of ``--repeat`` runs (default 3), wall clock and CPU time (on a
shared machine the wall time grows with its load). Targets: 2 s or less each.
No figure for VASSAL's own Refresh Counters has been published (searched: the VASSAL
issue tracker, the Reference Manual's Refresh Counters page, the forum), and it can only
be run by hand inside the VASSAL GUI, so there is no peer to put beside these.

Run: ``python bench/release.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from vassal_tools.formats.buildfile import BuildFile
from vassal_tools.formats.commands import AddPiece, walk
from vassal_tools.formats.components import Component
from vassal_tools.formats.files import open_file
from vassal_tools.formats.moduleviews import PieceSlot
from vassal_tools.formats.pieces import decode_piece, encode_definition
from vassal_tools.formats.traits import Marker
from vassal_tools.release.diff import diff_modules
from vassal_tools.release.patch import patch_module
from vassal_tools.release.refresh import refresh_game

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
TLD = CORPUS / "modules" / "tld__TheLongestDay_tmp.vmod"
TLD_SAVE = CORPUS / "saves" / "tld__scenarios_campaign.vsav"
POG = CORPUS / "saves" / "pog__Historical10-8.vsav"
KASSALA = CORPUS / "modules" / "kassala__Kassala.vmod"
SVG_CHANGES = 40  # SVG counters changed in the second version: each is drawn twice and compared

ERRATA = """
[[entry]]
cite = "bench"
piece = { name = "377/101", palette = "Pieces / American / 101 Abn Div" }
set = { name = "377/101 PFAB" }
trait = { trait = "Layer", set = { x_offset = 2 } }

[[entry]]
cite = "bench"
prototype = "Naval"
trait = { trait = "Delete", set = { command_name = "Sink" } }

[[entry]]
cite = "bench"
image = "Map_A_Cherbourg.png"
set = { file = "Map_A_Cherbourg.png" }
"""


def best(repeat: int, job) -> str:
    """The best wall-clock and CPU (process) time of ``repeat`` runs, as text.

    Both are printed because the machine may be shared: the CPU time is what the work
    costs, the wall time what a user on this machine waits right now.
    """
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        job()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return f"{min(walls):.2f} s wall, {min(cpus):.2f} s CPU"


def tld_second_version(folder: Path) -> Path:
    """The Longest Day with a renamed piece, a changed Layer field, prototype and image, and SVG counters
    changed in colour or only in their text."""
    art = open_file(TLD).archive.read("images/Map_A_Cherbourg.png")
    image = Image.open(io.BytesIO(art)).convert("RGBA")
    image.paste((255, 0, 0, 255), (0, 0, 8, 8))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    (folder / "Map_A_Cherbourg.png").write_bytes(buffer.getvalue())
    (folder / "errata.toml").write_text(ERRATA, encoding="utf-8")
    patched = folder / "tld-patched.vmod"
    patch_module(TLD, folder / "errata.toml", patched)
    module = open_file(patched)
    svgs = sorted(e.name for e in module.archive if e.name.endswith(".svg") and e.name[7:11].isdigit())
    for number, name in enumerate(svgs[:SVG_CHANGES]):
        data = module.archive.read(name)
        # Half the counters change colour (pixels differ), half only their text (drawn the same).
        changed = data.replace(b"fill:#bed2c1", b"fill:#c1bed2") if number % 2 else data + b"<!-- v2 -->\n"
        module.archive.put(name, changed)
    out = folder / "tld-2.vmod"
    module.save(out)
    return out


def module_from_save(save: Path, folder: Path) -> Path:
    """A module whose palette holds each gpid's definition as the save has it, plus a Marker."""
    game = open_file(save)
    definitions: dict[str, str] = {}
    for command in walk(game.commands):
        if isinstance(command, AddPiece) and command.type != "stack" and not command.type.startswith("deck;"):
            piece = command.piece()
            if piece.basic is not None and piece.basic.gpid and piece.basic.gpid not in definitions:
                fresh = decode_piece(command.type, None)
                fresh.traits.insert(0, Marker.new({"Errata": "1"}))
                fresh.fill_states()
                fresh.basic.gpid = piece.basic.gpid
                definitions[piece.basic.gpid] = encode_definition(fresh)
    module = open_file(KASSALA)
    bf = BuildFile.new("module", {"name": "Synthetic", "version": "1", "nextPieceSlotId": "100000"})
    window = bf.append(Component.new({"name": "Pieces"}, tag="VASSAL.build.module.PieceWindow"))
    for gpid, text in definitions.items():
        window.append(PieceSlot.new({"entryName": gpid, "gpid": gpid}, text))
    module.archive.put("buildFile.xml", bf.to_bytes())
    out = folder / "synthetic.vmod"
    from vassal_tools.formats.archive import write_archive

    write_archive(module.archive, out)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for path in (TLD, TLD_SAVE, POG, KASSALA):
        if not path.exists():
            print(f"{path} is absent: place the shared corpus beside the checkout", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        second = tld_second_version(folder)
        report = diff_modules(TLD, second).report
        counts = {k: v for k, v in report["summary"].items() if v}
        seconds = best(args.repeat, lambda: diff_modules(TLD, second))
        print(f"diff {TLD.name} ({TLD.stat().st_size / 1e6:.1f} MB) against its patched version: "
              f"{seconds} (target 2 s); found {counts}")
        drawn = [i for i in report["images"]["changed"] if i.get("drawn") == "svg"]
        print(f"  SVGs drawn and compared: {len(drawn)} changed, "
              f"{sum(1 for i in drawn if i['differing_pixels'])} with differing pixels, "
              f"{sum(1 for i in drawn if i['differing_pixels'] == 0)} changed only in their text")

        result = refresh_game(TLD_SAVE, TLD, folder / "out.vsav").to_json()["summary"]
        seconds = best(args.repeat, lambda: refresh_game(TLD_SAVE, TLD, folder / "out.vsav"))
        print(f"refresh {TLD_SAVE.name} against {TLD.name}: {seconds} (target 2 s); {result}")

        synthetic = module_from_save(POG, folder)
        result = refresh_game(POG, synthetic, folder / "pog.vsav").to_json()["summary"]
        seconds = best(args.repeat, lambda: refresh_game(POG, synthetic, folder / "pog.vsav"))
        stream = len(open_file(POG).stream)
        print(f"refresh {POG.name} ({stream / 1e6:.1f} MB stream) against a module of its own pieces plus a "
              f"Marker each: {seconds} (target 2 s); {result}")
    print("VASSAL's own Refresh Counters: no published timing found; it runs only inside the VASSAL GUI.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
