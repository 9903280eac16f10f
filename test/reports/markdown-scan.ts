// Splits markdown into prose and code the way CommonMark does for fences and code spans, so tests can check
// that hostile text never reaches the prose unescaped.

export interface Scanned {
  /** Lines outside fenced blocks, with code spans removed. */
  prose: string[];
  /** Contents of fenced blocks. */
  fences: string[];
  /** True when every opened fence was closed. */
  balanced: boolean;
}

function stripCodeSpans(line: string): string {
  let out = "";
  let i = 0;
  while (i < line.length) {
    if (line[i] === "\\" && i + 1 < line.length) {
      out += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (line[i] !== "`") {
      out += line[i];
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === "`") n++;
    const run = "`".repeat(n);
    // The closing run has exactly n backticks.
    let j = line.indexOf(run, i + n);
    while (j !== -1 && (line[j + n] === "`" || line[j - 1] === "`")) j = line.indexOf(run, j + 1);
    if (j === -1) {
      out += run;
      i += n;
    } else {
      out += "⟨code⟩";
      i = j + n;
    }
  }
  return out;
}

export function scanMarkdown(md: string): Scanned {
  const prose: string[] = [];
  const fences: string[] = [];
  let open: string | null = null;
  let body: string[] = [];
  for (const line of md.split("\n")) {
    if (open === null) {
      const m = /^(`{3,})/.exec(line);
      if (m) {
        open = m[1]!;
        body = [];
      } else prose.push(stripCodeSpans(line));
    } else if (new RegExp(`^\`{${open.length},}\\s*$`).test(line)) {
      fences.push(body.join("\n"));
      open = null;
    } else body.push(line);
  }
  return { prose, fences, balanced: open === null };
}

/** Pipes that split table cells (not backslash-escaped). */
export function cellSeparators(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === "|") n++;
  }
  return n;
}
