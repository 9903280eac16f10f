// The `untyped-fields-loose` variant: agent fields 2.9 gives no type, read the way a lenient server would
// (any truthy value enables, a non-number is dropped, a scalar name becomes text) instead of refused.
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function looseUntypedFields(body: unknown): unknown {
  if (!isObject(body)) return body;
  const out: Json = { ...body };
  if (isObject(out.recording) && "enabled" in out.recording) {
    out.recording = { ...out.recording, enabled: Boolean(out.recording.enabled) };
  }
  if (isObject(out.tts) && "speed" in out.tts && typeof out.tts.speed !== "number") {
    const { speed: _dropped, ...tts } = out.tts;
    out.tts = tts;
  }
  const interruption = isObject(out.turn_handling) ? out.turn_handling.interruption : undefined;
  if (isObject(out.turn_handling) && isObject(interruption) && !Number.isInteger(interruption.min_words)) {
    const { min_words: _dropped, ...rest } = interruption;
    out.turn_handling = { ...out.turn_handling, interruption: rest };
  }
  if (Array.isArray(out.vars)) {
    out.vars = out.vars.map((entry) =>
      isObject(entry) && entry.name !== undefined && typeof entry.name !== "object"
        ? { ...entry, name: String(entry.name) }
        : entry,
    );
  }
  return out;
}
