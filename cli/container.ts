// `run --image IMAGE`: the server under test as a container (testcontainers). The simulators run
// in-process; the container reaches them at host.testcontainers.internal, their URLs are passed in
// as environment variables, and the container is stopped and removed even after failures.
import { OPTIONAL_PEERS } from "../runner/framework/package-info.ts";
import type { Simulators } from "../simulators/stack.ts";
import type { Target } from "../spec/target.ts";
import { stopOnInterrupt } from "./interrupt.ts";
import { UsageError } from "./usage-error.ts";

const CONTAINER_HOST = "host.testcontainers.internal";

export interface StartedImage {
  target: Target;
  stop(): Promise<void>;
}

function asSeenFromContainer(url: string): string {
  const parsed = new URL(url);
  parsed.hostname = CONTAINER_HOST;
  return parsed.origin;
}

/** The wiring a container gets: where each simulator is, and the carrier account to dial with. */
export function wiringEnvironment(simulators: Simulators): Record<string, string> {
  const { wiring } = simulators;
  return {
    CAP_CONTROL_PLANE_URL: asSeenFromContainer(wiring.controlPlaneUrl),
    CAP_CARRIER_URL: asSeenFromContainer(wiring.carrier.url),
    CAP_CARRIER_ACCOUNT_SID: wiring.carrier.accountSid,
    CAP_CARRIER_AUTH_TOKEN: wiring.carrier.authToken,
    CAP_PROVIDER_URL: asSeenFromContainer(wiring.providerUrl),
    CAP_PROVIDER_KEY: wiring.providerKey,
    CAP_WEBHOOK_SINK_ORIGIN: asSeenFromContainer(wiring.trustedWebhookOrigin),
  };
}

/**
 * testcontainers, an optional peer dependency (it brings ssh2, protobufjs and dockerode, a third of what the
 * package would otherwise install): only `--image` loads it, and says how to install it when it is missing.
 */
async function loadTestcontainers(): Promise<typeof import("testcontainers")> {
  try {
    return await import("testcontainers");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND";
    if (!missing || !(error as Error).message.includes("'testcontainers'")) throw error;
    throw new UsageError(
      `--image starts the server with testcontainers, an optional dependency that is not installed here; install it beside cap-conformance:\n  npm install --save-dev --save-exact testcontainers@${OPTIONAL_PEERS["testcontainers"]}`,
    );
  }
}

export async function startImage(options: {
  image: string;
  port: number;
  env: Record<string, string>;
  simulators: Simulators;
  startupTimeoutMs: number;
}): Promise<StartedImage> {
  const { GenericContainer, TestContainers, Wait, getContainerRuntimeClient } = await loadTestcontainers();
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    throw new UsageError(
      `--image needs a Docker engine, and none answered (${(error as Error).message.split("\n")[0]})`,
    );
  }
  const ports = Object.values(options.simulators.target.simulators).map((url) => Number(new URL(url).port));
  await TestContainers.exposeHostPorts(...ports);
  const container = await new GenericContainer(options.image)
    .withEnvironment({ ...wiringEnvironment(options.simulators), ...options.env })
    .withExposedPorts(options.port)
    .withWaitStrategy(Wait.forHttp("/health", options.port).forStatusCode(200))
    .withStartupTimeout(options.startupTimeoutMs)
    .start();
  const baseUrl = `http://${container.getHost()}:${container.getMappedPort(options.port)}`;
  const stop = async () => {
    unregister();
    await container.stop({ remove: true, timeout: 5_000 });
  };
  const unregister = stopOnInterrupt(stop);
  return { target: { ...options.simulators.target, regions: [{ name: "r1", base_url: baseUrl }] }, stop };
}
