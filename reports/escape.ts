// Escaping for every output format. Report text comes from servers under test, so it is hostile by default.

/** XML 1.0 forbids these code points (C0 controls except tab/LF/CR, U+FFFE, U+FFFF); HTML shows them as junk. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE_OR_NONCHAR =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g;

/** Control characters become visible `\x1B` text, lone surrogates and non-characters become U+FFFD. */
export function visibleControls(text: string): string {
  return text
    .replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
    .replace(LONE_SURROGATE_OR_NONCHAR, "\uFFFD");
}

/** Text content of an XML element. `>` is escaped too so `]]>` can never appear. */
export function xmlText(text: string): string {
  return visibleControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An XML attribute value in double quotes; newlines and tabs kept as character references. */
export function xmlAttr(text: string): string {
  return xmlText(text)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");
}

/** HTML text or a double/single-quoted attribute value. */
export function html(text: string): string {
  return visibleControls(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Inline markdown text (a table cell or a list item): one line, no HTML, no emphasis, no table breaks. */
export function mdText(text: string): string {
  return visibleControls(text)
    .replace(/\s*[\r\n]+\s*/g, " ")
    .replace(/[\\`*_[\]|~#!]/g, (c) => `\\${c}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A markdown code span that survives backticks in its content. */
export function mdCode(text: string): string {
  const one = visibleControls(text).replace(/\s*[\r\n]+\s*/g, " ");
  const longest = Math.max(0, ...(one.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = one.startsWith("`") || one.endsWith("`") || one === "" ? " " : "";
  return `${fence}${pad}${one}${pad}${fence}`;
}

/** A fenced markdown code block whose fence is longer than any backtick run inside. */
export function mdFence(text: string, lang = ""): string {
  const body = visibleControls(text).replace(/\r\n?/g, "\n");
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${body}\n${fence}`;
}
