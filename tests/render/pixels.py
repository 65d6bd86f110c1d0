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
