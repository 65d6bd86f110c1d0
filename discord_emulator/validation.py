"""Message, component, modal and command validation, answering like Discord (400, code 50035).

Only limits a card-game bot can trip are checked, but those are checked exactly: at most 5 action
rows of at most 5 buttons, a select menu alone in its row with 1..25 options and 0..25 min/max
values, custom_ids of at most 100 characters and unique per message, content of 2,000 characters.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import ApiError, Code, FieldErrors
from .models import IS_COMPONENTS_V2

MAX_CONTENT = 2000
MAX_EMBEDS = 10
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
    if payload.get("allowed_mentions") is not None:
        _validate_allowed_mentions(payload["allowed_mentions"], errors, (*prefix, "allowed_mentions"))
    for i, entry in enumerate(payload.get("attachments") or []):
        _check_len(errors, (*prefix, "attachments", i, "description"), entry.get("description"), 1024)
    components = payload.get("components")
    if components:
        flags = payload.get("flags") or 0
        validate_components(components, errors, (*prefix, "components"), v2=bool(flags & IS_COMPONENTS_V2))
    errors.raise_if_any()


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


# Discord: ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ ; Python's \w lacks the Devanagari and Thai
# vowel signs (combining marks), so their blocks are listed.
_COMMAND_NAME = re.compile(r"^[-_'\w\u0900-\u097f\u0e00-\u0e7f]{1,32}$")
LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no",
        "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN",
        "ja", "zh-TW", "ko",
    }
)  # fmt: skip
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING_OPTION, INTEGER_OPTION, NUMBER_OPTION = 3, 4, 10
OPTION_TYPES = frozenset(range(1, 12))
MAX_COMMAND_CHARACTERS = 8000
CONTEXTS = frozenset({0, 1, 2})  # guild, bot DM, private channel
INTEGRATION_TYPES = frozenset({0, 1})  # guild install, user install


def validate_commands(commands: list[dict[str, Any]]) -> None:
    """Bulk command overwrite, with every documented limit: names (1-32, lowercase), descriptions
    (1-100), at most 25 options and 25 choices, unique option names, required options first,
    choices and min/max only on the types that take them, nesting (subcommand groups hold
    subcommands, subcommands hold plain options, never mixed with plain options), `contexts` and
    `integration_types` values, `default_member_permissions` only at the top level, localization
    keys and values, and 8,000 characters per command (longest localization of each field)."""
    errors = FieldErrors()
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        kind = cmd.get("type", 1)
        name = cmd.get("name", "")
        if (kind, name) in seen:
            errors.add(
                (i, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {name}",
            )
        seen.add((kind, name))
        _validate_top_level(cmd, errors, (i,))
        _validate_command_node(cmd, errors, (i,), chat_input=kind == 1, depth=0)
        if kind == 1 and _command_size(cmd) > MAX_COMMAND_CHARACTERS:
            errors.add(
                (i,),
                "APPLICATION_COMMAND_TOO_LARGE",
                f"Command exceeds maximum size ({MAX_COMMAND_CHARACTERS})",
            )
    errors.raise_if_any()


def _validate_top_level(cmd: dict[str, Any], errors: FieldErrors, path: Path) -> None:
    perms = cmd.get("default_member_permissions")
    if perms is not None and not (str(perms).isdigit() and not isinstance(perms, bool)):
        errors.add(
            (*path, "default_member_permissions"), "BASE_TYPE_BAD_INT", "Value is not a permission set."
        )
    for key, allowed in (("contexts", CONTEXTS), ("integration_types", INTEGRATION_TYPES)):
        values = cmd.get(key)
        if values is None:
            continue
        if not isinstance(values, list) or not values:
            errors.add((*path, key), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            continue
        for j, value in enumerate(values):
            if value not in allowed:
                errors.add((*path, key, j), "BASE_TYPE_CHOICES", f"Value must be one of {sorted(allowed)}.")


def _validate_localizations(
    node: dict[str, Any], key: str, errors: FieldErrors, path: Path, check: Any
) -> None:
    localized = node.get(key)
    if localized is None:
        return
    if not isinstance(localized, dict):
        errors.add((*path, key), "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    for locale, text in localized.items():
        if locale not in LOCALES:
            errors.add(
                (*path, key, locale), "ENUM_TYPE_COERCE", f"Value {locale!r} is not a valid enum value."
            )
        elif not isinstance(text, str) or not check(text):
            errors.add((*path, key, locale), "BASE_TYPE_BAD_LENGTH", f"Invalid localization for {locale}.")


def _good_name(name: str) -> bool:
    return bool(_COMMAND_NAME.match(name)) and name == name.lower()


def _good_description(text: str) -> bool:
    return 1 <= len(text) <= 100


def _validate_command_node(
    node: dict[str, Any], errors: FieldErrors, path: Path, *, chat_input: bool, depth: int
) -> None:
    name = node.get("name", "")
    if chat_input and not _good_name(name):
        errors.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")
    if chat_input:
        description = node.get("description", "")
        if not _good_description(description):
            errors.add((*path, "description"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        _validate_localizations(node, "name_localizations", errors, path, _good_name)
        _validate_localizations(node, "description_localizations", errors, path, _good_description)
    if depth > 0 and "default_member_permissions" in node:
        errors.add(
            (*path, "default_member_permissions"),
            "UNKNOWN_FIELD",
            "default_member_permissions exists only on top-level commands",
        )
    if depth > 0 and ("contexts" in node or "integration_types" in node or "dm_permission" in node):
        errors.add(path, "UNKNOWN_FIELD", "contexts, integration_types and dm_permission are top-level only")
    options = node.get("options") or []
    opath = (*path, "options")
    _check_len(errors, opath, options, 25)
    kinds = [o.get("type") for o in options]
    subs = [k in (SUB_COMMAND, SUB_COMMAND_GROUP) for k in kinds]
    node_type = node.get("type", 1) if depth > 0 else None
    if any(subs) and not all(subs):
        errors.add(
            opath, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands can't be mixed with options."
        )
    if node_type == SUB_COMMAND and any(subs):
        errors.add(opath, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A subcommand can't hold subcommands.")
    if node_type == SUB_COMMAND_GROUP and any(k != SUB_COMMAND for k in kinds):
        errors.add(opath, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A group holds only subcommands.")
    names: set[str] = set()
    optional_seen = False
    for j, option in enumerate(options):
        jpath = (*opath, j)
        kind = option.get("type")
        if kind not in OPTION_TYPES:
            errors.add((*jpath, "type"), "BASE_TYPE_CHOICES", f"Value must be one of {sorted(OPTION_TYPES)}.")
        if option.get("name") in names:
            errors.add(
                (*jpath, "name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique.",
            )
        names.add(option.get("name", ""))
        if kind not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if option.get("required"):
                if optional_seen:
                    errors.add(
                        (*jpath, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
            else:
                optional_seen = True
            _validate_option_limits(option, errors, jpath)
        _validate_command_node(option, errors, jpath, chat_input=chat_input, depth=depth + 1)


def _validate_option_limits(option: dict[str, Any], errors: FieldErrors, path: Path) -> None:
    kind = option.get("type")
    choices = option.get("choices")
    if choices is not None:
        if kind not in (STRING_OPTION, INTEGER_OPTION, NUMBER_OPTION):
            errors.add(
                (*path, "choices"), "UNKNOWN_FIELD", "Only string, integer and number options have choices."
            )
        _check_len(errors, (*path, "choices"), choices, 25)
        for k, choice in enumerate(choices):
            cpath = (*path, "choices", k)
            if not _good_description(choice.get("name", "")):
                errors.add((*cpath, "name"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            _validate_localizations(choice, "name_localizations", errors, cpath, _good_description)
            value = choice.get("value")
            fits = (
                isinstance(value, str) and len(value) <= 100
                if kind == STRING_OPTION
                else isinstance(value, int) and not isinstance(value, bool)
                if kind == INTEGER_OPTION
                else isinstance(value, int | float) and not isinstance(value, bool)
            )
            if not fits:
                errors.add(
                    (*cpath, "value"), "BASE_TYPE_BAD_TYPE", "The choice's value does not fit the option."
                )
    for low, high, kinds in (
        ("min_value", "max_value", (INTEGER_OPTION, NUMBER_OPTION)),
        ("min_length", "max_length", (STRING_OPTION,)),
    ):
        present = [key for key in (low, high) if key in option]
        if present and kind not in kinds:
            errors.add(
                (*path, present[0]), "UNKNOWN_FIELD", f"{present[0]} does not apply to option type {kind}."
            )
            continue
        if low in option and high in option and option[low] > option[high]:
            errors.add((*path, low), "NUMBER_TYPE_MAX", f"{low} must not exceed {high}.")
        if kinds == (STRING_OPTION,):
            if not 0 <= option.get(low, 0) <= 6000:
                errors.add((*path, low), "NUMBER_TYPE_MAX", "min_length must be within 0..6000.")
            if not 1 <= option.get(high, 1) <= 6000:
                errors.add((*path, high), "NUMBER_TYPE_MAX", "max_length must be within 1..6000.")


def _longest(node: dict[str, Any], key: str) -> int:
    """A field's length for the 8,000-character rule: its longest localization counts."""
    text = node.get(key)
    lengths = [len(str(text))] if text is not None else []
    localized = node.get(f"{key}_localizations") or {}
    lengths += [len(v) for v in localized.values() if isinstance(v, str)]
    return max(lengths, default=0)


def _command_size(node: dict[str, Any]) -> int:
    """Name, description and values of a command with all its options and choices."""
    total = _longest(node, "name") + _longest(node, "description")
    for option in node.get("options") or []:
        total += _command_size(option)
    for choice in node.get("choices") or []:
        total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total
