"""PNG encoding, in one place: the trade of size against time for every image.

Encoding dominated the render time (zlib over 24-bit pixels), so images are reduced to a 256-colour
palette first with Pillow's fast octree quantizer, without dithering. The images are flat colours
plus anti-aliased edges, so the palette version is indistinguishable at a glance and about a
third of the size; quantizing and compressing together cost about half of compressing RGB.
bench/render_speed.py measures both halves.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

COMPRESS_LEVEL = 3
"""zlib level for the palette image: 6 saves ~10 % more bytes for twice the time."""


SAMPLE_STEP = 4
"""The palette is chosen from every 4th pixel of every 4th row, then every pixel is mapped to its
nearest entry: a third of the time of choosing it from all of them (the table image 2.8 ms to
0.9 ms, the hand 1.0 ms to 0.5 ms), and as close to the drawing (pixels off by 10 or more of
255: 2 instead of 1 in the table image, 53 instead of 319 in the hand). Sampled pixels keep the
drawing's own colours (an averaged reduction would blend thin red strokes into the felt)."""


def to_palette(im: Image.Image) -> Image.Image:
    """``im`` reduced to at most 256 colours (deterministic)."""
    width, height = im.size
    if min(width, height) < 16 * SAMPLE_STEP:  # too few pixels to sample: all of them
        return _octree(im)
    sample = im.resize((width // SAMPLE_STEP, height // SAMPLE_STEP), Image.Resampling.NEAREST)
    return im.quantize(palette=_octree(sample), dither=Image.Dither.NONE)


def shared_palette(images: Sequence[Image.Image]) -> Image.Image:
    """One palette for all of ``images`` (RGB, of one size: an animation's frames), as a palette
    image for ``quantize(palette=...)``; deterministic. Chosen as :func:`to_palette` chooses one
    image's, from every ``SAMPLE_STEP``-th pixel of every ``SAMPLE_STEP``-th row, but of every
    image: a colour only a later frame has (the replay's gold marks, absent from its first frame)
    gets its own entries rather than the nearest of the first frame's (pink for gold)."""
    if not images:
        raise ValueError("a palette needs at least one image")
    width, height = images[0].size
    if min(width, height) < 16 * SAMPLE_STEP:  # too few pixels to sample: all of them
        step, sample_w, sample_h = 1, width, height
    else:
        step, sample_w, sample_h = SAMPLE_STEP, width // SAMPLE_STEP, height // SAMPLE_STEP
    sheet = Image.new("RGB", (sample_w, sample_h * len(images)))
    for k, im in enumerate(images):
        if im.size != (width, height):
            raise ValueError("the images of one palette have one size")
        sample = im if step == 1 else im.resize((sample_w, sample_h), Image.Resampling.NEAREST)
        sheet.paste(sample, (0, k * sample_h))
    return _octree(sheet)


def _octree(im: Image.Image) -> Image.Image:
    return im.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode(im: Image.Image) -> bytes:
    """``im`` as PNG bytes (deterministic: the same pixels give the same bytes)."""
    buf = io.BytesIO()
    to_palette(im if im.mode == "RGB" else im.convert("RGB")).save(
        buf, format="PNG", compress_level=COMPRESS_LEVEL
    )
    return buf.getvalue()
