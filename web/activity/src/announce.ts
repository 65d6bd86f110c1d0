// What a screen reader is told as the table moves: the cards received in the pass, each card
// played, each trick taken, the reader's turn (an aria-live region; the table itself is read
// when the reader goes to it).
import type { View } from "./protocol";
import type { Words } from "./words";

export function announce(text: string): void {
  const region = document.getElementById("announce")!;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild!.remove();
}

/** What the page says of a table closed without a result (cancelled, or a closed status it does
 * not know), or null: an open table, or a finished game (its final standings say it). */
export function closedText(view: View, words: Words): string | null {
  if (["lobby", "playing", "finished"].includes(view.status)) return null;
  return view.status === "cancelled" ? words.t("lobby.cancelled") : words.t("table.table_closed");
}

function name(view: View, seat: number): string {
  return view.seats.find((s) => s.seat === seat)?.name ?? "";
}

/** The lines that say what happened between two views of a table. */
export function changes(before: View, after: View, words: Words): string[] {
  const lines: string[] = [];
  const seats = after.seats.length;
  const played = (leader: number, cards: number[], skip: number) =>
    cards.slice(skip).forEach((card, i) => {
      const seat = (leader + skip + i) % seats;
      lines.push(words.t("activity.played", { name: name(after, seat), card: words.card(card) }));
    });
  const last = after.last_trick;
  const taken = last !== null && JSON.stringify(last) !== JSON.stringify(before.last_trick);
  const sameTrick = (leader: number | null) => before.leader === leader && before.hand_number === after.hand_number;
  if (taken) {
    played(last.leader, last.cards, sameTrick(last.leader) ? before.trick.length : 0);
    lines.push(words.t("activity.took", { name: name(after, last.winner) }));
  }
  if (after.leader !== null && after.trick.length) {
    played(after.leader, after.trick, !taken && sameTrick(after.leader) ? before.trick.length : 0);
  }
  const received = after.hand?.received ?? [];
  if (before.phase === "passing" && after.phase === "playing" && received.length) {
    const names = received.map((card) => words.card(card)).join(words.t("card.separator"));
    lines.push(words.t("hand.received", { cards: names }));
  }
  const closed = closedText(after, words);
  if (closed !== null && before.status !== after.status) lines.push(closed);
  const mine = (v: View) => v.you !== null && v.waiting.includes(v.you) && v.status === "playing";
  if (mine(after) && (!mine(before) || before.move !== after.move) && after.phase === "playing") {
    lines.push(words.t("activity.your_turn"));
  }
  return lines;
}
