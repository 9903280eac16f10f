// Several processes behind one simulator's port (`cap-conformance simulate --workers N`;
// ARCHITECTURE.md, "Simulators behind several processes"). The primary, this process, keeps the simulator's state and
// its own full server on a private loopback port; N front workers (front-worker.ts) listen on the public
// port with SO_REUSEPORT, so the kernel spreads connections over them. A worker answers the busiest
// route itself and calls the primary's `ops` for the state; everything else it passes to the private port.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FrontOps } from "./fast-path.ts";
import { FRONT_WORKER_COMMAND, type FrontConfig, type PrimaryMessage, type WorkerMessage } from "./front-protocol.ts";

/** The package's bin, beside the sources or one folder above the compiled ones; it runs the worker command. */
const BIN = fileURLToPath(
  new URL(
    import.meta.url.endsWith(".ts") ? "../../bin/cap-conformance.js" : "../../../bin/cap-conformance.js",
    import.meta.url,
  ),
);

/** How long a worker may take to start listening. */
const START_TIMEOUT_MS = 30_000;
/** How long a worker may take to stop before it is killed. */
const STOP_TIMEOUT_MS = 5_000;

export interface Fronts {
  /** The public origin, as the workers listen on it. */
  url: string;
  workers: number;
  /** Resolves once every note each worker sent before now has been applied. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface FrontsOptions {
  config: Omit<FrontConfig, "port">;
  /** The public port; 0 lets the first worker pick one, which the others then share. */
  port: number;
  count: number;
  ops: FrontOps;
}

interface Worker {
  child: ChildProcess;
  port: Promise<number>;
}

function send(child: ChildProcess, message: PrimaryMessage): void {
  if (child.connected) child.send(message);
}

export async function startFronts(options: FrontsOptions): Promise<Fronts> {
  const { ops } = options;
  const workers: Worker[] = [];
  let nextSync = 0;
  const syncs = new Map<number, () => void>();
  let stopping = false;

  const spawnWorker = (port: number): Worker => {
    const config: FrontConfig = { ...options.config, port };
    const child = fork(BIN, [FRONT_WORKER_COMMAND, JSON.stringify(config)], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const listening = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`a ${config.simulator} front worker did not start listening`)),
        START_TIMEOUT_MS,
      );
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`a ${config.simulator} front worker exited before listening (exit ${code})`));
      });
      child.on("message", (message: WorkerMessage) => {
        if (message.type === "listening") {
          clearTimeout(timer);
          resolve(message.port);
        } else if (message.type === "call") {
          answer(child, message.id, message.op, message.input);
        } else if (message.type === "note") {
          (ops.notes?.[message.op] as ((input: unknown) => void) | undefined)?.(message.input);
        } else {
          syncs.get(message.id)?.();
        }
      });
    });
    child.once("exit", (code, signal) => {
      if (!stopping)
        console.error(`a ${config.simulator} front worker exited (${signal ?? `exit ${code}`}); the others go on`);
    });
    return { child, port: listening };
  };

  const answer = (child: ChildProcess, id: number, op: string, input: unknown) => {
    const call = ops.calls[op] as ((input: unknown) => unknown) | undefined;
    try {
      if (call === undefined) throw new Error(`no operation ${op}`);
      send(child, { type: "answer", id, ok: true, result: call(input) });
    } catch (error) {
      send(child, { type: "answer", id, ok: false, result: null, error: (error as Error).message });
    }
  };

  const stopAll = async () => {
    stopping = true;
    await Promise.all(
      workers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            send(child, { type: "stop" });
            setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS).unref();
          }),
      ),
    );
  };

  try {
    // The first worker binds the port (a free one when 0); the others join it.
    workers.push(spawnWorker(options.port));
    const port = await workers[0]!.port;
    for (let i = 1; i < options.count; i++) workers.push(spawnWorker(port));
    await Promise.all(workers.map((worker) => worker.port));
    const host = options.config.host.includes(":") ? `[${options.config.host}]` : options.config.host;
    return {
      url: `http://${host}:${port}`,
      workers: workers.length,
      sync: () =>
        Promise.all(
          workers
            .filter(({ child }) => child.connected)
            .map(
              ({ child }) =>
                new Promise<void>((resolve) => {
                  const id = nextSync++;
                  const done = () => {
                    syncs.delete(id);
                    child.off("exit", done);
                    resolve();
                  };
                  syncs.set(id, done);
                  // A worker that exits owes nothing more.
                  child.once("exit", done);
                  send(child, { type: "sync", id });
                }),
            ),
        ).then(() => undefined),
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
