"""What many languages cost (issue 32, item 7): start-up time and memory with the PO catalogues,
and the render time of a hand and a table in Thai, Korean and traditional Chinese against English.

Start-up: ``import bot.text`` in a fresh process (today's catalogues: wall time and peak RSS), and
reading ``--languages`` catalogues (31 by default, issue 32's count) with Babel's PO reader from a
scratch directory of copies of today's translations (time, and the memory the catalogues keep,
by tracemalloc), so that the start-up with every catalogue is today's plus the difference.

Rendering: a table image (seat names and the status words in the script) and a hand image, drawn
cold (the text cache emptied before each) and warm, the median CPU time of ``--runs``; a hand image has no
words, so it shows that a language changes nothing there. Run:
``.venv/bin/python bench/catalogue_cost.py [--languages 31] [--runs 40]``
"""

from __future__ import annotations

import argparse
import gc
import itertools
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.cards import CLUBS, HEARTS, cards_of, parse_cards
from bot.render import fonts, hand, table
from bot.render.models import HandImage, TableImage, TableSeat
from bot.render.texts import Words
from bot.text import LANGUAGES
from bot.text.alt_text import hand_alt
from bot.text.pofiles import PO_DIR, po_path, read_messages

ROOT = Path(__file__).resolve().parents[1]

# The table's words as a Thai, Korean and Taiwanese player would read them, and names in the script.
SCRIPTS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "en": (("Alice", "Bob", "Carol", "Dave"), {}),
    "th": (
        ("สมชาย", "สุดารัตน์", "ประยุทธ์", "วิไลวรรณ"),
        {"hearts_broken": "หัวใจแตกแล้ว", "hearts_not_broken": "หัวใจยังไม่แตก", "hand_number": "มือที่ {hand}",
         "trick_number": "กองที่ {trick}"},
    ),
    "ko": (
        ("김민준", "이서연", "박지훈", "최수아"),
        {"hearts_broken": "하트가 깨졌습니다", "hearts_not_broken": "하트가 아직 안 깨졌습니다",
         "hand_number": "{hand}번째 판", "trick_number": "{trick}번째 트릭"},
    ),
    "zh-TW": (
        ("王小明", "陳怡君", "林志豪", "黃美玲"),
        {"hearts_broken": "紅心已破", "hearts_not_broken": "紅心未破", "hand_number": "第 {hand} 手",
         "trick_number": "第 {trick} 墩"},
    ),
}  # fmt: skip


def fresh_import() -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of ``import bot.text`` in a new process."""
    code = (
        "import time, resource; t = time.perf_counter(); import bot.text; "
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    seconds, rss = out.stdout.split()
    return float(seconds), int(rss)


def reading(count: int) -> tuple[float, float, int]:
    """Seconds to read ``count`` catalogues, seconds per catalogue, and the bytes they keep."""
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        codes = [f"x{i:02d}" for i in range(count)]
        for code, source in zip(codes, itertools.cycle(LANGUAGES), strict=False):
            shutil.copy(po_path(source, PO_DIR), po_path(code, scratch))
        start = time.perf_counter()
        kept = {code: read_messages(code, scratch) for code in codes}
        seconds = time.perf_counter() - start
        assert all(kept.values())
        del kept
        gc.collect()
        tracemalloc.start()  # (reading under tracemalloc is several times slower: not timed)
        kept = {code: read_messages(code, scratch) for code in codes}
        retained, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert len(kept) == count
    return seconds, seconds / count, retained


def median_ms(action: Callable[[], object], runs: int, cold: bool) -> float:
    """The median CPU time of ``action`` in this thread, in ms (steadier than wall time on a
    shared machine)."""
    times = []
    for _ in range(runs):
        if cold:
            fonts.text_image.cache_clear()
        start = time.thread_time()
        action()
        times.append((time.thread_time() - start) * 1000)
    return statistics.median(times)


def table_image(names: tuple[str, ...]) -> TableImage:
    played = cards_of(parse_cards("QS KH 2H"))
    seats = tuple(
        TableSeat(name, score=40 + i, hand_points=i, played=played[i] if i < 3 else None, cards_left=9)
        for i, name in enumerate(names)
    )
    return TableImage(seats, leader=0, to_move=3, hearts_broken=True, hand_number=12, trick_number=5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--languages", type=int, default=31)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()

    seconds, rss = fresh_import()
    today = len(LANGUAGES)
    print(f"import bot.text (today's {today} catalogues): {seconds * 1000:.0f} ms, RSS {rss / 1024:.0f} MiB")
    for count in sorted({today, args.languages}):
        total, each, kept = reading(count)
        cost = f"{total * 1000:.0f} ms ({each * 1000:.1f} ms each), keeping {kept / 2**20:.1f} MiB"
        print(f"reading {count} PO catalogues: {cost}")

    sample = HandImage(cards=parse_cards("2C 5C QC 3D KD 8S QS AS 4H 7H JH QH AH"), playable=CLUBS | HEARTS)
    print(f"{'language':8} {'table cold':>11} {'table warm':>11} {'hand':>7} {'hand alt':>9}  (CPU ms)")
    for lang, (names, words) in SCRIPTS.items():
        image, shown = table_image(names), Words.from_mapping(words)
        cold = median_ms(lambda image=image, shown=shown: table.render(image, shown), args.runs, cold=True)
        warm = median_ms(lambda image=image, shown=shown: table.render(image, shown), args.runs, cold=False)
        drawn = median_ms(lambda: hand.render(sample), args.runs, cold=False)
        alt = median_ms(lambda lang=lang: hand_alt(sample, lang), args.runs, cold=False)
        print(f"{lang:8} {cold:11.1f} {warm:11.1f} {drawn:7.1f} {alt:9.2f}")


if __name__ == "__main__":
    main()
