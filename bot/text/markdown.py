"""Text that people wrote, made plain text in the bot's messages. Pure, and no Discord in it (the
catalogues know nothing of Discord), so it is written here rather than taken from
``discord.utils``; ``tests/text/test_names_as_text.py`` holds it to what ``escape_markdown`` and
``escape_mentions`` do.

Discord reads a message's text as markdown, so a name put in it as it is could turn into what the
bot never wrote: ``[Show my hand](https://…)`` shows as a masked link that looks like the bot's own
button, and ``*``, ``_``, ``~``, ``||``, backticks or a leading ``#``, ``>`` or ``-`` restyle the
rest of the line. Only for message text: the pictures and their alt text draw a name as it is,
where a backslash would be shown.
"""

from __future__ import annotations

import re
from typing import Final

_MARKDOWN: Final = re.compile(
    r"[_\\~|*`]"  # emphasis, strike-through, spoilers, code, and the backslash itself
    r"|^>(?:>>)?\s"  # a quote
    r"|\[(?=.+\]\(.+\))"  # a masked link: its "[" (what follows is escaped as any text)
    r"|^#{1,3}"  # a heading
    r"|^\s*-",  # a list item, or small print ("-#")
    re.MULTILINE,
)
"""What ``discord.utils.escape_markdown`` escapes. Stricter in two ways: a link's address is
escaped like the rest (a name is no link), and so is the text of a masked link after its ``[``
(which ``escape_markdown`` leaves live)."""

_MENTION: Final = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")
"""What ``discord.utils.escape_mentions`` neutralises: @everyone, @here, a person's or a role's
mention (a zero-width space after the ``@``). A message's ``allowed_mentions`` keep them from
pinging anyway; this keeps them from showing as mentions."""


def text_name(name: str) -> str:
    """A name a person chose (their server nickname or display name, an event's name), made plain
    text in a message: its markdown escaped with backslashes, its mentions broken."""
    escaped = _MARKDOWN.sub(lambda m: "\\" + m.group(0), name)
    return _MENTION.sub("@\u200b\\1", escaped)
