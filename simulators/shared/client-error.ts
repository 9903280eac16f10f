// Requests node's HTTP parser refuses before fastify sees them (a method it does not know, headers or a
// URL over the header size limit, a malformed request line) still get the error envelope (7).
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { errorBody } from "../../spec/errors.ts";

function verdict(code: string | undefined): { status: number; message: string } {
  if (code === "HPE_HEADER_OVERFLOW")
    return { status: 431, message: "request headers (the URL included) are too large" };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, message: "the request did not arrive in time" };
  if (code === "HPE_INVALID_METHOD") return { status: 400, message: "the request method is not valid" };
  return { status: 400, message: "the request is not valid HTTP" };
}

export function clientErrorHandler(error: Error, socket: Socket): void {
  const code = (error as NodeJS.ErrnoException).code;
  // A reset connection has no one left to answer.
  if (code === "ECONNRESET" || socket.destroyed) return;
  const { status, message } = verdict(code);
  const body = JSON.stringify(errorBody(message));
  // end(), not destroy(): closing with the client's unread bytes still queued resets the connection,
  // and the client then never reads the answer.
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  } else {
    socket.destroy();
  }
}
