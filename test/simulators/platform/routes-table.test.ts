// The reference platform's routes are written by hand, a second opinion on spec/operations.ts: this holds each
// registration's role and success status equal to its row (the OpenAPI test holds method and path equal). Read
// from the route files' text, since a route states both in its own body (`requireRole`, `reply.status`).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { type OperationRow, operationRows } from "../../../spec/operations.ts";

const PLATFORM = join(import.meta.dirname, "..", "..", "..", "simulators", "platform");

interface Registration {
  file: string;
  method: string;
  path: string;
  /** The role the body requires, or undefined where it calls no requireRole. */
  role: string | undefined;
  /** The success statuses the body sets, whatever a variant or fault does. */
  statuses: number[];
}

/** Every registration, test hooks included: each ends where the next begins. */
const REGISTRATION = /app\.(get|post|put|patch|delete)\(("[^"]*"|\w+)/g;
const SERVED = /^"(\/v1\/[^"]*|\/health)"$/;

/** What each registration of a route file requires and answers, its body read up to the next registration. */
function registrationsOf(file: string): Registration[] {
  const text = readFileSync(join(PLATFORM, file), "utf8");
  const starts = [...text.matchAll(REGISTRATION)];
  return starts.flatMap((match, i) => {
    const path = SERVED.exec(match[2]!)?.[1];
    if (path === undefined) return [];
    // A variant's or fault's branch, a one-line test or an if block, answers for that server alone: the clean
    // body is what is left without them (a negated test, `if (!ctx.faults.has(...))`, guards the clean way).
    const clean = text
      .slice(match.index, starts[i + 1]?.index ?? text.length)
      .replace(/if \((?!!)[^\n]*(?:variants|faults)\.has[^\n]*\{[\s\S]*?\n\s*\}/g, "")
      .split("\n")
      .filter((line) => !/(?<!!ctx\.)(?:variants|faults)\.has/.test(line));
    const required = /requireRole\(request\.principal, (?:"(\w+)"|(\w+))\)/.exec(clean.join("\n"));
    // A role held in a constant (a fault's switch) is the constant's last literal: the clean branch.
    const role = required?.[1] ?? (required?.[2] === undefined ? undefined : constantRole(text, required[2]));
    const statuses = clean.flatMap((line) => [...line.matchAll(/reply\.status\((2\d\d)\)/g)].map((m) => Number(m[1])));
    return {
      file,
      method: match[1]!.toUpperCase(),
      path: path.replace(/:(\w+)/g, "{$1}"),
      role,
      statuses: [...new Set(statuses)],
    };
  });
}

function constantRole(text: string, name: string): string | undefined {
  const line = new RegExp(`const ${name} = ([^;]*);`).exec(text)?.[1] ?? "";
  return [...line.matchAll(/"(\w+)"/g)].at(-1)?.[1];
}

// The routes, and GET /health beside the hooks in app.ts.
const registrations = [
  "app.ts",
  ...readdirSync(join(PLATFORM, "routes"))
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join("routes", file)),
].flatMap(registrationsOf);

function registrationOf(row: OperationRow): Registration | undefined {
  return registrations.find((r) => r.method === row.method && r.path === row.path);
}

test("every row of the table has a registration", () => {
  const missing = operationRows().filter((row) => registrationOf(row) === undefined);
  expect(missing.map((row) => `${row.method} ${row.path}`)).toEqual([]);
});

test("a role the spec shows is the role the route requires; an open operation requires none", () => {
  for (const row of operationRows()) {
    const route = registrationOf(row)!;
    const where = `${row.name} (${route.file})`;
    if (row.role === "EDITOR" || row.role === "ADMIN") expect(route.role, where).toBe(row.role);
    if (row.role === "any" || row.role === "none") expect(route.role, where).toBeUndefined();
  }
});

test("the route's success status is the row's (200 where the row names none)", () => {
  for (const row of operationRows()) {
    const route = registrationOf(row)!;
    expect(route.statuses, `${row.name} (${route.file})`).toEqual(row.status === undefined ? [] : [row.status]);
  }
});

test("the reading can tell a route apart from its row", () => {
  // Each field read, on both sides, so the comparisons above can fail.
  expect(new Set(registrations.map((r) => r.role))).toEqual(new Set([undefined, "EDITOR", "ADMIN"]));
  expect(new Set(registrations.flatMap((r) => r.statuses))).toEqual(new Set([201, 202]));
  expect(operationRows().some((row) => row.role === "any")).toBe(true);
});
