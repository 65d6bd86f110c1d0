"""Request bodies as discord.py sends them: JSON, or multipart with `payload_json` and `files[N]`."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import ApiError, Code

_FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


@dataclass(frozen=True)
class Upload:
    """One uploaded file; `index` is N in `files[N]`, which the payload's `attachments[].id` refers to."""

    index: int
    filename: str
    content_type: str
    data: bytes


@dataclass
class Body:
    json: Any = None
    uploads: tuple[Upload, ...] = ()


async def read_body(request: web.Request) -> Body:
    # The header's media type as written: ``request.content_type`` parses the whole header with
    # the email package, and a multipart boundary is new in every request (no cache hit): a
    # fortieth of an end-to-end test's CPU.
    media_type = request.headers.get("Content-Type", "").partition(";")[0].strip().lower()
    if media_type.startswith("multipart/"):
        return await _read_multipart(request)
    if media_type == "application/x-www-form-urlencoded":  # the OAuth2 token endpoint
        return Body(json=dict(await request.post()))
    raw = await request.read()
    if not raw:
        return Body()
    try:
        return Body(json=json.loads(raw))
    except ValueError as exc:
        raise ApiError(400, Code.GENERAL, "400: Bad Request (body is not JSON)") from exc


async def _read_multipart(request: web.Request) -> Body:
    reader = await request.multipart()
    payload: Any = None
    uploads: list[Upload] = []
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise ApiError(400, Code.GENERAL, "400: Bad Request (nested multipart)")
        data = await part.read()
        if part.name == "payload_json":
            payload = json.loads(data)
        elif part.name and (match := _FILE_FIELD.match(part.name)):
            content_type = part.headers.get("Content-Type", "application/octet-stream")
            uploads.append(Upload(int(match.group(1)), part.filename or "", content_type, bytes(data)))
        else:
            raise ApiError(400, Code.GENERAL, f"400: Bad Request (unexpected multipart field {part.name!r})")
    return Body(json=payload, uploads=tuple(uploads))
