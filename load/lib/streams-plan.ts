// Which VU holds which streams (pure: the streams and soak scenarios and a unit test use it).
// Every conversation has exactly one sender and `subscribers` subscribers, the first of which
// stays connected for the whole run (so keep-alives are seen); all of these streams are dealt
// round-robin over the VUs, so more VUs spread them thinner and one VU can hold several.

export interface StreamRole {
  kind: "sender" | "subscriber";
  /** Index into the run's conversations. */
  conversation: number;
  /** Subscriber number within the conversation (0 for the sender). */
  index: number;
  /** Held from the start to the end of the run, reconnecting only if the server ends it. */
  wholeRun: boolean;
}

export function allStreams(conversations: number, subscribers: number): StreamRole[] {
  const roles: StreamRole[] = [];
  for (let c = 0; c < conversations; c++) {
    roles.push({ kind: "sender", conversation: c, index: 0, wholeRun: false });
    for (let s = 0; s < subscribers; s++) {
      roles.push({ kind: "subscriber", conversation: c, index: s, wholeRun: s === 0 });
    }
  }
  return roles;
}

/** The streams of the VU with this 0-based ordinal among `vus`. */
export function streamsOf(ordinal: number, vus: number, conversations: number, subscribers: number): StreamRole[] {
  return allStreams(conversations, subscribers).filter((_, i) => i % vus === ordinal);
}
