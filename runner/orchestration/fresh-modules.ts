// Loaded by vitest before every suite file, first: a worker runs file after file (isolate: false, so
// the dependencies are loaded once per worker, not once per file), and this gives each file fresh instances of
// the harness's own modules, the suites' and the spec's: no state of one file (a cached agent, a tracked
// resource, an exclusive declaration) reaches the next. Dependencies from node_modules hold no state of ours.
import { vi } from "vitest";

vi.resetModules();
