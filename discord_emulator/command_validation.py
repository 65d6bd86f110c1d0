"""Application command validation (PUT .../commands), answering like Discord (400, code 50035):
names, descriptions, localizations, option types and limits, and the 8,000-character total.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import FieldErrors
from .validation import Path, _check_len

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
    `integration_types` values, `default_member_permissions` only at the top level, booleans that
    are booleans (`nsfw`, `dm_permission`, an option's `required` and `autocomplete`), localization
    keys and values, and 8,000 characters per command (longest localization of each field).
    A list accepted once is accepted again without the work (each bot start of a test sends the
    same list, a fiftieth of an end-to-end test's CPU went here)."""
    written = json.dumps(commands, sort_keys=True)
    if written in _ACCEPTED:
        return
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
    _ACCEPTED.add(written)


_ACCEPTED: set[str] = set()


def _validate_top_level(cmd: dict[str, Any], errors: FieldErrors, path: Path) -> None:
    perms = cmd.get("default_member_permissions")
    if perms is not None and not (str(perms).isdigit() and not isinstance(perms, bool)):
        errors.add(
            (*path, "default_member_permissions"), "BASE_TYPE_BAD_INT", "Value is not a permission set."
        )
    _booleans(cmd, ("nsfw", "dm_permission"), errors, path)
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


def _booleans(node: dict[str, Any], keys: tuple[str, ...], errors: FieldErrors, path: Path) -> None:
    """Fields that are booleans, or left out: Discord takes neither 0 and 1 nor "true"."""
    for key in keys:
        if node.get(key) is not None and not isinstance(node[key], bool):
            errors.add((*path, key), "BASE_TYPE_BOOLEAN", "Must be either true or false.")


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
    _booleans(option, ("required", "autocomplete"), errors, path)
    kind = option.get("type")
    choices = option.get("choices")
    if choices is not None:
        if kind not in (STRING_OPTION, INTEGER_OPTION, NUMBER_OPTION):
            errors.add(
                (*path, "choices"), "UNKNOWN_FIELD", "Only string, integer and number options have choices."
            )
        _validate_choices(choices, kind, errors, (*path, "choices"))
    if option.get("autocomplete"):
        if kind not in (STRING_OPTION, INTEGER_OPTION, NUMBER_OPTION):
            errors.add(
                (*path, "autocomplete"),
                "UNKNOWN_FIELD",
                "Only string, integer and number options autocomplete.",
            )
        if choices:
            errors.add(
                (*path, "autocomplete"),
                "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
                "Autocomplete can't be enabled on an option with choices.",
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


def _validate_choices(choices: Any, kind: Any, errors: FieldErrors, path: Path) -> None:
    """At most 25 choices, each named in 1-100 characters (and its localizations), with a value of
    the option's type (a string at most 100 characters): an option's choices, or the choices of
    an autocomplete answer."""
    if not isinstance(choices, list):
        errors.add(path, "BASE_TYPE_REQUIRED", "This field is required and must be a list.")
        return
    _check_len(errors, path, choices, 25)
    for k, choice in enumerate(choices):
        cpath = (*path, k)
        name = choice.get("name", "") if isinstance(choice, dict) else ""
        if not isinstance(name, str) or not _good_description(name):
            errors.add((*cpath, "name"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        if not isinstance(choice, dict):
            continue
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
            errors.add((*cpath, "value"), "BASE_TYPE_BAD_TYPE", "The choice's value does not fit the option.")


def validate_autocomplete_result(data: dict[str, Any], kind: int) -> None:
    """The data of an autocomplete answer (callback type 8) for an option of type ``kind``:
    ``choices``, as an option's choices are checked."""
    errors = FieldErrors()
    _validate_choices(data.get("choices"), kind, errors, ("data", "choices"))
    errors.raise_if_any()


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
