// The hand's end as the score sheet image shows it: each seat's points this hand and its total,
// the leaders (lowest total) marked; at the game's end, the final standings.
import type { View } from "./protocol";
import type { Words } from "./words";

function cell(tag: "td" | "th", text: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

/** The line under the points of a hand someone took everything in, or null. */
function featLine(view: View, hand: number, words: Words): string | null {
  const feat = view.feat;
  const seat = feat && feat.hand === hand ? view.seats.find((s) => s.seat === feat.seat) : undefined;
  if (!feat || !seat) return null;
  const lines: Record<string, () => string> = {
    moon: () => words.t("announce.moon", { name: seat.name }),
    slam: () => words.t("announce.slam", { name: seat.name }),
    all_tricks: () => words.t("announce.all_tricks", { name: seat.name }),
  };
  return lines[feat.outcome]?.() ?? null;
}

function signed(words: Words, points: number): string {
  return points > 0 ? `+${words.number(points)}` : words.number(points);
}

/** Shows the result of the hand that ended between ``before`` and ``after``, if one did. */
export function showResult(before: View, after: View, words: Words): void {
  const box = document.getElementById("result")!;
  const over = after.status === "finished" && before.status !== "finished";
  const next = after.table === before.table && (after.hand_number ?? 0) > (before.hand_number ?? 0);
  if (!over && !next) {
    if (after.phase === "playing" && after.trick.length > 0 && !box.dataset.final) box.hidden = true;
    return;
  }
  const title = over
    ? words.t("image.final_standings")
    : words.t("image.hand_number", { hand: before.hand_number ?? 0 });
  const best = Math.min(...after.seats.map((s) => s.total));
  const heading = document.createElement("h2");
  heading.id = "result-title";
  heading.textContent = title;
  const table = document.createElement("table");
  const head = document.createElement("tr");
  head.append(cell("th", ""), cell("th", words.t("image.points")), cell("th", words.t("image.total")));
  table.append(head);
  const seats = over ? [...after.seats].sort((a, b) => a.total - b.total) : after.seats;
  for (const seat of seats) {
    const was = before.seats.find((s) => s.seat === seat.seat)?.total ?? 0;
    const row = document.createElement("tr");
    row.classList.toggle("leader", seat.total === best);
    row.classList.toggle("you", seat.seat === after.you);
    row.append(cell("th", seat.name), cell("td", signed(words, seat.total - was)), cell("td", words.number(seat.total)));
    table.append(row);
  }
  const feat = featLine(after, before.hand_number ?? 0, words);
  const note = document.createElement("p");
  note.id = "result-feat";
  note.dataset.testid = "result-feat";
  note.textContent = feat ?? "";
  note.hidden = feat === null;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = words.t("activity.close");
  close.addEventListener("click", () => (box.hidden = true));
  box.setAttribute("aria-labelledby", "result-title");
  box.dataset.final = over ? "true" : "";
  box.replaceChildren(heading, table, note, close);
  box.hidden = false;
}
