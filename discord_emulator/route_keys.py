"""Route keys: the method and path template of each endpoint, spelled as discord.py's `Route.key`.

Use them to inject faults on a route and to count calls: `faults.rate_limit(CREATE_MESSAGE)`,
`emulator.requests.count(EDIT_MESSAGE)`.
"""

from __future__ import annotations

GET_ME = "GET /users/@me"
GET_USER = "GET /users/{user_id}"
CREATE_DM = "POST /users/@me/channels"
GET_APPLICATION = "GET /oauth2/applications/@me"
GET_APPLICATION_ALT = "GET /applications/@me"
GET_GATEWAY = "GET /gateway"
GET_GATEWAY_BOT = "GET /gateway/bot"
OAUTH2_TOKEN = "POST /oauth2/token"
GET_ACTIVITY_INSTANCE = "GET /applications/{application_id}/activity-instances/{instance_id}"

GET_GLOBAL_COMMANDS = "GET /applications/{application_id}/commands"
SYNC_GLOBAL_COMMANDS = "PUT /applications/{application_id}/commands"
CREATE_GLOBAL_COMMAND = "POST /applications/{application_id}/commands"
DELETE_GLOBAL_COMMAND = "DELETE /applications/{application_id}/commands/{command_id}"
GET_GUILD_COMMANDS = "GET /applications/{application_id}/guilds/{guild_id}/commands"
SYNC_GUILD_COMMANDS = "PUT /applications/{application_id}/guilds/{guild_id}/commands"
CREATE_GUILD_COMMAND = "POST /applications/{application_id}/guilds/{guild_id}/commands"
DELETE_GUILD_COMMAND = "DELETE /applications/{application_id}/guilds/{guild_id}/commands/{command_id}"

INTERACTION_CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
CREATE_FOLLOWUP = "POST /webhooks/{webhook_id}/{webhook_token}"
GET_WEBHOOK_MESSAGE = "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
EDIT_WEBHOOK_MESSAGE = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
DELETE_WEBHOOK_MESSAGE = "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"

GET_CHANNEL = "GET /channels/{channel_id}"
EDIT_CHANNEL = "PATCH /channels/{channel_id}"
GET_MESSAGES = "GET /channels/{channel_id}/messages"
CREATE_MESSAGE = "POST /channels/{channel_id}/messages"
GET_MESSAGE = "GET /channels/{channel_id}/messages/{message_id}"
EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"
DELETE_MESSAGE = "DELETE /channels/{channel_id}/messages/{message_id}"
TYPING = "POST /channels/{channel_id}/typing"
CREATE_THREAD = "POST /channels/{channel_id}/threads"
CREATE_THREAD_FROM_MESSAGE = "POST /channels/{channel_id}/messages/{message_id}/threads"
GET_THREAD_MEMBER = "GET /channels/{channel_id}/thread-members/{user_id}"
ADD_THREAD_MEMBER = "PUT /channels/{channel_id}/thread-members/{user_id}"
REMOVE_THREAD_MEMBER = "DELETE /channels/{channel_id}/thread-members/{user_id}"

GET_GUILD = "GET /guilds/{guild_id}"
GET_GUILD_CHANNELS = "GET /guilds/{guild_id}/channels"
GET_MEMBER = "GET /guilds/{guild_id}/members/{user_id}"
ADD_MEMBER_ROLE = "PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}"
REMOVE_MEMBER_ROLE = "DELETE /guilds/{guild_id}/members/{user_id}/roles/{role_id}"
