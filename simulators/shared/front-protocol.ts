// What a simulator's primary process and its front workers say to each other
// (ARCHITECTURE.md, "Simulators behind several processes"): the worker's start settings, and the messages
// over the IPC channel node opens between them. The primary holds the simulator's state; a worker only
// speaks HTTP.
import { z } from "zod";

/** The internal command the package's bin runs a front worker with (`cli/main.ts` dispatches it). */
export const FRONT_WORKER_COMMAND = "front-worker";

/** The simulators a front can stand before: the two whose single process fell short of bare node:http. */
export const FrontedSimulator = z.enum(["carrier", "provider"]);
export type FrontedSimulator = z.infer<typeof FrontedSimulator>;

/** A worker's start settings, passed as one JSON argument. */
export const FrontConfig = z.object({
  simulator: FrontedSimulator,
  /** Where the worker listens, with SO_REUSEPORT: every worker of one simulator binds the same port. */
  host: z.string().min(1),
  port: z.int().min(0).max(65_535),
  /** The primary's own loopback origin, for every request the worker does not answer itself. */
  upstream: z.url(),
  /** The shared clock's scale, so a paced reply waits what the primary's would. */
  minuteMs: z.number().positive(),
  /** The largest body the primary takes: a larger one goes to the primary, which refuses it. */
  bodyLimit: z.int().positive(),
});
export type FrontConfig = z.infer<typeof FrontConfig>;

/** Worker to primary. `call` waits for an `answer`; `note` is a fact the primary records, unanswered. */
export const WorkerMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("listening"), port: z.int() }),
  z.object({ type: z.literal("call"), id: z.int(), op: z.string(), input: z.unknown() }),
  z.object({ type: z.literal("note"), op: z.string(), input: z.unknown() }),
  z.object({ type: z.literal("synced"), id: z.int() }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessage>;

/**
 * Primary to worker. `sync` is answered by `synced` after every message the worker sent before it, so
 * a reader of the primary's state sees every note a worker sent before its answer left.
 */
export const PrimaryMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("answer"),
    id: z.int(),
    ok: z.boolean(),
    result: z.unknown(),
    error: z.string().optional(),
  }),
  z.object({ type: z.literal("sync"), id: z.int() }),
  z.object({ type: z.literal("stop") }),
]);
export type PrimaryMessage = z.infer<typeof PrimaryMessage>;

/** A fast path's answer decided by the primary: a JSON body with its status and extra headers, or a dropped connection. */
export const JsonAnswer = z.union([
  z.object({ drop: z.literal(true) }),
  z.object({ status: z.int(), headers: z.record(z.string(), z.string()), body: z.unknown() }),
]);
export type JsonAnswer = z.infer<typeof JsonAnswer>;
