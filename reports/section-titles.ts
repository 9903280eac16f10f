// Headings of ../shared/spec/platform-api.md, so reports can say "2.1 Page envelope" rather than a bare number.
// Display only: a section missing here is shown by its number alone.
const TITLES: Readonly<Record<string, string>> = {
  "1": "What the service does",
  "2": "Resources and their fields",
  "2.1": "Page envelope",
  "2.2": "Knowledge base (header view)",
  "2.3": "Integration trigger",
  "2.4": "Remote number",
  "2.5": "Phone number",
  "2.6": "Webhook",
  "2.7": "Generic mutation result",
  "2.8": "Catalog",
  "2.9": "Agent configuration",
  "2.10": "Tool reference and inline tool",
  "2.11": "Agent override",
  "2.12": "Call batch request body",
  "2.13": "Gaps in resource shapes",
  "3": "States and transitions",
  "3.1": "Knowledge base status",
  "3.2": "Phone number readiness",
  "3.3": "Other resources",
  "4": "Endpoints",
  "4.1": "Endpoints whose shape is incomplete",
  "5": "Authentication",
  "6": "Events",
  "6.1": "Webhooks",
  "6.2": "Server-sent event streams",
  "7": "Errors",
  "8": "Limits",
  "9": "Versioning",
};

export function sectionTitle(section: string): string | undefined {
  return TITLES[section];
}

/** "2.1 Page envelope", or "Section 12" for a number the spec does not have. */
export function sectionLabel(section: string): string {
  const title = TITLES[section];
  return title === undefined ? `Section ${section}` : `${section} ${title}`;
}

/** Orders "2", "2.1", "2.10", "3" numerically, part by part; non-numeric parts sort last, by text. */
export function compareSections(a: string, b: string): number {
  const pa = a.split(".");
  const pb = b.split(".");
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = Number(x);
    const ny = Number(y);
    const bothNumbers = Number.isFinite(nx) && Number.isFinite(ny);
    if (bothNumbers && nx !== ny) return nx - ny;
    if (!bothNumbers && x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
