// The SSE row's baseline: a bare node:http server that holds every stream it is asked for and, on each
// `POST /fire`, writes one assistant.delta and one assistant.completed frame to every stream in one write
// each, in a single loop. It is the floor of a fan-out on this machine: no routing, no auth, no model, the
// frames built once. The bench reads it with the same sockets as the platform's streams (sse-capacity.ts).
import { createServer, type ServerResponse } from "node:http";

const SNAPSHOT = 'event: conversation.snapshot\ndata: {"event":"conversation.snapshot"}\n\n';
const REPLY = Buffer.from(
  'event: assistant.delta\ndata: {"event":"assistant.delta","delta":"Hello"}\n\n' +
    'event: assistant.completed\ndata: {"event":"assistant.completed","text":"Hello"}\n\n',
);
const streams = new Set<ServerResponse>();

const server = createServer((request, response) => {
  if (request.method === "POST") {
    request.resume();
    request.on("end", () => {
      response.writeHead(204).end();
      for (const stream of streams) stream.write(REPLY);
    });
    return;
  }
  request.socket.setTimeout(0);
  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  response.write(SNAPSHOT);
  streams.add(response);
  response.on("close", () => streams.delete(response));
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${address.port}\n`);
});
process.on("SIGTERM", () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
