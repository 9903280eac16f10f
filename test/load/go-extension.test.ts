// The k6/x/sse extension's own Go tests (load/k6/sse/*_test.go: frames, close, handler
// exceptions, a stopping VU, connection errors, oversized frames, idle timeouts, openAsync),
// run with the same Go caches and flags as the k6 build.
import { describe, expect, it } from "vitest";
import { GO_DIR, K6_SOURCE_DIR } from "../../load/build-k6.ts";
import { goEnv } from "../../load/go-toolchain.ts";
import { runCommand } from "../../load/run-command.ts";
import { BUILD_TIMEOUT_MS, GO_USABLE } from "./k6-available.ts";

if (!GO_USABLE) console.warn("k6/x/sse Go tests skipped: Go >= 1.25 is not on PATH");

describe.skipIf(!GO_USABLE)("k6/x/sse Go tests", () => {
  it(
    "pass (`go test ./...` in load/k6)",
    async () => {
      let output = "";
      const code = await runCommand("go", ["test", "./..."], {
        cwd: K6_SOURCE_DIR,
        env: goEnv(GO_DIR),
        // A cold cache compiles k6's test dependencies first: minutes on a small machine.
        timeoutMs: BUILD_TIMEOUT_MS,
        onLine: (line) => (output += `${line}\n`),
      });
      expect(code, output).toBe(0);
      expect(output).toMatch(/^ok\s+cap-conformance\/load\/k6\/sse\b/m);
    },
    BUILD_TIMEOUT_MS,
  );
});
