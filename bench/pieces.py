"""How fast pieces decode and re-encode: every AddPiece of the corpus saves and logs.

For each file: the AddPiece commands (found with the SequenceEncoder decoder,
not timed), then best of N seconds for ``parse_definition`` of all of them
(type and state chains split into traits; fields are not decoded until read),
for re-nesting every piece's type and state from its traits, and for reading
every piece's name, images and properties (which decodes the fields).

Run: ``python bench/pieces.py [FILES...] [--repeat N]``; default: every save and
log of ../shared/corpus. Nothing is asserted; the figures are printed.
"""

from __future__ import annotations

import argparse
import time
import zipfile
from pathlib import Path

from vassal_tools.formats.obfuscation import deobfuscate
from vassal_tools.formats.pieces import Piece, parse_definition
from vassal_tools.formats.sequence import decode

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


def add_pieces(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        text = deobfuscate(archive.read("savedGame"), str(path)).decode("utf-8")
    found, todo = [], [text]
    while todo:
        command = todo.pop()
        tokens = decode(command, "\x1b")
        if len(tokens) > 1 or tokens[0] != command:
            todo.extend(tokens)
        elif command.startswith("LOG\t"):
            todo.extend(decode(command, "\t")[1:2])
        elif command.startswith("+/"):
            found.append(command)
    return found


def best(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = args.files or sorted((CORPUS / "saves").glob("*.vsav")) + sorted((CORPUS / "logs").glob("*.vlog"))
    print(f"{'file':48} {'pieces':>7} {'MB':>6} {'decode s':>9} {'µs/piece':>9} {'re-nest s':>9} {'views s':>8}")
    totals = [0, 0.0, 0.0, 0.0, 0.0]
    for path in files:
        commands = add_pieces(path)
        if not commands:
            continue
        size = sum(map(len, commands)) / 1e6
        pieces = [parse_definition(c)[1] for c in commands]
        decode_s = best(args.repeat, lambda commands=commands: [parse_definition(c) for c in commands])
        nest_s = best(args.repeat, lambda pieces=pieces: [(q.type, q.state) for q in (Piece(p.traits) for p in pieces)])
        views_s = best(1, lambda pieces=pieces: [(p.name, p.images, p.properties()) for p in pieces])
        print(f"{path.name[:48]:48} {len(commands):7d} {size:6.2f} {decode_s:9.3f} "
              f"{1e6 * decode_s / len(commands):9.1f} {nest_s:9.3f} {views_s:8.3f}")
        for i, value in enumerate((len(commands), size, decode_s, nest_s, views_s)):
            totals[i] += value
    n, size, decode_s, nest_s, views_s = totals
    if n:
        print(f"{'total':48} {n:7d} {size:6.2f} {decode_s:9.3f} {1e6 * decode_s / n:9.1f} {nest_s:9.3f} {views_s:8.3f}")


if __name__ == "__main__":
    main()
