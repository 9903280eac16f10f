// Word lists: the words a server may use for each meaning of a status the checks read (3.3: "States and
// transitions of triggers, batches, call sessions, tasks, text conversations and webhooks: not shown"). A
// meaning is the reference platform's own word; the profile says which words a server uses for it
// (`words.session_status.ended: ["completed"]`), and a check reads a status as the meaning whose list holds it.
import { z } from "zod";

export interface WordList {
  /** What the words are the values of, for the assumption row. */
  readonly title: string;
  readonly section: string;
  /** The meanings, each the reference's word for it. */
  readonly meanings: readonly string[];
}

export const WORD_LISTS = {
  session_status: {
    title: "call session status",
    section: "3.3",
    meanings: ["queued", "ringing", "in_progress", "ended"],
  },
  batch_status: {
    title: "batch status",
    section: "3.3",
    meanings: ["scheduled", "running", "paused", "completed", "cancelled", "failed"],
  },
  webhook_status: { title: "webhook status", section: "2.6, 3.3", meanings: ["active", "disabled"] },
  delivery_status: { title: "webhook delivery status", section: "2.13", meanings: ["succeeded", "failed"] },
  item_role: { title: "conversation item role", section: "4.1", meanings: ["user", "assistant"] },
  turn_status: {
    title: "turn lifecycle status (a `turn` frame's `status`)",
    section: "6.2",
    meanings: ["started", "completed", "failed"],
  },
} as const satisfies Record<string, WordList>;

export type WordListName = keyof typeof WORD_LISTS;
export const WORD_LIST_NAMES = Object.keys(WORD_LISTS) as WordListName[];
export type Meaning<L extends WordListName> = (typeof WORD_LISTS)[L]["meanings"][number];

/** The meanings of a list as a zod enum (what a status reads as once translated). */
export function meaningEnum<L extends WordListName>(list: L) {
  return z.enum(WORD_LISTS[list].meanings as unknown as [Meaning<L>, ...Meaning<L>[]]);
}

/** A profile's words for one list: meaning -> the words a server may say for it. */
export type Words = Record<string, readonly string[]>;

/** A profile's word lists, by list. */
export type WordMaps = Partial<Record<WordListName, Words>>;

/** The reference's own words: each meaning is its one word. */
export function ownWords(list: WordListName): Words {
  return Object.fromEntries(WORD_LISTS[list].meanings.map((meaning) => [meaning, [meaning]]));
}

/** The meaning a word stands for in `words`, or undefined when no list holds it. */
export function meaningOf(words: Words, word: unknown): string | undefined {
  if (typeof word !== "string") return undefined;
  for (const [meaning, said] of Object.entries(words)) if (said.includes(word)) return meaning;
  return undefined;
}

/** The word a server writes for a meaning: the first of its list. */
export function wordFor(words: Words, meaning: string): string | undefined {
  return words[meaning]?.[0];
}
