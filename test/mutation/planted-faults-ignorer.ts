// A Stryker ignore-plugin: the reference platform's planted faults (`ctx.faults.has("...")`) and legal
// variants (`ctx.variants.has("...")`) are off in a mutation run, so mutating a fault switch, or code that runs only when a fault is on, changes nothing the
// clean platform does. Such mutants are reported as ignored, with this reason, never as survivors.
import { declareValuePlugin, PluginKind } from "@stryker-mutator/api/plugin";

/** The part of babel's NodePath this plugin reads (Stryker hands it babel's own). */
interface Path {
  node: { type: string };
}

interface Node {
  type: string;
  [field: string]: unknown;
}

export const SWITCH = "a planted-fault switch: faults are off in a mutation run";
export const FAULT_ONLY = "runs only while a planted fault is on";

/** The sets a mutation run leaves empty: planted faults, and legal variants (each a server of its own). */
const SWITCHES = new Set(["faults", "variants"]);

/** `<anything>.faults.has(...)` or `.faults.take(...)`, and the same of `variants`. */
function isFaultSwitch(node: Node | undefined): boolean {
  if (node?.type !== "CallExpression") return false;
  const callee = node.callee as Node;
  if (callee.type !== "MemberExpression") return false;
  const object = callee.object as Node;
  const name = (callee.property as Node).name;
  if (name !== "has" && name !== "take") return false;
  return (
    (object.type === "MemberExpression" && SWITCHES.has((object.property as Node).name as string)) ||
    (object.type === "Identifier" && SWITCHES.has(object.name as string))
  );
}

/** True when `test` can be true only while a fault is on (a switch, `&&`-joined to anything, or `||` of such). */
function needsFault(test: Node | undefined): boolean {
  if (test === undefined) return false;
  if (isFaultSwitch(test)) return true;
  if (test.type === "LogicalExpression" && test.operator === "&&") {
    return needsFault(test.left as Node) || needsFault(test.right as Node);
  }
  if (test.type === "LogicalExpression" && test.operator === "||") {
    return needsFault(test.left as Node) && needsFault(test.right as Node);
  }
  return false;
}

/** True when `test` can be false only while a fault is on (`!switch`, or `!a && !b` of such). */
function needsFaultWhenFalse(test: Node | undefined): boolean {
  if (test?.type === "UnaryExpression" && test.operator === "!") return needsFault(test.argument as Node);
  if (test?.type === "LogicalExpression" && test.operator === "&&") {
    return needsFaultWhenFalse(test.left as Node) && needsFaultWhenFalse(test.right as Node);
  }
  return false;
}

/** `if (!switch) return ...;` (or throw): what follows it in the block runs only while a fault is on. */
function isCleanExit(statement: Node): boolean {
  if (statement.type !== "IfStatement" || statement.alternate) return false;
  const exit = (node: Node | undefined): boolean =>
    node?.type === "ReturnStatement" ||
    node?.type === "ThrowStatement" ||
    (node?.type === "BlockStatement" && (node.body as Node[]).some((inner) => exit(inner)));
  return needsFaultWhenFalse(statement.test as Node) && exit(statement.consequent as Node);
}

/** Declarations whose comment says they serve planted faults only ("... (planted faults only)"). */
function isPlantedOnly(node: Node): boolean {
  // An exported one carries its comment on the export statement.
  const declaration =
    node.type === "FunctionDeclaration" ||
    node.type === "VariableDeclaration" ||
    node.type === "ExportNamedDeclaration";
  const comments = (node.leadingComments as Array<{ value: string }> | undefined) ?? [];
  return declaration && comments.some((comment) => /planted[^.\n]*\bonly\b/i.test(comment.value));
}

/**
 * Branches that run only under a fault, noted when their parent is entered: by the time a branch is
 * entered, Stryker has already replaced the parent's test with its mutation switch, so the test can no
 * longer be read there.
 */
const faultOnly = new WeakSet<object>();

function noteFaultOnlyBranches(node: Node): void {
  if (node.type === "BlockStatement") {
    const body = node.body as Node[];
    const at = body.findIndex(isCleanExit);
    if (at >= 0) for (const statement of body.slice(at + 1)) faultOnly.add(statement);
  }
  const branches = node.type === "IfStatement" || node.type === "ConditionalExpression";
  if (branches && needsFault(node.test as Node) && node.consequent) faultOnly.add(node.consequent as object);
  if (branches && needsFaultWhenFalse(node.test as Node) && node.alternate) faultOnly.add(node.alternate as object);
  if (node.type === "LogicalExpression" && node.operator === "&&" && needsFault(node.left as Node)) {
    faultOnly.add(node.right as object);
  }
}

export function shouldIgnore(path: Path): string | undefined {
  const node = path.node as Node;
  if (isFaultSwitch(node)) return SWITCH;
  if (faultOnly.has(node) || isPlantedOnly(node)) return FAULT_ONLY;
  noteFaultOnlyBranches(node);
  return undefined;
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, "planted-faults", { shouldIgnore })];
