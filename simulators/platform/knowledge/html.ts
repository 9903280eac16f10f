// What a crawl reads out of HTML: the title, the links to follow, the sections a build turns into
// nodes, and the Disallow rules of robots.txt. Regular expressions suffice for the pages a crawl
// indexes; a page they misread is indexed less well, never a crash.

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

export function titleOf(html: string): string {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return match === null ? "" : decode(match[1]!.replace(/\s+/g, " ").trim()).slice(0, 300);
}

/** The absolute URL without its fragment, or undefined for what cannot be a page link. */
export function normalizeUrl(href: string, base: string): string | undefined {
  if (/^\s*(javascript|mailto|tel|data):/i.test(href)) return undefined;
  try {
    const url = new URL(href, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    url.hash = "";
    return url.href;
  } catch {
    return undefined;
  }
}

/** Targets of `<a href>` on a page, absolute, fragments removed, in document order, without repeats. */
export function linksOf(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const url = normalizeUrl(decode(match[1] ?? match[2] ?? match[3] ?? ""), pageUrl);
    if (url !== undefined) found.add(url);
  }
  return [...found];
}

/** Headings (h1..h3) of a page: each becomes one knowledge node; a page without any is one node. */
export function sectionCount(html: string): number {
  return Math.max(1, html.match(/<h[1-3]\b/gi)?.length ?? 0);
}

/** Path prefixes robots.txt disallows for every user agent (`User-agent: *` groups only). */
export function disallowedPrefixes(robots: string): string[] {
  const prefixes: string[] = [];
  let applies = false;
  let inAgents = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "user-agent") {
      // Consecutive User-agent lines form one group.
      applies = inAgents ? applies || value === "*" : value === "*";
      inAgents = true;
      continue;
    }
    inAgents = false;
    if (field === "disallow" && applies && value !== "") prefixes.push(value);
  }
  return prefixes;
}
