// Call batches (2.12): filled in by the batch scheduler slice.
import type { FastifyInstance } from "fastify";
import type { PlatformContext } from "../context.ts";

export function batchesRoutes(_app: FastifyInstance, _ctx: PlatformContext): void {}
