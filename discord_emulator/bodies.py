"""Request bodies as discord.py sends them: JSON, or multipart with `payload_json` and `files[N]`."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

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
    return Body(json=_json(raw, "body")) if raw else Body()


async def _read_multipart(request: web.Request) -> Body:
    """The parts of a ``multipart/form-data`` body, split here rather than by aiohttp's reader:
    that one parses each part's Content-Disposition again at every look at its name (a tenth of an
    end-to-end test's CPU went there). A body that is not well formed is refused, as Discord does."""
    boundary = _BOUNDARY.search(request.headers.get("Content-Type", ""))
    if boundary is None:
        raise _bad("multipart without a boundary")
    # Each delimiter is CRLF "--" boundary; the first may open the body without the CRLF.
    chunks = (b"\r\n" + await request.read()).split(b"\r\n--" + (boundary[1] or boundary[2]).encode())
    if len(chunks) < 2 or not chunks[-1].startswith(b"--"):
        raise _bad("multipart body not closed by its boundary")
    payload: Any = None
    uploads: list[Upload] = []
    for chunk in chunks[1:-1]:
        head, blank, data = chunk.partition(b"\r\n\r\n")
        if not blank or not (head == b"" or head.startswith(b"\r\n")):
            raise _bad("malformed multipart part")
        headers = _part_headers(head[2:])
        if headers.get("content-type", "").lower().startswith("multipart/"):
            raise _bad("nested multipart")
        params = _disposition(headers.get("content-disposition", ""))
        name = params.get("name")
        if name == "payload_json":
            payload = _json(data, "payload_json")
        elif name and (match := _FILE_FIELD.match(name)):
            content_type = headers.get("content-type", "application/octet-stream")
            uploads.append(Upload(int(match.group(1)), params.get("filename", ""), content_type, data))
        else:
            raise _bad(f"unexpected multipart field {name!r}")
    return Body(json=payload, uploads=tuple(uploads))


_BOUNDARY = re.compile(r';\s*boundary=(?:"([^"]+)"|([^;\s]+))', re.IGNORECASE)
# A plain Content-Disposition, as aiohttp's FormData writes it for discord.py: parsed here. Anything
# else (escapes, RFC 5987 names) by aiohttp's own parser, which reads every form.
_PLAIN_DISPOSITION = re.compile(r'form-data((?:;\s*[\w-]+="[^"\\/][^"\\]*")*)\s*', re.IGNORECASE)
_PLAIN_PARAM = re.compile(r';\s*([\w-]+)="([^"]*)"')


def _disposition(header: str) -> dict[str, str]:
    """A form part's parameters (``name``, ``filename``); empty when its disposition is not
    ``form-data``."""
    plain = _PLAIN_DISPOSITION.fullmatch(header)
    if plain is not None:
        return {key.lower(): value for key, value in _PLAIN_PARAM.findall(plain[1])}
    kind, params = parse_content_disposition(header)
    if kind is None or kind.lower() != "form-data":
        return {}
    filename = content_disposition_filename(params, "filename")
    return {"name": params.get("name", "")} | ({} if filename is None else {"filename": filename})


def _part_headers(head: bytes) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in head.decode("utf-8", "replace").split("\r\n") if head else ():
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise _bad("malformed multipart header")
        headers[name.strip().lower()] = value.strip()
    return headers


def _json(raw: bytes, what: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise _bad(f"{what} is not JSON") from exc


def _bad(why: str) -> ApiError:
    return ApiError(400, Code.GENERAL, f"400: Bad Request ({why})")
