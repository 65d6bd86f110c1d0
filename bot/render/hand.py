"""The hand image: a player's cards in a row, sorted by suit and rank, overlapping as needed.

The image has a fixed size whatever the number of cards (up to 17 with 3 players), so it sits
steadily in a Discord message; the row is centred and spreads out when there are few cards.
Playable cards are bright and the others dimmed; cards chosen to pass are raised with a gold
frame; cards just received carry a light-blue frame and a star above their index.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from PIL import Image

from bot.engine.cards import Card, display_order, suit_of
from bot.render import png, sprites, theme
from bot.render.models import HandImage
from bot.render.shapes import icon

WIDTH = 800
CARD_W = 120
CARD_H = sprites.card_height(CARD_W)
PAD_X = 12
RAISE = 28
TOP = 12 + RAISE
HEIGHT = TOP + CARD_H + 24
SUIT_GAP = 12
MAX_STEP = CARD_W + 8
STAR = 22


@dataclass(frozen=True, slots=True)
class CardSlot:
    """Where one card of the hand is drawn."""

    card: Card
    x: int
    y: int
    visible_width: int
    """How much of the card shows before the next one covers it (the full width for the last)."""
    raised: bool
    dimmed: bool
    received: bool


def layout(hand: HandImage) -> list[CardSlot]:
    """The position of every card, left to right (pure: the tests sample pixels at these spots)."""
    cards = display_order(hand.cards)
    if not cards:
        return []
    breaks = sum(1 for a, b in pairwise(cards) if suit_of(a) != suit_of(b))
    n = len(cards)
    room = WIDTH - 2 * PAD_X - CARD_W - breaks * SUIT_GAP
    step = MAX_STEP if n == 1 else min(MAX_STEP, room / (n - 1))
    total = (n - 1) * step + breaks * SUIT_GAP + CARD_W
    x = (WIDTH - total) / 2
    xs = []
    for i, card in enumerate(cards):
        if i and suit_of(card) != suit_of(cards[i - 1]):
            x += SUIT_GAP
        xs.append(round(x))
        x += step
    slots = []
    for i, card in enumerate(cards):
        raised = bool(hand.selected >> card & 1)
        visible = xs[i + 1] - xs[i] if i + 1 < n else CARD_W
        slots.append(
            CardSlot(
                card=card,
                x=xs[i],
                y=TOP - RAISE if raised else TOP,
                visible_width=min(visible, CARD_W),
                raised=raised,
                dimmed=hand.playable is not None and not hand.playable >> card & 1,
                received=bool(hand.received >> card & 1),
            )
        )
    return slots


@cache
def _background() -> Image.Image:
    return Image.new("RGB", (WIDTH, HEIGHT), theme.FELT)


def draw(hand: HandImage) -> Image.Image:
    """The hand as an RGB image (see :func:`render` for PNG bytes)."""
    canvas = _background().copy()
    for slot in layout(hand):
        face = sprites.face(slot.card, CARD_W, hand.four_colour, slot.card == hand.bonus_card, slot.dimmed)
        canvas.paste(face, (slot.x, slot.y), face)
        frame = None
        if slot.raised:
            frame = sprites.outline(CARD_W, CARD_H, theme.GOLD)
        elif slot.received:
            frame = sprites.outline(CARD_W, CARD_H, theme.CYAN)
        if frame is not None:
            canvas.paste(frame, (slot.x, slot.y), frame)
        if slot.received:
            star = icon("star", STAR, theme.CYAN)
            centre = slot.x + min(slot.visible_width, CARD_W) / 2
            canvas.paste(star, (round(centre - STAR / 2), slot.y - STAR - 4), star)
    return canvas


def render(hand: HandImage) -> bytes:
    """PNG bytes of the hand image: a pure function of ``hand``."""
    return png.encode(draw(hand))
