"""What the presenter must remember about a table's Discord side: which messages are its lobby and
its table message, where the game is played (a thread or the channel), the players' display names,
and who cannot receive DMs. Saved through the table service (``remember``), so it survives a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class TableMessages:
    table_id: int
    lobby_channel: int | None = None
    lobby_message: int | None = None
    play_channel: int | None = None
    table_message: int | None = None
    table_hand: int | None = None  # the hand the table message shows
    names: dict[str, str] = field(default_factory=dict)
    no_dm: set[str] = field(default_factory=set)
    dm_channels: dict[str, int] = field(default_factory=dict)  # person → their DM channel id
    # The move for which each seat's controls were last sent (no duplicate DMs, also after a restart).
    controls_sent: dict[int, int] = field(default_factory=dict)
    restored: bool = False  # loaded from what an earlier run of the bot saved
    history_seen: set[int] = field(default_factory=set)  # seats whose DM history was looked at

    @classmethod
    def from_saved(cls, table_id: int, saved: dict[str, str]) -> TableMessages:
        state = cls(table_id, restored=bool(saved))
        for key, value in saved.items():
            if key.startswith("name:"):
                state.names[key[5:]] = value
            elif key.startswith("nodm:"):
                state.no_dm.add(key[5:])
            elif key.startswith("ctl:") and key[4:].isdigit() and value.isdigit():
                state.controls_sent[int(key[4:])] = int(value)
            elif key.startswith("dm:") and value.isdigit():
                state.dm_channels[key[3:]] = int(value)
            elif key in _INT_FIELDS and value.isdigit():
                setattr(state, key, int(value))
        return state


_INT_FIELDS = frozenset({"lobby_channel", "lobby_message", "play_channel", "table_message", "table_hand"})
