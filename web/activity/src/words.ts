// The page's words in its reader's language: templates from the bot's catalogues (sent by the
// server, never written here) with {field}s filled in, numbers written the language's way.
import type { WordsMessage } from "./protocol";

export class Words {
  private message: WordsMessage | null = null;
  private numbers = new Intl.NumberFormat("en", { useGrouping: false });
  /** Seconds to add to this page's clock to read the server's (deadlines are the server's). */
  offset = 0;

  load(message: WordsMessage): void {
    this.message = message;
    this.offset = message.now - Date.now() / 1000;
    this.numbers = new Intl.NumberFormat(message.lang, { useGrouping: false });
    document.documentElement.lang = message.lang;
  }

  t(key: string, params: Record<string, string | number> = {}): string {
    const template = this.message?.words[key] ?? "";
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === "number" ? this.number(value) : value;
    });
  }

  number(value: number): string {
    return value < 0 ? "−" + this.numbers.format(-value) : this.numbers.format(value);
  }

  /** The deck the reader chose (/hearts deck): the folder of the faces the page shows. */
  get deck(): string {
    return this.message?.deck ?? "classic";
  }

  /** The card's whole name ("queen of spades"): what a screen reader says. */
  card(card: number): string {
    return this.message?.cards[card] ?? String(card);
  }

  /** The card's short name ("Q♠"), for lists in sentences. */
  short(card: number): string {
    return this.message?.short[card] ?? String(card);
  }

  cards(cards: number[]): string {
    return cards.map((c) => this.short(c)).join(this.t("card.separator"));
  }

  /** The server's clock now, in epoch seconds. */
  now(): number {
    return Date.now() / 1000 + this.offset;
  }
}
