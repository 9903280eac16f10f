// api-mix: agents and tools under a constant arrival rate (lib/api-mix.ts has the workload).
import type { Options } from "k6/options";
import { type ApiMixData, apiMixIteration, setupApiMix, teardownApiMix } from "../lib/api-mix.ts";
import { instancePrefix } from "../lib/instance.ts";
import {
  API_THRESHOLDS,
  ARRIVAL_THRESHOLDS,
  DURATION,
  RATE,
  SUMMARY_TREND_STATS,
  VUS,
  wholePool,
} from "../lib/options.ts";
import { summaryHandler } from "../lib/summary.ts";

export const options: Options = {
  scenarios: {
    api_mix: {
      executor: "constant-arrival-rate",
      rate: RATE,
      timeUnit: "1s",
      duration: DURATION,
      ...wholePool(VUS),
      gracefulStop: "10s",
    },
  },
  thresholds: { ...API_THRESHOLDS, ...ARRIVAL_THRESHOLDS },
  summaryTrendStats: SUMMARY_TREND_STATS,
  setupTimeout: "60s",
  teardownTimeout: "120s",
};

export function setup(): ApiMixData {
  return setupApiMix(instancePrefix());
}

export default function (data: ApiMixData): void {
  apiMixIteration(data);
}

export function teardown(data: ApiMixData): void {
  teardownApiMix(data);
}

export const handleSummary = summaryHandler("api-mix");
