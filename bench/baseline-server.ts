// The baseline: a bare node:http server answering fixed bytes, the floor any JSON API on this machine
// can reach. Run as its own process so it does not share an event loop with the load generator.
// It reads every request body whole before answering (a POST handler must), and with --sse answers
// as an event stream: the file's frames (split at blank lines) written one write each, as a
// streaming simulator writes them.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2]!);
const sse = process.argv.includes("--sse");
const frames = sse ? body.toString("utf8").split(/(?<=\n\n)/) : [];
const server = createServer((request, response) => {
  request.on("data", () => undefined);
  request.on("end", () => {
    if (sse) {
      response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
      for (const frame of frames.slice(0, -1)) response.write(frame);
      response.end(frames.at(-1));
      return;
    }
    response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    response.end(body);
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${address.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
