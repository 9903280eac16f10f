import { helperJson, simulatorOrigin } from "../../runner/client/simulator-client.ts";

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
  return simulatorOrigin("website", "website simulator");
}

function admin(method: "GET" | "PUT" | "POST", path: string, body?: unknown): Promise<unknown> {
  return helperJson("website simulator", `${websiteUrl()}/_admin${path}`, method, body);
}

/** Regenerates the site (fields left out keep their values); answers the new page URLs. */
export const setSite = (settings: Partial<Omit<SiteState, "page_urls">>) =>
  admin("PUT", "/site", settings) as Promise<SiteState>;
export const getSite = () => admin("GET", "/site") as Promise<SiteState>;
export const siteHits = async () => ((await admin("GET", "/hits")) as { hits: Hit[] }).hits;
/** Clears the hits and restores the site the simulator started with. */
export const resetSite = () => admin("POST", "/reset");
