// A minimal multipart/form-data reader for the transcription upload: text fields become strings, file
// fields become {filename, content_type, data}. Enough for OpenAI's `file` + `model` form, nothing more.

export interface UploadedFile {
  filename: string;
  content_type: string;
  data: Buffer;
}
export type FormBody = Record<string, string | UploadedFile>;

const CRLF2 = Buffer.from("\r\n\r\n");

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** Answers undefined when the body is not well-formed multipart for `boundary`. */
export function parseMultipart(body: Buffer, boundary: string): FormBody | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const form: FormBody = {};
  let start = body.indexOf(delimiter);
  if (start < 0) return undefined;
  for (;;) {
    start += delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") return form;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return undefined;
    // A part: CRLF, headers, blank line, content, CRLF, then the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf(CRLF2);
    if (split < 0) return undefined;
    const headers = part.subarray(0, split).toString("utf8");
    const data = part.subarray(split + CRLF2.length);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) return undefined;
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    const contentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "application/octet-stream";
    form[name] = filename === undefined ? data.toString("utf8") : { filename, content_type: contentType, data };
    start = next;
  }
}
