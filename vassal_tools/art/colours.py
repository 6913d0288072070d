"""Colour parsing and contrast, shared by counters and maps."""

from __future__ import annotations

from PIL import ImageColor

RGB = tuple[int, int, int]

BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)


def parse(value: object) -> RGB:
    """``"#2f4f2f"``, ``"#abc"``, a CSS name or an ``[r, g, b]`` list -> an RGB triple.

    Raises ValueError for anything else; callers turn that into BadInput with the file.
    """
    if isinstance(value, (list, tuple)) and len(value) == 3 and all(isinstance(v, int) for v in value):
        if all(0 <= v <= 255 for v in value):
            return (value[0], value[1], value[2])
        raise ValueError(f"colour components must be 0-255, not {list(value)}")
    if isinstance(value, str):
        rgb = ImageColor.getrgb(value.strip())
        return (rgb[0], rgb[1], rgb[2])
    raise ValueError(f"not a colour: {value!r}")


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG 2), 0 for black to 1 for white."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 (identical) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def ink_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background``."""
    lum = luminance(background)
    # Contrast against black is (L+0.05)/0.05, against white 1.05/(L+0.05); equal at L~0.179.
    return BLACK if lum > 0.179 else WHITE


def colour_or_none(value: object) -> RGB | None:
    """:func:`parse`, or None when ``value`` is not a colour."""
    try:
        return parse(value)
    except ValueError:
        return None
