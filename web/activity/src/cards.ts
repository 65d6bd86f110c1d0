// Card faces (the bot's own card art, /cards/<deck>/<id>.png: the reader's deck, the table's bonus
// card marked, as their DMs' images draw them) and their moves: a played card flies from where it
// was to its place in the trick, a taken trick flies to the seat that took it.

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Where ``card``'s face is: in ``deck`` (the reader's choice), marked if it is the table's
 * ``bonus`` card. */
export function faceSrc(card: number, deck: string, bonus: number | null): string {
  return `/cards/${encodeURIComponent(deck)}/${card === bonus ? "bonus/" : ""}${card}.png`;
}

/** The picture of a card shown before shows ``src`` (the reader's deck came, or another table's). */
export function setFace(el: HTMLElement, src: string): void {
  const img = el.querySelector("img");
  if (img && img.getAttribute("src") !== src) img.src = src;
}

/** A card shown on the table (not a button): an image (``src``: ``faceSrc``) named for screen
 * readers. */
export function cardFace(card: number, name: string, src: string): HTMLElement {
  const el = document.createElement("div");
  el.className = "card";
  el.dataset.card = String(card);
  if (name) {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", name);
  }
  const img = document.createElement("img");
  img.src = src;
  img.alt = "";
  img.draggable = false;
  el.append(img);
  return el;
}

function centre(rect: DOMRect): [number, number] {
  return [rect.left + rect.width / 2, rect.top + rect.height / 2];
}

/** Shows ``el`` arriving at its place from ``from`` (a card in the hand, a seat). */
export function flyFrom(el: HTMLElement, from: DOMRect | null): void {
  if (!from || reduced.matches) return;
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(el.getBoundingClientRect());
  el.style.transition = "none";
  el.style.transform = `translate(-50%, -50%) translate(${fx - tx}px, ${fy - ty}px)`;
  el.getBoundingClientRect(); // the start is laid out before the move begins
  el.style.transition = "";
  el.style.transform = "";
}

/** Sends ``el`` to ``to`` after a moment's pause (the trick is seen whole), then removes it. */
export function flyTo(el: HTMLElement, to: DOMRect, pause: number): void {
  if (reduced.matches) {
    window.setTimeout(() => el.remove(), pause);
    return;
  }
  window.setTimeout(() => {
    const [fx, fy] = centre(el.getBoundingClientRect());
    const [tx, ty] = centre(to);
    el.classList.add("taken");
    el.style.transform = `translate(-50%, -50%) translate(${tx - fx}px, ${ty - fy}px) scale(0.4)`;
    el.addEventListener("transitionend", () => el.remove(), { once: true });
    window.setTimeout(() => el.remove(), 1500); // in case no transition ran (a hidden page)
  }, pause);
}
