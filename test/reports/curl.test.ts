// The curl line of a recorded request replays it exactly: run through a POSIX shell (with `curl` a function
// printing its arguments), it gives curl the recorded method, URL, headers and body, with the role's variable
// in place of the redacted credential, and never a secret.
import { spawnSync } from "node:child_process";
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { curlCommand, curlVariables } from "../../reports/curl.ts";
import { clipBody, type Exchange } from "../../spec/report.ts";

function exchange(partial: Partial<Exchange> = {}): Exchange {
  return {
    method: "POST",
    url: "http://127.0.0.1:4100/v1/agents?limit=2&offset=0",
    status: 201,
    request_headers: { accept: "application/json", "content-type": "application/json", authorization: "[REDACTED]" },
    request_body: '{"name":"capct-1a2b3c-agent"}',
    response_headers: {},
    response_body: "{}",
    duration_ms: 3,
    credential: "admin",
    ...partial,
  };
}

/** The arguments curl would get when a shell runs `command` with `env` set. */
function argvOf(command: string, env: Record<string, string> = {}): { argv: string[]; status: number; stderr: string } {
  const stub = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n`;
  const run = spawnSync("sh", ["-c", stub + command], { env: { PATH: process.env.PATH, ...env }, encoding: "utf8" });
  return { argv: run.stdout.split("\0").slice(0, -1), status: run.status ?? -1, stderr: run.stderr };
}

describe("curlCommand", () => {
  it("replays method, URL, headers and body, the admin token read from $CAP_TOKEN_ADMIN", () => {
    const command = curlCommand(exchange());
    expect(command).toContain('"authorization: Bearer $CAP_TOKEN_ADMIN"');
    expect(command).not.toContain("[REDACTED]");
    const { argv } = argvOf(command, { CAP_TOKEN_ADMIN: "tok-secret-admin" });
    expect(argv).toEqual([
      "-i",
      "-X",
      "POST",
      "http://127.0.0.1:4100/v1/agents?limit=2&offset=0",
      "-H",
      "accept: application/json",
      "-H",
      "content-type: application/json",
      "-H",
      "authorization: Bearer tok-secret-admin",
      "--data-raw",
      '{"name":"capct-1a2b3c-agent"}',
    ]);
  });

  it("names each role's variable and the session cookie's", () => {
    expect(curlCommand(exchange({ credential: "editor" }))).toContain("$CAP_TOKEN_EDITOR");
    expect(curlCommand(exchange({ credential: "viewer" }))).toContain("$CAP_TOKEN_VIEWER");
    const cookie = exchange({ request_headers: { cookie: "[REDACTED]" }, credential: "session_cookie" });
    expect(argvOf(curlCommand(cookie), { CAP_SESSION_COOKIE: "sess" }).argv).toContain("cookie: service_session=sess");
    expect(curlVariables([exchange(), cookie])).toEqual(["CAP_TOKEN_ADMIN", "CAP_SESSION_COOKIE"]);
  });

  it("puts the variable where the masked secret stood, and leaves a header that carries none as sent", () => {
    // The session cookie beside the domain's other cookies: only its value was a secret.
    const beside = exchange({
      request_headers: { cookie: "theme=dark; service_session=[REDACTED…9z]; lang=en" },
      credential: "session_cookie",
    });
    expect(argvOf(curlCommand(beside), { CAP_SESSION_COOKIE: "sess" }).argv).toContain(
      "cookie: theme=dark; service_session=sess; lang=en",
    );
    // A cookie under test that holds no secret (auth.invalid-session-401) replays as it was sent.
    const invalid = exchange({ request_headers: { cookie: "theme=dark; service_session" }, credential: undefined });
    expect(argvOf(curlCommand(invalid)).argv).toContain("cookie: theme=dark; service_session");
    expect(curlVariables([invalid])).toEqual([]);
    // A registered token masked in a bearer header: the role's variable after the scheme.
    const masked = exchange({ request_headers: { authorization: "Bearer [REDACTED…x1]" }, credential: "viewer" });
    expect(argvOf(curlCommand(masked), { CAP_TOKEN_VIEWER: "v" }).argv).toContain("authorization: Bearer v");
  });

  it("stops the shell, saying why, for a redacted value that is no target credential", () => {
    const unknown = exchange({ credential: undefined });
    const command = curlCommand(unknown);
    expect(command).toContain("CAP_REDACTED_AUTHORIZATION");
    const unset = argvOf(command);
    expect(unset.status).not.toBe(0);
    expect(unset.stderr).toContain("the report does not keep");
    expect(argvOf(command, { CAP_REDACTED_AUTHORIZATION: "Bearer x" }).argv).toContain("authorization: Bearer x");
  });

  it("sends a GET without -X, a stream with -N, and says when the recorded body was clipped", () => {
    const get = exchange({ method: "GET", request_body: null, request_headers: { accept: "text/event-stream" } });
    expect(argvOf(curlCommand(get)).argv).toEqual([
      "-i",
      "-N",
      "http://127.0.0.1:4100/v1/agents?limit=2&offset=0",
      "-H",
      "accept: text/event-stream",
    ]);
    const clipped = curlCommand(exchange({ request_body: clipBody("x".repeat(20_000)) }));
    expect(clipped.split("\n")[0]).toBe("# The recorded body was clipped; this sends only its start.");
  });

  test.prop(
    {
      method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
      path: fc.string({ unit: "grapheme", maxLength: 20 }),
      body: fc.option(fc.string({ unit: "grapheme", maxLength: 200 }), { nil: null }),
      header: fc.string({ unit: "grapheme", maxLength: 40 }),
    },
    { numRuns: 60 },
  )("any recorded method, URL, header value and body reaches curl byte for byte", ({ method, path, body, header }) => {
    // A shell argument cannot hold NUL; nothing the harness records sends one in a header.
    fc.pre(![path, body ?? "", header].some((s) => s.includes("\0")));
    const url = `http://127.0.0.1:4100/v1/${path}`;
    const x = exchange({
      method,
      url,
      request_body: body,
      request_headers: { "x-case": header, authorization: "[REDACTED]" },
    });
    const { argv } = argvOf(curlCommand(x), { CAP_TOKEN_ADMIN: "t$ok`en'" });
    expect(argv).toContain(url);
    expect(argv).toContain(`x-case: ${header}`);
    expect(argv).toContain("authorization: Bearer t$ok`en'");
    if (body !== null) expect(argv.at(-1)).toBe(body);
  });
});
