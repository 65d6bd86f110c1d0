// The Activity's page: Discord's Embedded App SDK says who is reading (authorize → the bot's
// /api/token → authenticate), then the table's socket shows the table live and carries the moves.
import "./style.css";
import { DiscordSDK } from "@discord/embedded-app-sdk";
import type { WordsMessage } from "./protocol";
import { TableSocket, UNAUTHORIZED } from "./socket";
import { TablePage } from "./table";
import { Words } from "./words";

type State = "connecting" | "playing" | "refused" | "reconnecting";

const words = new Words();
let socket: TableSocket | null = null;
const page = new TablePage(words, (move) => socket?.send(move) ?? false);

function setState(state: State): void {
  document.body.dataset.state = state;
}

function refuse(text: string): void {
  setState("refused");
  page.notice(text);
}

async function start(): Promise<void> {
  setState("connecting");
  const config = (await (await fetch("/api/config")).json()) as { client_id: string; words: WordsMessage };
  words.load(config.words);
  page.notice(words.t("activity.connecting"));
  const sdk = new DiscordSDK(config.client_id, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const response = await fetch("/api/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) {
    refuse(words.t("activity.unauthorized"));
    return;
  }
  const { access_token } = (await response.json()) as { access_token: string };
  await sdk.commands.authenticate({ access_token });
  socket = new TableSocket(
    { access_token, instance: sdk.instanceId },
    {
      message(message) {
        if (message.op === "words") {
          words.load(message);
          if (page.view) page.show(page.view);
        } else if (message.op === "view") {
          setState("playing");
          page.show(message);
        } else if (message.op === "refused") {
          page.notice(message.reason ?? words.t("activity.unauthorized"));
          page.refused();
        }
      },
      lost() {
        setState("reconnecting");
        page.notice(words.t("activity.reconnecting"));
      },
      closed(code) {
        setState("refused");
        if (code === UNAUTHORIZED) page.notice(words.t("activity.unauthorized"));
      },
    },
  );
  socket.open();
}

start().catch(() => refuse(words.t("activity.unauthorized")));
