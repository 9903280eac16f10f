// The reference platform alone, wired to simulators running in another process (`simulate`): the
// benchmark runs the load scenarios against it to see what each process spends. Arguments: the
// simulators' target file, the target file to write (with the region), real ms per simulated minute.
import { readFileSync } from "node:fs";
import { writeTargetFile } from "../cli/serving.ts";
import { startPlatform } from "../simulators/platform/server.ts";
import { createClock } from "../simulators/shared/clock.ts";
import type { Target } from "../spec/target.ts";

const [simulatorsFile, outFile, minuteMs] = process.argv.slice(2);
const sims = JSON.parse(readFileSync(simulatorsFile!, "utf8")) as Target;
const platform = await startPlatform({
  region: "r1",
  clock: createClock(Number(minuteMs ?? 60_000)),
  wiring: {
    controlPlaneUrl: sims.simulators.control_plane!,
    carrier: sims.carrier_account && { ...sims.carrier_account, url: sims.simulators.carrier! },
    providerUrl: sims.simulators.provider,
    providerKey: sims.provider_key,
    trustedWebhookOrigin: sims.simulators.webhook_sink,
    trustedCrawlOrigin: sims.simulators.website,
  },
});
writeTargetFile(outFile!, {
  ...sims,
  regions: [{ name: platform.region, base_url: platform.url }],
  test_control: `${platform.url}/_test`,
});
process.on("SIGTERM", () => void platform.close().then(() => process.exit(0)));
