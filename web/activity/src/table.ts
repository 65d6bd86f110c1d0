// The table as the page shows it: the seats around the felt (the reader at the bottom), the trick
// in the middle, the last trick, whose turn with its countdown, the reader's hand and the hand's
// end. Each view from the server replaces what is shown; only the choice of cards to pass and the
// animations live here between views.
import { announce, changes, closedText } from "./announce";
import { cardFace, faceSrc, flyFrom, flyTo, setFace } from "./cards";
import type { Move, Trick, View } from "./protocol";
import { showResult } from "./result";
import type { Words } from "./words";

const $ = (id: string): HTMLElement => document.getElementById(id)!;

/** Where seat ``relative`` places sit (0 = the reader, at the bottom; clockwise as play goes). */
function angle(relative: number, seats: number): number {
  return Math.PI / 2 + (relative * 2 * Math.PI) / seats;
}

function countdown(seconds: number): string {
  const left = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

export class TablePage {
  view: View | null = null;
  private chosen = new Set<number>(); // cards picked to pass, until the pass is sent
  private pending = false; // a move was sent and its answer has not come
  private seatEls: HTMLElement[] = [];
  private hand: HTMLElement | null = null;
  private dragged = false;
  private focusLost = false; // the focused card left the hand and no card was there to take it

  constructor(
    private readonly words: Words,
    private readonly send: (move: Move) => boolean,
  ) {
    window.setInterval(() => this.tick(), 250);
  }

  /** A refusal (or an error) in the reader's language. */
  notice(text: string): void {
    $("notice").textContent = text;
  }

  refused(): void {
    this.pending = false;
    if (this.view) this.renderHand(this.view);
  }

  show(received: View): void {
    const before = this.view;
    // A closed table (finished, cancelled) has no hands, so its views name no reader's seat: the
    // reader keeps theirs.
    const open = received.status === "lobby" || received.status === "playing";
    const kept = !open && before?.table === received.table ? before.you : null;
    const view = { ...received, you: received.you ?? kept };
    if (before && (before.table !== view.table || before.hand_number !== view.hand_number)) this.chosen.clear();
    this.view = view;
    this.pending = false;
    document.body.dataset.move = String(view.move);
    if (before?.move !== view.move) this.notice("");
    this.renderSeats(view);
    this.renderTrick(view, before);
    this.renderLastTrick(view);
    this.renderHand(view);
    this.renderActions(view);
    $("broken").hidden = !view.hearts_broken;
    $("broken").textContent = this.words.t("image.hearts_broken");
    this.tick();
    if (before) {
      for (const line of changes(before, view, this.words)) announce(line);
      showResult(before, view, this.words);
    }
  }

  /** Where ``card``'s face is: in the reader's deck, marked if it is the table's bonus card. */
  private src(card: number): string {
    return faceSrc(card, this.words.deck, this.view?.bonus_card ?? null);
  }

  private bottom(view: View): number {
    return view.you ?? 0;
  }

  private angleOf(view: View, seat: number): number {
    return angle((seat - this.bottom(view) + view.seats.length) % view.seats.length, view.seats.length);
  }

  private place(view: View, seat: number, radius: [number, number]): [number, number] {
    const a = this.angleOf(view, seat);
    return [50 + radius[0] * Math.cos(a), 50 + radius[1] * Math.sin(a)];
  }

  private renderSeats(view: View): void {
    const felt = $("felt");
    while (this.seatEls.length > view.seats.length) this.seatEls.pop()!.remove();
    while (this.seatEls.length < view.seats.length) {
      const el = document.createElement("section");
      el.className = "seat";
      el.innerHTML = '<span class="name"></span><span class="score"><span class="total"></span><span class="points"></span></span>';
      felt.append(el);
      this.seatEls.push(el);
    }
    // The card points taken in the hand being played: once the game is over its last hand is
    // scored (a moon's shooter took 26 and scored 0), and the final panel shows that score.
    const over = view.status === "finished";
    view.seats.forEach((seat, i) => {
      const el = this.seatEls[i];
      const [x, y] = this.place(view, seat.seat, [40, 41]); // style.css keeps the trick clear of these
      el.dataset.testid = `seat-${seat.seat}`;
      el.style.left = `clamp(var(--seat-half), ${x}%, calc(100% - var(--seat-half)))`; // whole on a phone
      el.style.top = `${y}%`;
      const turn = view.waiting.includes(seat.seat);
      el.dataset.turn = String(turn);
      el.classList.toggle("you", seat.seat === view.you);
      el.querySelector(".name")!.textContent = seat.name;
      el.querySelector(".total")!.textContent = this.words.number(seat.total);
      el.querySelector(".points")!.textContent = seat.points && !over ? `+${this.words.number(seat.points)}` : "";
      const total = `${this.words.t("image.total")} ${this.words.number(seat.total)}`;
      const points = `${this.words.t("image.points")} ${this.words.number(seat.points)}`;
      el.setAttribute("aria-label", over ? `${seat.name}: ${total}` : `${seat.name}: ${total}, ${points}`);
    });
  }

  /** Where ``seat``'s card of the trick lies: toward the seat, ``--trick-x``/``--trick-y`` of the
   * felt from its middle (style.css: nearer the middle on a phone, clear of the side seats). */
  private trickPlace(view: View, seat: number): [string, string] {
    const a = this.angleOf(view, seat);
    const [cos, sin] = [Math.cos(a).toFixed(4), Math.sin(a).toFixed(4)];
    return [`calc(50% + ${cos} * var(--trick-x))`, `calc(50% + ${sin} * var(--trick-y))`];
  }

  private renderTrick(view: View, before: View | null): void {
    const trick = $("trick");
    const cards = view.trick.map((card, i) => ({ card, seat: (view.leader! + i) % view.seats.length }));
    const keep = new Set(cards.map((c) => c.card));
    for (const el of Array.from(trick.children) as HTMLElement[]) {
      if (!keep.has(Number(el.dataset.card))) el.remove();
    }
    const played = new Set(before?.trick ?? []);
    for (const { card, seat } of cards) {
      let el = trick.querySelector<HTMLElement>(`[data-card="${card}"]`);
      if (el) setFace(el, this.src(card));
      else {
        el = cardFace(card, this.words.card(card), this.src(card));
        trick.append(el);
        const [x, y] = this.trickPlace(view, seat);
        el.style.left = x;
        el.style.top = y;
        if (!played.has(card)) flyFrom(el, this.origin(view, seat, card));
      }
    }
    // The trick's number: a hand deals the deck evenly (the odd cards out), one card a trick.
    const dealt = Math.floor(52 / view.seats.length);
    const number = dealt - Math.max(0, ...view.seats.map((s) => s.cards_left)) + 1;
    if (view.phase === "playing") trick.setAttribute("aria-label", this.words.t("image.trick_number", { trick: number }));
    else trick.removeAttribute("aria-label");
    const last = view.last_trick;
    const finished = last && JSON.stringify(last) !== JSON.stringify(before?.last_trick ?? null) && before;
    if (finished) this.collect(view, before, last);
  }

  /** Where a card someone just played comes from: the reader's own card from their hand. */
  private origin(view: View, seat: number, card: number): DOMRect | null {
    const mine = this.hand?.querySelector(`[data-card="${card}"]`);
    if (mine) return mine.getBoundingClientRect();
    const el = this.seatEls[view.seats.findIndex((s) => s.seat === seat)];
    return el ? el.getBoundingClientRect() : null;
  }

  /** A trick just taken: its cards gather in the middle, then go to the seat that took it. */
  private collect(view: View, before: View, last: Trick): void {
    const flying = $("flying");
    const target = this.seatEls[view.seats.findIndex((s) => s.seat === last.winner)]?.getBoundingClientRect();
    last.cards.forEach((card, i) => {
      const seat = (last.leader + i) % view.seats.length;
      const el = cardFace(card, "", this.src(card));
      delete el.dataset.card; // a picture in flight: [data-card] is only the table's and the hand's
      const [x, y] = this.trickPlace(view, seat);
      el.style.left = x;
      el.style.top = y;
      flying.append(el);
      if (!before.trick.includes(card)) flyFrom(el, this.origin(view, seat, card));
      if (target) flyTo(el, target, 700);
      else el.remove();
    });
  }

  private renderLastTrick(view: View): void {
    const box = $("last-trick");
    const last = view.last_trick;
    box.hidden = !last;
    if (!last) {
      box.replaceChildren();
      return;
    }
    const winner = view.seats.find((s) => s.seat === last.winner);
    const title = document.createElement("h2");
    title.textContent = this.words.t("button.last_trick");
    const cards = document.createElement("div");
    cards.className = "cards";
    last.cards.forEach((card, i) => {
      const el = cardFace(card, this.words.card(card), this.src(card));
      el.classList.toggle("taker", (last.leader + i) % view.seats.length === last.winner);
      cards.append(el);
    });
    const caption = document.createElement("p");
    caption.textContent = this.words.t("activity.took", { name: winner?.name ?? "" });
    box.replaceChildren(title, cards, caption);
  }

  private renderHand(view: View): void {
    const below = $("below");
    const hand = view.hand;
    if (!hand) {
      this.hand?.remove();
      this.hand = null;
      let watching = below.querySelector(".watching");
      if (!watching) {
        watching = document.createElement("p");
        watching.className = "watching";
        below.prepend(watching);
      }
      watching.textContent = view.you === null ? this.words.t("activity.watching") : "";
      return;
    }
    below.querySelector(".watching")?.remove();
    if (!this.hand) {
      this.hand = document.createElement("section");
      this.hand.className = "hand";
      this.hand.dataset.testid = "hand";
      below.prepend(this.hand);
    }
    this.hand.setAttribute("aria-label", this.words.t("activity.your_hand"));
    const passing = hand.pass_count > 0 && hand.passed === null;
    const playable = new Set(hand.playable);
    const received = new Set(hand.received);
    const existing = new Map<number, HTMLButtonElement>();
    for (const el of Array.from(this.hand.children) as HTMLButtonElement[]) existing.set(Number(el.dataset.card), el);
    const buttons = hand.cards.map((card) => {
      const button = existing.get(card) ?? this.cardButton(card);
      existing.delete(card);
      setFace(button, this.src(card));
      const enabled = !this.pending && (passing || (hand.your_turn && playable.has(card)));
      button.setAttribute("aria-disabled", String(!enabled));
      button.setAttribute("aria-label", this.words.card(card));
      button.classList.toggle("received", received.has(card) && view.phase === "playing");
      if (passing) button.setAttribute("aria-pressed", String(this.chosen.has(card)));
      else button.removeAttribute("aria-pressed");
      return button;
    });
    const focused = Array.from(this.hand.children).indexOf(document.activeElement!);
    const lost =
      (focused >= 0 && existing.has(Number((document.activeElement as HTMLElement).dataset.card))) ||
      (this.focusLost && document.activeElement === document.body);
    for (const gone of existing.values()) gone.remove();
    // More cards than a four-player deal (17 of three players) lie in two rows on a phone held
    // sideways: in one, each would show less than a thumb's width (style.css).
    this.hand.classList.toggle("long", buttons.length > 13);
    buttons.forEach((button, i) => {
      if (this.hand!.children[i] !== button) this.hand!.insertBefore(button, this.hand!.children[i] ?? null);
    });
    // A keyboard player's focus stays in the hand when the card they played leaves it.
    // (The hand's last card played, the focus waits for the next hand's cards.)
    if (lost && buttons.length) buttons[Math.max(0, Math.min(focused, buttons.length - 1))].focus();
    this.focusLost = lost && !buttons.length;
  }

  private cardButton(card: number): HTMLButtonElement {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card-button";
    button.dataset.card = String(card);
    const img = document.createElement("img"); // its face: renderHand's, by this.src
    img.alt = "";
    img.draggable = false;
    button.append(img);
    button.addEventListener("click", () => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      this.activate(card);
    });
    this.draggable(button, card);
    return button;
  }

  /** A card dragged up out of the hand and let go over the table is played. The press is
   * captured from its start: its release comes back to this card even if a view moved the hand
   * meanwhile (else the release would land elsewhere, the tap be lost, and a press never
   * released here could turn a later move of the pointer into a drag). */
  private draggable(button: HTMLButtonElement, card: number): void {
    let start: { x: number; y: number; id: number } | null = null;
    button.addEventListener("pointerdown", (e) => {
      if (button.getAttribute("aria-disabled") === "true") return;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId };
      button.setPointerCapture(e.pointerId);
    });
    const drop = () => {
      start = null;
      button.classList.remove("dragging");
      button.style.transform = "";
      window.setTimeout(() => (this.dragged = false), 0); // the click that ends a drag is no tap
    };
    button.addEventListener("lostpointercapture", (e) => {
      if (start && e.pointerId === start.id) drop(); // the card left the hand while pressed
    });
    button.addEventListener("pointermove", (e) => {
      if (!start || e.pointerId !== start.id) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (!this.dragged && Math.hypot(dx, dy) < 10) return;
      this.dragged = true;
      button.classList.add("dragging");
      button.style.transform = `translate(${dx}px, ${dy}px)`;
    });
    const end = (e: PointerEvent) => {
      if (!start || e.pointerId !== start.id) return;
      const up = start.y - e.clientY;
      drop();
      if (this.dragged && up > button.getBoundingClientRect().height * 0.8) this.activate(card);
    };
    button.addEventListener("pointerup", end);
    button.addEventListener("pointercancel", end);
  }

  private activate(card: number): void {
    const view = this.view;
    const hand = view?.hand;
    if (!view || !hand || this.pending) return;
    if (hand.pass_count > 0 && hand.passed === null) {
      if (this.chosen.has(card)) this.chosen.delete(card);
      else if (this.chosen.size < hand.pass_count) this.chosen.add(card);
      this.renderHand(view);
      this.renderActions(view);
      return;
    }
    if (!hand.your_turn || !hand.playable.includes(card)) return;
    this.move({ op: "play", move: view.move, card });
  }

  private move(move: Move): void {
    if (!this.send(move)) return;
    this.pending = true;
    if (this.view) {
      this.renderHand(this.view);
      this.renderActions(this.view);
    }
  }

  /** The pass and moon controls. Each is kept from one view to the next (a view that arrives
   * while a control is pressed must not swap it for a new one: the press would end on an element
   * that was never pressed, and the click would be lost). */
  private renderActions(view: View): void {
    const actions = $("actions");
    const hand = view.hand;
    const shown: HTMLElement[] = [];
    if (hand && hand.pass_count > 0 && hand.passed === null) {
      const left = hand.pass_count - this.chosen.size;
      const prompt = this.kept(actions, "span", "pass-prompt");
      prompt.className = "prompt";
      prompt.textContent = left > 0 ? this.words.t("hand.pass_choose_more", { count: left }) : this.words.cards([...this.chosen]);
      const confirm = this.button(actions, "pass-confirm", this.words.t("button.pass_these"), () =>
        this.move({ op: "pass", move: view.move, cards: [...this.chosen] }),
      );
      confirm.disabled = left > 0 || this.pending;
      shown.push(prompt, confirm);
    }
    if (hand?.choose_moon && view.moon) {
      const prompt = this.kept(actions, "span", "moon-prompt");
      prompt.className = "prompt";
      prompt.textContent = this.words.t("hand.moon_prompt");
      const shoot = this.button(actions, "moon-shoot", view.moon.shoot, () =>
        this.move({ op: "moon", move: view.move, add_to_others: false }),
      );
      const add = this.button(actions, "moon-add", view.moon.add, () =>
        this.move({ op: "moon", move: view.move, add_to_others: true }),
      );
      shoot.disabled = add.disabled = this.pending;
      shown.push(prompt, shoot, add);
    }
    if (shown.length === actions.children.length && shown.every((el, i) => actions.children[i] === el)) return;
    const focused = document.activeElement?.getAttribute("data-testid");
    actions.replaceChildren(...shown);
    if (focused) actions.querySelector<HTMLElement>(`[data-testid="${focused}"]`)?.focus();
  }

  /** The element of ``actions`` with this ``data-testid``, or a new one. */
  private kept<K extends "span" | "button">(actions: HTMLElement, tag: K, testid: string): HTMLElementTagNameMap[K] {
    const found = actions.querySelector<HTMLElementTagNameMap[K]>(`${tag}[data-testid="${testid}"]`);
    if (found) return found;
    const made = document.createElement(tag);
    made.dataset.testid = testid;
    return made;
  }

  private button(actions: HTMLElement, testid: string, label: string, onclick: () => void): HTMLButtonElement {
    const button = this.kept(actions, "button", testid);
    button.type = "button";
    button.textContent = label;
    button.onclick = onclick; // this view's move: the button outlives it
    return button;
  }

  /** Whose turn it is and the time left, corrected for how far this page's clock is off: the
   * countdown sits where the sentence has its {countdown}. */
  private tick(): void {
    const view = this.view;
    if (!view) return;
    const left = view.deadline === null ? "" : countdown(view.deadline - this.words.now());
    const nameList = (seats: number[]) =>
      seats.map((s) => view.seats.find((x) => x.seat === s)?.name ?? "").join(", ");
    const names = nameList(view.waiting);
    // While passing, the reader's own pass is asked for beside their hand: the line names the others.
    const othersPassing = view.waiting.filter((s) => s !== view.you);
    const closed = closedText(view, this.words);
    let text = "";
    if (closed !== null) {
      text = closed; // a game cancelled mid-hand: said where whose turn it was
    } else if (view.status !== "playing" || view.waiting.length === 0) {
      text = "";
    } else if (view.phase === "playing" && view.you !== null && view.waiting.includes(view.you)) {
      text = this.words.t("hand.tap_to_play");
    } else if (view.phase === "passing") {
      text = othersPassing.length
        ? this.words.t("table.waiting_pass", { names: nameList(othersPassing) })
        : "{countdown}";
    } else if (view.phase === "moon_choice") {
      text = this.words.t("table.moon_choice", { name: names });
    } else if (view.phase === "playing") {
      text = this.words.t("table.to_play", { name: names });
    }
    let [before, after = ""] = text.split("{countdown}");
    if (!left) [before, after] = [before.replace(/\s*·\s*$/, ""), after.replace(/^\s*·\s*/, "")];
    $("status-before").textContent = before;
    $("countdown").textContent = left;
    $("status-after").textContent = after;
  }
}
