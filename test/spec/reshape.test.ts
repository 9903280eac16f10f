// Reading and writing through a profile's field maps and word lists (spec/reshape.ts), and the one-line errors
// of a profile file that maps what it cannot (spec/profile.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadProfile, ProfileFile } from "../../spec/profile.ts";
import { DEFAULT_READINGS } from "../../spec/readings.ts";
import { readShape, type ShapeMaps, serverPath, writeShape } from "../../spec/reshape.ts";
import { movableFields } from "../../spec/shapes.ts";

const STRANGE: ShapeMaps = {
  fields: {
    call_session: { status: "state", created_at: "times.created", ended_at: "times.ended", agent_id: "agent.id" },
    transcript_row: { at: "timestamp" },
    media_recording: { available: "stored" },
  },
  words: { session_status: { ended: ["completed", "finished"], in_progress: ["active"] } },
};

const session = {
  session_id: "s1",
  agent_id: "a1",
  status: "ended",
  created_at: "2026-01-01T00:00:00.000Z",
  ended_at: "2026-01-01T00:01:00.000Z",
  transcript: [{ role: "user", text: "hi", at: "2026-01-01T00:00:10.000Z" }],
  recording: { available: true, duration_seconds: 5, format: "audio/ogg", size_bytes: 10 },
  vendor_extension: { kept: true },
};

describe("a record through a field map", () => {
  it("is written at the profile's paths, in its words, and read back whole", () => {
    const written = writeShape(STRANGE, "call_session", session) as Record<string, unknown>;
    expect(written).toEqual({
      session_id: "s1",
      agent: { id: "a1" },
      state: "completed",
      times: { created: session.created_at, ended: session.ended_at },
      transcript: [{ role: "user", text: "hi", timestamp: session.transcript[0]!.at }],
      recording: { stored: true, duration_seconds: 5, format: "audio/ogg", size_bytes: 10 },
      vendor_extension: { kept: true },
    });
    expect(readShape(STRANGE, "call_session", written)).toEqual(session);
  });

  it("reads any word of a meaning's list as the meaning, and says so of a word the profile does not list", () => {
    const read = (state: string) => (readShape(STRANGE, "call_session", { state }) as { status: string }).status;
    expect(read("finished")).toBe("ended");
    expect(read("active")).toBe("in_progress");
    // The reference's word, which this profile replaced, is not a meaning on this server.
    expect(read("ended")).toMatch(/^ended \(a word the profile's words\.session_status does not list\)$/);
    expect(read("teleported")).toBe("teleported");
  });

  it("does not read a key under a moved field's own name as that field", () => {
    expect(readShape(STRANGE, "call_session", { status: "ended" })).toEqual({});
  });

  it("names a server's place for a field a 422 line names by the reference's path", () => {
    expect(serverPath(STRANGE, "call_session", "transcript.0.at")).toBe("transcript.0.timestamp");
    expect(serverPath(STRANGE, "call_session", "ended_at")).toBe("times.ended");
    expect(serverPath(STRANGE, "call_session", "recording.available")).toBe("recording.stored");
    expect(serverPath(STRANGE, "call_session", "session_id")).toBe("session_id");
  });

  it("reads back what it wrote for any map that swaps or nests the fields", () => {
    const fields = movableFields("batch");
    const place = fc.oneof(
      fc.constantFrom(...fields),
      fc.stringMatching(/^[a-z]{1,6}$/).map((name) => `x.${name}`),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...fields), place), (map) => {
        const maps: ShapeMaps = { fields: { batch: map }, words: {} };
        if (ProfileFile.safeParse({ fields: { batch: map } }).success === false) return;
        const record = Object.fromEntries(fields.map((field, i) => [field, `v${i}`]));
        expect(readShape(maps, "batch", writeShape(maps, "batch", record))).toEqual(record);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe("a profile file's maps", () => {
  it("names every field it cannot map, one line each", () => {
    const parsed = ProfileFile.safeParse({
      fields: {
        call_sesion: {},
        call_session: { statsu: "x", session_id: "y", ended_at: "state.x", status: "state" },
        task_runs_query: { task_id: "a.b" },
        batch: { status: "not a path" },
      },
      words: { session_status: { ended: ["queued"], endd: ["x"] }, nope: {} },
      readings: { weekday_numbering: "sunday" },
    });
    expect(parsed.success).toBe(false);
    const lines = parsed.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^fields\.call_sesion: unknown record or body \(did you mean call_session\?\)/),
        expect.stringMatching(/^fields\.call_session\.statsu: unknown field of call_session \(did you mean status\?\)/),
        "fields.call_session.session_id: the spec names this field (2.13, 6.1): it stays",
        "fields.call_session.ended_at: state.x overlaps where status is (state)",
        "fields.task_runs_query.task_id: a query parameter's name, not a dotted path",
        expect.stringMatching(/^fields\.batch\.status: must be a dotted path/),
        'words.session_status.ended: "queued" is also a word for queued: a word has one meaning',
        expect.stringMatching(
          /^words\.session_status\.endd: unknown meaning of session_status \(did you mean ended\?\)/,
        ),
        expect.stringMatching(/^words\.nope: unknown word list/),
        expect.stringMatching(/^readings\.weekday_numbering: /),
      ]),
    );
  });

  it("refuses a key it does not know inside a nested field, as it does at the top", () => {
    const parsed = ProfileFile.safeParse({
      webhook_signature: { secret: "hex" },
      masked_tail: { prefix: "••••", chars: 4, dots: true },
      readings: { web_call_tokn: "jwt" },
      drafts_with_errors: { agnt: {} },
      operations: { "agent.list": { method: "GET", path: "/v2/agents", section: "4", paged: true } },
    });
    expect(parsed.success).toBe(false);
    const lines = parsed.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    for (const where of [
      "webhook_signature",
      "masked_tail",
      "readings",
      "drafts_with_errors",
      "operations.agent.list",
    ]) {
      expect(lines, where).toContainEqual(
        expect.stringMatching(new RegExp(`^${where.replace(".", "\\.")}: Unrecognized key`)),
      );
    }
  });

  it("merges a file's map of a record into the default's, key by key, and keeps older files working", () => {
    const profile = loadProfile(new URL("../../examples/vendor-profile.json", import.meta.url).pathname);
    expect(profile.fields).toEqual({});
    expect(profile.readings).toEqual(DEFAULT_READINGS);
  });
});
