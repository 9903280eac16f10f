// Recognises, on a conversation stream, the assistant.completed that answers our message (pure:
// the sender and its unit test use it). The item is ours when its item.created frame carries our
// client_message_id (the text we posted embeds it); its id comes from the SSE `id:` line (6.2
// rule 4). assistant.started is accepted only when its trigger_item_id is that id: a reply to
// another message (the conversation's greeting, a late answer) never counts. Completed frames
// carry no trigger, so the first one after our assistant.started is ours; one sender per
// conversation with one message in flight keeps that unambiguous.

export class ReplyMatcher {
  private itemId: string | undefined;
  private started = false;

  constructor(private readonly clientMessageId: string) {}

  /** Feeds one frame; answers true when it is the assistant.completed answering our message. */
  frame(name: string, id: string, data: string): boolean {
    if (name === "item.created") {
      if (this.itemId === undefined && data.includes(this.clientMessageId)) {
        const body = parse(data);
        this.itemId = id || field(body?.item, "id") || field(body, "id");
      }
      return false;
    }
    if (name === "assistant.started") {
      if (!this.started && this.itemId !== undefined) {
        this.started = field(parse(data), "trigger_item_id") === this.itemId;
      }
      return false;
    }
    return name === "assistant.completed" && this.started;
  }
}

function parse(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function field(value: unknown, name: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found = (value as Record<string, unknown>)[name];
  return typeof found === "string" && found !== "" ? found : undefined;
}
