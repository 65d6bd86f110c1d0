"""Write the card art PNGs into this folder: ``python card_images/draw_cards.py``.

The drawing code is ``bot/render/card_art.py``; this script only saves its output here, where the
renderers load it from. Rerun it after changing the art, and commit the PNGs with the change.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

from bot.render.card_art import write_all  # noqa: E402

if __name__ == "__main__":
    paths = write_all(HERE)
    print(f"wrote {len(paths)} images to {HERE}")
