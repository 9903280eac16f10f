// Malformed bodies for the carrier's Twilio form routes: bytes that are not UTF-8 (raw or
// percent-encoded), a broken escape, a form over the size limit, a parameter given a value Twilio
// refuses, unknown parameters, and JSON where a form belongs (Twilio reads only form parameters, so
// a JSON body counts as none: refused or not by what the route then lacks, never a 5xx).
import fc from "fast-check";
import type { Payload } from "../../helpers/robustness/client.ts";
import { jsonBodyProbes } from "../../helpers/robustness/json-bodies.ts";
import { MARKER, type Probe, type Route } from "../../helpers/robustness/probe.ts";

export const FORM_TYPE = "application/x-www-form-urlencoded";
const form = (bytes: string | Buffer): Payload => ({ bytes, type: FORM_TYPE });
const encode = (params: Record<string, string>) => new URLSearchParams(params).toString();

export interface FormContext {
  seed: number;
  bodyLimit: number;
  valid: Record<string, string>;
  invalid: Record<string, readonly string[]>;
}

export function formBodyProbes(route: Route, path: string, context: FormContext): Probe[] {
  const probe = (kind: string, payload: Payload, mustRefuse = true): Probe => ({
    kind,
    method: route.method,
    path,
    payload,
    mustRefuse,
  });
  const valid = encode(context.valid);
  const probes = [
    probe(
      "form: bad UTF-8 (raw byte)",
      form(Buffer.concat([Buffer.from(`${valid}&FriendlyName=a`), Buffer.from([0xff])])),
    ),
    probe("form: bad UTF-8 (percent-encoded)", form(`${valid}&FriendlyName=%C0%AF`)),
    probe("form: broken escape", form(`${valid}&FriendlyName=%E0%A4%A`)),
    probe("form: over the size limit", form(`${valid}&FriendlyName=${"x".repeat(context.bodyLimit)}`)),
    probe("form: unknown parameters", form(`${valid}&${MARKER}=must+not+be+stored`), false),
    // Names an object already has: a plain object as the parameter map would read them as present.
    probe("form: prototype names", form(`${valid}&__proto__=x&toString=y&constructor=z&hasOwnProperty=w`), false),
  ];
  // One seeded refused value per parameter, each in an otherwise valid form.
  for (const [name, values] of Object.entries(context.invalid)) {
    const value = fc.sample(fc.constantFrom(...values), { seed: context.seed, numRuns: 1 })[0]!;
    probes.push(probe(`form: ${name}=${value.slice(0, 40)}`, form(encode({ ...context.valid, [name]: value }))));
  }
  // Every JSON input the JSON routes get, under its own Content-Type: read as a form with no parameters.
  const asJson = jsonBodyProbes(route, path, {
    seed: context.seed,
    bodyLimit: context.bodyLimit,
    validBody: context.valid,
    schema: undefined,
    refuses: false,
  }).filter((p) => p.payload?.type !== FORM_TYPE);
  return [...probes, ...asJson];
}
