// The messages of the Activity's socket, as cogs/activity sends them (its _cog, _views and _words).

export interface Seat {
  seat: number;
  name: string;
  computer: boolean;
  total: number;
  points: number;
  cards_left: number;
}

export interface Hand {
  cards: number[];
  playable: number[];
  your_turn: boolean;
  pass_count: number;
  pass_target: number | null;
  passed: number[] | null;
  received: number[];
  choose_moon: boolean;
}

export interface Trick {
  leader: number;
  cards: number[];
  winner: number;
}

/** A hand that did not score as usual (the last one scored): who took everything, and how. */
export interface Feat {
  hand: number;
  outcome: "moon" | "slam" | "all_tricks" | string;
  seat: number;
}

export interface View {
  op: "view";
  table: number;
  status: "lobby" | "playing" | "finished" | string;
  move: number;
  hand_number: number | null;
  phase: "passing" | "playing" | "moon_choice" | string | null;
  deadline: number | null;
  waiting: number[];
  leader: number | null;
  trick: number[];
  last_trick: Trick | null;
  hearts_broken: boolean;
  /** The Omnibus table's bonus card (the 10♦ or J♦), its face marked as the DMs' are; else null. */
  bonus_card: number | null;
  feat: Feat | null;
  seats: Seat[];
  you: number | null;
  hand: Hand | null;
  moon: { shoot: string; add: string } | null;
}

export interface WordsMessage {
  op: "words";
  lang: string;
  now: number;
  /** The deck the reader chose (/hearts deck): the faces' folder, /cards/<deck>/. */
  deck: "classic" | "four_colour" | string;
  words: Record<string, string>;
  cards: string[];
  short: string[];
}

export interface Refused {
  op: "refused";
  code: string;
  reason?: string;
}

export type ServerMessage = View | WordsMessage | Refused;

export type Move =
  | { op: "play"; move: number; card: number }
  | { op: "pass"; move: number; cards: number[] }
  | { op: "moon"; move: number; add_to_others: boolean };
