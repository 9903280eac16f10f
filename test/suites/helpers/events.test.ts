// The event types a wait's description names: what the stalled-waits breaker counts it by.
import { expect, test } from "vitest";
import { typesNamed } from "../../../suites/helpers/events.ts";

test("names each 6.1 event type a description holds, whole words only, in 6.1's order", () => {
  expect(typesNamed("session.queued, session.started, session.in_progress, session.completed of 0b0e-77")).toEqual([
    "session.queued",
    "session.started",
    "session.in_progress",
    "session.completed",
  ]);
  expect(typesNamed("batch.completed and a session.started of its calls")).toEqual([
    "session.started",
    "batch.completed",
  ]);
  expect(typesNamed("the sentinel batch's batch.completed.")).toEqual(["batch.completed"]);
  expect(typesNamed("both sessions' session.completed")).toEqual(["session.completed"]);
  expect(typesNamed("a session.completedness or xsession.started")).toEqual([]);
});
