"""The replay's images (``bot.render.replay``): the size and render time of one step (PNG) and of
a whole hand's animation (GIF), over hands played by four ``normal`` players, in English and
Japanese (another font stack). Discord's attachment limit for bots is 10 MiB; the goal is to stay
far under it (a whole hand well under 1 MB).

Run: python bench/replay_images.py --hands 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.review_coach import played_hand
from bot.render import warm_up
from bot.render.replay import render, render_animation
from bot.text.review import replay_frames

DISCORD_LIMIT = 10 * 1024 * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    warm_up()
    for lang in ("en", "ja"):
        png_sizes, png_times, gif_sizes, gif_times = [], [], [], []
        for number in range(args.hands):
            names = (
                ["Alice", "Bob", "Carol", "Dave"]
                if lang == "en"
                else ["あきら", "ひかり", "みずき", "ゆうと"]
            )
            frames = replay_frames(played_hand(number), names, lang)
            for frame in frames:
                t0 = time.perf_counter()
                png_sizes.append(len(render(frame)))
                png_times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            gif_sizes.append(len(render_animation(frames)))
            gif_times.append(time.perf_counter() - t0)
        print(f"replay_images ({lang}): {args.hands} hands, {len(png_sizes)} steps")
        size = statistics.fmean(png_sizes) / 1024
        print(
            f"  step PNG: mean {size:.0f} KB, max {max(png_sizes) / 1024:.0f} KB; "
            f"render mean {statistics.fmean(png_times) * 1000:.0f} ms, max {max(png_times) * 1000:.0f} ms"
        )
        print(
            f"  hand GIF ({len(frames)} frames): mean {statistics.fmean(gif_sizes) / 1024:.0f} KB, "
            f"max {max(gif_sizes) / 1024:.0f} KB ({max(gif_sizes) / DISCORD_LIMIT:.1%} of Discord's 10 MiB); "
            f"render mean {statistics.fmean(gif_times) * 1000:.0f} ms, max {max(gif_times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
