"""Discord's limits on the texts the catalogues' words are put together into (DISCORD_NOTES): a
text that would pass one is shortened where it is made, in its reader's words, not cut by Discord."""

from __future__ import annotations

from typing import Final

MESSAGE_MAX: Final = 2000  # characters in a message's content
