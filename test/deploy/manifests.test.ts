// deploy/: the k6-operator TestRuns (one per scenario), the runners' report volume and the
// simulators' Deployment and Service, validated as Kubernetes would read them (kubernetes-models
// for the core kinds, the CRD's fields for TestRun), and held to what the code expects: the
// scenarios the runner image bundles, the instance count k6 splits by, the report files `load
// merge` reads, the ports and name the simulators advertise. No cluster runs them here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Pod } from "kubernetes-models/v1/Pod";
import { Service } from "kubernetes-models/v1/Service";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { simulatorNetwork } from "../../cli/simulate.ts";
import { REPO_ROOT } from "../../load/build-k6.ts";
import { scenarioNames } from "../../load/bundle.ts";
import { SAMPLE_FILES } from "../../load/merge/samples.ts";
import { SIMULATOR_NAMES } from "../../simulators/stack.ts";
import { type TestRun, testRunProblems } from "./testrun-schema.ts";

const DEPLOY = join(REPO_ROOT, "deploy");

interface Manifest {
  file: string;
  doc: Record<string, unknown> & { kind?: string; metadata?: { name?: string } };
}

function manifests(): Manifest[] {
  const out: Manifest[] = [];
  for (const sub of readdirSync(DEPLOY)) {
    for (const name of readdirSync(join(DEPLOY, sub)).filter((f) => f.endsWith(".yaml"))) {
      for (const doc of parseAllDocuments(readFileSync(join(DEPLOY, sub, name), "utf8"))) {
        expect(doc.errors, `${sub}/${name}`).toEqual([]);
        out.push({ file: `${sub}/${name}`, doc: doc.toJS() });
      }
    }
  }
  return out;
}

const all = manifests();
const ofKind = (kind: string) => all.filter((m) => m.doc.kind === kind);
const testRuns = ofKind("TestRun").map((m) => ({ file: m.file, run: m.doc as unknown as TestRun }));
const envOf = (run: TestRun) =>
  Object.fromEntries((run.spec.runner?.env ?? []).map((e) => [e.name as string, e.value as string | undefined]));

describe("deploy/ manifests", () => {
  it("are all kinds this test knows, and the core kinds validate against Kubernetes' schemas", () => {
    const models = { Deployment, Service, PersistentVolumeClaim, Pod } as const;
    for (const { file, doc } of all) {
      if (doc.kind === "TestRun") continue;
      const Model = models[doc.kind as keyof typeof models];
      expect(Model, `${file}: ${doc.kind}`).toBeDefined();
      expect(() => new Model(doc as never).validate(), file).not.toThrow();
    }
  });

  it("have one TestRun per scenario, each valid against k6-operator's CRD fields", () => {
    expect(testRuns.map((t) => t.run.spec?.script?.localFile).sort()).toEqual(
      scenarioNames().map((s) => `/scenarios/${s}.js`),
    );
    for (const { file, run } of testRuns) expect(testRunProblems(run), file).toEqual([]);
    // The schema is strict: a misspelt field is caught, as is a wrong type inside a core type.
    const [first] = testRuns;
    expect(testRunProblems({ ...first!.run, spec: { ...first!.run.spec, paralelism: 2 } })).toEqual([
      'spec: Unrecognized key: "paralelism"',
    ]);
    const badEnv = { ...first!.run.spec.runner, env: [{ name: "A", valueFrom: { fieldRef: { fieldPath: 1 } } }] };
    expect(testRunProblems({ ...first!.run, spec: { ...first!.run.spec, runner: badEnv } })[0]).toMatch(
      /^runner\.env\[0\]: .*fieldPath must be string/,
    );
  });

  it("split each run as the scenarios expect: CAP_INSTANCES is the parallelism, reports where `load merge` reads them", () => {
    for (const { file, run } of testRuns) {
      const env = envOf(run);
      const runner = run.spec.runner!;
      expect(env.CAP_INSTANCES, file).toBe(String(run.spec.parallelism));
      expect(env.CAP_RUN_ID, file).toMatch(/^[a-z0-9-]+$/);
      // The target file (it holds tokens) comes from a Secret, mounted read-only where CAP_TARGET points.
      const targetMount = runner.volumeMounts!.find((m) => env.CAP_TARGET!.startsWith(`${m.mountPath}/`));
      const targetVolume = runner.volumes!.find((v) => v.name === targetMount?.name) as {
        secret?: { secretName?: string };
      };
      expect(targetVolume?.secret?.secretName, file).toBe("cap-target");
      expect(targetMount?.readOnly, file).toBe(true);
      // One directory per run and runner, holding summary.json and the raw samples side by side.
      const reports = runner.volumeMounts!.find((m) => m.mountPath === env.CAP_REPORT_DIR);
      expect(reports?.subPathExpr, file).toBe("$(CAP_RUN_ID)/$(POD_NAME)");
      expect(env.K6_OUT, file).toBe(`json=${env.CAP_REPORT_DIR}/${SAMPLE_FILES[0]}`);
      expect(env.K6_WEB_DASHBOARD_PORT, "no dashboard server in a pod: the export only").toBe("-1");
      // $(VAR) in subPathExpr is expanded from env vars defined in the container.
      const names = (runner.env ?? []).map((e) => e.name);
      expect(names, file).toEqual(expect.arrayContaining(["POD_NAME", "CAP_RUN_ID"]));
      expect(run.spec.runner?.image, file).toBe(testRuns[0]!.run.spec.runner?.image);
    }
  });

  it("advertise the simulators at their Service's name and ports", () => {
    const [deployment] = ofKind("Deployment");
    const [service] = ofKind("Service");
    const spec = (deployment!.doc as unknown as Deployment).spec!;
    expect(spec.replicas, "their state is in one process's memory").toBe(1);
    const container = spec.template.spec!.containers[0]!;
    const args = container.args!;
    const flag = (name: string) => args[args.indexOf(name) + 1]!;
    expect(args[0]).toBe("simulate");
    const network = simulatorNetwork({
      listen: flag("--listen"),
      port: flag("--port"),
      "public-host": flag("--public-host"),
      "public-url": [],
    });
    const svc = (service!.doc as unknown as Service).spec!;
    expect(flag("--public-host")).toBe(`${service!.doc.metadata!.name}.cap-load.svc`);
    for (const [i, name] of SIMULATOR_NAMES.entries()) {
      const port = svc.ports!.find((p) => p.port === network.port! + i);
      expect(port?.name, name).toBe(name.replace("_", "-"));
      expect(network.publicUrls?.[name]).toBe(`http://${flag("--public-host")}:${port?.port}`);
      expect(container.ports!.find((p) => p.name === port?.targetPort)?.containerPort).toBe(port?.port);
    }
    expect(svc.selector).toEqual(spec.selector.matchLabels);
  });
});

describe("deploy/ images", () => {
  const runner = readFileSync(join(DEPLOY, "runner", "Dockerfile"), "utf8");
  const goMod = readFileSync(join(REPO_ROOT, "load", "k6", "go.mod"), "utf8");

  it("build the runner's k6 as the local build does: the same module, Go version and flags", () => {
    const goImage = /^FROM golang:(\d+\.\d+\.\d+)-\S+ AS k6$/m.exec(runner)?.[1];
    expect(goImage, "a pinned Go image").toBeDefined();
    expect(goImage).toBe(/^go (\S+)$/m.exec(goMod)?.[1]);
    expect(runner).toContain('GOFLAGS="-buildvcs=false -mod=readonly"');
    expect(runner).toContain("COPY load/k6/go.mod load/k6/go.sum ./");
    expect(runner).toContain("go build -trimpath -o /out/k6 .");
    expect(runner).toMatch(/\/out\/k6 version \| grep -q "k6\/x\/sse"/);
  });

  it("bundle every scenario where the TestRuns' localFile points, and keep a shell for the initializer", () => {
    expect(runner).toContain("RUN node --import tsx load/bundle.ts /out/scenarios");
    expect(runner).toContain("COPY --from=scenarios /out/scenarios /scenarios");
    expect(runner).toContain("COPY --from=k6 /out/k6 /usr/bin/k6");
    expect(runner).toMatch(/^FROM debian:bookworm-slim$/m);
    const images = new Set(testRuns.map((t) => t.run.spec.runner?.image));
    expect(images.size).toBe(1);
  });

  it("start the simulators image with the same listen flags the Deployment overrides", () => {
    const simulators = readFileSync(join(DEPLOY, "simulators", "Dockerfile"), "utf8");
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(simulators)![1]!) as string[];
    expect(cmd.slice(0, 1)).toEqual(["simulate"]);
    const exposed = /^EXPOSE (.*)$/m.exec(simulators)![1]!.split(" ").map(Number);
    const port = Number(cmd[cmd.indexOf("--port") + 1]);
    expect(exposed).toEqual(SIMULATOR_NAMES.map((_, i) => port + i));
  });
});
