// Catalog (2.8): GET /v1/catalog's keys and entry shapes, and the voice/avatar galleries' own envelope
// (2.1 last paragraph): facets next to the results, nullable total_count, has_more from the extra row.

import fc from "fast-check";
import { expect, type TestContext } from "vitest";
import type { z } from "zod";
import { type ApiResponse, explain } from "../runner/client/http-client.ts";
import { noteAmbiguity } from "../runner/client/recorder.ts";
import { check } from "../runner/framework/check.ts";
import { property } from "../runner/framework/property.ts";
import { expectStatus } from "../runner/framework/response.ts";
import { checksSideBySide } from "../runner/framework/side-by-side.ts";
import {
  AvatarCatalogPageRead,
  AvatarEntry,
  CatalogBuiltinTool,
  CatalogLanguage,
  CatalogVoice,
  CostEstimateUsagePerMinute,
  LlmEntry,
  NoiseCancellationEntry,
  PlatformFeePerMinute,
  RealtimeEntry,
  SpeechLanguage,
  SttEntryRead,
  SystemVar,
  TtsEntryRead,
  VoiceCatalogPage,
} from "../spec/catalog.ts";
import { callOp } from "./helpers/profile.ts";
import { TAKES_PROVIDER_OFFLINE, whileProviderOffline } from "./helpers/provider.ts";

checksSideBySide("every check reads the catalog, which none of them changes");

const TOP_LEVEL_KEYS = [
  "avatar",
  "cost_estimate_usage_per_minute",
  "languages",
  "llm",
  "noise_cancellation",
  "platform_fee_per_minute",
  "providers",
  "realtime",
  "stt",
  "system_vars",
  "tts",
  "turn_detector_languages",
];

let fetched: { response: ApiResponse; body: Record<string, unknown> } | undefined;
async function catalogBody(): Promise<{ response: ApiResponse; body: Record<string, unknown> }> {
  if (fetched !== undefined) return fetched;
  const response = await callOp("catalog.get");
  expectStatus(response, 200);
  expect(typeof response.json === "object" && !Array.isArray(response.json), explain(response)).toBe(true);
  fetched = { response, body: response.json as Record<string, unknown> };
  return fetched;
}

/** Every element of `rows` parses with `schema`; the message names the entry and the zod issues. Answers the count. */
function expectEach(label: string, rows: unknown, schema: z.ZodType): number {
  expect(Array.isArray(rows), `${label} is an array`).toBe(true);
  (rows as unknown[]).forEach((row, i) => {
    const parsed = schema.safeParse(row);
    expect(
      parsed.success,
      `${label}[${i}]: ${parsed.error?.issues.map((x) => `${x.path.join(".")} ${x.message}`)}`,
    ).toBe(true);
  });
  return (rows as unknown[]).length;
}

const BARE_CODES_AMBIGUITY =
  "an stt[] or tts[] entry lists its languages as bare codes: 2.8 gives those rows a bare `languages[]` and realtime's `languages[] {code, name}`, and its `languages[] | code, name` row may name the top-level keys only";

/** A check over no entries checked nothing: it says so (a skip with that reason), never a silent pass. */
function nothingChecked(ctx: TestContext, entries: number, what: string): void {
  if (entries === 0) ctx.skip(`nothing to check: the catalog lists no ${what}`);
}

/** The model lists (2.8: "the authoritative source for provider and model pairs"; realtime "lists speech-to-speech models"). */
const MODEL_KEYS = ["llm", "stt", "tts", "realtime"];

check("GET /v1/catalog answers one object with the twelve 2.8 keys", ["catalog.top-level-keys"], async () => {
  const { response, body } = await catalogBody();
  for (const key of TOP_LEVEL_KEYS) expect(Object.hasOwn(body, key), `key ${key} in ${explain(response)}`).toBe(true);
  const page = ["items", "has_more", "limit", "offset"].filter((key) => Object.hasOwn(body, key));
  expect(page, "the catalog is unpaged").toEqual([]);
});

const ENTRY_CHECKS: Array<[string, string, string, z.ZodType]> = [
  ["avatar[] entries", "catalog.avatar-entry", "avatar", AvatarEntry],
  ["llm[] entries", "catalog.llm-entry", "llm", LlmEntry.omit({ builtin_tools: true })],
  ["noise_cancellation[] entries", "catalog.noise-cancellation-entry", "noise_cancellation", NoiseCancellationEntry],
  ["realtime[] entries", "catalog.realtime-entry", "realtime", RealtimeEntry.omit({ voices: true })],
  ["stt[] entries", "catalog.stt-entry", "stt", SttEntryRead],
  ["tts[] entries", "catalog.tts-entry", "tts", TtsEntryRead.omit({ voices: true })],
  ["system_vars[] entries", "catalog.system-var-entry", "system_vars", SystemVar],
];

for (const [label, clause, key, schema] of ENTRY_CHECKS) {
  check(`${label} carry every 2.8 field with its type`, [clause], async (ctx) => {
    const { response, body } = await catalogBody();
    const entries = expectEach(key, body[key], schema);
    if (MODEL_KEYS.includes(key)) {
      // The source of every provider/model pair an agent may name lists some model, in one list or another.
      const models = MODEL_KEYS.reduce((n, k) => n + (Array.isArray(body[k]) ? (body[k] as unknown[]).length : 0), 0);
      expect(models, `models listed in ${MODEL_KEYS.join(", ")}: ${explain(response)}`).toBeGreaterThan(0);
    }
    nothingChecked(ctx, entries, `${key}[] entries`);
  });
}

check(
  "llm[].builtin_tools[] entries and their options carry every 2.8 field",
  ["catalog.llm-builtin-tools"],
  async (ctx) => {
    const { body } = await catalogBody();
    const llm = (body.llm ?? []) as Array<{ builtin_tools?: unknown }>;
    let entries = 0;
    llm.forEach((entry, i) => {
      entries += expectEach(`llm[${i}].builtin_tools`, entry.builtin_tools, CatalogBuiltinTool);
    });
    nothingChecked(ctx, entries, "builtin tool in any llm[] entry");
  },
);

check(
  "voices[] in realtime[] and tts[] carry id, description, gender, name, sample_url, tags",
  ["catalog.voice-entry"],
  async (ctx) => {
    const { body } = await catalogBody();
    let entries = 0;
    for (const key of ["realtime", "tts"]) {
      ((body[key] ?? []) as Array<{ voices?: unknown }>).forEach((entry, i) => {
        entries += expectEach(`${key}[${i}].voices`, entry.voices, CatalogVoice);
      });
    }
    nothingChecked(ctx, entries, "voice in any realtime[] or tts[] entry");
  },
);

check(
  "languages[], turn_detector_languages[] and realtime entries' languages[] are {code, name}; stt and tts entries' languages[] {code, name} or codes",
  ["catalog.language-entry"],
  async (ctx) => {
    const { body } = await catalogBody();
    let entries = expectEach("languages", body.languages, CatalogLanguage);
    entries += expectEach("turn_detector_languages", body.turn_detector_languages, CatalogLanguage);
    for (const key of ["realtime", "stt", "tts"]) {
      // 2.8 gives realtime `languages[] {code, name}` and stt, tts a bare `languages[]` (SpeechLanguage).
      const schema = key === "realtime" ? CatalogLanguage : SpeechLanguage;
      ((body[key] ?? []) as Array<{ languages?: unknown }>).forEach((entry, i) => {
        entries += expectEach(`${key}[${i}].languages`, entry.languages, schema);
        if (key !== "realtime" && Array.isArray(entry.languages) && entry.languages.some((l) => typeof l === "string"))
          noteAmbiguity(BARE_CODES_AMBIGUITY);
      });
    }
    nothingChecked(ctx, entries, "language anywhere");
  },
);

check(
  "platform_fee_per_minute has a number for text, video and voice",
  ["catalog.platform-fee-every-channel"],
  async () => {
    const { response, body } = await catalogBody();
    const fees = body.platform_fee_per_minute as Record<string, unknown> | undefined;
    for (const channel of ["text", "video", "voice"]) {
      expect(typeof fees?.[channel], `platform_fee_per_minute.${channel} in ${explain(response)}`).toBe("number");
    }
    expect(PlatformFeePerMinute.safeParse(fees).success).toBe(true);
  },
);

check(
  "cost_estimate_usage_per_minute holds an integer for each of the 14 keys",
  ["catalog.cost-estimate-integers"],
  async () => {
    const { body } = await catalogBody();
    const parsed = CostEstimateUsagePerMinute.safeParse(body.cost_estimate_usage_per_minute);
    expect(parsed.success, parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")).toBe(true);
  },
);

check("providers is an object", ["catalog.providers-object"], async () => {
  const { body } = await catalogBody();
  const providers = body.providers;
  expect(typeof providers === "object" && providers !== null && !Array.isArray(providers), "providers").toBe(true);
});

// ---- The galleries.

interface Gallery {
  name: "voices" | "avatars";
  schema: z.ZodType;
  filters: string[];
}
const GALLERIES: Gallery[] = [
  { name: "voices", schema: VoiceCatalogPage, filters: ["gender", "language", "provider"] },
  { name: "avatars", schema: AvatarCatalogPageRead, filters: ["gender", "provider"] },
];

type GalleryPage = {
  items: Array<Record<string, unknown>>;
  has_more: boolean;
  total_count: number | null;
  facets: Record<string, string[]>;
};

async function galleryPage(gallery: Gallery, query: Record<string, string | number>): Promise<GalleryPage> {
  const response = await callOp(`catalog.${gallery.name}`, {}, { query });
  expectStatus(response, 200);
  return response.json as GalleryPage;
}

/** Every row matching the filters, read through pages of the ceiling. */
async function galleryRows(gallery: Gallery, filters: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for (let offset = 0; offset < 10_000; offset += 200) {
    const page = await galleryPage(gallery, { ...filters, limit: 200, offset });
    rows.push(...page.items);
    if (page.has_more !== true) return rows;
  }
  throw new Error(`${gallery.name} never ended`);
}

/** The same rows as JSON text, to compare pages row for row. */
async function wholeGallery(gallery: Gallery, filters: Record<string, string>): Promise<string[]> {
  return (await galleryRows(gallery, filters)).map((item) => JSON.stringify(item));
}

for (const gallery of GALLERIES) {
  const clause = gallery.name === "voices" ? "catalog.voices-envelope" : "catalog.avatars-envelope";
  check(
    `GET /v1/catalog/${gallery.name}: items with facets, nullable total_count, has_more, limit and offset`,
    [clause],
    async () => {
      const response = await callOp(`catalog.${gallery.name}`, {}, { query: { limit: 2 } });
      expectStatus(response, 200);
      const body = response.json as Record<string, unknown>;
      for (const key of ["items", "facets", "total_count", "has_more"]) {
        expect(Object.hasOwn(body, key), `${key} in ${explain(response)}`).toBe(true);
      }
      const parsed = gallery.schema.safeParse(body);
      expect(parsed.success, parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")).toBe(
        true,
      );
      const items = body.items as Array<Record<string, unknown>>;
      const facets = body.facets as Record<string, string[]>;
      for (const item of items) {
        for (const key of gallery.filters) {
          expect(facets[key], `facet ${key} lists ${String(item[key])}`).toContain(item[key]);
        }
      }
    },
    { needs: ["wiring"] },
  );

  property(
    `GET /v1/catalog/${gallery.name}: any limit, offset and filter give the filtered rows, has_more of the extra row and a true total_count`,
    ["catalog.gallery-has-more", "catalog.gallery-total-count", clause],
    [
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 0, max: 45 }),
      fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: undefined }),
    ],
    async (limit, offset, pick) => {
      const facets = (await galleryPage(gallery, { limit: 1 })).facets;
      const filters: Record<string, string> = {};
      if (pick !== undefined) {
        const key = gallery.filters[pick[0] % gallery.filters.length]!;
        const values = facets[key] ?? [];
        if (values.length > 0) filters[key] = values[pick[1] % values.length]!;
      }
      const whole = await wholeGallery(gallery, filters);
      const page = await galleryPage(gallery, { ...filters, limit, offset });
      expect(
        page.items.map((item) => JSON.stringify(item)),
        `rows ${offset}..${offset + limit} of ${whole.length}`,
      ).toEqual(whole.slice(offset, offset + limit));
      for (const [key, value] of Object.entries(filters)) {
        for (const item of page.items) expect(item[key], `filter ${key}=${value}`).toBe(value);
      }
      expect(page.has_more, `has_more with ${whole.length} rows, limit ${limit}, offset ${offset}`).toBe(
        offset + limit < whole.length,
      );
      if (page.total_count !== null) expect(page.total_count, "total_count when not null").toBe(whole.length);
    },
    { needs: ["wiring"], numRuns: 10 },
  );

  check(
    `GET /v1/catalog/${gallery.name}: filtering on a facet value lists exactly the rows carrying that value`,
    ["catalog.gallery-filter-narrows"],
    async () => {
      const all = await galleryRows(gallery, {});
      const facets = (await galleryPage(gallery, { limit: 1 })).facets;
      let narrowing = 0;
      for (const key of gallery.filters) {
        // A facet with one value cannot show a filter narrowing anything.
        const values = facets[key] ?? [];
        if (values.length < 2) continue;
        for (const value of values) {
          narrowing += 1;
          const expected = all.filter((row) => row[key] === value).map((row) => JSON.stringify(row));
          const filtered = (await galleryRows(gallery, { [key]: value })).map((row) => JSON.stringify(row));
          expect(filtered, `?${key}=${value}: the ${expected.length} of ${all.length} rows with that value`).toEqual(
            expected,
          );
        }
      }
      expect(
        narrowing,
        `a facet of ${gallery.name} with two values or more: ${JSON.stringify(facets)}`,
      ).toBeGreaterThan(0);
    },
    { needs: ["wiring"] },
  );

  check(
    `GET /v1/catalog/${gallery.name} is a 502 when the gallery provider gives no answer`,
    ["catalog.gallery-502"],
    async () => {
      const response = await whileProviderOffline(() => callOp(`catalog.${gallery.name}`, {}, { query: { limit: 1 } }));
      expectStatus(response, 502);
      const after = await callOp(`catalog.${gallery.name}`, {}, { query: { limit: 1 } });
      expectStatus(after, 200, "once the provider is back");
    },
    { needs: ["wiring"], exclusive: TAKES_PROVIDER_OFFLINE },
  );
}
