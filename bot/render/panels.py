"""Rounded, anti-aliased panels (plates, rows, badges) drawn once and cached."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import theme
from bot.render.theme import RGB

_S = 4


@lru_cache(maxsize=256)
def panel(
    width: int,
    height: int,
    fill: RGB | None,
    outline: RGB | None = None,
    border: int = 0,
    radius: int = 10,
    alpha: int = 255,
) -> Image.Image:
    """An RGBA rounded rectangle ``width`` × ``height``, its fill ``alpha`` opaque (shared: read-only)."""
    im = Image.new("RGBA", (width * _S, height * _S), (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, width * _S - 1, height * _S - 1),
        radius=radius * _S,
        fill=None if fill is None else (*fill, alpha),
        outline=None if outline is None else (*outline, 255),
        width=border * _S,
    )
    return im.resize((width, height), Image.Resampling.LANCZOS)


def paste_panel(
    canvas: Image.Image,
    box: tuple[int, int, int, int],
    fill: RGB | None,
    outline: RGB | None = None,
    border: int = 0,
    radius: int = 10,
    alpha: int = 255,
) -> None:
    """Draw a :func:`panel` filling ``box`` on ``canvas``."""
    x0, y0, x1, y1 = box
    im = panel(x1 - x0, y1 - y0, fill, outline, border, radius, alpha)
    canvas.paste(im, (x0, y0), im)


LEADER_FILL = theme.mix(theme.PANEL, theme.GOLD, 0.22)


def paste_row(canvas: Image.Image, box: tuple[int, int, int, int], leader: bool) -> None:
    """A row of a standings table: plain, or gold-edged on a golden fill for a leader."""
    paste_panel(
        canvas,
        box,
        LEADER_FILL if leader else theme.PANEL,
        theme.GOLD if leader else None,
        border=2 if leader else 0,
    )
