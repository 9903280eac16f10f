// The simulators' own server base (simulators/shared/server.ts: fastify, strict JSON bodies, the
// error envelope) answering fixed bytes to any POST: how much of a simulator's distance to bare
// node:http is the framework every simulator shares rather than its own work.
import { readFileSync } from "node:fs";
import { createServer, listenLoopback } from "../simulators/shared/server.ts";

const body = readFileSync(process.argv[2]!);
const app = createServer();
app.post("/*", async (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
const url = await listenLoopback(app);
process.stdout.write(`${new URL(url).port}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
