"""Vector shapes drawn with Pillow: the four suit pips and the small icons of the images.

Shapes are described in a unit frame (height 1, centred on x = 0, y growing downwards) so the card
art and the renderers draw the same pip at any size. Drawing on a supersampled canvas and reducing
it gives smooth edges; :func:`icon` does that and caches the result.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Literal

from PIL import Image, ImageDraw

from bot.engine.cards import Suit
from bot.render.theme import RGB

Point = tuple[float, float]
Primitive = tuple[Literal["poly"], list[Point]] | tuple[Literal["ellipse"], tuple[float, float, float, float]]

SUPERSAMPLE = 4


def _heart_outline(n: int = 120) -> list[Point]:
    """The classic parametric heart, scaled to height 1 with its notch at the top."""
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    top = min(y for _, y in raw)
    height = max(y for _, y in raw) - top
    return [(x / height, (y - top) / height) for x, y in raw]


def _quad(p0: Point, c: Point, p1: Point, steps: int = 16) -> list[Point]:
    """Points of a quadratic Bézier curve from ``p0`` to ``p1`` (``p1`` excluded)."""
    out = []
    for i in range(steps):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _stem(top: float, half_top: float, half_bottom: float) -> list[Point]:
    """The flared foot of a spade or a club: narrow at ``top``, wide at the bottom, curved sides."""
    pts = _quad((-half_top, top), (-half_top * 1.2, 0.9), (-half_bottom, 1.0))
    pts += _quad((half_bottom, 1.0), (half_top * 1.2, 0.9), (half_top, top))
    return pts


@cache
def suit_primitives(suit: Suit) -> tuple[Primitive, ...]:
    """The pieces (polygons and ellipses) that make up a suit pip in the unit frame."""
    if suit == Suit.HEARTS:
        return (("poly", _heart_outline()),)
    if suit == Suit.DIAMONDS:
        w = 0.39
        v = [(0.0, 0.0), (w, 0.5), (0.0, 1.0), (-w, 0.5)]
        pts: list[Point] = []
        for a, b in zip(v, v[1:] + v[:1], strict=True):
            mid = ((a[0] + b[0]) / 2 * 0.86, 0.5 + ((a[1] + b[1]) / 2 - 0.5) * 0.86)
            pts += _quad(a, mid, b)
        return (("poly", pts),)
    if suit == Suit.SPADES:
        body = [(x * 0.84, (1 - y) * 0.84) for x, y in _heart_outline()]
        return (("poly", body), ("poly", _stem(0.55, 0.045, 0.2)))
    r = 0.245
    centres = [(0.0, 0.26), (-0.265, 0.57), (0.265, 0.57)]
    club: list[Primitive] = [("ellipse", (x - r, y - r, x + r, y + r)) for x, y in centres]
    club.append(("poly", [(0.0, 0.3), (-0.2, 0.6), (0.2, 0.6)]))
    club.append(("poly", _stem(0.5, 0.05, 0.2)))
    return tuple(club)


def suit_aspect(suit: Suit) -> float:
    """Width / height of a pip, to lay pips out without overlap."""
    xs: list[float] = []
    for prim in suit_primitives(suit):
        if prim[0] == "poly":
            xs += [p[0] for p in prim[1]]
        else:
            xs += [prim[1][0], prim[1][2]]
    return max(xs) - min(xs)


def draw_suit(
    draw: ImageDraw.ImageDraw,
    suit: Suit,
    centre: Point,
    height: float,
    fill: RGB | tuple[int, int, int, int] | int,
    upside_down: bool = False,
) -> None:
    """Draw a pip of ``height`` pixels centred on ``centre`` (upside down for a card's lower half)."""
    cx, cy = centre

    def place(p: Point) -> Point:
        y = 1 - p[1] if upside_down else p[1]
        return (cx + p[0] * height, cy + (y - 0.5) * height)

    for prim in suit_primitives(suit):
        if prim[0] == "poly":
            draw.polygon([place(p) for p in prim[1]], fill=fill)
        else:
            x0, y0, x1, y1 = prim[1]
            a, b = place((x0, y0)), place((x1, y1))
            draw.ellipse((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])), fill=fill)


IconKind = Literal[
    "heart",
    "broken_heart",
    "diamond",
    "spade",
    "club",
    "robot",
    "moon",
    "crown",
    "star",
    "burst",
    "arrow",
    "lead",
]
_SUIT_ICONS: dict[str, Suit] = {
    "heart": Suit.HEARTS,
    "diamond": Suit.DIAMONDS,
    "spade": Suit.SPADES,
    "club": Suit.CLUBS,
}


def _draw_icon(
    draw: ImageDraw.ImageDraw, kind: IconKind, s: float, fill: RGB, back: tuple[int, int, int, int]
) -> None:
    """Draw ``kind`` filling an ``s`` × ``s`` square at the origin; ``back`` cuts holes."""
    if kind in _SUIT_ICONS:
        draw_suit(draw, _SUIT_ICONS[kind], (s / 2, s / 2), s * 0.92, fill)
    elif kind == "broken_heart":
        draw_suit(draw, Suit.HEARTS, (s / 2, s / 2), s * 0.92, fill)
        crack = [(s * 0.5, s * 0.12), (s * 0.40, s * 0.40), (s * 0.58, s * 0.55), (s * 0.45, s * 0.95)]
        draw.line(crack, fill=back, width=max(1, round(s * 0.09)), joint="curve")
    elif kind == "robot":
        u = s / 12
        draw.rounded_rectangle((u * 1.5, u * 3, u * 10.5, u * 10.5), radius=u * 2, fill=fill)
        draw.line((u * 6, u * 3, u * 6, u * 1.2), fill=fill, width=round(u))
        draw.ellipse((u * 5, u * 0.2, u * 7, u * 2.2), fill=fill)
        draw.rectangle((u * 0.3, u * 5.5, u * 1.5, u * 8), fill=fill)
        draw.rectangle((u * 10.5, u * 5.5, u * 11.7, u * 8), fill=fill)
        draw.ellipse((u * 3.2, u * 5, u * 5.2, u * 7), fill=back)
        draw.ellipse((u * 6.8, u * 5, u * 8.8, u * 7), fill=back)
        draw.rectangle((u * 4, u * 8.4, u * 8, u * 9.2), fill=back)
    elif kind == "moon":
        draw.ellipse((s * 0.08, s * 0.08, s * 0.92, s * 0.92), fill=fill)
        draw.ellipse((s * 0.32, s * -0.04, s * 1.08, s * 0.72), fill=back)
    elif kind == "crown":
        u = s / 12
        pts = [(u, u * 9.5), (u * 0.6, u * 3), (u * 3.6, u * 6), (u * 6, u * 1.6), (u * 8.4, u * 6)]
        pts += [(u * 11.4, u * 3), (u * 11, u * 9.5)]
        draw.polygon(pts, fill=fill)
        draw.rectangle((u, u * 10, u * 11, u * 11.2), fill=fill)
    elif kind in ("star", "burst"):
        points, inner = (5, 0.2) if kind == "star" else (8, 0.28)
        pts = []
        for i in range(points * 2):
            r = s * (0.48 if i % 2 == 0 else inner)
            a = -math.pi / 2 + i * math.pi / points
            pts.append((s / 2 + r * math.cos(a), s * 0.52 + r * math.sin(a)))
        draw.polygon(pts, fill=fill)
    elif kind == "arrow":  # points right: "to play"
        draw.polygon(
            [(s * 0.15, s * 0.1), (s * 0.9, s * 0.5), (s * 0.15, s * 0.9), (s * 0.35, s * 0.5)], fill=fill
        )
    elif kind == "lead":  # a small flag: "led this trick"
        draw.rectangle((s * 0.15, s * 0.08, s * 0.25, s * 0.95), fill=fill)
        draw.polygon([(s * 0.25, s * 0.1), (s * 0.9, s * 0.3), (s * 0.25, s * 0.55)], fill=fill)


@cache
def icon(kind: IconKind, size: int, colour: RGB) -> Image.Image:
    """An anti-aliased RGBA icon of ``size`` × ``size`` pixels (cached; treat as read-only)."""
    big = size * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    _draw_icon(ImageDraw.Draw(im), kind, big, colour, (0, 0, 0, 0))
    return im.resize((size, size), Image.Resampling.LANCZOS)
