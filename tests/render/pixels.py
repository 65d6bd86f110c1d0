"""Pixel helpers for the image tests: decode PNG bytes and look at colours at known places."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]


def decode(png: bytes) -> Image.Image:
    """PNG bytes as an RGB image (the renderers write palette PNGs)."""
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG"
        return im.convert("RGB")


def pixel(im: Image.Image, xy: tuple[float, float]) -> RGB:
    px = im.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(px, tuple)
    return px[0], px[1], px[2]


def mean_luminance(im: Image.Image, box: Box) -> float:
    return float(ImageStat.Stat(im.crop(box).convert("L")).mean[0])


def near(a: RGB, b: RGB, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def count_near(im: Image.Image, box: Box, colour: RGB, tolerance: int = 40) -> int:
    """How many pixels of ``box`` are within ``tolerance`` of ``colour`` in every channel."""
    region = im.crop(box).convert("RGB")
    diff = ImageChops.difference(region, Image.new("RGB", region.size, colour))
    masks = [band.point(lambda v: 255 if v <= tolerance else 0) for band in diff.split()]
    both = ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])
    return both.histogram()[255]


def ink_columns(
    im: Image.Image, box: Box, background: RGB, tolerance: int = 40
) -> list[tuple[int, int, int, int]]:
    """The blobs of ink in ``box`` read left to right: each run of pixel columns holding a pixel
    farther than ``tolerance`` from ``background``, as its (left, top, right, bottom) in ``im``."""
    region = im.crop(box).convert("RGB")
    diff = ImageChops.difference(region, Image.new("RGB", region.size, background)).convert("L")
    ink = diff.point(lambda v: 255 if v > tolerance else 0)
    blobs: list[tuple[int, int, int, int]] = []
    start: int | None = None
    for x in range(ink.width + 1):
        column = ink.crop((x, 0, x + 1, ink.height)).getbbox() if x < ink.width else None
        if column is not None and start is None:
            start = x
        elif column is None and start is not None:
            part = ink.crop((start, 0, x, ink.height)).getbbox()
            assert part is not None
            blobs.append((box[0] + start, box[1] + part[1], box[0] + x, box[1] + part[3]))
            start = None
    return blobs


def ends_with_ellipsis(im: Image.Image, box: Box, background: RGB, size: int) -> bool:
    """Whether the text drawn in ``box`` ends with "…": its last blobs of ink are three dots (each no
    taller or wider than a quarter of the font's ``size``, on one baseline), or two when the first
    shares its columns with the letter before it ("r…"), after something taller."""
    blobs = ink_columns(im, box, background)
    dot = size // 4 + 1
    trailing = 0
    for blob in reversed(blobs):
        if blob[3] - blob[1] > dot or blob[2] - blob[0] > dot or abs(blob[3] - blobs[-1][3]) > 1:
            break
        trailing += 1
    return trailing in (2, 3) and len(blobs) > trailing
