// The table's socket (/api/socket): hello with the person's access token, then views in and moves
// out. A socket the server closes for a restart (1012) or that drops is opened again, after a
// growing pause, and the table is shown as it is then; a refusal at hello is final unless the
// server sends the page away to try again later (1013: Discord or the database could not answer
// now), and a view arriving on the socket shows there was no refusal of the page itself. The server
// is told when the page goes out of view and comes back: while it is in view, the bot holds back
// the person's DMs of this table (the page shows the same), and sends their turn when it is not.
import type { Move, ServerMessage } from "./protocol";

export const UNAUTHORIZED = 4001;
const TRY_AGAIN_LATER = 1013;
const FIRST_PAUSE = 500; // ms before the first attempt to reconnect
const LONGEST_PAUSE = 15000;

export interface Hello {
  access_token: string;
  /** The SDK's instanceId: the server asks Discord where it runs and who is in it. */
  instance: string;
}

export interface SocketEvents {
  message(message: ServerMessage): void;
  /** The socket is gone and will be opened again. */
  lost(): void;
  /** The server refused this page for good (the refusal message came first, if any). */
  closed(code: number): void;
}

export class TableSocket {
  private ws: WebSocket | null = null;
  private pause = FIRST_PAUSE;
  private shown = false; // a view arrived on this socket: the next drop starts the pauses over
  private refused = false;

  constructor(
    private readonly hello: Hello,
    private readonly events: SocketEvents,
  ) {
    document.addEventListener("visibilitychange", () => this.tellVisibility());
  }

  open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/socket`);
    this.ws = ws;
    this.shown = false;
    this.refused = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ op: "hello", ...this.hello }));
      if (document.hidden) this.tellVisibility();
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.op === "view") {
        this.shown = true;
        this.refused = false; // (a refusal before it said the table was busy, not that it is none)
        this.pause = FIRST_PAUSE;
      } else if (message.op === "refused" && !this.shown) {
        this.refused = true; // refused at hello: no table here, or Discord did not vouch for us
      }
      this.events.message(message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (event.code === UNAUTHORIZED || (this.refused && event.code !== TRY_AGAIN_LATER)) {
        this.events.closed(event.code);
        return;
      }
      this.events.lost();
      const wait = this.pause * (0.75 + Math.random() / 2);
      this.pause = Math.min(this.pause * 2, LONGEST_PAUSE);
      window.setTimeout(() => this.open(), wait);
    };
  }

  private tellVisibility(): void {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ op: document.hidden ? "away" : "back" }));
    }
  }

  send(move: Move): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(move));
    return true;
  }
}
