// The simulators reached from another host: `simulate --listen` in one network namespace, the reference platform
// in a second (`serve --simulators`, wired to them as a vendor's server is), the harness in a third, each with its
// own address and nothing between them but a bridge; a full wired run across them, then `load --instances 2` with
// each k6 instance in a namespace of its own (as k6-operator's runners are on their pods), merged. Skipped, saying
// why, where namespaces cannot be made (not Linux, not root). Every namespace and veth made is removed.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureK6 } from "../../load/build-k6.ts";
import type { LoadSummary } from "../../load/lib/summary-data.ts";
import { Report } from "../../spec/report.ts";
import { Target } from "../../spec/target.ts";
import { BIN, type Launcher, ROOT, runProcess, type Served, startWithTarget } from "../helpers/cli.ts";
import { makeNamespaces, type Namespaces, namespacesNamed, namespacesProblem } from "../helpers/netns.ts";
import { BUILD_TIMEOUT_MS, K6_RUNNABLE } from "../load/k6-available.ts";

const PROBLEM = namespacesProblem();
if (PROBLEM !== undefined) console.warn(`network namespace tests skipped: ${PROBLEM}`);

/** The command started inside a namespace: `ip netns exec` runs it there, under the same process id. */
const inside = (ns: string): Launcher => ({
  command: "ip",
  args: ["netns", "exec", ns, process.execPath, BIN],
  cwd: ROOT,
});

describe.skipIf(PROBLEM !== undefined)(
  "the simulators, the platform and the harness in three network namespaces",
  () => {
    const dir = mkdtempSync(join(tmpdir(), "cap-netns-"));
    let net: Namespaces | undefined;
    let simulators: Served | undefined;
    let platform: Served | undefined;
    let target: Target;

    beforeAll(async () => {
      net = makeNamespaces(["sim", "platform", "harness", "k6a", "k6b"]);
      const { ns, address } = net;
      for (const sub of ["sim", "platform"]) mkdirSync(join(dir, sub));
      // Known by their address on the bridge; on the clock `run` uses, whose origin the platform takes from the file.
      simulators = await startWithTarget(
        "simulate",
        ["--listen", address.sim!, "--port", "7200", "--public-host", address.sim!, "--minute-ms", "50"],
        join(dir, "sim"),
        60_000,
        inside(ns.sim!),
      );
      platform = await startWithTarget(
        "serve",
        ["--simulators", simulators.targetFile, "--listen", address.platform!],
        join(dir, "platform"),
        60_000,
        inside(ns.platform!),
      );
      target = Target.parse(JSON.parse(readFileSync(platform.targetFile, "utf8")));
    }, 180_000);

    afterAll(async () => {
      await platform?.stop();
      await simulators?.stop();
      net?.remove();
      if (net !== undefined) expect(namespacesNamed(net.prefix)).toEqual([]);
      rmSync(dir, { recursive: true, force: true });
    });

    it("the target names each server by its own namespace's address", () => {
      const hosts = (urls: string[]) => [...new Set(urls.map((url) => new URL(url).hostname))];
      expect(hosts(target.regions.map((r) => r.base_url))).toEqual([net!.address.platform]);
      expect(hosts(Object.values(target.simulators))).toEqual([net!.address.sim]);
      expect(target).toMatchObject({ wired: true, minute_ms: 50 });
    });

    it("a full wired run from the harness's namespace passes: nothing failed, errored or skipped", {
      timeout: 900_000,
    }, async () => {
      const reports = join(dir, "run");
      const result = await runProcess(
        "ip",
        [
          "netns",
          "exec",
          net!.ns.harness!,
          process.execPath,
          BIN,
          "run",
          "--target",
          platform!.targetFile,
          "--seed",
          "42",
          "--quiet",
          "--report-dir",
          reports,
        ],
        { cwd: ROOT, timeoutMs: 900_000 },
      );
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      const report = Report.parse(JSON.parse(readFileSync(join(reports, "report.json"), "utf8")));
      expect(report.summary).toMatchObject({ failed: 0, errored: 0, skipped: 0 });
      expect(report.summary.passed).toBeGreaterThan(250);
    });

    it.skipIf(!K6_RUNNABLE)(
      "load --instances 2 from the harness's namespace, each k6 instance in its own, merged",
      { timeout: BUILD_TIMEOUT_MS },
      async () => {
        const k6 = (await ensureK6({ log: (line) => console.log(`[k6 build] ${line}`) })).bin;
        const { ns } = net!;
        // K6_BIN for this run: each instance, told apart by its execution segment, in a namespace of its own.
        const used = join(dir, "k6-namespaces.log");
        const wrapper = join(dir, "k6-in-namespaces");
        writeFileSync(
          wrapper,
          [
            "#!/bin/sh",
            'case " $* " in',
            `  *" --execution-segment=0:1/2 "*) ns=${ns.k6a} ;;`,
            `  *" --execution-segment=1/2:1 "*) ns=${ns.k6b} ;;`,
            `  *) exec ${k6} "$@" ;;`,
            "esac",
            `echo "$ns" >> ${used}`,
            `exec ip netns exec "$ns" ${k6} "$@"`,
            "",
          ].join("\n"),
        );
        chmodSync(wrapper, 0o755);
        const reports = join(dir, "load");
        const load = await runProcess(
          "ip",
          [
            "netns",
            "exec",
            ns.harness!,
            process.execPath,
            BIN,
            "load",
            "--scenario",
            "api-mix",
            "--target",
            platform!.targetFile,
            "--duration",
            "3s",
            "--instances",
            "2",
            "--report-dir",
            reports,
          ],
          { cwd: ROOT, timeoutMs: 300_000, env: { K6_BIN: wrapper, CAP_P95_MS: "2000" } },
        );
        expect(load.code, `${load.stdout}\n${load.stderr}`).toBe(0);
        expect(readFileSync(used, "utf8").trim().split("\n").sort()).toEqual([ns.k6a, ns.k6b].sort());
        const read = (sub: string) =>
          JSON.parse(readFileSync(join(reports, sub, "summary.json"), "utf8")) as LoadSummary;
        const merged = read(".");
        expect(merged.merged).toHaveLength(2);
        const requests = (s: LoadSummary) => s.metrics["http_reqs"]?.values["count"] ?? 0;
        const parts = [read("instance-1"), read("instance-2")];
        for (const part of parts) expect(requests(part)).toBeGreaterThan(0);
        expect(requests(merged)).toBe(requests(parts[0]!) + requests(parts[1]!));
      },
    );
  },
);
