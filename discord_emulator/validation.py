"""Message, component and modal validation, answering like Discord (400, code 50035).

Application commands are checked in `command_validation.py`.

Only limits a card-game bot can trip are checked, but those are checked exactly: at most 5 action
rows of at most 5 buttons, a select menu alone in its row with 1..25 options and 0..25 min/max
values, custom_ids of at most 100 characters and unique per message, content of 2,000 characters,
and Discord's embed limits: title 256, description 4,096, 25 fields of a required name (256) and
value (1,024), footer text 2,048, author name 256, and 6,000 characters across a message's embeds.
"""

from __future__ import annotations

from typing import Any

from .errors import ApiError, Code, FieldErrors
from .models import IS_COMPONENTS_V2

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER_TEXT = 2048
MAX_AUTHOR_NAME = 256
MAX_EMBEDS_TOTAL = 6000  # title, description, field names and values, footer text, author name
MAX_FILES = 10
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_MODAL_TITLE = 45
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # per file, as the interaction's attachment_size_limit says
MAX_REQUEST_SIZE = 25 * 1024 * 1024

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
ACTION_ROW, LABEL = 1, 18
SELECTS = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6
V2_LAYOUT = {
    9,
    10,
    11,
    12,
    13,
    14,
    17,
}  # section, text display, thumbnail, gallery, file, separator, container

Path = tuple[str | int, ...]


def _too_long(errors: FieldErrors, path: Path, limit: int) -> None:
    errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _check_len(errors: FieldErrors, path: Path, value: Any, limit: int) -> None:
    if isinstance(value, str | list) and len(value) > limit:
        _too_long(errors, path, limit)


def validate_message(payload: dict[str, Any], *, prefix: Path = (), is_edit: bool = False) -> None:
    """Check a message body (create or edit, channel or interaction); raise ApiError on failure."""
    errors = FieldErrors()
    _check_len(errors, (*prefix, "content"), payload.get("content"), MAX_CONTENT)
    _check_len(errors, (*prefix, "embeds"), payload.get("embeds"), MAX_EMBEDS)
    if isinstance(payload.get("embeds"), list):
        _validate_embeds(payload["embeds"], errors, (*prefix, "embeds"))
    if payload.get("allowed_mentions") is not None:
        _validate_allowed_mentions(payload["allowed_mentions"], errors, (*prefix, "allowed_mentions"))
    for i, entry in enumerate(payload.get("attachments") or []):
        _check_len(errors, (*prefix, "attachments", i, "description"), entry.get("description"), 1024)
    components = payload.get("components")
    if components:
        flags = payload.get("flags") or 0
        validate_components(components, errors, (*prefix, "components"), v2=bool(flags & IS_COMPONENTS_V2))
    errors.raise_if_any()


def _required(errors: FieldErrors, path: Path) -> None:
    errors.add(path, "BASE_TYPE_REQUIRED", "This field is required")


def _validate_embeds(embeds: list[Any], errors: FieldErrors, path: Path) -> None:
    """Discord's embed limits (resources/message#embed-object-embed-limits), per embed and together."""
    total = 0
    for i, embed in enumerate(embeds):
        epath = (*path, i)
        if not isinstance(embed, dict):
            errors.add(epath, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        texts: list[tuple[Path, Any, int]] = [
            ((*epath, "title"), embed.get("title"), MAX_EMBED_TITLE),
            ((*epath, "description"), embed.get("description"), MAX_EMBED_DESCRIPTION),
        ]
        fields = embed.get("fields") or []
        _check_len(errors, (*epath, "fields"), fields, MAX_EMBED_FIELDS)
        for j, field in enumerate(fields if isinstance(fields, list) else []):
            fpath = (*epath, "fields", j)
            if not isinstance(field, dict):
                errors.add(fpath, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
                continue
            for key, limit in (("name", MAX_FIELD_NAME), ("value", MAX_FIELD_VALUE)):
                if not field.get(key):
                    _required(errors, (*fpath, key))
                texts.append(((*fpath, key), field.get(key), limit))
        for key, inner, limit in (("footer", "text", MAX_FOOTER_TEXT), ("author", "name", MAX_AUTHOR_NAME)):
            part = embed.get(key)
            if part is None:
                continue
            if not isinstance(part, dict):
                errors.add(
                    (*epath, key), "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType"
                )
                continue
            if not part.get(inner):
                _required(errors, (*epath, key, inner))
            texts.append(((*epath, key, inner), part.get(inner), limit))
        for tpath, text, limit in texts:
            _check_len(errors, tpath, text, limit)
            if isinstance(text, str):
                total += len(text)
    if total > MAX_EMBEDS_TOTAL:
        errors.add(path, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {MAX_EMBEDS_TOTAL}")


MENTION_KINDS = ("users", "roles", "everyone")
MAX_MENTION_IDS = 100


def _validate_allowed_mentions(mentions: Any, errors: FieldErrors, path: Path) -> None:
    """`parse` holds only users/roles/everyone; `users` (`roles`) must be empty when `parse` holds
    "users" ("roles"): Discord refuses the combination; at most 100 ids each."""
    if not isinstance(mentions, dict):
        errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        return
    parse = mentions.get("parse") or []
    for i, kind in enumerate(parse):
        if kind not in MENTION_KINDS:
            errors.add((*path, "parse", i), "BASE_TYPE_CHOICES", f"Value must be one of {MENTION_KINDS}.")
    for kind in ("users", "roles"):
        ids = mentions.get(kind) or []
        _check_len(errors, (*path, kind), ids, MAX_MENTION_IDS)
        if ids and kind in parse:
            errors.add(
                (*path, kind),
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.',
            )


def check_not_empty(
    *, content: str, embeds: list[Any], components: list[Any], attachments: list[Any]
) -> None:
    if not (content or embeds or components or attachments):
        raise ApiError(400, Code.EMPTY_MESSAGE, "Cannot send an empty message")


def check_files(sizes: list[int]) -> None:
    if len(sizes) > MAX_FILES:
        errors = FieldErrors()
        _too_long(errors, ("files",), MAX_FILES)
        errors.raise_if_any()
    if any(size > ATTACHMENT_SIZE_LIMIT for size in sizes) or sum(sizes) > MAX_REQUEST_SIZE:
        raise ApiError(413, Code.REQUEST_TOO_LARGE, "Request entity too large")


def validate_components(
    components: list[dict[str, Any]], errors: FieldErrors, path: Path, *, v2: bool
) -> None:
    custom_ids: dict[str, Path] = {}
    if v2:
        if _count(components) > MAX_V2_COMPONENTS:
            _too_long(errors, path, MAX_V2_COMPONENTS)
        for i, comp in enumerate(components):
            _validate_v2(comp, errors, (*path, i), custom_ids)
        return
    if len(components) > MAX_ROWS:
        _too_long(errors, path, MAX_ROWS)
    for i, row in enumerate(components):
        if row.get("type") != ACTION_ROW:
            errors.add((*path, i, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).')
            continue
        _validate_row(row, errors, (*path, i), custom_ids)


def _count(components: list[dict[str, Any]]) -> int:
    total = 0
    for comp in components:
        total += 1 + _count(comp.get("components", []))
        if isinstance(comp.get("accessory"), dict):
            total += 1
    return total


def _validate_v2(comp: dict[str, Any], errors: FieldErrors, path: Path, ids: dict[str, Path]) -> None:
    kind = comp.get("type")
    if kind == ACTION_ROW:
        _validate_row(comp, errors, path, ids)
    elif kind in V2_LAYOUT:
        for i, child in enumerate(comp.get("components", [])):
            _validate_v2(child, errors, (*path, "components", i), ids)
        if isinstance(comp.get("accessory"), dict):
            _validate_item(comp["accessory"], errors, (*path, "accessory"), ids)
    else:
        errors.add((*path, "type"), "UNION_TYPE_CHOICES", f"Component type {kind} is not allowed here.")


def _validate_row(row: dict[str, Any], errors: FieldErrors, path: Path, ids: dict[str, Path]) -> None:
    children = row.get("components") or []
    cpath = (*path, "components")
    if not children:
        errors.add(cpath, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        return
    kinds = {c.get("type") for c in children}
    if kinds & SELECTS and len(children) > 1:
        errors.add(
            cpath, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width"
        )
    elif len(children) > MAX_ROW_BUTTONS:
        _too_long(errors, cpath, MAX_ROW_BUTTONS)
    for i, child in enumerate(children):
        _validate_item(child, errors, (*cpath, i), ids)


def _validate_item(comp: dict[str, Any], errors: FieldErrors, path: Path, ids: dict[str, Path]) -> None:
    kind = comp.get("type")
    custom_id = comp.get("custom_id")
    if custom_id is not None:
        _check_len(errors, (*path, "custom_id"), custom_id, MAX_CUSTOM_ID)
        if custom_id in ids:
            errors.add(
                (*path, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        ids[custom_id] = path
    if kind == BUTTON:
        _validate_button(comp, errors, path)
    elif kind in SELECTS:
        _validate_select(comp, errors, path)
    elif kind == 11:  # thumbnail (a section accessory)
        return
    else:
        errors.add((*path, "type"), "UNION_TYPE_CHOICES", f"Component type {kind} is not allowed here.")


def _validate_button(comp: dict[str, Any], errors: FieldErrors, path: Path) -> None:
    style = comp.get("style")
    _check_len(errors, (*path, "label"), comp.get("label"), MAX_BUTTON_LABEL)
    if style == LINK_STYLE:
        if not comp.get("url") or "custom_id" in comp:
            errors.add(path, "BUTTON_COMPONENT_INVALID_URL", "A link button needs a url and no custom_id.")
    elif style == PREMIUM_STYLE:
        if not comp.get("sku_id"):
            errors.add((*path, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required")
    elif style in (1, 2, 3, 4):
        if not comp.get("custom_id"):
            errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    else:
        errors.add(
            (*path, "style"), "BASE_TYPE_CHOICES", f"Value must be one of {{1, 2, 3, 4, 5, 6}}, not {style}."
        )
    if style != PREMIUM_STYLE and not comp.get("label") and not comp.get("emoji"):
        errors.add(path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji.")


def _validate_select(comp: dict[str, Any], errors: FieldErrors, path: Path) -> None:
    if not comp.get("custom_id"):
        errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    _check_len(errors, (*path, "placeholder"), comp.get("placeholder"), 150)
    min_values = comp.get("min_values", 1)
    max_values = comp.get("max_values", 1)
    if not 0 <= min_values <= MAX_SELECT_OPTIONS:
        errors.add(
            (*path, "min_values"), "NUMBER_TYPE_MAX", f"int value should be <= {MAX_SELECT_OPTIONS} and >= 0."
        )
    if not 1 <= max_values <= MAX_SELECT_OPTIONS:
        errors.add(
            (*path, "max_values"), "NUMBER_TYPE_MAX", f"int value should be <= {MAX_SELECT_OPTIONS} and >= 1."
        )
    if min_values > max_values:
        errors.add(
            (*path, "min_values"), "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE", "min_values exceeds max_values."
        )
    if comp.get("type") != STRING_SELECT:
        return
    options = comp.get("options") or []
    opath = (*path, "options")
    if not options:
        errors.add(opath, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    _check_len(errors, opath, options, MAX_SELECT_OPTIONS)
    if max_values > len(options) and options:
        errors.add(
            (*path, "max_values"), "SELECT_COMPONENT_TOO_MANY_VALUES", "max_values exceeds the option count."
        )
    values: set[str] = set()
    for i, option in enumerate(options):
        for key in ("label", "value", "description"):
            _check_len(errors, (*opath, i, key), option.get(key), 100)
        if not option.get("label"):
            errors.add((*opath, i, "label"), "BASE_TYPE_REQUIRED", "This field is required")
        if option.get("value") in values:
            errors.add(
                (*opath, i, "value"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Option values must be unique.",
            )
        values.add(option.get("value", ""))


def validate_modal(data: dict[str, Any]) -> None:
    """A modal (callback type 9): title ≤ 45, custom_id ≤ 100, 1..5 rows of text inputs or labels."""
    errors = FieldErrors()
    path: Path = ("data",)
    _check_len(errors, (*path, "title"), data.get("title"), MAX_MODAL_TITLE)
    if not data.get("title"):
        errors.add((*path, "title"), "BASE_TYPE_REQUIRED", "This field is required")
    if not data.get("custom_id"):
        errors.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    _check_len(errors, (*path, "custom_id"), data.get("custom_id"), MAX_CUSTOM_ID)
    components = data.get("components") or []
    cpath = (*path, "components")
    if not components:
        errors.add(cpath, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    _check_len(errors, cpath, components, MAX_ROWS)
    for i, row in enumerate(components):
        inner = [row.get("component")] if row.get("type") == LABEL else row.get("components") or []
        for j, comp in enumerate(inner):
            if not isinstance(comp, dict):
                continue
            ipath = (*cpath, i, "components", j)
            _check_len(errors, (*ipath, "custom_id"), comp.get("custom_id"), MAX_CUSTOM_ID)
            if comp.get("type") == TEXT_INPUT:
                _check_len(errors, (*ipath, "label"), comp.get("label"), MAX_MODAL_TITLE)
                _check_len(errors, (*ipath, "value"), comp.get("value"), 4000)
    errors.raise_if_any()
