// The website simulator's admin API (the crawl target of knowledge-base discovery): regenerate the site,
// read which paths were fetched, restore the site the run started with.
import { TargetError } from "./errors.ts";
import { runConfig } from "./run-config.ts";

export interface SiteState {
  pages: number;
  seed: number;
  slow_ms: number;
  /** Absolute URLs of the content pages (the home page excluded), in generation order. */
  page_urls: string[];
}

export interface Hit {
  method: string;
  path: string;
  status: number;
  time: string;
}

export function websiteUrl(): string {
  const url = runConfig().target.simulators.website;
  if (url === undefined) throw new TargetError("the target names no website simulator");
  return url.replace(/\/$/, "");
}

async function admin(method: "GET" | "PUT" | "POST", path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${websiteUrl()}/_admin${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(runConfig().timeoutMs),
  }).catch((error: Error) => {
    throw new TargetError(`website simulator did not answer ${method} ${path}: ${error.message}`);
  });
  if (!response.ok) throw new TargetError(`website simulator answered ${response.status} to ${method} ${path}`);
  return response.json();
}

/** Regenerates the site (fields left out keep their values); answers the new page URLs. */
export const setSite = (settings: Partial<Omit<SiteState, "page_urls">>) =>
  admin("PUT", "/site", settings) as Promise<SiteState>;
export const getSite = () => admin("GET", "/site") as Promise<SiteState>;
export const siteHits = async () => ((await admin("GET", "/hits")) as { hits: Hit[] }).hits;
/** Clears the hits and restores the site the simulator started with. */
export const resetSite = () => admin("POST", "/reset");
