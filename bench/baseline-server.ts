// The baseline: a bare node:http server answering fixed bytes, the floor any JSON API on this machine
// can reach. Run as its own process so it does not share an event loop with the load generator.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2]!);
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${address.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
