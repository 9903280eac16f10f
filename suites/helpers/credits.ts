import type { ApiResponse } from "../../runner/client/http-client.ts";
import { runConfig } from "../../runner/client/run-config.ts";
import { helperJson } from "../../runner/client/simulator-client.ts";
import { TargetError } from "../../runner/client/target-error.ts";
import { skipCheck } from "../../runner/framework/check.ts";

function controlUrl(region: number): string {
  const { target } = runConfig();
  if (target.test_control === undefined) throw new TargetError("the target has no test_control hooks");
  const control = target.test_control.replace(/\/$/, "");
  if (region === 0) return control;
  const first = target.regions[0]!.base_url.replace(/\/$/, "");
  const other = target.regions[region]?.base_url.replace(/\/$/, "");
  if (other === undefined || !control.startsWith(first)) {
    throw new TargetError(`the target gives no test_control hooks for region #${region + 1}`);
  }
  return other + control.slice(first.length);
}

function hook(region: number, method: "GET" | "PUT", path: string, body?: unknown): Promise<unknown> {
  // The admin credential names the run's workspace.
  const headers = { authorization: `Bearer ${runConfig().target.credentials.admin}` };
  return helperJson("test control", `${controlUrl(region)}${path}`, method, body, { headers });
}

export async function getBalance(region = 0): Promise<number> {
  return ((await hook(region, "GET", "/credits")) as { balance: number }).balance;
}

export async function setBalance(balance: number, region = 0): Promise<void> {
  await hook(region, "PUT", "/credits", { balance });
}

/** Runs `body` with the workspace's balance in `region` set to `balance`, then puts the old one back. */
export async function withBalance<T>(balance: number, body: () => Promise<T>, region = 0): Promise<T> {
  const before = await getBalance(region);
  await setBalance(balance, region);
  try {
    return await body();
  } finally {
    await setBalance(before, region);
  }
}

/** What a check that needs credits tops an empty region up to: enough for its calls, whatever a credit is worth. */
const FUNDS = 100_000;

/**
 * A request behind one of the two 402 gates (7: POST /v1/calls/token and POST /v1/calls/outbound) by a check
 * that needs credits but does not test the gates: a 402 is funded through test control and the request sent
 * again; a target without test control skips the check, saying why (a region may hold no credits, 1).
 */
export async function throughCreditGate(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const first = await send();
  if (first.status !== 402) return first;
  if (runConfig().target.test_control === undefined) {
    skipCheck("the region has no credits (402) and the target has no test control to fund it");
  }
  await setBalance(FUNDS);
  return send();
}

/** The server's simulated now (epoch ms): calling windows and start_at are set relative to it. */
export async function serverNow(region = 0): Promise<number> {
  return ((await hook(region, "GET", "/clock")) as { now_ms: number }).now_ms;
}

/** Real ms per simulated minute of the target (60,000 when it runs on the wall clock). */
export function minuteMs(): number {
  return runConfig().target.minute_ms ?? 60_000;
}
