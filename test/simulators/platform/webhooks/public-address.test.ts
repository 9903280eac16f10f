// The save-time public-address rules of the reference platform (6.1) against the suite's own URL table,
// and the fixture's notations: each generated URL must parse (WHATWG) to the address it claims.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { internalUrl, NOTATIONS, PUBLIC_URLS, privateUrl, REFUSED_URLS } from "../../../../fixtures/webhook-urls.ts";
import type { PlatformContext } from "../../../../simulators/platform/context.ts";
import { type FaultName, FaultSet } from "../../../../simulators/platform/faults/index.ts";
import { VariantSet } from "../../../../simulators/platform/variants/index.ts";
import { addressProblem, urlProblemAtSave } from "../../../../simulators/platform/webhooks/public-address.ts";

const SINK = "http://127.0.0.1:40123";

function ctxWith(faults: FaultName[] = []): PlatformContext {
  return {
    faults: new FaultSet(faults),
    variants: new VariantSet(),
    wiring: { controlPlaneUrl: "", trustedWebhookOrigin: SINK },
  } as never;
}

describe("urlProblemAtSave", () => {
  const ctx = ctxWith();

  test.each(REFUSED_URLS)("refuses $url ($why)", ({ url }) => {
    expect(urlProblemAtSave(ctx, url)).toMatch(/^url: /);
  });

  test.each(PUBLIC_URLS)("accepts %s", (url) => {
    expect(urlProblemAtSave(ctx, url)).toBeNull();
  });

  test("trusts exactly the sink origin, not another loopback port or host spelling", () => {
    expect(urlProblemAtSave(ctx, `${SINK}/hooks/a`)).toBeNull();
    expect(urlProblemAtSave(ctx, "http://127.0.0.1:40124/hooks/a")).toMatch(/loopback/);
    expect(urlProblemAtSave(ctx, "http://localhost:40123/hooks/a")).toMatch(/internal host name/);
    expect(urlProblemAtSave(ctx, "https://127.0.0.1:40123/hooks/a")).toMatch(/loopback/);
  });

  test("a generated private or internal address in any notation is refused", () => {
    fc.assert(
      fc.property(fc.oneof(privateUrl, internalUrl), (generated) => {
        expect(urlProblemAtSave(ctx, generated.url), `${generated.url} (${generated.notation})`).not.toBeNull();
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  test("the faults open exactly their hole", () => {
    expect(urlProblemAtSave(ctxWith(["webhook-url-loopback-allowed"]), "http://127.0.0.1/")).toBeNull();
    expect(urlProblemAtSave(ctxWith(["webhook-url-ipv4-mapped-allowed"]), "http://[::ffff:127.0.0.1]/")).toBeNull();
    expect(urlProblemAtSave(ctxWith(["webhook-url-ipv4-mapped-allowed"]), "http://127.0.0.1/")).not.toBeNull();
    expect(urlProblemAtSave(ctxWith(["webhook-url-link-local-allowed"]), "http://169.254.169.254/")).toBeNull();
    expect(urlProblemAtSave(ctxWith(["webhook-url-numeric-host-allowed"]), "http://2130706433/")).toBeNull();
    expect(urlProblemAtSave(ctxWith(["webhook-url-numeric-host-allowed"]), "http://127.0.0.1/")).not.toBeNull();
  });
});

describe("addressProblem", () => {
  const ctx = ctxWith();
  test.each([
    ["8.8.8.8", null],
    ["2606:4700:4700::1111", null],
    ["::ffff:8.8.8.8", null],
    ["::ffff:10.1.2.3", /private/],
    ["::7f00:1", /not global unicast/],
    ["2002:7f00:1::", /not global unicast/],
    ["64:ff9b::a9fe:a9fe", /not global unicast/],
    ["fd00:ec2::254", /unique-local/],
    ["100.100.100.200", /carrier-grade NAT/],
  ])("%s", (address, expected) => {
    const problem = addressProblem(ctx, address);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});

describe("fixture notations", () => {
  test("every notation parses to the address it spells", () => {
    const octets: [number, number, number, number][] = [
      [127, 0, 0, 1],
      [10, 200, 3, 4],
      [169, 254, 169, 254],
      [0, 0, 0, 0],
    ];
    for (const o of octets) {
      for (const [name, render] of Object.entries(NOTATIONS)) {
        const host = new URL(`http://${render(o)}/`).hostname;
        const expected = name.startsWith("IPv4-mapped")
          ? new URL(`http://[::ffff:${o.join(".")}]/`).hostname
          : o.join(".");
        expect(host, `${o.join(".")} as ${name}`).toBe(expected);
      }
    }
  });
});
