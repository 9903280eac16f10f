// Paths the scenarios call, by the names of the one table of operations (spec/operations.ts). The table holds
// zod schemas, which a k6 bundle must not carry: load/bundle.ts puts the table's paths in at bundle time
// (esbuild's define), and only the type of the names is imported here.
import type { OperationName } from "../../spec/operations.ts";

declare const __CAP_OPERATION_PATHS__: Record<OperationName, string>;

export type PathName = OperationName;

/** Fills `{name}` placeholders, URL-encoding each value. */
export function path(name: OperationName, params: Record<string, string> = {}): string {
  return __CAP_OPERATION_PATHS__[name].replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`path parameter ${key} missing for ${name}`);
    return encodeURIComponent(value);
  });
}
