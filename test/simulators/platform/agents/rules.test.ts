// Unit tests of the reference platform's catalog, tool and gallery rules (no server).
import { describe, expect, test } from "vitest";
import {
  unlistedBuiltinTools,
  unlistedLanguage,
  unlistedVoices,
} from "../../../../simulators/platform/agents/catalog-names.ts";
import { modelRefs, realtimeWithCascade, unlistedPairs } from "../../../../simulators/platform/agents/catalog-rules.ts";
import { catalogFixture } from "../../../../simulators/platform/catalog/content.ts";
import { galleryPage } from "../../../../simulators/platform/catalog/gallery.ts";
import { operationTreeProblems } from "../../../../simulators/platform/tools/operations.ts";
import { validateTool } from "../../../../simulators/platform/tools/validation.ts";

const catalog = catalogFixture("http://127.0.0.1:9");
const llm = { provider: "simai", model: "sim-chat-1" };

describe("catalog authority over an agent config", () => {
  test("every slot's pair is found, fallbacks and analysis.model included", () => {
    const refs = modelRefs({
      name: "a",
      llm: { ...llm, fallback: { provider: "simai", model: "sim-chat-mini" } },
      stt: { provider: "simvoice", model: "simvoice-stt-stream", fallback: { provider: "x", model: "y" } },
      analysis: { model: llm },
      noise_cancellation: { enabled: true },
    });
    expect(refs.map((r) => r.path)).toEqual(["llm", "llm.fallback", "stt", "stt.fallback", "analysis.model"]);
  });

  test("a listed pair passes; an unlisted one, or one listed under another kind, is named", () => {
    expect(unlistedPairs(catalog, { name: "a", llm })).toEqual([]);
    expect(unlistedPairs(catalog, { name: "a", tts: { ...llm } })).toEqual([
      "tts: unknown model simai/sim-chat-1 (not listed in the catalog under tts)",
    ]);
    expect(unlistedPairs(catalog, { name: "a", noise_cancellation: { provider: "simvoice" } })).toHaveLength(1);
  });

  test("a voice, a language and a builtin tool must be listed, voices and tools for the model named", () => {
    const tts = { provider: "simvoice", model: catalog.tts.find((e) => e.provider === "simvoice")!.model };
    expect(unlistedVoices(catalog, { name: "a", tts: { ...tts, voice: "sv-ava-en" } })).toEqual([]);
    expect(unlistedVoices(catalog, { name: "a", tts: { ...tts, voice: "sim-alloy" } })).toHaveLength(1);
    expect(unlistedVoices(catalog, { name: "a", tts: { provider: "x", model: "y", voice: "nope" } })).toEqual([]);
    expect(unlistedLanguage(catalog, { name: "a", language: "de" })).toEqual([]);
    expect(unlistedLanguage(catalog, { name: "a", language: "xx" })).toEqual([
      'language: unknown language "xx" (not listed in the catalog)',
    ]);
    expect(
      unlistedBuiltinTools(catalog, { name: "a", llm: { ...llm, builtin_tools: [{ type: "web_search" }] } }),
    ).toEqual([]);
    const [line] = unlistedBuiltinTools(catalog, { name: "a", llm: { ...llm, builtin_tools: [{ type: "nope" }] } });
    expect(line).toMatch(/^llm\.builtin_tools\.0\.type: unknown builtin tool "nope"/);
  });

  test("realtime with any cascade slot is one problem naming the cascade slots", () => {
    const realtime = { provider: "simai", model: "sim-realtime-1" };
    expect(realtimeWithCascade({ name: "a", realtime })).toEqual([]);
    expect(realtimeWithCascade({ name: "a", llm })).toEqual([]);
    const [line] = realtimeWithCascade({ name: "a", realtime, llm, tts: { provider: "simai", model: "sim-tts-1" } });
    expect(line).toMatch(/^realtime: .*also set: llm, tts/);
  });
});

describe("operation trees and tool validation", () => {
  test("an http operation needs an absolute http(s) url; timeouts are positive; publish keys unique", () => {
    expect(operationTreeProblems({ operations: [{ kind: "http", config: { url: "https://a.example/x" } }] })).toEqual(
      [],
    );
    expect(
      operationTreeProblems({
        operations: [
          { kind: "http", config: { url: "ftp://a.example" } },
          { kind: "http", config: { url: "https://a.example", timeout: 0 } },
          {
            kind: "http",
            config: { url: "https://a.example" },
            publish_fields: [
              { path: "$.a", key: "k" },
              { path: "$.b", key: "k" },
            ],
          },
        ],
      }),
    ).toEqual([
      "operations.0.config.url: an http operation needs an absolute http(s) url",
      "operations.1.config.timeout: must be positive",
      "operations.2.publish_fields.1.key: duplicate key k",
    ]);
  });

  test("a tool without operations cannot publish; an empty description only warns", () => {
    expect(validateTool({ name: "t" })).toEqual({
      errors: ["operations: a tool needs at least one operation"],
      warnings: ["description: the model picks tools by their description, and it is empty"],
    });
    const ok = validateTool({
      name: "t",
      description: "d",
      operations: [{ kind: "http", config: { url: "https://x.example" } }],
    });
    expect(ok).toEqual({ errors: [], warnings: [] });
  });
});

describe("gallery pages", () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: `v${i}`, gender: i % 2 ? "male" : "female", provider: "p" }));

  test("has_more from the extra row, total_count of the filtered set, facets of the filtered set", () => {
    const page = galleryPage(rows, { limit: 3, offset: 3 }, ["gender", "provider"]);
    expect(page.items.map((r) => r.id)).toEqual(["v3", "v4", "v5"]);
    expect(page).toMatchObject({ has_more: true, total_count: 7, limit: 3, offset: 3 });
    const last = galleryPage(rows, { limit: 3, offset: 4, gender: "female" }, ["gender", "provider"]);
    expect(last.items.map((r) => r.id)).toEqual([]);
    const female = galleryPage(rows, { limit: 3, offset: 2, gender: "female" }, ["gender", "provider"]);
    expect(female.items.map((r) => r.id)).toEqual(["v4", "v6"]);
    expect(female).toMatchObject({ has_more: false, total_count: 4, facets: { gender: ["female"], provider: ["p"] } });
  });
});
