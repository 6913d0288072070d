"""Compare the two wheel-installed SVG renderers on a module's SVG images: resvg and CairoSVG.

    python bench/svg.py [MODULE.vmod] [--sample 24] [--no-chromium]

Default module: the corpus's The Longest Day (3,083 SVG images, counters that
``<use>`` symbols from ``symbols.svg``, texts in fonts this machine lacks). Every
SVG is first made self-contained the way vassal_tools draws it
(:class:`vassal_tools.geometry.svgraster.SvgDrawer`), then drawn at its
intrinsic size by each renderer. Printed per renderer:

- speed: total and per-image time, and the ratio to the other renderer;
- failures (the renderer refuses the document) and blank results (nothing drawn);
- fidelity against headless Chromium (``/usr/bin/chromium``, a browser's SVG engine
  taken as the reference) on a sample spread over the module plus its largest
  images: mean absolute difference per channel (0-255) and the share of pixels
  differing by more than 48 on some channel, everything flattened on white.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cairosvg
import resvg_py
from PIL import Image, ImageChops, ImageStat

from vassal_tools.formats.files import open_file
from vassal_tools.geometry.images import svg_size
from vassal_tools.geometry.svgraster import SvgDrawer

CORPUS_MODULE = Path(__file__).resolve().parent.parent.parent / "shared/corpus/modules/tld__TheLongestDay_tmp.vmod"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
WHITE = (255, 255, 255, 255)


def draw_resvg(svg: bytes) -> Image.Image:
    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg.decode("utf-8"))))).convert("RGBA")


def draw_cairosvg(svg: bytes) -> Image.Image:
    png = cairosvg.svg2png(bytestring=svg)
    return Image.open(io.BytesIO(png)).convert("RGBA")


RENDERERS = {"resvg": draw_resvg, "cairosvg": draw_cairosvg}


def on_white(image: Image.Image) -> Image.Image:
    flat = Image.new("RGBA", image.size, WHITE)
    flat.alpha_composite(image)
    return flat.convert("RGB")


def draw_chromium(svg: bytes, size: tuple[int, int], folder: Path) -> Image.Image | None:
    source, shot = folder / "ref.svg", folder / "ref.png"
    source.write_bytes(svg)
    shot.unlink(missing_ok=True)
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--window-size={size[0]},{size[1]}", f"--screenshot={shot}", source.as_uri()],
                   capture_output=True, timeout=120, check=False)
    return Image.open(shot).convert("RGB") if shot.exists() else None


def difference(image: Image.Image, reference: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels off by more than 48)."""
    if image.size != reference.size:
        image = image.resize(reference.size)
    diff = ImageChops.difference(image, reference)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    bands = [band.point(lambda v: 255 if v > 48 else 0) for band in diff.split()]
    off_mask = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    off = off_mask.histogram()[255] / max(1, reference.width * reference.height)
    return mean, off


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", nargs="?", default=str(CORPUS_MODULE))
    parser.add_argument("--sample", type=int, default=24, help="SVGs compared with Chromium (0: none)")
    parser.add_argument("--no-chromium", action="store_true")
    args = parser.parse_args()
    module = open_file(args.module)
    names = sorted(n[len("images/"):] for n in module.archive.names() if n.lower().endswith(".svg"))
    print(f"{args.module}: {len(names)} SVG images")

    started = time.perf_counter()
    drawer = SvgDrawer(module.image_bytes)  # as vassal_tools draws: referenced files parsed once
    documents = {name: drawer.self_contained(module.image_bytes(name) or b"") for name in names}
    print(f"inlining references: {time.perf_counter() - started:.2f} s")

    drawn: dict[str, dict[str, Image.Image]] = {r: {} for r in RENDERERS}
    totals: dict[str, float] = {}
    for renderer, draw in RENDERERS.items():
        failures = blanks = 0
        started = time.perf_counter()
        for name, svg in documents.items():
            try:
                image = draw(svg)
            except Exception:  # noqa: BLE001 - a benchmark counts every refusal, whatever its type
                failures += 1
                continue
            if image.getextrema()[3][1] == 0:
                blanks += 1
            drawn[renderer][name] = image
        totals[renderer] = time.perf_counter() - started
        print(f"{renderer:9s} {totals[renderer]:7.2f} s  {1000 * totals[renderer] / len(names):6.2f} ms/image  "
              f"failures {failures}  blank {blanks}")
    print(f"speed ratio cairosvg/resvg: {totals['cairosvg'] / totals['resvg']:.2f}")

    if args.no_chromium or args.sample <= 0 or not Path(CHROMIUM).exists():
        return 0
    sized = [n for n in names if svg_size(documents[n])]
    step = max(1, len(sized) // args.sample)
    largest = sorted(sized, key=lambda n: -len(documents[n]))[:3]
    sample = sorted(set(sized[::step][: args.sample]) | set(largest))
    scores: dict[str, list[tuple[float, float]]] = {r: [] for r in RENDERERS}
    with tempfile.TemporaryDirectory() as folder:
        for name in sample:
            reference = draw_chromium(documents[name], svg_size(documents[name]) or (1, 1), Path(folder))
            if reference is None:
                continue
            for renderer in RENDERERS:
                image = drawn[renderer].get(name)
                scores[renderer].append(difference(on_white(image), reference) if image else (255.0, 1.0))
    print(f"fidelity against Chromium on {len(scores['resvg'])} images (lower is closer):")
    for renderer, values in scores.items():
        mean = sum(v[0] for v in values) / max(1, len(values))
        off = sum(v[1] for v in values) / max(1, len(values))
        worst = max((v[1] for v in values), default=0.0)
        print(f"{renderer:9s} mean abs diff {mean:5.2f}/255  pixels off {100 * off:5.2f}%  worst image {100 * worst:5.2f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
