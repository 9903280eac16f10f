// Unique names per workspace (4, 7) for agents, tools and tasks: a rename onto a name another one holds.
import { expect } from "vitest";
import { type ApiResponse, explain } from "../../runner/client/http-client.ts";
import { uniqueName } from "../../runner/client/resources.ts";
import { expectStatus } from "../../runner/framework/response.ts";
import { profile } from "./profile.ts";

export interface Named {
  id: string;
  name: string;
}

/**
 * PATCHes `renamed` to the name `holder` has: the answer must be a 400 and both must keep the names they had.
 * `rename` sends the PATCH (its body is the resource's business); `nameOf` reads a name back by id. First the
 * same PATCH with `free`, a name no one holds, must succeed, so the 400 is about the name and not about the body.
 */
export async function expectRenameOntoTakenRefused(
  what: string,
  renamed: Named,
  holder: Named,
  rename: (id: string, name: string) => Promise<ApiResponse>,
  nameOf: (id: string) => Promise<string>,
  free = uniqueName(`${what}-renamed`),
): Promise<void> {
  const control = await rename(renamed.id, free);
  expect(control.status, `renaming a ${what} to a free name: ${explain(control)}`).toBeGreaterThanOrEqual(200);
  expect(control.status, `renaming a ${what} to a free name: ${explain(control)}`).toBeLessThan(300);
  const response = await rename(renamed.id, holder.name);
  expectStatus(response, 400, `renaming a ${what} to a name another ${what} holds`);
  // Read both back: a server that answered 400 after writing, or wrote the other one, is caught here.
  expect(await nameOf(renamed.id), `the renamed ${what} keeps its name`).toBe(free);
  expect(await nameOf(holder.id), `the ${what} holding the name keeps it`).toBe(holder.name);
}

/** Two creates with one name sent at once: exactly one 2xx and one 400. */
export function expectOneOfTwoCreated(responses: ApiResponse[]): void {
  const statuses = responses.map((r) => r.status).sort();
  const seen = `statuses ${statuses.join(", ")}\n${responses.map(explain).join("\n")}`;
  expect(statuses.filter((s) => s >= 200 && s < 300).length, seen).toBe(1);
  expect(statuses.filter((s) => s === 400).length, seen).toBe(1);
}

/**
 * 7: a duplicate name is a 400 "like `an agent with that name already exists`, which shows the earlier create
 * worked"; what counts as like it is the profile's `duplicate_name_message`.
 */
export function expectNameTaken(response: ApiResponse, what = "a taken name"): void {
  expectStatus(response, 400, what);
  const message = (response.json as { detail?: { message?: unknown } } | undefined)?.detail?.message;
  expect(String(message), `${what}: the message says the name is taken`).toMatch(
    new RegExp(profile().duplicate_name_message, "i"),
  );
}
