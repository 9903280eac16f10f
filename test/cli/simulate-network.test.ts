// `simulate --listen`: loopback stays the default; another address needs the URLs the simulators
// are reached at, and those URLs are what the target file (and the wiring) advertise.
import { afterAll, describe, expect, it } from "vitest";
import { simulatorNetwork, workersFlag } from "../../cli/simulate.ts";
import { isLoopbackHost, type Simulators, startSimulators } from "../../simulators/stack.ts";

const flags = (over: Partial<Parameters<typeof simulatorNetwork>[0]> = {}) => ({
  listen: "127.0.0.1",
  port: "0",
  "public-url": [] as string[],
  ...over,
});

describe("simulate network flags", () => {
  it("default to loopback on free ports, advertising the loopback origins", () => {
    expect(simulatorNetwork(flags())).toEqual({ host: "127.0.0.1", port: 0, publicUrls: {} });
  });

  it("refuse a non-loopback address without the URLs it is reached at", () => {
    expect(() => simulatorNetwork(flags({ listen: "0.0.0.0" }))).toThrow(
      /--listen 0\.0\.0\.0 serves the simulators beyond this machine.*missing: control_plane, carrier, provider, website, webhook_sink/,
    );
    expect(() =>
      simulatorNetwork(flags({ listen: "0.0.0.0", "public-url": ["control_plane=http://cp.example:7000"] })),
    ).toThrow(/missing: carrier, provider, website, webhook_sink$/);
    expect(() => simulatorNetwork(flags({ "public-host": "sims" }))).toThrow(/--public-host needs --port/);
    expect(() => simulatorNetwork(flags({ "public-url": ["modem=http://x"] }))).toThrow(/NAME one of control_plane/);
    expect(() => simulatorNetwork(flags({ "public-url": ["carrier=ftp://x"] }))).toThrow(/not an http\(s\) URL/);
    expect(() => simulatorNetwork(flags({ port: "65533" }))).toThrow(/--port must be a port number/);
  });

  it("advertise http://HOST:PORT for each simulator, in port order, or the URL given for one", () => {
    const network = simulatorNetwork(
      flags({
        listen: "0.0.0.0",
        port: "7200",
        "public-host": "cap-simulators.load.svc",
        "public-url": ["webhook-sink=https://sink.example.com"],
      }),
    );
    expect(network.publicUrls).toEqual({
      control_plane: "http://cap-simulators.load.svc:7200",
      carrier: "http://cap-simulators.load.svc:7201",
      provider: "http://cap-simulators.load.svc:7202",
      website: "http://cap-simulators.load.svc:7203",
      webhook_sink: "https://sink.example.com",
    });
  });

  it("take --workers as a whole number from 0 to 64", () => {
    expect(workersFlag("0")).toBe(0);
    expect(workersFlag("2")).toBe(2);
    for (const bad of ["-1", "1.5", "two", "", "65", " 2"])
      expect(() => workersFlag(bad), bad).toThrow(/--workers must be a whole number from 0 to 64/);
  });

  it("tell loopback hosts from the others", () => {
    for (const host of ["127.0.0.1", "127.9.9.9", "localhost", "::1", "[::1]"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "10.0.0.7", "192.168.1.2", "sims.example"])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe("simulators with an advertised URL", () => {
  let sims: Simulators | undefined;
  afterAll(async () => {
    await sims?.close();
  });

  it("put it in the target file and the wiring, the others keep their loopback origin", async () => {
    sims = await startSimulators(60_000, { publicUrls: { control_plane: "http://cp.example:7000/" } });
    expect(sims.target.simulators.control_plane).toBe("http://cp.example:7000");
    expect(sims.wiring.controlPlaneUrl).toBe("http://cp.example:7000");
    expect(new URL(sims.target.simulators.carrier!).hostname).toBe("127.0.0.1");
    expect(sims.target.carrier_account?.url).toBe(sims.target.simulators.carrier);
  });
});
