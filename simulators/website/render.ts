// What the site answers: HTML pages, the sitemap, robots.txt and two non-HTML assets.
import type { Site, SitePage } from "./site.ts";
import { SPECIAL } from "./site.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function pageHtml(page: SitePage): string {
  const body = page.paragraphs
    .map((text, i) =>
      i === 1 ? `<h2 id="section-2">More</h2>\n<p>${escapeHtml(text)}</p>` : `<p>${escapeHtml(text)}</p>`,
    )
    .join("\n");
  const links = page.links.map((href) => `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(page.title)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
</head>
<body>
<header><a href="/"><img src="${SPECIAL.image}" alt="logo"></a></header>
<main>
<h1>${escapeHtml(page.title)}</h1>
${body}
</main>
<nav><ul>
${links}
</ul></nav>
</body>
</html>
`;
}

export function notFoundHtml(path: string): string {
  return `<!doctype html>\n<html lang="en"><head><title>Not Found</title></head><body><h1>Not Found</h1><p>${escapeHtml(path)} does not exist.</p></body></html>\n`;
}

/** Lists the home page and every content page (not the disallowed page, not the assets). */
export function sitemapXml(site: Site, origin: string): string {
  const urls = [site.home, ...site.content]
    .map((page) => `  <url><loc>${escapeHtml(origin + page.path)}</loc><lastmod>2024-01-01</lastmod></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** A 1x1 transparent PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A tiny PDF-like document: the magic header, one line of text, the trailer marker. */
export const PDF = Buffer.from("%PDF-1.4\n% simulated handbook\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
