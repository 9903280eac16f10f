// `serve --simulators FILE`: the target file `cap-conformance simulate` wrote (simulators, no regions), read as
// the wiring of a reference platform started apart from them: on another host, in another network namespace.
import { readFileSync } from "node:fs";
import type { RemoteSimulators } from "../simulators/stack.ts";
import { Target } from "../spec/target.ts";
import { UsageError } from "./usage-error.ts";

const SimulatorsFile = Target.omit({ regions: true, test_control: true });

export function readSimulatorsFile(path: string): RemoteSimulators {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`--simulators ${path}: cannot read it as JSON (${(error as Error).message.split("\n")[0]})`);
  }
  const parsed = SimulatorsFile.safeParse(json);
  // Paths only, never values: the file holds credentials.
  if (!parsed.success) {
    throw new UsageError(
      `--simulators ${path} is not a target file: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`,
    );
  }
  const { simulators, carrier_account: account, provider_key: providerKey } = parsed.data;
  const { control_plane: controlPlane, provider, website, webhook_sink: sink } = simulators;
  if (!controlPlane || !provider || !website || !sink || account?.url === undefined || providerKey === undefined) {
    throw new UsageError(
      `--simulators ${path} does not name every simulator, the carrier account and the provider key (the file cap-conformance simulate writes does)`,
    );
  }
  return {
    target: parsed.data,
    wiring: {
      controlPlaneUrl: controlPlane,
      carrier: { url: account.url, accountSid: account.accountSid, authToken: account.authToken },
      providerUrl: provider,
      providerKey,
      trustedWebhookOrigin: sink,
      trustedCrawlOrigin: website,
    },
  };
}
