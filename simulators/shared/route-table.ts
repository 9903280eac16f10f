// The routes a server registered, read from fastify itself, so a test that must reach every route (the
// robustness matrices, the OpenAPI comparison) covers a new one without being told.
import type { FastifyInstance } from "fastify";
import { z } from "zod";

export const RegisteredRoute = z.object({ method: z.string(), url: z.string() });
export type RegisteredRoute = z.infer<typeof RegisteredRoute>;

const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Starts recording; must run before the first route is added (createServer calls it). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  tables.set(app, routes);
  // HEAD is fastify's automatic twin of each GET, not a route anyone wrote.
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
  });
}

/** Every method and URL registered so far, prefixes included; complete once the server listens. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return tables.get(app) ?? [];
}
