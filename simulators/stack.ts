// The whole embedded stack: simulators plus N regional platform instances sharing one control
// plane, and the target file that describes it.
import type { Target } from "../spec/target.ts";
import { startControlPlane } from "./control-plane/server.ts";
import type { FaultName } from "./platform/faults/index.ts";
import { startPlatform } from "./platform/server.ts";
import { createClock } from "./shared/clock.ts";

export interface StackOptions {
  faults?: FaultName[];
  regions?: number;
  minuteMs?: number;
  /** Port of the first region; the others follow. 0 picks free ports. */
  port?: number;
}

export interface Stack {
  target: Target;
  close(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const clock = createClock(options.minuteMs ?? 60_000);
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
  };
  try {
    const controlPlane = await startControlPlane();
    closers.push(controlPlane.close);
    const regions: Target["regions"] = [];
    for (let i = 0; i < (options.regions ?? 1); i++) {
      const platform = await startPlatform({
        region: `r${i + 1}`,
        clock,
        controlPlaneUrl: controlPlane.url,
        faults: options.faults ?? [],
        port: options.port ? options.port + i : 0,
      });
      closers.push(platform.close);
      regions.push({ name: platform.region, base_url: platform.url });
    }
    const target: Target = {
      regions,
      credentials: controlPlane.credentials,
      wired: true,
      simulators: { control_plane: controlPlane.url },
      test_control: `${regions[0]!.base_url}/_test`,
      profile: "default",
      minute_ms: clock.minuteMs,
    };
    return { target, close };
  } catch (error) {
    await close();
    throw error;
  }
}
