// The secret registry: what one worker registers, another worker (and run) redacts; bodies' secret fields are
// registered without a helper having to.
import { appendFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  decoy,
  redact,
  redactJson,
  redactReceivedHeaders,
  redactSentHeaders,
  registerSecret,
  useSecretRegistry,
} from "../../../runner/client/redact.ts";
import { learnSecrets } from "../../../runner/client/secret-fields.ts";
import { appendSecret, readSecrets } from "../../../runner/client/secret-registry.ts";

const file = join(mkdtempSync(join(tmpdir(), "cap-secrets-")), "secrets.jsonl");
beforeAll(() => {
  useSecretRegistry(file);
});

describe("the secret registry", () => {
  it("shares what this worker registers, once, through the file", () => {
    registerSecret("provider-key-0001");
    registerSecret("provider-key-0001");
    registerSecret("short");
    expect(readSecrets(file)).toEqual(["provider-key-0001"]);
    expect(redact("key provider-key-0001 stored")).toBe("key [REDACTED…01] stored");
  });

  it("redacts what another worker appended, but not a line still being written", () => {
    appendSecret(file, "other-worker-token-42");
    appendFileSync(file, '"half-written-secr');
    expect(redact("other-worker-token-42 and half-written-secret")).toBe("[REDACTED…42] and half-written-secret");
    appendFileSync(file, 'et"\n');
    expect(redact("half-written-secret")).toBe("[REDACTED…et]");
  });

  it("learns secret fields of a body at any depth, and redacts a whole report", () => {
    learnSecrets({
      items: [{ id: "w1", secret: "whsec_not-base64-at-all" }],
      member: { session_cookie: "cookie-1234" },
    });
    learnSecrets({ value: "not-a-field-we-register", token: 12 });
    const registered = readSecrets(file);
    expect(registered).toContain("whsec_not-base64-at-all");
    expect(registered).toContain("cookie-1234");
    expect(registered).not.toContain("not-a-field-we-register");
    expect(redactJson({ a: ["x cookie-1234 y"], n: 3 })).toEqual({ a: ["x [REDACTED…34] y"], n: 3 });
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true);
  });
});

describe("bearer values nobody registered", () => {
  it("are masked when they look like a credential, and prose about the scheme is left alone", () => {
    expect(redact("authorization: Bearer eyJhbGciOi.abc-123")).toBe("authorization: Bearer [REDACTED]");
    expect(redact("Bearer abcdefghijklmnopqrstuvwxyz")).toBe("Bearer [REDACTED]");
    expect(redact("the Bearer scheme with no token")).toBe("the Bearer scheme with no token");
    expect(redact("a bare Bearer header")).toBe("a bare Bearer header");
  });

  it("leave the spec's placeholder alone: a clause's statement reads as the spec wrote it", () => {
    const statement = "The token is sent as `Authorization: Bearer <token>`; a valid token under another scheme";
    expect(redact(statement)).toBe(statement);
    expect(redact("Bearer <ACCESS_TOKEN>")).toBe("Bearer <ACCESS_TOKEN>");
  });
});

describe("headers", () => {
  it("a sent header loses its secrets and nothing else, so a cookie or a decoy without one replays", () => {
    registerSecret("session-value-777");
    registerSecret("admin-token-9999");
    expect(
      redactSentHeaders({
        cookie: "theme=dark; service_session=session-value-777; lang=en",
        authorization: "Bearer admin-token-9999",
        "x-other": "plain",
      }),
    ).toEqual({
      cookie: "theme=dark; service_session=[REDACTED…77]; lang=en",
      authorization: "Bearer [REDACTED…99]",
      "x-other": "plain",
    });
    // auth.invalid-session-401's cookie holds no secret; a token never issued is a decoy, no secret either.
    const never = decoy("Zm9vYmFyYmF6cXV4MTIzNDU2");
    expect(redactSentHeaders({ cookie: "theme=dark; service_session", authorization: `Bearer ${never}` })).toEqual({
      cookie: "theme=dark; service_session",
      authorization: `Bearer ${never}`,
    });
    // A bearer value nobody registered that is not a decoy may be a secret: masked.
    expect(redactSentHeaders({ authorization: "Bearer eyJhbGciOi.abc-123" })).toEqual({
      authorization: "Bearer [REDACTED]",
    });
  });

  it("a cookie a server sets is its own session: masked whole", () => {
    expect(redactReceivedHeaders({ "set-cookie": "sid=abc; HttpOnly", "content-type": "application/json" })).toEqual({
      "set-cookie": "[REDACTED]",
      "content-type": "application/json",
    });
  });
});
