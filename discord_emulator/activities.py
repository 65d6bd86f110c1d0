"""Activities: the application's Embedded App setting, OAuth2 codes and tokens, and launches.

What an Activity's server needs from Discord, with Discord's rules:

- The SDK's `authorize` command gives the Activity an authorization code for the person who opened
  it (`authorize(user)` plays that part). The Activity's server trades it at `POST /oauth2/token`
  (form-encoded `client_id`, `client_secret`, `grant_type=authorization_code`, `code`; the client may
  authenticate with HTTP Basic instead) for a bearer token. A code is good once and for a short
  while; a wrong secret is `401 invalid_client`, a wrong, used or expired code `400 invalid_grant`
  (RFC 6749 §5.2, the error shape Discord's token endpoint answers with).
- `GET /users/@me` with `Authorization: Bearer <token>` answers the person the token was issued
  for, if the token carries the `identify` scope and has not expired; else 401.
- `LAUNCH_ACTIVITY` (callback type 12) answers a command, a component or a modal interaction, and
  only for an application with Activities enabled (the `EMBEDDED` application flag). A launch is
  recorded here (`launches`) with the person and the channel it opened in.
- An Activity runs as an instance in a channel: whoever opens it there joins the instance already
  running (`join`), and leaves it when they close it (`leave`; the last one out ends it). The SDK's
  `instanceId` names it, and `GET /applications/{application.id}/activity-instances/{instance_id}`
  (with the bot's token) answers its `application_id`, `instance_id`, `launch_id`, `location`
  (`id`, `kind` "gc" in a server's channel or "pc" in a DM, `channel_id`, `guild_id` in a server)
  and `users`, the ids of the people connected to it: what an Activity's server checks a page
  against, since the page's own word on where it is cannot be trusted. Discord documents no error
  body for an instance it does not know (or no longer has): the emulator answers 404 as for any
  unknown resource.

The lifetimes are the emulator's: Discord documents an access token's `expires_in` (604800 s in
its examples) but no code lifetime; ten minutes is the common OAuth2 practice (RFC 6749 §4.1.2).
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ApiError

if TYPE_CHECKING:
    from .clock import Clock
    from .feed import ChangeFeed
    from .models import Channel, User

EMBEDDED_FLAG = 1 << 17  # the application flag of an app with Activities enabled
CODE_LIFETIME = 600.0
ACCESS_TOKEN_LIFETIME = 604800


@dataclass
class OAuthError(ApiError):
    """An OAuth2 error reply: `{"error": ..., "error_description": ...}` (RFC 6749 §5.2), not the
    `{"code", "message"}` shape of the rest of the API. `message` holds the OAuth2 error name."""

    description: str = ""

    def body(self) -> dict[str, Any]:
        return {"error": self.message, "error_description": self.description}


def _oauth_error(status: int, error: str, description: str) -> OAuthError:
    return OAuthError(status, 0, error, description=description)


@dataclass
class Grant:
    """An authorization code the SDK's `authorize` command handed to the Activity."""

    code: str
    user: User
    scopes: tuple[str, ...]
    issued_at: float
    used: bool = False


@dataclass
class AccessToken:
    token: str
    user: User
    scopes: tuple[str, ...]
    expires_at: float


@dataclass
class ActivityLaunch:
    """An Activity opened for `user` in `channel`: by a LAUNCH_ACTIVITY answer (`interaction_id`
    set) or by Discord itself for an Entry Point command with the DISCORD_LAUNCH_ACTIVITY handler."""

    instance_id: str
    user: User
    channel: Channel
    interaction_id: int | None
    seq: int = 0


@dataclass
class ActivityInstance:
    """An Activity running in ``channel``, and the people connected to it."""

    instance_id: str
    launch_id: int
    channel: Channel
    users: list[User] = field(default_factory=list)

    def body(self, application_id: int) -> dict[str, Any]:
        """The Get Application Activity Instance answer."""
        guild_id = self.channel.guild_id
        location: dict[str, Any] = {
            "id": f"{'gc' if guild_id else 'pc'}-{guild_id or ''}-{self.channel.id}",
            "kind": "gc" if guild_id else "pc",
            "channel_id": str(self.channel.id),
        }
        if guild_id:
            location["guild_id"] = str(guild_id)
        return {
            "application_id": str(application_id),
            "instance_id": self.instance_id,
            "launch_id": str(self.launch_id),
            "location": location,
            "users": [str(user.id) for user in self.users],
        }


@dataclass
class Activities:
    clock: Clock
    feed: ChangeFeed
    application_id: int
    enabled: bool = False
    client_secret: str = field(default_factory=lambda: f"emu-secret-{secrets.token_urlsafe(16)}")
    launches: list[ActivityLaunch] = field(default_factory=list)
    instances: dict[str, ActivityInstance] = field(default_factory=dict)
    _grants: dict[str, Grant] = field(default_factory=dict)
    _tokens: dict[str, AccessToken] = field(default_factory=dict)

    @property
    def application_flags(self) -> int:
        return EMBEDDED_FLAG if self.enabled else 0

    # --- the SDK's authorize command ----------------------------------------------------------
    def authorize(self, user: User, scopes: Iterable[str] = ("identify",)) -> str:
        """The code the SDK's `authorize` command gives the Activity opened by `user`."""
        code = secrets.token_urlsafe(20)
        self._grants[code] = Grant(code, user, tuple(scopes), self.clock.time())
        return code

    # --- POST /oauth2/token -------------------------------------------------------------------
    def exchange(self, form: dict[str, str], authorization: str) -> dict[str, Any]:
        client_id, secret = _client_credentials(form, authorization)
        if client_id != str(self.application_id) or not secrets.compare_digest(secret, self.client_secret):
            raise _oauth_error(401, "invalid_client", "Invalid client_id or client_secret.")
        grant_type = form.get("grant_type")
        if grant_type != "authorization_code":
            raise _oauth_error(400, "unsupported_grant_type", f'Unsupported grant type "{grant_type}".')
        grant = self._grants.get(form.get("code", ""))
        if grant is None or grant.used or self.clock.time() - grant.issued_at > CODE_LIFETIME:
            raise _oauth_error(400, "invalid_grant", 'Invalid "code" in request.')
        grant.used = True
        token = AccessToken(
            secrets.token_urlsafe(24), grant.user, grant.scopes, self.clock.time() + ACCESS_TOKEN_LIFETIME
        )
        self._tokens[token.token] = token
        self.feed.changed()
        return {
            "access_token": token.token,
            "token_type": "Bearer",
            "expires_in": ACCESS_TOKEN_LIFETIME,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": " ".join(grant.scopes),
        }

    # --- GET /users/@me with a bearer token ---------------------------------------------------
    def user_for_bearer(self, authorization: str) -> User:
        token = self.token(authorization.removeprefix("Bearer "))
        if "identify" not in token.scopes:
            raise ApiError(401, 0, "401: Unauthorized")
        return token.user

    def token(self, access_token: str) -> AccessToken:
        """The access token as Discord holds it (the SDK's `authenticate` answers its user, scopes
        and expiry); 401 if Discord never issued it or it has expired."""
        token = self._tokens.get(access_token)
        if token is None or self.clock.time() > token.expires_at:
            raise ApiError(401, 0, "401: Unauthorized")
        return token

    # --- launches -----------------------------------------------------------------------------
    def launch(self, user: User, channel: Channel, interaction_id: int | None) -> ActivityLaunch:
        launch = ActivityLaunch(self.join(user, channel).instance_id, user, channel, interaction_id)
        self.launches.append(launch)
        launch.seq = self.feed.changed()
        return launch

    # --- instances ----------------------------------------------------------------------------
    def join(self, user: User, channel: Channel) -> ActivityInstance:
        """``user`` opens the Activity in ``channel``: the instance running there, else a new one."""
        instance = next((i for i in self.instances.values() if i.channel.id == channel.id), None)
        if instance is None:
            instance = ActivityInstance(f"i-{secrets.token_hex(8)}", secrets.randbits(62), channel)
            self.instances[instance.instance_id] = instance
        if user not in instance.users:
            instance.users.append(user)
        return instance

    def leave(self, user: User, instance_id: str) -> None:
        """``user`` closes the Activity; the instance ends when nobody is left in it."""
        instance = self.instances.get(instance_id)
        if instance is not None and user in instance.users:
            instance.users.remove(user)
            if not instance.users:
                del self.instances[instance_id]

    def instance(self, instance_id: str) -> ActivityInstance:
        found = self.instances.get(instance_id)
        if found is None:
            raise ApiError(404, 0, "404: Not Found")
        return found


def _client_credentials(form: dict[str, str], authorization: str) -> tuple[str, str]:
    """`client_id`/`client_secret` from HTTP Basic authentication, else from the form."""
    if authorization.startswith("Basic "):
        try:
            decoded = base64.b64decode(authorization.removeprefix("Basic "), validate=True).decode()
        except ValueError:
            raise _oauth_error(401, "invalid_client", "Malformed Basic authorization.") from None
        client_id, _, secret = decoded.partition(":")
        return client_id, secret
    return form.get("client_id", ""), form.get("client_secret", "")
