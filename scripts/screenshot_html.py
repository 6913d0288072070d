"""Screenshot an HTML file with headless Chromium: how a player's browser shows an audit report.

    python scripts/screenshot_html.py report.html shot.png [--size 1200x1600]

Needs a Chromium (``apt-get install chromium``); exits with code 2 and says so when
there is none. The page is loaded from disk with no network, as a player opens it.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def screenshot(html: Path, png: Path, size: tuple[int, int] = (1200, 1600), timeout: float = 120) -> Path:
    """Write a PNG of the page; RuntimeError when no Chromium is found or it fails."""
    browser = find_chromium()
    if browser is None:
        raise RuntimeError("no Chromium found (install the 'chromium' package)")
    with tempfile.TemporaryDirectory() as profile:
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--no-first-run", f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}",
                   f"--screenshot={png.resolve()}", html.resolve().as_uri()]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if not png.exists():
        raise RuntimeError(f"Chromium wrote no screenshot (exit {done.returncode}): {done.stderr[-400:]}")
    return png


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("html", type=Path)
    parser.add_argument("png", type=Path)
    parser.add_argument("--size", default="1200x1600", help="window WIDTHxHEIGHT in pixels")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    try:
        print(screenshot(args.html, args.png, (width, height)))
    except RuntimeError as err:
        print(f"screenshot_html: {err}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
