// The Discord client's side of the Embedded App SDK's postMessage protocol, for the browser tests
// (playtest/activity_client/__init__.py says which SDK sources it follows). It frames the app with
// the query parameters Discord adds, answers the handshake with READY and each command the app
// sends, and records what happened in `window.discordClient` for the tests to read.
"use strict";

const HANDSHAKE = 0, FRAME = 1, CLOSE = 2;
const INVALID_COMMAND = 4002, INVALID_CLIENTID = 4007, INVALID_TOKEN = 4009;
const CLOSE_INVALID_CLIENTID = 4000, CLOSE_INVALID_VERSION = 4004, CLOSE_INVALID_ENCODING = 4005;

const params = new URLSearchParams(location.search);
const app = new URL(params.get("app"));
const clientId = params.get("client_id");
const userId = params.get("user_id");
const frameId = crypto.randomUUID();

const state = (window.discordClient = {
  frameId,
  ready: false,
  commands: [],  // the command names the app sent, in order
  unknown: [],  // commands this client does not answer (the app should not need them)
  logs: [],  // CAPTURE_LOG lines (the SDK forwards the app's console once READY)
  closed: null,  // the CLOSE this client sent the app, if it refused the handshake
});

const frame = document.createElement("iframe");
frame.id = "activity";
frame.title = "Activity";
frame.referrerPolicy = "origin";  // the SDK answers the referrer's origin, as in Discord

function post(message) {
  frame.contentWindow.postMessage(message, app.origin);
}

function reply(command, data) {
  post([FRAME, { cmd: command.cmd, evt: null, nonce: command.nonce, data }]);
}

function fail(command, code, message) {
  post([FRAME, { cmd: command.cmd, evt: "ERROR", nonce: command.nonce, data: { code, message } }]);
}

async function ask(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, body: await response.json() };
}

function handshake(payload) {
  let close = null;
  if (payload.v !== 1) close = { code: CLOSE_INVALID_VERSION, message: "Invalid version" };
  else if (payload.encoding !== undefined && payload.encoding !== "json") close = { code: CLOSE_INVALID_ENCODING, message: "Invalid encoding" };
  else if (payload.client_id !== clientId) close = { code: CLOSE_INVALID_CLIENTID, message: "Invalid client ID" };
  else if (payload.frame_id !== frameId) close = { code: CLOSE_INVALID_CLIENTID, message: "Invalid frame ID" };
  if (close !== null) {
    state.closed = close;
    post([CLOSE, close]);
    return;
  }
  post([FRAME, {
    cmd: "DISPATCH",
    evt: "READY",
    nonce: null,
    data: {
      v: 1,
      config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
      user: { id: userId, username: params.get("username"), discriminator: "0" },
    },
  }]);
  state.ready = true;
}

async function command(message) {
  state.commands.push(message.cmd);
  const args = message.args || {};
  switch (message.cmd) {
    case "AUTHORIZE": {
      if (args.client_id !== clientId) return fail(message, INVALID_CLIENTID, "Invalid client ID");
      const answer = await ask("/test/authorize", { user_id: userId, client_id: args.client_id, scope: args.scope, response_type: args.response_type });
      return answer.ok ? reply(message, { code: answer.body.code }) : fail(message, answer.body.code, answer.body.message);
    }
    case "AUTHENTICATE": {
      const answer = await ask("/test/authenticate", { user_id: userId, access_token: args.access_token });
      return answer.ok ? reply(message, answer.body) : fail(message, INVALID_TOKEN, answer.body.message);
    }
    case "SUBSCRIBE":
    case "UNSUBSCRIBE":
      return reply(message, { evt: message.evt });
    case "CAPTURE_LOG":
      state.logs.push(`${args.level}: ${args.message}`);
      return reply(message, null);
    case "USER_SETTINGS_GET_LOCALE":
      return reply(message, { locale: params.get("locale") });
    case "ENCOURAGE_HW_ACCELERATION":
      return reply(message, { enabled: true });
    case "SET_CONFIG":
      return reply(message, { use_interactive_pip: Boolean(args.use_interactive_pip) });
    case "GET_PLATFORM_BEHAVIORS":
      return reply(message, {});
    case "SET_ORIENTATION_LOCK_STATE":
      return reply(message, null);
    default:
      state.unknown.push(message.cmd);
      return fail(message, INVALID_COMMAND, `Unknown command ${message.cmd}`);
  }
}

window.addEventListener("message", (event) => {
  // Discord's side listens only to its own frame of the app, at the app's origin.
  if (event.source !== frame.contentWindow || event.origin !== app.origin) return;
  if (!Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === HANDSHAKE) handshake(payload);
  else if (opcode === FRAME && state.ready) command(payload);
  else if (opcode === CLOSE) state.closed = payload;
});

const query = new URLSearchParams({
  frame_id: frameId,
  instance_id: params.get("instance_id"),
  platform: "desktop",
  guild_id: params.get("guild_id"),
  channel_id: params.get("channel_id"),
  location_id: `gc-${params.get("guild_id")}-${params.get("channel_id")}`,
});
frame.src = `${app.origin}${app.pathname}?${query}`;
document.body.append(frame);
