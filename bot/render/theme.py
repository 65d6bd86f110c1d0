"""Colours and sizes shared by the card art and every renderer: one place to restyle the images."""

from __future__ import annotations

from typing import Final

from bot.engine.cards import Suit

RGB = tuple[int, int, int]

# The table: a dark green felt that keeps red and black cards and white text readable in Discord's
# light and dark themes alike.
FELT: Final[RGB] = (22, 92, 58)
FELT_DARK: Final[RGB] = (14, 66, 41)
FELT_LINE: Final[RGB] = (42, 122, 82)
PANEL: Final[RGB] = (12, 50, 32)
PANEL_LIGHT: Final[RGB] = (30, 84, 56)
TEXT: Final[RGB] = (242, 246, 242)
MUTED: Final[RGB] = (170, 200, 182)
GOLD: Final[RGB] = (246, 196, 52)
GOLD_DARK: Final[RGB] = (150, 112, 14)
RED_MARK: Final[RGB] = (232, 64, 76)
CYAN: Final[RGB] = (84, 200, 232)

# Card faces. Point cards get a tinted face so they stand out even when only a sliver of the card
# shows in an overlapping hand.
FACE: Final[RGB] = (253, 253, 250)
FACE_HEARTS: Final[RGB] = (255, 232, 237)
FACE_QUEEN_OF_SPADES: Final[RGB] = (232, 222, 255)
FACE_BONUS: Final[RGB] = (222, 245, 228)
CARD_EDGE: Final[RGB] = (120, 126, 134)
QUEEN_MARK: Final[RGB] = (96, 40, 170)
BONUS_MARK: Final[RGB] = (20, 130, 60)
BACK: Final[RGB] = (150, 26, 44)
BACK_LINE: Final[RGB] = (196, 64, 80)

BLACK_SUIT: Final[RGB] = (24, 24, 30)
RED_SUIT: Final[RGB] = (206, 22, 40)
GREEN_CLUBS: Final[RGB] = (16, 128, 58)
BLUE_DIAMONDS: Final[RGB] = (22, 86, 204)


def suit_colour(suit: Suit, four_colour: bool = False) -> RGB:
    """Red and black, or the four-colour deck's clubs green and diamonds blue."""
    if four_colour and suit == Suit.CLUBS:
        return GREEN_CLUBS
    if four_colour and suit == Suit.DIAMONDS:
        return BLUE_DIAMONDS
    return RED_SUIT if suit.is_red else BLACK_SUIT


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved towards ``b`` by ``t`` (0..1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
