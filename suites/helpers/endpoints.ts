// Every operation of the table (spec/operations.ts), at the profile's path where the harness calls it through
// the profile, with fresh sample path parameters: the auth checks send each one without, or with a bad,
// credential.
import { randomUUID } from "node:crypto";
import { type OperationName, operationRows } from "../../spec/operations.ts";
import { fillPath } from "../../spec/profile.ts";
import { operation, profile } from "./profile.ts";

export interface Endpoint {
  name: OperationName;
  method: string;
  path: string;
}

/** Path parameters: a fresh id for each, and `provider` for the provider-key rows. */
const paramsWith = (provider: string) =>
  new Proxy({} as Record<string, string>, {
    get: (_, name) => (name === "provider" ? provider : randomUUID()),
  });

/**
 * Every operation but GET /health (the only one that needs no credential, 4) and those the profile declares the
 * server does not have (an optional behaviour declared must-be-absent). The provider-key rows name
 * `provider`: a check sending a valid credential names one no key of the run is stored under, since DELETE
 * /v1/byok/{provider} would drop the key every reply of the run rests on.
 */
export function allEndpoints(provider: string): Endpoint[] {
  const params = paramsWith(provider);
  return operationRows()
    .filter((row) => row.role !== "none")
    .filter((row) => row.optional === undefined || profile().optional[row.optional] !== "must-be-absent")
    .map((row) => {
      const { method, path } = operation(row.name);
      return { name: row.name, method, path: fillPath(path, params) };
    });
}
