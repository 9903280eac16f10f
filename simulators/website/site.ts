// The site's shape, generated from (pages, seed): a home page, N content pages under nested paths, links
// forming a tree from the home page (so discovery must follow links several levels deep) plus cross links,
// and the special cases a crawler must handle: a broken link, a slow page, non-HTML assets, and a page
// robots.txt disallows.
import { posix } from "node:path";
import { createRng, type Rng, SECTIONS, WORDS } from "./random.ts";

export interface SitePage {
  path: string;
  title: string;
  description: string;
  paragraphs: string[];
  /** hrefs exactly as written in the HTML: absolute paths, relative paths, some with a #fragment. */
  links: string[];
  /** Answers after the slow delay. */
  slow: boolean;
}

export interface Site {
  pages: number;
  seed: number;
  home: SitePage;
  /** The N content pages, in generation order. */
  content: SitePage[];
  byPath: Map<string, SitePage>;
}

/** Paths of the fixed special cases. */
export const SPECIAL = {
  broken: "/docs/this-page-was-removed",
  disallowed: "/private/staff-directory",
  image: "/assets/logo.png",
  pdf: "/files/handbook.pdf",
} as const;

const capitalize = (word: string) => word[0]!.toUpperCase() + word.slice(1);

function words(rng: Rng, count: number): string[] {
  return Array.from({ length: count }, () => rng.pick(WORDS));
}

function sentence(rng: Rng): string {
  const [first, ...rest] = words(rng, 6 + rng.int(7));
  return `${capitalize(first!)} ${rest.join(" ")}.`;
}

function paragraphs(rng: Rng): string[] {
  return Array.from({ length: 2 + rng.int(3) }, () =>
    Array.from({ length: 3 + rng.int(3) }, () => sentence(rng)).join(" "),
  );
}

function contentPath(rng: Rng, index: number): string {
  const depth = 1 + rng.int(3);
  const folders = [rng.pick(SECTIONS), ...words(rng, depth - 1)];
  return `/${folders.join("/")}/${words(rng, 2).join("-")}-${index + 1}`;
}

/** A link from `from` to `to` written relative to `from`'s folder, as hand-written HTML often is. */
function relativeHref(from: string, to: string): string {
  const href = posix.relative(posix.dirname(from), to);
  return href.startsWith(".") ? href : `./${href}`;
}

export function generateSite(pages: number, seed: number): Site {
  const rng = createRng(seed);
  const content: SitePage[] = Array.from({ length: pages }, (_, index) => {
    const title = words(rng, 2 + rng.int(3))
      .map(capitalize)
      .join(" ");
    return {
      path: contentPath(rng, index),
      title,
      description: `${title}: ${sentence(rng)}`,
      paragraphs: paragraphs(rng),
      links: ["/"],
      slow: false,
    };
  });

  // A binary tree rooted at the home page reaches every page; children alternate absolute and relative
  // hrefs, and every page gets one cross link with a fragment (a duplicate a crawler must fold).
  content.forEach((page, i) => {
    for (const child of [2 * i + 2, 2 * i + 3]) {
      const target = content[child];
      if (target !== undefined) page.links.push(child % 2 === 0 ? target.path : relativeHref(page.path, target.path));
    }
    page.links.push(`${content[rng.int(pages)]!.path}#section-2`);
  });
  const first = content[0]!;
  first.links.push(SPECIAL.broken, SPECIAL.pdf);
  content[Math.floor(pages / 2)]!.slow = true;

  const home: SitePage = {
    path: "/",
    title: "Simulated Help Center",
    description: "A deterministic site for knowledge-base crawls.",
    paragraphs: paragraphs(rng),
    links: [...content.slice(0, 2).map((page) => page.path), SPECIAL.disallowed],
    slow: false,
  };
  const byPath = new Map<string, SitePage>([[home.path, home], ...content.map((page) => [page.path, page] as const)]);
  return { pages, seed, home, content, byPath };
}
