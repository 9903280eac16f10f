// The end-of-file clean-up: every delete at once, then what was refused again, newest first, after the rest.
import { expect, test } from "vitest";
import { cleanupAll, track } from "../../../runner/client/resources.ts";

test("every tracked row is deleted at once; a row refused while another refers to it is deleted after", async () => {
  const deleted: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const attempts: string[] = [];
  // The server looks at what refers to the row when the delete arrives.
  const row = (name: string, refusedWhile?: () => boolean) => async () => {
    attempts.push(name);
    const refused = refusedWhile?.() === true;
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
    if (refused) throw new Error(`${name} is still referred to`);
    deleted.push(name);
  };
  track(
    "account",
    row("account", () => !deleted.includes("number")),
  );
  track("number", row("number"));
  track("agent", row("agent"));
  expect(await cleanupAll("s")).toEqual([]);
  expect(mostInFlight).toBe(3);
  expect(attempts).toEqual(["agent", "number", "account", "account"]);
  expect(deleted).toEqual(["agent", "number", "account"]);
  // Nothing is tracked any more: a second clean-up deletes nothing.
  expect(await cleanupAll("s")).toEqual([]);
  expect(deleted).toHaveLength(3);
});

test("a row refused twice is a leftover, with the server's reason", async () => {
  track("stubborn", async () => {
    throw new Error("delete answered 500");
  });
  expect(await cleanupAll("paging")).toEqual([
    { resource: "stubborn", suite: "paging", reason: "delete answered 500" },
  ]);
});
