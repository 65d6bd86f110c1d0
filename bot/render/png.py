"""PNG encoding, in one place: the trade of size against time for every image.

Encoding dominated the render time (zlib over 24-bit pixels), so images are reduced to a 256-colour
palette first with Pillow's fast octree quantizer, without dithering. The images are flat colours
plus anti-aliased edges, so the palette version is indistinguishable at a glance and about a
third of the size; quantizing and compressing together cost about half of compressing RGB.
bench/render_speed.py measures both halves.
"""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 3
"""zlib level for the palette image: 6 saves ~10 % more bytes for twice the time."""


def to_palette(im: Image.Image) -> Image.Image:
    """``im`` reduced to at most 256 colours (deterministic)."""
    return im.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode(im: Image.Image) -> bytes:
    """``im`` as PNG bytes (deterministic: the same pixels give the same bytes)."""
    buf = io.BytesIO()
    to_palette(im if im.mode == "RGB" else im.convert("RGB")).save(
        buf, format="PNG", compress_level=COMPRESS_LEVEL
    )
    return buf.getvalue()
