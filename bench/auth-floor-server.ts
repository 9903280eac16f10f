// The platform row's second baseline: bare node:http answering fixed bytes, but only after the exchange
// section 5 item 5 asks of every request ("re-read on every request and never cached"): a POST of the
// credential to a control plane in the same process (bare node:http too), over kept-alive connections, its
// JSON verdict read whole. It is the floor of a platform built as the reference is (one process, the control
// plane over HTTP), with no framework, routing, store or serialisation of its own.
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";

const body = readFileSync(process.argv[2]!);
const verdict = JSON.stringify({ workspace_id: "w", member_id: "m", role: "ADMIN" });
/** The one token this control plane refuses, so its verdict is seen to decide (test/bench/floors.test.ts). */
const REVOKED = "revoked";
const REFUSAL = JSON.stringify({ detail: { message: "token revoked" } });

const controlPlane = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const refused = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { token?: unknown }).token === REVOKED;
    const answer = refused ? REFUSAL : verdict;
    response.writeHead(refused ? 401 : 200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(answer),
    });
    response.end(answer);
  });
});
await new Promise<void>((resolve) => controlPlane.listen(0, "127.0.0.1", resolve));
const pool = new Pool(`http://127.0.0.1:${(controlPlane.address() as AddressInfo).port}`);

const server = createServer((request, response) => {
  request.on("data", () => undefined);
  request.on("end", () => void answer(request.headers.authorization, response));
});

async function answer(authorization: string | undefined, response: ServerResponse): Promise<void> {
  try {
    const token = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1] ?? "";
    const exchange = await pool.request({
      path: "/v1/auth/resolve",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    const resolved = await exchange.body.json();
    if (exchange.statusCode !== 200) {
      response.writeHead(exchange.statusCode, { "content-type": "application/json" }).end(JSON.stringify(resolved));
      return;
    }
    response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    response.end(body);
  } catch {
    // As the platform answers an unreachable control plane (section 5 item 10): never a hang.
    response.writeHead(503, { "content-type": "application/json" }).end('{"detail":{"message":"unreachable"}}');
  }
}
server.listen(0, "127.0.0.1", () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on("SIGTERM", () => void pool.close().then(() => process.exit(0)));
