// Uploads for the provider's transcription route (OpenAI's multipart `file` + `model` form): one it
// accepts, and broken ones — no boundary, no closing delimiter, a part without a name, the file or the
// model missing, a model of the wrong kind, a model name that is not UTF-8, an upload over the size limit.
import type { Payload } from "../../helpers/robustness/client.ts";
import { MARKER, type Probe, type Route } from "../../helpers/robustness/probe.ts";

const BOUNDARY = "robust-boundary";
const CRLF = "\r\n";

type Part = { name?: string; filename?: string; data: string | Buffer };

/** `boundary` null names none in the Content-Type. */
function multipart(parts: readonly Part[], close = true, boundary: string | null = BOUNDARY): Payload {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.name === undefined ? "" : `; name="${part.name}"`;
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"${CRLF}Content-Type: audio/mpeg`;
    chunks.push(Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data${name}${file}${CRLF}${CRLF}`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from(CRLF));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--${CRLF}`));
  const type = boundary === null ? "multipart/form-data" : `multipart/form-data; boundary=${boundary}`;
  return { bytes: Buffer.concat(chunks), type };
}

export function multipartProbes(route: Route, path: string, bodyLimit: number, model: string): Probe[] {
  const file: Part = { name: "file", filename: "a.mp3", data: Buffer.from([0x49, 0x44, 0x33, 0x04]) };
  const modelPart: Part = { name: "model", data: model };
  const probe = (kind: string, payload: Payload, mustRefuse = true): Probe => ({
    kind: `multipart: ${kind}`,
    method: route.method,
    path,
    payload,
    mustRefuse,
  });
  return [
    probe("no boundary", multipart([file, modelPart], true, null)),
    probe("another boundary", multipart([file, modelPart], true, "not-the-one")),
    probe("no closing delimiter", multipart([file, modelPart], false)),
    probe("a part without a name", multipart([{ data: "x" }, file, modelPart])),
    probe("no file", multipart([modelPart])),
    probe("no model", multipart([file])),
    probe("file given as text", multipart([{ name: "file", data: "not a file" }, modelPart])),
    probe("a model of another kind", multipart([file, { name: "model", data: "sim-chat-1" }])),
    probe("a model that is not UTF-8", multipart([file, { name: "model", data: Buffer.from([0xc0, 0xaf]) }])),
    probe("over the size limit", multipart([{ ...file, data: Buffer.alloc(bodyLimit + 1) }, modelPart])),
    probe("unknown fields", multipart([file, modelPart, { name: MARKER, data: "must not be stored" }]), false),
  ];
}
