// The crawl's address guard: only public addresses, except the one trusted origin; names are checked on
// the address actually dialled.
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedAgent, isPublicAddress, refusalOf } from "../../../../simulators/platform/knowledge/crawl-guard.ts";
import { createFetcher } from "../../../../simulators/platform/knowledge/fetch-page.ts";
import { startWebsite, type Website } from "../../../../simulators/website/server.ts";

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["2001:4860:4860::8888", true],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.1.1", false],
    ["127.0.0.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::1", false],
    ["fd00::1", false],
    ["fe80::1", false],
    ["::ffff:10.0.0.1", false],
    ["not an address", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("refusalOf", () => {
  const trusted = "http://127.0.0.1:4567";
  it.each([
    ["http://127.0.0.1:4567/docs", undefined],
    ["http://127.0.0.1:4568/docs", "is not a public address"],
    ["http://169.254.169.254/latest/meta-data", "is not a public address"],
    ["http://[::1]:4567/", "is not a public address"],
    ["http://localhost:4567/", "is not a public address"],
    ["http://LOCALHOST./", "is not a public address"],
    ["http://metadata.google.internal/", "is not a public address"],
    ["https://example.com/", undefined],
    ["http://8.8.8.8/", undefined],
    ["ftp://example.com/", "only http and https URLs can be crawled"],
  ])("%s", (url, expected) => {
    expect(refusalOf(new URL(url), trusted)).toBe(expected);
  });

  it("trusts nothing on loopback without a trusted origin", () => {
    expect(refusalOf(new URL("http://127.0.0.1:4567/"), undefined)).toBe("is not a public address");
  });
});

describe("a host name that resolves to a private address", () => {
  let site: Website;
  beforeAll(async () => {
    site = await startWebsite({ pages: 3 });
  });
  afterAll(() => site.close());

  it("is refused when dialled, and the site never sees the request", async () => {
    const port = new URL(site.url).port;
    const fetcher = createFetcher({
      trustedOrigin: undefined,
      timeoutMs: 2_000,
      // A public-looking name the stand-in resolver points at loopback (DNS rebinding).
      guarded: guardedAgent(2_000, async () => ["127.0.0.1"]),
      trusted: new Agent(),
    });
    const outcome = await fetcher.fetch(`http://docs.public-looking.test:${port}/`, new AbortController().signal);
    expect(outcome).toMatchObject({ kind: "failed", reason: "does not resolve to a public address" });
    expect(site.hits()).toEqual([]);
  });

  it("is fetched when it resolves to a public address (here: the trusted origin stands in)", async () => {
    const fetcher = createFetcher({
      trustedOrigin: site.url,
      timeoutMs: 2_000,
      guarded: guardedAgent(2_000),
      trusted: new Agent(),
    });
    const outcome = await fetcher.fetch(`${site.url}/`, new AbortController().signal);
    expect(outcome.kind).toBe("html");
  });
});
