"""Fonts and text: any Unicode a Discord display name can hold, drawn legibly or replaced gracefully.

The fonts come from PyPI packages listed in pyproject.toml, so a fresh machine gets them from
``pip install -e .`` and nothing is downloaded at run time:

- ``weblate-fonts``: Kurinto Sans, one family covering Latin, Cyrillic, Greek, Arabic, Hebrew,
  Indic scripts, Thai, kana, the mathematical alphanumerics people put in names (𝓙𝓸𝓱𝓷) and many
  symbols; its KR and SC cuts add Hangul and the Han characters.
- ``manimgx-fonts``: Noto Emoji, a monochrome emoji font (colour emoji cannot be tinted and would
  clash with the flat style of the images).

Text is split into grapheme-like clusters; each cluster is drawn with the first font of the stack
whose character map covers it (a glyph-coverage check read once per process with fontTools). A
cluster no font covers is tried in its NFKC form and otherwise drawn as ``?``. If a package is
missing the stack falls back to Pillow's built-in font, so rendering degrades but never fails.

Rendering is cached per (text, style, width), and FreeType calls are serialised by a lock because
the renderers run in worker threads.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from bot.render.theme import RGB

_LOCK = threading.RLock()
LAYOUT_ENGINE: ImageFont.Layout | None = None
"""None: Pillow's choice, Raqm (bidi and shaping for Arabic, emoji sequences) where its libraries
are installed, else the basic engine, which draws every script but does not join Arabic letters."""
MAX_CODEPOINTS = 64
"""Longer strings are cut before layout, with … (Discord names are at most 32 characters anyway;
a line of prose is drawn in pieces: :func:`paste_line`)."""
ELLIPSIS = "…"
LINE_BOX = "hearts_line_box"
"""The key of a :func:`text_image`'s ``info`` holding its line box (:func:`line_box`)."""

_ZWJ = 0x200D
_JOINERS = {0x200C, _ZWJ, 0xFE0E, 0xFE0F, 0x20E3}
_KEEP_FORMAT = {0x200C, _ZWJ}
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_REGIONAL = range(0x1F1E6, 0x1F200)


@dataclass(frozen=True, slots=True)
class FontFace:
    """One font file of the fallback stack (``path`` None: Pillow's built-in font)."""

    name: str
    path: Path | None
    variation: bytes | None = None
    emoji: bool = False
    stroke: bool = False
    """Emboldened by a stroke: a cut whose bold file has regular-weight kana (Kurinto Sans JP)."""


def _kurinto(file: str) -> Path | None:
    try:
        path = Path(str(resources.files("weblate_fonts") / "static/weblate_fonts/kurinto/ttf" / file))
    except ModuleNotFoundError:
        return None
    return path if path.is_file() else None


def _noto_emoji() -> Path | None:
    try:
        path = Path(str(resources.files("manimgx_fonts") / "NotoEmoji[wght].ttf"))
    except ModuleNotFoundError:
        return None
    return path if path.is_file() else None


JAPANESE = "Kurinto Sans JP"
"""The cut with Japanese glyph forms for kanji, drawn in the same design as its kana."""


@cache
def font_stack(bold: bool) -> tuple[FontFace, ...]:
    """The fonts tried in order for each character; always ends with Pillow's built-in font."""
    weight = "Bd" if bold else "Rg"
    faces: list[FontFace] = []
    for label, cut in (("Kurinto Sans", ""), ("Kurinto Sans KR", "KR"), ("Kurinto Sans SC", "SC")):
        path = _kurinto(f"KurintoSans{cut}-{weight}.ttf")
        if path is not None:
            faces.append(FontFace(label, path))
    japanese = _kurinto("KurintoSansJP-Rg.ttf")  # its bold kana are regular: bold is a stroke instead
    if japanese is not None:
        faces.append(FontFace(JAPANESE, japanese, stroke=bold))
    emoji = _noto_emoji()
    if emoji is not None:
        faces.append(FontFace("Noto Emoji", emoji, b"Bold" if bold else b"Regular", emoji=True))
    faces.append(FontFace("Pillow default", None))
    return tuple(faces)


@cache
def coverage(face: FontFace) -> frozenset[int]:
    """The code points ``face`` has glyphs for."""
    if face.path is None:
        return frozenset(range(0x20, 0x7F)) | frozenset(range(0xA0, 0x100))
    from fontTools.ttLib import TTFont  # imported here: only needed once per font and process

    with _LOCK:
        cmap = TTFont(str(face.path), lazy=True).getBestCmap()
    return frozenset(cmap)


@lru_cache(maxsize=256)
def load(face: FontFace, size: int) -> ImageFont.FreeTypeFont:
    """``face`` at ``size`` pixels (cached: FreeType faces are costly to open)."""
    with _LOCK:
        if face.path is None:
            default = ImageFont.load_default(size)
            if not isinstance(default, ImageFont.FreeTypeFont):
                raise RuntimeError("Pillow was built without FreeType: no scalable font to draw text with")
            return default
        font = ImageFont.truetype(str(face.path), size, layout_engine=LAYOUT_ENGINE)
        if face.variation is not None:
            font.set_variation_by_name(face.variation)
        return font


def primary_font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The main text font (used for labels in Latin script and the card indices)."""
    return load(font_stack(bold)[0], size)


def sanitize(text: str) -> str:
    """Printable, single-line text: control and invisible format characters removed or made spaces.

    Bidi overrides (U+202E and friends) and other format characters go: they would let a name
    reverse or hide the text around it. Zero-width joiners stay: emoji sequences need them. Text
    longer than ``MAX_CODEPOINTS`` is cut between two characters (:func:`clusters`) and ends with
    …: a cut always shows.
    """
    normal = unicodedata.normalize("NFC", text)
    out = []
    for ch in normal[: MAX_CODEPOINTS * 2]:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Zl", "Zp") or (cat == "Zs" and ch != " "):
            out.append(" ")
        elif cat in ("Cf", "Cs", "Co", "Cn") and ord(ch) not in _KEEP_FORMAT:
            continue
        else:
            out.append(ch)
    clean = " ".join("".join(out).split())
    if len(clean) <= MAX_CODEPOINTS and len(normal) <= MAX_CODEPOINTS * 2:
        return clean
    kept = ""
    for cluster in clusters(clean):
        if len(kept) + len(cluster) > MAX_CODEPOINTS - len(ELLIPSIS):
            break
        kept += cluster
    return kept.rstrip() + ELLIPSIS


def clusters(text: str) -> list[str]:
    """Split into user-perceived characters, close enough for font choice and truncation.

    A cluster is a base character with its combining marks, variation selectors, skin tones,
    zero-width-joined followers, or a pair of regional indicators (a flag).
    """
    out: list[str] = []
    for ch in text:
        cp = ord(ch)
        attach = bool(out) and (
            unicodedata.category(ch).startswith("M")
            or cp in _JOINERS
            or cp in _SKIN_TONES
            or ord(out[-1][-1]) == _ZWJ
            or (cp in _REGIONAL and len(out[-1]) == 1 and ord(out[-1]) in _REGIONAL)
        )
        if attach:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _is_emoji(cluster: str) -> bool:
    return any(ord(c) >= 0x1F000 or ord(c) == 0xFE0F for c in cluster)


def is_japanese(text: str) -> bool:
    """Text with kana is Japanese: its kanji take Japanese glyph forms (not Korean or Chinese)."""
    return any(0x3040 <= ord(c) <= 0x30FF for c in text)


def _is_cjk(cluster: str) -> bool:
    return any(
        0x2E80 <= ord(c) <= 0x9FFF or 0xF900 <= ord(c) <= 0xFAFF or 0xFF00 <= ord(c) <= 0xFFEF
        for c in cluster
    )


def _face_for(cluster: str, bold: bool, japanese: bool = False) -> FontFace | None:
    needed = {ord(c) for c in cluster if ord(c) not in _JOINERS and ord(c) not in _SKIN_TONES}
    stack = font_stack(bold)
    if _is_emoji(cluster):
        stack = tuple(f for f in stack if f.emoji) + tuple(f for f in stack if not f.emoji)
    elif japanese and _is_cjk(cluster):
        stack = tuple(f for f in stack if f.name == JAPANESE) + tuple(f for f in stack if f.name != JAPANESE)
    for face in stack:
        if needed <= coverage(face):
            return face
    return None


def _resolve(cluster: str, bold: bool, japanese: bool = False) -> tuple[str, FontFace]:
    """The cluster as it will be drawn and the font that draws it."""
    face = _face_for(cluster, bold, japanese)
    if face is not None:
        return cluster, face
    folded = unicodedata.normalize("NFKC", cluster)
    face = _face_for(folded, bold, japanese) if folded != cluster else None
    if face is not None:
        return folded, face
    return "?", font_stack(bold)[0]


Direction = Literal["auto", "ltr"]
"""How a line's runs are ordered: ``"auto"`` by its first strong letter (a bare name, which may
be Hebrew or Arabic), ``"ltr"`` left to right (a sentence of the bot's, whose languages all read
left to right, even with a right-to-left name filled in: "→ דוד" keeps its arrow on the left)."""


@dataclass(frozen=True, slots=True)
class TextStyle:
    size: int
    colour: RGB
    bold: bool = False
    direction: Direction = "auto"
    """Part of the style so that it reaches the cached :func:`text_image` (see :data:`Direction`);
    :func:`paste_text` and :func:`paste_line` take it as a parameter."""


def _is_rtl(text: str, direction: Direction = "auto") -> bool:
    if direction == "ltr":
        return False
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def _runs(parts: list[tuple[str, FontFace]]) -> list[tuple[str, FontFace]]:
    runs: list[tuple[str, FontFace]] = []
    for text, face in parts:
        if runs and runs[-1][1] == face:
            runs[-1] = (runs[-1][0] + text, face)
        else:
            runs.append((text, face))
    return runs


def _width(runs: list[tuple[str, FontFace]], size: int) -> float:
    return sum(load(face, size).getlength(text) for text, face in runs)


def line_metrics(style: TextStyle) -> tuple[int, int]:
    """(ascent, descent) of a line of text in ``style``: the height of :func:`text_image`'s line box."""
    with _LOCK:
        ascent, descent = load(font_stack(style.bold)[0], style.size).getmetrics()
    return int(ascent), int(descent)


@lru_cache(maxsize=4096)
def text_image(text: str, style: TextStyle, max_width: int | None = None) -> Image.Image:
    """``text`` drawn in ``style`` on a transparent line box, cut with … to fit ``max_width``.

    The line box is as wide as the text's advance (and a pixel) and as high as the font's line; it
    is the whole image unless some ink passes it (a Vietnamese capital's two stacked accents above
    the ascent, the hook of a J left of the line): the image then grows to hold all the ink, and
    :func:`line_box` says where the line box is in it. Treat it as read-only: it is cached and
    shared.
    """
    with _LOCK:
        japanese = is_japanese(text)
        parts = [_resolve(c, style.bold, japanese) for c in clusters(sanitize(text))]
        ellipsis = _resolve("…", style.bold)
        runs = _runs(parts)
        if max_width is not None and _width(runs, style.size) > max_width:
            lo, hi = 0, len(parts) - 1  # the longest prefix that fits with "…" after it (binary search)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if _width(_runs([*parts[:mid], ellipsis]), style.size) <= max_width:
                    lo = mid
                else:
                    hi = mid - 1
            kept = parts[:lo]
            while kept and kept[-1][0].isspace():
                kept.pop()
            runs = _runs([*kept, ellipsis]) if kept else []
        if _is_rtl(text, style.direction):
            runs.reverse()
        ascent, descent = line_metrics(style)
        # The ink of each run, from the line's left end and its baseline: a mark stacked on a
        # capital (Ẫ) rises above the ascent, a J or an f overhangs its advance.
        placed = []
        left, top, right, bottom = 0, -ascent, 0, descent
        x = 0.0
        for run, face in runs:
            font = load(face, style.size)
            stroke = max(1, style.size // 28) if face.stroke else 0
            direction = _base_direction(font, style.direction)
            x0, y0, x1, y1 = font.getbbox(run, anchor="ls", stroke_width=stroke, direction=direction)
            left, right = min(left, math.floor(x + x0)), max(right, math.ceil(x + x1))
            top, bottom = min(top, math.floor(y0)), max(bottom, math.ceil(y1))
            placed.append((x, run, font, stroke, direction))
            x += font.getlength(run)
        width = max(1, round(x) + 1)  # the advance (as _width sums it) and a pixel
        right = max(right, width)
        dx, dy = -left, -top - ascent  # the line box's place in the image: (0, 0) unless ink passes it
        im = Image.new("RGBA", (right - left, bottom - top), (*style.colour, 0))
        im.info[LINE_BOX] = (dx, dy, dx + width, dy + ascent + descent)
        draw = ImageDraw.Draw(im)
        colour = (*style.colour, 255)
        for x, run, font, stroke, direction in placed:
            draw.text(
                (dx + x, dy + ascent),
                run,
                font=font,
                fill=colour,
                anchor="ls",
                stroke_width=stroke,
                stroke_fill=colour,
                direction=direction,
            )
        return im


def line_box(im: Image.Image) -> tuple[int, int, int, int]:
    """The line box of an image made by :func:`text_image`, in its pixels: the whole image unless
    some ink passes the font's line (then it is drawn whole, the box is what layouts go by)."""
    box = im.info.get(LINE_BOX)
    return box if box is not None else (0, 0, im.width, im.height)


def _base_direction(font: ImageFont.FreeTypeFont, direction: Direction) -> str | None:
    """The paragraph direction Raqm is given: None lets it choose by the first strong letter (the
    basic engine takes no direction: it does no bidi and draws every run left to right)."""
    if direction == "auto" or font.layout_engine != ImageFont.Layout.RAQM:
        return None
    return direction


def text_width(text: str, style: TextStyle, max_width: int | None = None) -> int:
    """The width of the line box of ``text`` (its advance and a pixel: the width layouts use)."""
    box = line_box(text_image(text, style, max_width))
    return box[2] - box[0]


def fits(text: str, style: TextStyle, max_width: int) -> bool:
    """Whether ``text`` is drawn whole in ``max_width`` (:func:`text_image` cuts it with … if not)."""
    with _LOCK:
        japanese = is_japanese(text)
        parts = [_resolve(c, style.bold, japanese) for c in clusters(sanitize(text))]
        return _width(_runs(parts), style.size) <= max_width


_NUMBER_END = re.compile(r"\s?\d+\W*\Z")
"""The number a name ends with, the space before it and any closing signs after it ("Computer 3":
" 3", "コンピューター3": "3", "⟦Çóɱƥúţéŕ 3⟧": " 3⟧")."""


@lru_cache(maxsize=1024)
def fit_name(
    text: str, style: TextStyle, max_width: int, smallest: int, keep_number: bool = False
) -> tuple[str, TextStyle]:
    """How a name is drawn in ``max_width``: the text and style to paste (with ``max_width``).

    Whole at the largest size from ``style.size`` down to ``smallest`` that holds it; else at
    ``smallest``, cut with …: with ``keep_number`` (a computer player, told apart only by the
    number its name ends with: "Computer 3") before that number, which stays ("Comput… 3"); else
    at its end (:func:`text_image` cuts it there), as a person's name is.
    """
    size = style.size
    while size > smallest and not fits(text, replace(style, size=size), max_width):
        size -= 1
    fitted = replace(style, size=size) if size != style.size else style
    if size > smallest or fits(text, fitted, max_width) or not keep_number:
        return text, fitted
    clean = sanitize(text)
    number = _NUMBER_END.search(clean)
    head = clean[: number.start()].rstrip() if number is not None else ""
    if number is None or not head:
        return text, fitted
    tail = clean[number.start() :]
    kept = clusters(head)
    lo, hi = -1, len(kept)  # the most clusters of the head that fit before "…" and the number
    while lo < hi - 1:
        mid = (lo + hi) // 2
        if fits("".join(kept[:mid]).rstrip() + ELLIPSIS + tail, fitted, max_width):
            lo = mid
        else:
            hi = mid
    if lo < 0:  # not even "…" and the number fit: cut at the end
        return text, fitted
    return "".join(kept[:lo]).rstrip() + ELLIPSIS + tail, fitted


def directed(style: TextStyle, direction: Direction | None) -> TextStyle:
    """``style`` with ``direction`` (None: as it is)."""
    if direction is None or direction == style.direction:
        return style
    return replace(style, direction=direction)


Align = Literal["left", "centre", "right"]


def paste_text(
    canvas: Image.Image,
    text: str,
    style: TextStyle,
    x: float,
    y_middle: float,
    align: Align = "left",
    max_width: int | None = None,
    direction: Direction | None = None,
) -> tuple[int, int, int, int]:
    """Draw ``text`` on ``canvas`` with its line box vertically centred on ``y_middle``.

    ``x`` is the left edge, centre or right edge as ``align`` says. ``direction`` (the style's
    unless given): ``"ltr"`` for a sentence of the bot's with a name in it, ``"auto"`` for a bare
    name. Returns its line box, which layouts go by (:func:`line_box`: a stacked accent or the hook
    of a J may ink a pixel or two past it, drawn whole all the same).
    """
    im = text_image(text, directed(style, direction), max_width)
    x0, y0, x1, y1 = line_box(im)
    width, height = x1 - x0, y1 - y0
    if align == "centre":
        left = round(x - width / 2)
    elif align == "right":
        left = round(x - width)
    else:
        left = round(x)
    top = round(y_middle - height / 2)
    canvas.paste(im, (left - x0, top - y0), im)
    return left, top, left + width, top + height


def pieces(text: str) -> list[tuple[str, bool]]:
    """``text`` in pieces short enough for ``text_image`` (a name's ``MAX_CODEPOINTS``, with room
    for a … after it), each with whether a space follows it: cut after the last space that fits,
    else (a script without spaces) between the last two characters (:func:`clusters`) that fit."""
    limit = MAX_CODEPOINTS - len(ELLIPSIS)
    out: list[tuple[str, bool]] = []
    rest = " ".join(unicodedata.normalize("NFC", text).split())
    while len(rest) > limit:
        cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = 0
            for cluster in clusters(rest):
                if cut + len(cluster) > limit:
                    break
                cut += len(cluster)
            cut = cut or limit  # one cluster longer than a piece: cut inside it
            out.append((rest[:cut], False))
            rest = rest[cut:]
        else:
            out.append((rest[:cut], True))
            rest = rest[cut + 1 :]
    if rest:
        out.append((rest, False))
    return out


def _shows_some(text: str, style: TextStyle, room: int) -> bool:
    """Whether ``text`` cut to ``room`` keeps anything: ``text_image`` draws an empty line, one
    pixel wide, when not even its first character with … fits."""
    return room > 0 and text_width(text, style, room) > 1


def paste_line(
    canvas: Image.Image,
    text: str,
    style: TextStyle,
    x: float,
    y_middle: float,
    max_width: int,
    direction: Direction = "ltr",
) -> None:
    """A line of prose (longer than a name may be) drawn left-aligned from ``x`` in pieces, cut
    with … where it would pass ``max_width``. Its pieces run left to right unless ``direction``
    says otherwise: prose is the bot's sentence, whatever names are in it."""
    style = directed(style, direction)
    space = text_width("x x", style) - text_width("xx", style)  # a lone space is trimmed away
    parts = pieces(text)
    left = round(x)
    right = x + max_width
    for k, (piece, spaced) in enumerate(parts):
        room = round(right - left)
        if room <= 0:
            return
        if k + 1 == len(parts):
            paste_text(canvas, piece, style, left, y_middle, max_width=room)  # cut with … if need be
            return
        width = text_width(piece, style)
        if width > room or not _shows_some(parts[k + 1][0], style, round(right - left - width - space)):
            # Nothing of the rest would show: this piece ends the line, with … (cut to fit).
            paste_text(canvas, piece + ELLIPSIS, style, left, y_middle, max_width=room)
            return
        left = paste_text(canvas, piece, style, left, y_middle)[2] + (space if spaced else 0)
