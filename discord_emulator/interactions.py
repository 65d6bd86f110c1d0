"""Interactions: building what the bot receives, and enforcing Discord's rules on its answers.

Rules enforced (DISCORD_NOTES.md): the first response within 3 s (else 404/10062), one response
only (else 400/40060), the token usable for followups and `@original` for 15 min (then
401/50027), followups only after the response (else 404/10015), component-only response types
(6, 7), modal rules, and an autocomplete interaction answered only by its choices (type 8: at
most 25, each fitting the focused option). Time is the emulator clock, so tests jump past deadlines.

Longer than 400 lines on purpose: the lifecycle is one state machine (deadline, response, followups,
token expiry) over one record; its rules read best, and are checked against each other, side by side.
"""

from __future__ import annotations

import enum
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bodies import Upload
from .command_validation import validate_autocomplete_result
from .errors import ApiError, Code, EmulatorError, FieldErrors, unknown
from .feed import WAIT_TIMEOUT
from .models import EPHEMERAL, LOADING, Channel, Guild, Message, Permission, User
from .validation import ATTACHMENT_SIZE_LIMIT, validate_message, validate_modal

if TYPE_CHECKING:
    from .activities import Activities, ActivityLaunch
    from .faults import Faults
    from .feed import ChangeFeed
    from .state import EmulatorState

RESPONSE_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0


class InteractionType(enum.IntEnum):
    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class Callback(enum.IntEnum):
    PONG = 1
    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9
    LAUNCH_ACTIVITY = 12


@dataclass
class CallbackRecord:
    """One call to the callback endpoint, accepted or refused."""

    type: int
    data: dict[str, Any] | None
    status: int
    code: int | None
    at: float  # time.perf_counter()


@dataclass(eq=False)
class InteractionRecord:
    """An interaction the test injected; also the test's handle to wait on its outcome."""

    id: int
    token: str
    type: InteractionType
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    source_message: Message | None
    created_at: float  # emulator clock
    dispatched_at: float = 0.0  # time.perf_counter() when sent on the gateway
    seq: int = 0  # change-feed mark when injected
    callbacks: list[CallbackRecord] = field(default_factory=list)
    response_type: Callback | None = None
    invalidated: bool = False
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    launch: ActivityLaunch | None = None  # the Activity a LAUNCH_ACTIVITY answer opened
    expect_unanswered: bool = False  # set by a test whose bot must not answer (else teardown fails)
    _loading_original: bool = False
    _feed: ChangeFeed | None = None

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def round_trip(self) -> float | None:
        """Seconds from dispatch to the first accepted callback."""
        accepted = [c for c in self.callbacks if 200 <= c.status < 300]
        return accepted[0].at - self.dispatched_at if accepted else None

    @property
    def name(self) -> str:
        return self.data.get("name") or self.data.get("custom_id") or ""

    async def wait_acknowledged(self, timeout: float = WAIT_TIMEOUT) -> Callback:
        """Wait for the bot's accepted response; returns its type."""
        assert self._feed is not None
        await self._feed.wait_until(
            lambda: self.acknowledged or self._refused(), timeout=timeout, what=f"a response to {self}"
        )
        if self.response_type is None:
            raise AssertionError(f"the bot's response to {self} was refused: {self.callbacks}")
        return self.response_type

    async def suggestions(self, timeout: float = WAIT_TIMEOUT) -> list[dict[str, Any]]:
        """The choices the bot answered an autocomplete interaction with, once it has."""
        if await self.wait_acknowledged(timeout) is not Callback.AUTOCOMPLETE_RESULT:
            raise AssertionError(f"{self} was not answered with autocomplete choices")
        accepted = [c for c in self.callbacks if 200 <= c.status < 300]
        return list((accepted[-1].data or {}).get("choices", []))

    def focused_option(self) -> dict[str, Any] | None:
        """The option an autocomplete interaction is about (the one being typed into)."""
        options = self.data.get("options") or []
        while options:
            found = next((o for o in options if o.get("focused")), None)
            if found is not None:
                return dict(found)
            options = [o for group in options for o in group.get("options") or []]
        return None

    async def wait_original(self, timeout: float = WAIT_TIMEOUT, *, loaded: bool = True) -> Message:
        """Wait for the response message (after a defer, until its content arrives)."""
        assert self._feed is not None

        def ready() -> Message | None:
            msg = self.original
            if msg is None or (loaded and msg.loading):
                return None
            return msg

        return await self._feed.wait_until(ready, timeout=timeout, what=f"the response message of {self}")

    async def wait_followups(self, count: int = 1, timeout: float = WAIT_TIMEOUT) -> list[Message]:
        assert self._feed is not None
        await self._feed.wait_until(
            lambda: len(self.followups) >= count, timeout=timeout, what=f"{count} followup(s) to {self}"
        )
        return self.followups

    def _refused(self) -> bool:
        return self.invalidated

    def __str__(self) -> str:
        return f"{self.type.name.lower()} {self.name!r} by {self.user.name} (interaction {self.id})"


class Interactions:
    def __init__(
        self, state: EmulatorState, faults: Faults, feed: ChangeFeed, activities: Activities
    ) -> None:
        self.state = state
        self.faults = faults
        self.feed = feed
        self.activities = activities
        self.by_id: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        # Interactions answered by a followup after a "thinking" defer: Discord keeps that working
        # "for backwards compatibility" only, so each one fails the test (edit @original instead).
        self.deprecated_followups: list[InteractionRecord] = []

    # --- creation -----------------------------------------------------------------------------
    def create(
        self,
        type: InteractionType,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        source_message: Message | None = None,
    ) -> InteractionRecord:
        if not self.state.can_see(user, channel):
            raise EmulatorError(f"{user.name} cannot see channel {channel.name or channel.id}")
        record = InteractionRecord(
            id=self.state.ids.next(),
            token=f"emu-{secrets.token_urlsafe(24)}",
            type=type,
            user=user,
            channel=channel,
            guild=self.state.guild_of(channel),
            data=data,
            source_message=source_message,
            created_at=self.state.clock.time(),
            _feed=self.feed,
        )
        self.by_id[record.id] = record
        self.by_token[record.token] = record
        return record

    def payload(self, record: InteractionRecord) -> dict[str, Any]:
        guild, channel, user = record.guild, record.channel, record.user
        channel_data = channel.payload()
        data: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.state.application_id),
            "type": int(record.type),
            "data": record.data,
            "token": record.token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
            "app_permissions": str(self._app_permissions(channel)),
        }
        if guild is not None:
            perms = self.state.permissions_in(user, channel)
            data.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                guild_locale=guild.preferred_locale,
                member=guild.members[user.id].payload(permissions=perms),
                channel=channel_data | {"permissions": str(perms)},
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
            )
        else:
            data.update(
                user=user.payload(),
                channel=channel_data,
                context=1,
                authorizing_integration_owners={"0": "0"},
            )
        if record.source_message is not None:
            data["message"] = record.source_message.payload()
        return data

    def _app_permissions(self, channel: Channel) -> int:
        perms = self.state.permissions_in(self.state.bot, channel)
        if channel.id in self.faults.denied_channels:
            perms &= ~(
                Permission.SEND_MESSAGES | Permission.SEND_MESSAGES_IN_THREADS | Permission.ATTACH_FILES
            )
        return perms

    # --- the callback endpoint ----------------------------------------------------------------
    def callback(
        self, interaction_id: str, token: str, body: dict[str, Any], uploads: Sequence[Upload]
    ) -> tuple[InteractionRecord, dict[str, Any]]:
        """POST /interactions/{id}/{token}/callback: check, apply, and describe the result."""
        record = self.by_token.get(token)
        if record is None or str(record.id) != interaction_id:
            raise unknown("interaction", Code.UNKNOWN_INTERACTION)
        kind = body.get("type")
        data = body.get("data") or {}
        try:
            callback = self._check_callback(record, kind, data)
            self._apply_callback(record, callback, data, uploads)
        except ApiError as exc:
            record.callbacks.append(
                CallbackRecord(kind or 0, data, exc.status, exc.code, time.perf_counter())
            )
            self.feed.changed()
            raise
        record.response_type = callback
        record.callbacks.append(CallbackRecord(int(callback), data, 200, None, time.perf_counter()))
        self.feed.changed()
        return record, self._callback_response(record, callback)

    def _check_callback(self, record: InteractionRecord, kind: Any, data: dict[str, Any]) -> Callback:
        if record.response_type is not None:
            raise ApiError(400, Code.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        if record.invalidated or self.state.clock.time() - record.created_at > RESPONSE_DEADLINE:
            record.invalidated = True
            raise unknown("interaction", Code.UNKNOWN_INTERACTION)
        try:
            callback = Callback(kind)
        except ValueError:
            raise _form_error(("type",), f"Unsupported interaction callback type {kind!r}") from None
        from_message = record.source_message is not None
        allowed = {
            Callback.CHANNEL_MESSAGE,
            Callback.DEFERRED_CHANNEL_MESSAGE,
            Callback.MODAL,
        }
        if from_message:
            allowed |= {Callback.DEFERRED_UPDATE_MESSAGE, Callback.UPDATE_MESSAGE}
        if record.type is InteractionType.MODAL_SUBMIT:
            allowed.discard(Callback.MODAL)
        if callback is Callback.LAUNCH_ACTIVITY and not self.activities.enabled:
            raise ApiError(
                400, Code.GENERAL, "LAUNCH_ACTIVITY is only available for apps with Activities enabled"
            )
        allowed.add(Callback.LAUNCH_ACTIVITY)
        if record.type is InteractionType.AUTOCOMPLETE:
            allowed = {Callback.AUTOCOMPLETE_RESULT}
        if callback not in allowed:
            raise ApiError(
                400, Code.GENERAL, f"Interaction callback type {int(callback)} is not valid for {record}"
            )
        if callback is Callback.AUTOCOMPLETE_RESULT:
            focused = record.focused_option()
            validate_autocomplete_result(data, focused["type"] if focused else 3)
        elif callback is Callback.MODAL:
            validate_modal(data)
        elif callback in (Callback.CHANNEL_MESSAGE, Callback.UPDATE_MESSAGE):
            validate_message(data, prefix=("data",), is_edit=callback is Callback.UPDATE_MESSAGE)
        return callback

    def _apply_callback(
        self, record: InteractionRecord, callback: Callback, data: dict[str, Any], uploads: Sequence[Upload]
    ) -> None:
        state = self.state
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
        visible_to = record.user.id if ephemeral else None
        if callback is Callback.CHANNEL_MESSAGE:
            record.original = state.create_message(
                record.channel,
                state.bot,
                data,
                uploads,
                visible_to=visible_to,
                type=self._message_type(record),
                interaction_metadata=self._metadata(record),
            )
        elif callback is Callback.DEFERRED_CHANNEL_MESSAGE:
            record.original = state.create_message(
                record.channel,
                state.bot,
                {},
                (),
                visible_to=visible_to,
                extra_flags=LOADING,
                type=self._message_type(record),
                interaction_metadata=self._metadata(record),
                allow_empty=True,
            )
            record._loading_original = True
        elif callback is Callback.DEFERRED_UPDATE_MESSAGE:
            record.original = record.source_message
        elif callback is Callback.UPDATE_MESSAGE:
            assert record.source_message is not None
            if record.source_message.deleted:
                raise unknown("Message", Code.UNKNOWN_MESSAGE)
            if not record.source_message.ephemeral:
                state.check_not_archived(record.channel)
            record.original = state.edit_message(record.source_message, data, uploads)
        elif callback is Callback.MODAL:
            record.modal = data
        elif callback is Callback.LAUNCH_ACTIVITY:
            record.launch = self.activities.launch(record.user, record.channel, record.id)

    def _callback_response(self, record: InteractionRecord, callback: Callback) -> dict[str, Any]:
        message = record.original
        interaction: dict[str, Any] = {"id": str(record.id), "type": int(record.type)}
        resource: dict[str, Any] = {"type": int(callback)}
        if message is not None and callback is not Callback.MODAL:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            resource["message"] = message.payload()
        if record.launch is not None:
            interaction["activity_instance_id"] = record.launch.instance_id
            resource["activity_instance"] = {"id": record.launch.instance_id}
        return {"interaction": interaction, "resource": resource}

    # --- webhook (token) endpoints ------------------------------------------------------------
    def by_webhook(self, application_id: str, token: str) -> InteractionRecord:
        if application_id != str(self.state.application_id):
            raise unknown("Webhook", Code.UNKNOWN_WEBHOOK)
        record = self.by_token.get(token)
        if record is None or self.state.clock.time() - record.created_at > TOKEN_LIFETIME:
            raise ApiError(401, Code.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if record.response_type is None:
            raise unknown("Webhook", Code.UNKNOWN_WEBHOOK)
        return record

    def followup(self, record: InteractionRecord, data: dict[str, Any], uploads: Sequence[Upload]) -> Message:
        validate_message(data)
        state = self.state
        if record._loading_original and record.original is not None and not record.original.deleted:
            # The first followup after a "thinking" defer replaces the loading message and keeps
            # the defer's ephemeral setting: documented as deprecated, so it is reported.
            self.deprecated_followups.append(record)
            self.feed.fail(
                f"deprecated: {record} was answered with a followup after a 'thinking' defer; "
                "edit the original response (PATCH .../messages/@original) instead"
            )
            message = record.original
            body = {k: v for k, v in data.items() if k != "flags"}
            state.edit_message(message, body, uploads, finish_loading=True)
            record._loading_original = False
            record.followups.append(message)
            return message
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
        metadata = self._metadata(record)
        if record.original is not None:
            metadata["original_response_message_id"] = str(record.original.id)
        message = state.create_message(
            record.channel,
            state.bot,
            data,
            uploads,
            visible_to=record.user.id if ephemeral else None,
            interaction_metadata=metadata,
        )
        record.followups.append(message)
        return message

    def webhook_message(self, record: InteractionRecord, message_id: str) -> Message:
        if message_id == "@original":
            message = record.original
        else:
            candidates = [m for m in [record.original, *record.followups] if m is not None]
            message = next((m for m in candidates if str(m.id) == message_id), None)
        if message is None or message.deleted:
            raise unknown("Message", Code.UNKNOWN_MESSAGE)
        return message

    def edit_webhook_message(
        self, record: InteractionRecord, message: Message, data: dict[str, Any], uploads: Sequence[Upload]
    ) -> Message:
        validate_message(data, is_edit=True)
        if not message.ephemeral:
            self.state.check_not_archived(self.state.channels[message.channel_id])
        loading = message.loading
        self.state.edit_message(message, data, uploads, finish_loading=loading)
        if loading:
            record._loading_original = False
        return message

    # --- helpers ------------------------------------------------------------------------------
    def _message_type(self, record: InteractionRecord) -> int:
        return 20 if record.type is InteractionType.APPLICATION_COMMAND else 0

    def _metadata(self, record: InteractionRecord) -> dict[str, Any]:
        owners = {"0": str(record.guild.id)} if record.guild else {"1": str(record.user.id)}
        data: dict[str, Any] = {
            "id": str(record.id),
            "type": int(record.type),
            "user": record.user.payload(),
            "authorizing_integration_owners": owners,
        }
        if record.type is InteractionType.APPLICATION_COMMAND:
            data.update(name=record.data.get("name", ""), command_type=1)
        if record.source_message is not None:
            data["interacted_message_id"] = str(record.source_message.id)
        return data


def _form_error(path: tuple[str, ...], message: str) -> ApiError:
    errors = FieldErrors()
    errors.add(path, "BASE_TYPE_CHOICES", message)
    return ApiError(400, Code.INVALID_FORM_BODY, "Invalid Form Body", errors.tree)
