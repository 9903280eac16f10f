// k6-operator's TestRun (k6.io/v1alpha1), the fields its CRD documents (api/v1alpha1/testrun_types.go,
// docs/crd-generated.md in grafana/k6-operator): strict, so a misspelt field is an error rather
// than something the operator silently ignores. The Kubernetes types inside it (env, volumes,
// mounts, resources, security context) are checked by kubernetes-models, as the core kinds are.

import { EnvVar } from "kubernetes-models/v1/EnvVar";
import { PodSecurityContext } from "kubernetes-models/v1/PodSecurityContext";
import { ResourceRequirements } from "kubernetes-models/v1/ResourceRequirements";
import { Volume } from "kubernetes-models/v1/Volume";
import { VolumeMount } from "kubernetes-models/v1/VolumeMount";
import { z } from "zod";

const boolString = z.enum(["true", "false"]);
const anyObject = z.record(z.string(), z.unknown());

/** TestRunSpec's Pod: the runner's, the starter's and the initializer's settings. */
const Pod = z.strictObject({
  disabled: z.boolean().optional(),
  affinity: anyObject.optional(),
  automountServiceAccountToken: boolString.optional(),
  env: z.array(anyObject).optional(),
  image: z.string().min(1).optional(),
  imagePullSecrets: z.array(z.strictObject({ name: z.string() })).optional(),
  imagePullPolicy: z.enum(["Always", "IfNotPresent", "Never"]).optional(),
  metadata: z
    .strictObject({
      annotations: z.record(z.string(), z.string()).optional(),
      labels: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  nodeSelector: z.record(z.string(), z.string()).optional(),
  tolerations: z.array(anyObject).optional(),
  topologySpreadConstraints: z.array(anyObject).optional(),
  resources: anyObject.optional(),
  serviceAccountName: z.string().optional(),
  securityContext: anyObject.optional(),
  containerSecurityContext: anyObject.optional(),
  envFrom: z.array(anyObject).optional(),
  readinessProbe: anyObject.optional(),
  livenessProbe: anyObject.optional(),
  initContainers: z.array(anyObject).optional(),
  volumes: z.array(anyObject).optional(),
  volumeMounts: z.array(anyObject).optional(),
  priorityClassName: z.string().optional(),
  schedulerName: z.string().optional(),
});

const Script = z
  .strictObject({
    volumeClaim: z
      .strictObject({ name: z.string().min(1), file: z.string().optional(), readOnly: z.boolean().optional() })
      .optional(),
    configMap: z.strictObject({ name: z.string().min(1), file: z.string().optional() }).optional(),
    localFile: z.string().min(1).optional(),
  })
  .refine((s) => [s.volumeClaim, s.configMap, s.localFile].filter((x) => x !== undefined).length === 1, {
    message: "exactly one of volumeClaim, configMap and localFile",
  });

export const TestRun = z.strictObject({
  apiVersion: z.literal("k6.io/v1alpha1"),
  kind: z.literal("TestRun"),
  metadata: z.strictObject({
    name: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: z.strictObject({
    script: Script,
    parallelism: z
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    separate: z.boolean().optional(),
    arguments: z.string().optional(),
    args: z.array(z.string()).optional(),
    ports: z.array(anyObject).optional(),
    initializer: Pod.optional(),
    starter: Pod.optional(),
    runner: Pod.optional(),
    quiet: boolString.optional(),
    paused: boolString.optional(),
    cleanup: z.literal("post").optional(),
    // testRunId and token are reserved for Grafana Cloud k6: a manifest must not set them.
  }),
});
export type TestRun = z.infer<typeof TestRun>;

/** Problems of a TestRun: its own fields, then the Kubernetes types of each pod setting. */
export function testRunProblems(doc: unknown): string[] {
  const parsed = TestRun.safeParse(doc);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const problems: string[] = [];
  const check = (where: string, validate: () => void) => {
    try {
      validate();
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  };
  for (const role of ["runner", "starter", "initializer"] as const) {
    const pod = parsed.data.spec[role];
    if (!pod) continue;
    for (const [i, e] of (pod.env ?? []).entries()) {
      check(`${role}.env[${i}]`, () => new EnvVar(e as never).validate());
    }
    for (const [i, v] of (pod.volumes ?? []).entries()) {
      check(`${role}.volumes[${i}]`, () => new Volume(v as never).validate());
    }
    for (const [i, m] of (pod.volumeMounts ?? []).entries()) {
      check(`${role}.volumeMounts[${i}]`, () => new VolumeMount(m as never).validate());
    }
    if (pod.resources) check(`${role}.resources`, () => new ResourceRequirements(pod.resources as never).validate());
    if (pod.securityContext) {
      check(`${role}.securityContext`, () => new PodSecurityContext(pod.securityContext as never).validate());
    }
  }
  return problems;
}
