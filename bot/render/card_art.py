"""Draw the card art: 52 faces, the Omnibus bonus variants and a back, in a classic and a four-colour deck.

Run ``python card_images/draw_cards.py`` to (re)write the PNGs in ``card_images/``; the renderers
load those files, and draw a card with this module only if its file is missing.

Design goals (the images are mostly seen about 400 px wide on phones, cards overlapping):
- a large corner index (rank over suit) that stays readable when only a sliver of the card shows;
- point cards tinted: hearts pink, the Q♠ lavender with a violet court panel, so they are spotted
  at a glance; the bonus variants of the 10♦ and J♦ (used when Omnibus is on) are green with a
  "−10" badge under the index;
- pips and court emblems are vector shapes (``shapes``), the rank labels use the bundled font.
Everything is drawn at ``SUPERSAMPLE`` times the final size and reduced, for smooth edges.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from bot.engine.cards import (
    JACK_OF_DIAMONDS,
    NUM_CARDS,
    QUEEN_OF_SPADES,
    TEN_OF_DIAMONDS,
    Card,
    Rank,
    Suit,
    card_code,
    rank_of,
    suit_of,
)
from bot.engine.rules import OMNIBUS_BONUS
from bot.render import theme
from bot.render.fonts import primary_font
from bot.render.shapes import IconKind, draw_suit, icon, suit_aspect

CARD_W = 240
CARD_H = 336
SUPERSAMPLE = 4
RADIUS = 16
BONUS_CARDS = (TEN_OF_DIAMONDS, JACK_OF_DIAMONDS)

# Corner index, in final pixels.
INDEX_X = 8
INDEX_Y = 12
INDEX_W = 56
INDEX_RANK_H = 46
INDEX_PIP_H = 40
INDEX_PIP_Y = INDEX_Y + INDEX_RANK_H + 10 + INDEX_PIP_H // 2

# Pip field of the number cards.
PIP_H = 46
PIP_COLUMNS = (90, 120, 150)
PIP_TOP = 66
PIP_BOTTOM = CARD_H - 66

# Pip layouts: (column 0..2, row 0..1) for ranks 2..10, row measured from the top pip to the bottom.
_L, _C, _R = 0, 1, 2
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: (
        (_L, 0),
        (_R, 0),
        (_C, 1 / 6),
        (_L, 1 / 3),
        (_R, 1 / 3),
        (_L, 2 / 3),
        (_R, 2 / 3),
        (_C, 5 / 6),
        (_L, 1),
        (_R, 1),
    ),
}

_COURT_EMBLEM: dict[Rank, IconKind] = {Rank.KING: "crown", Rank.QUEEN: "crown", Rank.JACK: "star"}


def face_colour(card: Card, bonus: bool = False) -> theme.RGB:
    """The background of a card face: tinted for the cards that carry points."""
    if bonus:
        return theme.FACE_BONUS
    if card == QUEEN_OF_SPADES:
        return theme.FACE_QUEEN_OF_SPADES
    if suit_of(card) == Suit.HEARTS:
        return theme.FACE_HEARTS
    return theme.FACE


def _s(v: float) -> int:
    return round(v * SUPERSAMPLE)


def _blank(fill: theme.RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (_s(CARD_W), _s(CARD_H)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle(
        (0, 0, _s(CARD_W) - 1, _s(CARD_H) - 1),
        radius=_s(RADIUS),
        fill=fill,
        outline=theme.CARD_EDGE,
        width=_s(2),
    )
    return im, draw


def _label(text: str, height: int, max_width: int, colour: theme.RGB) -> Image.Image:
    """``text`` in bold with capitals ``height`` px high, glyphs set tight, squeezed to ``max_width``.

    The image's top is the cap height; a descender (the tail of a Q) hangs below ``height``.
    """
    font = primary_font(round(height / 0.72), bold=True)
    ascent, descent = font.getmetrics()
    cap_top = round(font.getbbox("H", anchor="ls")[1])
    glyphs = []
    for ch in text:
        mask = Image.new("L", (round(font.getlength(ch)) + 4, ascent + descent), 0)
        ImageDraw.Draw(mask).text((2, ascent), ch, font=font, fill=255, anchor="ls")
        ink = mask.getbbox() or (0, 0, 1, 1)
        glyphs.append(mask.crop((ink[0], ascent + cap_top, ink[2], max(ink[3], ascent))))
    gap = round(height * 0.06)
    width = sum(g.width for g in glyphs) + gap * (len(glyphs) - 1)
    out = Image.new("L", (width, max(g.height for g in glyphs)), 0)
    x = 0
    for g in glyphs:
        out.paste(g, (x, 0))
        x += g.width + gap
    scale = height / -cap_top
    size = (min(round(width * scale), max_width), round(out.height * scale))
    out = out.resize(size, Image.Resampling.LANCZOS)
    coloured = Image.new("RGBA", out.size, (*colour, 255))
    coloured.putalpha(out)
    return coloured


def _index(card: Card, colour: theme.RGB) -> Image.Image:
    """The corner index (rank over suit) on a transparent, full-card layer."""
    layer = Image.new("RGBA", (_s(CARD_W), _s(CARD_H)), (0, 0, 0, 0))
    label = _label(rank_of(card).label, _s(INDEX_RANK_H), _s(INDEX_W), colour)
    centre_x = _s(INDEX_X + INDEX_W / 2)
    layer.paste(label, (round(centre_x - label.width / 2), _s(INDEX_Y)), label)
    draw_suit(ImageDraw.Draw(layer), suit_of(card), (centre_x, _s(INDEX_PIP_Y)), _s(INDEX_PIP_H), colour)
    return layer


def _pips(draw: ImageDraw.ImageDraw, card: Card, colour: theme.RGB) -> None:
    suit, rank = suit_of(card), rank_of(card)
    if rank == Rank.ACE:
        size = 132 if suit == Suit.SPADES else 118  # the A♠ a little larger, as is custom
        draw_suit(draw, suit, (_s(CARD_W / 2), _s(CARD_H / 2)), _s(size), colour)
        return
    height = PIP_H * min(1.0, 1.02 / suit_aspect(suit))
    for column, row in PIP_LAYOUTS[rank + 2]:
        y = PIP_TOP + row * (PIP_BOTTOM - PIP_TOP)
        draw_suit(draw, suit, (_s(PIP_COLUMNS[column]), _s(y)), _s(height), colour, upside_down=row > 0.5)


def _court(im: Image.Image, card: Card, colour: theme.RGB) -> None:
    """A framed panel with the emblem, letter and pip, mirrored like a real court card."""
    suit, rank = suit_of(card), rank_of(card)
    queen_of_spades = card == QUEEN_OF_SPADES
    panel_fill = theme.mix(colour, (255, 255, 255), 0.86) if not queen_of_spades else theme.QUEEN_MARK
    ink = colour if not queen_of_spades else (255, 255, 255)
    x0, y0, x1, y1 = 70, 26, CARD_W - 70, CARD_H - 26
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle(
        (_s(x0), _s(y0), _s(x1), _s(y1)), radius=_s(10), fill=panel_fill, outline=colour, width=_s(3)
    )
    half = Image.new("RGBA", im.size, (0, 0, 0, 0))
    hd = ImageDraw.Draw(half)
    cx = _s(CARD_W / 2)
    emblem = icon(_COURT_EMBLEM[rank], _s(38), ink)
    half.paste(emblem, (cx - emblem.width // 2, _s(y0 + 8)), emblem)
    letter = _label(rank.label, _s(44), _s(76), ink)
    half.paste(letter, (cx - letter.width // 2, _s(y0 + 52)), letter)
    draw_suit(hd, suit, (cx, _s(y0 + 123)), _s(24), ink)
    im.alpha_composite(half)
    im.alpha_composite(half.rotate(180))
    mid = _s(CARD_H / 2)
    draw.line((_s(x0 + 8), mid, _s(x1 - 8), mid), fill=ink, width=_s(2))


def _badge(im: Image.Image, text: str, fill: theme.RGB) -> None:
    """A pill with white text under the corner index (the Omnibus "−10")."""
    draw = ImageDraw.Draw(im)
    cx, cy, w, h = INDEX_X + INDEX_W / 2, INDEX_PIP_Y + INDEX_PIP_H / 2 + 26, 62, 36
    draw.rounded_rectangle(
        (_s(cx - w / 2), _s(cy - h / 2), _s(cx + w / 2), _s(cy + h / 2)), radius=_s(h / 2), fill=fill
    )
    label = _label(text, _s(22), _s(w - 8), (255, 255, 255))
    im.paste(label, (round(_s(cx) - label.width / 2), round(_s(cy) - label.height / 2)), label)


def draw_face(card: Card, four_colour: bool = False, bonus: bool = False) -> Image.Image:
    """One card face as an RGBA image of ``CARD_W`` × ``CARD_H`` with transparent corners."""
    colour = theme.suit_colour(suit_of(card), four_colour)
    im, draw = _blank(face_colour(card, bonus))
    if rank_of(card) >= Rank.JACK and rank_of(card) != Rank.ACE:
        _court(im, card, colour)
    else:
        _pips(draw, card, colour)
    index = _index(card, colour)
    im.alpha_composite(index)
    im.alpha_composite(index.rotate(180))
    if bonus:
        _badge(im, f"−{-OMNIBUS_BONUS}", theme.BONUS_MARK)
    return im.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


def draw_back() -> Image.Image:
    """The card back: a red lattice inside a white border, with a heart medallion."""
    im, draw = _blank((255, 255, 255))
    m = _s(9)
    inner = (m, m, _s(CARD_W) - 1 - m, _s(CARD_H) - 1 - m)
    draw.rounded_rectangle(inner, radius=_s(RADIUS - 6), fill=theme.BACK)
    lattice = Image.new("RGBA", im.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    step = _s(22)
    for k in range(-im.height, im.width + im.height, step):
        ld.line((k, 0, k + im.height, im.height), fill=(*theme.BACK_LINE, 255), width=_s(2))
        ld.line((k, 0, k - im.height, im.height), fill=(*theme.BACK_LINE, 255), width=_s(2))
    clip = Image.new("L", im.size, 0)
    ImageDraw.Draw(clip).rounded_rectangle(inner, radius=_s(RADIUS - 6), fill=255)
    lattice.putalpha(ImageChops.multiply(lattice.getchannel("A"), clip))
    im.alpha_composite(lattice)
    cx, cy, r = _s(CARD_W / 2), _s(CARD_H / 2), _s(46)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255), outline=theme.BACK, width=_s(4))
    draw_suit(draw, Suit.HEARTS, (cx, cy + _s(2)), _s(52), theme.BACK)
    return im.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


DECKS = {"classic": False, "four_colour": True}


def face_filename(card: Card, bonus: bool = False) -> str:
    """File name of a face inside a deck folder, e.g. ``QS.png``, ``TD_bonus.png``."""
    return f"{card_code(card)}{'_bonus' if bonus else ''}.png"


BACK_FILENAME = "back.png"


def write_all(folder: Path) -> list[Path]:
    """Draw every image into ``folder`` (``classic/``, ``four_colour/``, ``back.png``)."""
    written = []
    for deck, four_colour in DECKS.items():
        (folder / deck).mkdir(parents=True, exist_ok=True)
        for card in range(NUM_CARDS):
            for bonus in (False, True) if card in BONUS_CARDS else (False,):
                path = folder / deck / face_filename(card, bonus)
                draw_face(card, four_colour, bonus).save(path, optimize=True)
                written.append(path)
    path = folder / BACK_FILENAME
    draw_back().save(path, optimize=True)
    written.append(path)
    return written
