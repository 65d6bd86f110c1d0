"""Request bodies: the emulator reads a multipart body part by part, as Discord does, and
refuses one that is not well formed."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from discord_emulator import DiscordEmulator

# Bytes that look like the body's own structure: a blank line, dashes, a CRLF at the very end.
AWKWARD = b"\x89PNG\r\n\r\n--not-the-boundary\r\n--\r\n"


async def _send(emu: DiscordEmulator, body: bytes | aiohttp.FormData, content_type: str | None = None) -> int:
    return (await _reply(emu, body, content_type))[0]


async def _reply(
    emu: DiscordEmulator, body: bytes | aiohttp.FormData, content_type: str | None = None
) -> tuple[int, dict[str, Any]]:
    guild = emu.create_guild()
    headers = {"Authorization": f"Bot {emu.token}"} | ({"Content-Type": content_type} if content_type else {})
    path = f"{emu.api_base}/channels/{guild.channel('general').id}/messages"
    async with aiohttp.ClientSession() as session, session.post(path, data=body, headers=headers) as reply:
        return reply.status, await reply.json()


def form(filename: str) -> aiohttp.FormData:
    """A message with two files, written the way discord.py writes one (``payload_json``, then
    ``files[N]``)."""
    data = aiohttp.FormData(quote_fields=False)
    data.add_field("payload_json", json.dumps({"content": "two files"}), content_type="application/json")
    data.add_field("files[0]", AWKWARD, filename=filename, content_type="image/png")
    data.add_field("files[1]", b"", filename="empty.txt", content_type="text/plain")
    return data


@pytest.mark.parametrize("filename", ["hand.png", "a hand: ♥ «Q».png", 'quote"d\\name.png'])
async def test_each_part_arrives_as_sent_whatever_its_bytes_and_name(
    emulator: DiscordEmulator, filename: str
):
    assert await _send(emulator, form(filename)) == 200
    [message] = [m for m in emulator.state.messages.values() if m.content == "two files"]
    files = [(a.filename, a.content_type, a.data) for a in message.attachments]
    assert files == [(filename, "image/png", AWKWARD), ("empty.txt", "text/plain", b"")]


PART = b'--b\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content": "x"}\r\n'
MALFORMED = {
    "not closed": (PART, "multipart/form-data; boundary=b"),
    "no boundary": (PART + b"--b--\r\n", "multipart/form-data"),
    "an unknown field": (
        PART + b'--b\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--b--\r\n',
        "multipart/form-data; boundary=b",
    ),
    "a part in a part": (
        b'--b\r\nContent-Disposition: form-data; name="files[0]"\r\nContent-Type: multipart/mixed; '
        b"boundary=c\r\n\r\n--c--\r\n--b--\r\n",
        "multipart/form-data; boundary=b",
    ),
    "a part without its blank line": (
        b"--b\r\nContent-Disposition: form-data\r\n--b--\r\n",
        "multipart/form-data; boundary=b",
    ),
    "a header line without a colon": (
        b"--b\r\nContent-Disposition form-data\r\n\r\nx\r\n--b--\r\n",
        "multipart/form-data; boundary=b",
    ),
    "payload_json that is not JSON": (
        PART.replace(b'{"content": "x"}', b"{") + b"--b--\r\n",
        "multipart/form-data; boundary=b",
    ),
}


@pytest.mark.parametrize(("body", "content_type"), MALFORMED.values(), ids=MALFORMED.keys())
async def test_a_body_that_is_not_well_formed_is_refused_and_nothing_is_posted(
    emulator: DiscordEmulator, body: bytes, content_type: str
):
    assert await _send(emulator, body, content_type) == 400
    assert not emulator.state.messages


async def test_the_same_body_well_formed_is_taken(emulator: DiscordEmulator):
    """The refusals above are of their faults, not of the hand-written bodies."""
    assert await _send(emulator, PART + b"--b--\r\n", "multipart/form-data; boundary=b") == 200
    assert [m.content for m in emulator.state.messages.values()] == ["x"]


async def test_a_json_body_that_is_not_json_is_refused_and_nothing_is_posted(
    emulator: DiscordEmulator,
):
    status, answer = await _reply(emulator, b'{"content": "x"', "application/json")
    assert (status, answer["message"]) == (400, "400: Bad Request (body is not JSON)")
    assert not emulator.state.messages
