"""The Discord client's side of an Activity, for tests in a real browser (Debian's Chromium,
driven by Playwright): a page that frames the app as Discord does and answers the Embedded App
SDK's postMessage protocol, served by a small aiohttp server (``server``), opened by each person
in their own browser context (``browser``).

The protocol as the SDK's own source defines it (github.com/discord/embedded-app-sdk, release
2.5.0, commit 14264ec), which ``static/client.js`` plays the other side of, with no change to the
SDK:

- ``src/Discord.ts``, the ``DiscordSDK`` constructor: the app's URL carries ``frame_id``,
  ``instance_id`` and ``platform`` (``desktop`` or ``mobile``; it throws without them), and
  optionally ``guild_id``, ``channel_id``, ``location_id``, ``custom_id``, ``referrer_id``.
- ``getRPCServerSource``: the SDK talks to ``window.parent.opener ?? window.parent``, posting to
  the origin of ``document.referrer`` (else ``*``). The page frames the app with
  ``referrerpolicy="origin"`` so that the referrer is Discord's origin, as in Discord.
- ``handshake``: the app's first message is ``[0 (HANDSHAKE), {v: 1, encoding: "json",
  client_id, frame_id, sdk_version}]``. The page checks them (a wrong version, encoding, client or
  frame id is answered ``[2 (CLOSE), {code, message}]`` with ``RPCCloseCodes`` of
  ``src/Constants.ts``), then dispatches READY: ``[1 (FRAME), {cmd: "DISPATCH", evt: "READY",
  nonce: null, data: {v, config: {cdn_host, api_endpoint, environment}, user}}]`` (the READY
  payload of ``EventSchema`` in ``src/schema/events.ts``); ``ready()`` resolves on it.
- ``sendCommand``: each command is ``[1, {cmd, args, nonce}]`` (a fresh uuid); ``handleFrame``
  resolves the pending command with the reply of the same nonce, ``{cmd, evt: null, nonce,
  data}``, or rejects it with ``{cmd, evt: "ERROR", nonce, data: {code, message}}``
  (``ErrorEvent``; codes are ``RPCErrorCodes``). Each reply's ``data`` is checked against the
  command's response schema (``src/schema/responses.ts``, ``src/generated/schemas.ts``):
  AUTHORIZE ``{code}``; AUTHENTICATE ``{access_token, user, scopes, expires, application}``;
  SUBSCRIBE/UNSUBSCRIBE ``{evt}``; CAPTURE_LOG ``null`` (once READY, the SDK forwards the app's
  console through it: ``overrideConsoleLogging``, ``src/utils/console.ts``).
- ``handleMessage`` ignores any message whose origin is not in ``ALLOWED_ORIGINS``: the app's own
  origin, ``https://discord.com`` and Discord's other hosts, ``http://localhost:3333`` and
  ``null``. The test page is legitimately accepted by being at ``https://discord.com``: the
  browser is told so by Playwright, which answers that origin's requests from the test's server
  (``browser.open_activity``); the page itself only listens to its own frame at the app's origin.

The authorization code comes from the emulator (``DiscordEmulator.authorize``) through the test
server, which a test can make hand out a wrong or an expired code (``CodeFault``).
"""

from .browser import BOUND, ActivityWindow, SocketGate, chromium, open_activity
from .server import CodeFault, DiscordClientServer

__all__ = [
    "BOUND",
    "ActivityWindow",
    "CodeFault",
    "DiscordClientServer",
    "SocketGate",
    "chromium",
    "open_activity",
]
