// Network namespaces a test makes and removes (Linux, as root, `ip netns`): each member gets one address on a
// bridge that lives in a namespace of its own, the hub, so nothing is added to the machine's own network, and
// removing the namespaces removes every veth with them (a veth pair goes with either of its ends).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";

export interface Namespaces {
  /** What every namespace made here is named with. */
  prefix: string;
  /** The namespace of each member, by the member's name. */
  ns: Record<string, string>;
  /** The address of each member on the bridge. */
  address: Record<string, string>;
  /** Removes every namespace made (and so every veth); safe to call twice. */
  remove(): void;
}

const SUBNET = "10.77.0";
/** A test process interrupted still removes what it made. */
const SIGNALS = ["SIGINT", "SIGTERM"] as const;

function ip(args: string[]): { ok: boolean; out: string } {
  const result = spawnSync("ip", args, { encoding: "utf8", timeout: 20_000 });
  return {
    ok: result.status === 0,
    out: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error?.message ?? ""}`.trim(),
  };
}

function must(args: string[]): void {
  const result = ip(args);
  if (!result.ok) throw new Error(`ip ${args.join(" ")}: ${result.out}`);
}

/** Why network namespaces cannot be made here, or undefined when they can. */
export function namespacesProblem(): string | undefined {
  if (process.platform !== "linux") return `network namespaces are Linux's (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return "making network namespaces (`ip netns add`) needs root";
  const probe = `cap-probe-${process.pid}-${randomBytes(3).toString("hex")}`;
  const added = ip(["netns", "add", probe]);
  if (!added.ok) return `\`ip netns add\` failed: ${added.out}`;
  ip(["netns", "delete", probe]);
  return undefined;
}

/** One namespace per member, each with lo up and 10.77.0.N on the hub's bridge (the first member .2, ...). */
export function makeNamespaces(members: string[]): Namespaces {
  const prefix = `cap-${process.pid}-${randomBytes(3).toString("hex")}`;
  const hub = `${prefix}-hub`;
  const made: string[] = [];
  /** Every namespace made, in one command, so an interrupted test gets through it before it is gone. */
  const deleteAll = (names: string[]) =>
    spawnSync("ip", ["-force", "-batch", "-"], {
      input: names.map((name) => `netns delete ${name}\n`).join(""),
      timeout: 20_000,
    });
  // Whatever still runs inside a namespace made here was started here (a server the test could not stop): it is
  // ended by its process id, and the namespaces deleted.
  const remove = () => {
    process.off("exit", remove);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    const names = made.splice(0).reverse();
    if (names.length === 0) return;
    const pids = spawnSync("sh", ["-c", 'for ns in "$@"; do ip netns pids "$ns"; done', "sh", ...names], {
      encoding: "utf8",
      timeout: 20_000,
    }).stdout;
    for (const pid of (pids ?? "").split("\n").filter(Boolean).map(Number)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    deleteAll(names);
  };
  // Interrupted (Ctrl-C reaches the servers in the test's process group too): the namespaces first, at once.
  const onSignal = (signal: NodeJS.Signals) => {
    process.off("exit", remove);
    deleteAll(made.splice(0).reverse());
    process.kill(process.pid, signal);
  };
  process.on("exit", remove);
  for (const signal of SIGNALS) process.once(signal, onSignal);
  const ns: Record<string, string> = {};
  const address: Record<string, string> = {};
  try {
    must(["netns", "add", hub]);
    made.push(hub);
    must(["-n", hub, "link", "add", "br0", "type", "bridge"]);
    must(["-n", hub, "link", "set", "br0", "up"]);
    members.forEach((member, i) => {
      const name = `${prefix}-${member}`;
      must(["netns", "add", name]);
      made.push(name);
      must(["-n", name, "link", "set", "lo", "up"]);
      // Both ends made inside namespaces: the hub's end on the bridge, the member's as its eth0.
      must(["-n", hub, "link", "add", `vh${i}`, "type", "veth", "peer", "name", "eth0", "netns", name]);
      must(["-n", hub, "link", "set", `vh${i}`, "master", "br0"]);
      must(["-n", hub, "link", "set", `vh${i}`, "up"]);
      must(["-n", name, "addr", "add", `${SUBNET}.${i + 2}/24`, "dev", "eth0"]);
      must(["-n", name, "link", "set", "eth0", "up"]);
      ns[member] = name;
      address[member] = `${SUBNET}.${i + 2}`;
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { prefix, ns, address, remove };
}

/** The namespaces whose names begin with `prefix` (what a test left behind, if anything). */
export function namespacesNamed(prefix: string): string[] {
  return ip(["netns", "list"])
    .out.split("\n")
    .map((line) => line.split(" ")[0] ?? "")
    .filter((name) => name.startsWith(prefix));
}
