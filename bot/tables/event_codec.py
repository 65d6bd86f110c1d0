"""Table events as JSON and back: how the outbox keeps what an action owes the players.

Generic over the events' own type hints (frozen dataclasses of ints, strings, floats, enums, tuples,
the engine's ``Trick`` and the table's options), so a new event or field needs nothing here. Every
value is written as plain JSON (an enum as its value, the options as ``TableOptions.to_json``) and
read back as the declared type, so ``decode(encode(events)) == events``. The events of one action
carry the same snapshot of the table (the largest part): it is written once, beside them.
"""

from __future__ import annotations

import json
import types
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from bot.tables import events as ev
from bot.tables.options import TableOptions
from bot.tables.snapshot import TableSnapshot

KINDS: dict[str, type[Any]] = {cls.__name__: cls for cls in get_args(ev.TableEvent)}


def encode(events: list[ev.TableEvent]) -> str:
    """A JSON object: ``table``, the snapshot the events carry (or null), and ``events``, each
    event's fields with its type's name as ``kind`` (its ``table`` left out where it is that one)."""
    seen: dict[int, Any] = {}
    shared = next((t for e in events if (t := getattr(e, "table", None)) is not None), None)
    plain = []
    for e in events:
        data = _plain(e, seen)
        if shared is not None and getattr(e, "table", None) is shared:
            data = {k: v for k, v in data.items() if k != "table"}
        plain.append({"kind": type(e).__name__, **data})
    table = None if shared is None else _plain(shared, seen)
    return json.dumps({"table": table, "events": plain}, separators=(",", ":"), allow_nan=False)


def decode(text: str) -> list[ev.TableEvent]:
    """The events ``encode`` wrote; ``ValueError`` (or ``TypeError``/``KeyError``) if the text is
    not that."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise ValueError("not a JSON object of events")
    shared = None if data.get("table") is None else _typed(TableSnapshot, data["table"])
    out: list[ev.TableEvent] = []
    for item in data["events"]:
        kind = KINDS[item.pop("kind")]
        hints = _hints(kind)
        values = {name: _typed(hints[name], value) for name, value in item.items()}
        if "table" in hints and "table" not in values:
            values["table"] = shared
        out.append(kind(**values))
    return out


def _plain(value: Any, seen: dict[int, Any]) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    done = seen.get(id(value))
    if done is not None:
        return done
    if kind is tuple or kind is list:
        out: Any = [v if type(v) in _SCALARS else _plain(v, seen) for v in value]
    elif isinstance(value, Enum):
        return value.value
    elif kind is TableOptions:
        out = _options(value)
    elif kind in _FIELDS or (is_dataclass(value) and not isinstance(value, type)):
        names = _FIELDS.get(kind) or _FIELDS.setdefault(kind, tuple(f.name for f in fields(value)))
        out = {name: v if type(v := getattr(value, name)) in _SCALARS else _plain(v, seen) for name in names}
    elif isinstance(value, tuple):  # a NamedTuple (a Trick)
        out = [_plain(v, seen) for v in value]
    else:
        raise TypeError(f"a {kind.__name__} can't be kept in the outbox")
    seen[id(value)] = out  # (the value outlives the call: its id is not reused meanwhile)
    return out


@lru_cache(maxsize=256)
def _options(options: TableOptions) -> dict[str, Any]:
    """A table's options as JSON (the same for every event of a table; not to be changed)."""
    return options.to_json()


_SCALARS = frozenset({type(None), bool, int, float, str})
_FIELDS: dict[type[Any], tuple[str, ...]] = {}


def _typed(hint: Any, data: Any) -> Any:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        if data is None:
            return None
        if len(options) != 1:
            raise TypeError(f"can't tell which of {hint} a value is")
        return _typed(options[0], data)
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], v) for v in data)
        return tuple(_typed(a, v) for a, v in zip(args, data, strict=True))
    if hint is TableOptions:
        return TableOptions.from_json(data)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(data)
    if isinstance(hint, type) and is_dataclass(hint):
        hints = _hints(hint)
        return hint(**{name: _typed(hints[name], value) for name, value in data.items()})
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):  # a NamedTuple
        hints = _hints(hint)
        return hint(*(_typed(hints[name], v) for name, v in zip(hint._fields, data, strict=True)))
    if hint is float:
        return float(data)
    if hint in (int, str, bool) and isinstance(data, hint):
        return data
    raise TypeError(f"{data!r} is not a {hint}")


def _hints(cls: type[Any]) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = get_type_hints(cls)
    return hints


_HINTS: dict[type[Any], dict[str, Any]] = {}
