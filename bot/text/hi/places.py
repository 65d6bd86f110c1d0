"""Hindi: where a table's news goes when its place is gone: the one line in the lobby's channel
when the game's thread is deleted or out of reach, and the game's end sent by DM where no channel
is left."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "announce.place_gone": "टेबल #{table} का थ्रेड अब नहीं है (हटा दिया गया, या मैं उसे अब देख नहीं सकता), इसलिए खेल इसी चैनल में जारी है।",
    "announce.end_by_dm": "टेबल #{table} के लिए अब कोई चैनल नहीं बचा जहाँ मैं लिख सकूँ (हटा दिया गया, या मेरी पहुँच से बाहर), इसलिए खेल का अंत आपको यहाँ भेजा जा रहा है:",
}
