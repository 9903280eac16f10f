// The website's matrix plan: its pages imitate a web server (any path is a page or an HTML 404, so no
// error shape is asked there); /_admin answers the spec's envelope.
import type { Simulators } from "../../../simulators/stack.ts";
import { SiteSettings } from "../../../simulators/website/server.ts";
import { RawClient } from "../../helpers/robustness/client.ts";
import { ENVELOPE } from "../../helpers/robustness/envelope.ts";
import { definePlan, type RouteBody, type SimulatorPlan } from "./plan.ts";

export async function websitePlan(sims: Simulators): Promise<SimulatorPlan> {
  const client = new RawClient(sims.target.simulators!.website!);
  const bodies: Record<string, RouteBody> = {
    "PUT /_admin/site": { kind: "json", schema: SiteSettings.partial(), valid: { pages: 25, seed: 1 } },
    "POST /_admin/reset": { kind: "none" },
  };
  return definePlan({
    name: "website",
    client,
    // The site's wildcard: its home page.
    param: (_url, param) => (param === "*" ? "" : undefined),
    bodies,
    verdict: (path) => ({ shape: path.startsWith("/_admin/") ? ENVELOPE : undefined }),
    stillServing: ["/", "/sitemap.xml", "/_admin/site"],
  });
}
