// A Stryker ignore-plugin: the reference platform's planted faults (`ctx.faults.has("...")`) and legal
// variants (`ctx.variants.has("...")`) are off in a mutation run, so code that runs only while one is on
// changes nothing the clean platform does, and a variant's switch forced on is a conforming server (the variant
// matrix proves it). Such mutants are reported as ignored, with this reason, never as survivors. A planted
// fault's switch forced on is not ignored: that mutant is the fault itself on the clean platform, which the
// area's checks must kill (its `false`, the clean platform's own way, is scored equivalent by run.ts).
import { declareValuePlugin, PluginKind } from "@stryker-mutator/api/plugin";
import { type Node, needsSwitch, needsSwitchWhenFalse, switchOf } from "./switch-tests.ts";

/** The part of babel's NodePath this plugin reads (Stryker hands it babel's own). */
interface Path {
  node: Node;
  parentPath: { node: Node } | null;
}

export const SWITCH = "a legal-variant switch: a variant forced on is a conforming server, forced off the clean one";
export const FAULT_NAME = "a planted fault's name: another name reads as a fault that is off, the clean platform";
export const FAULT_ONLY = "runs only while a planted fault or a legal variant is on";

/** `if (!switch) return ...;` (or throw): what follows it in the block runs only while a fault is on. */
function isCleanExit(statement: Node): boolean {
  if (statement.type !== "IfStatement" || statement.alternate) return false;
  const exit = (node: Node | undefined): boolean =>
    node?.type === "ReturnStatement" ||
    node?.type === "ThrowStatement" ||
    (node?.type === "BlockStatement" && (node.body as Node[]).some((inner) => exit(inner)));
  return needsSwitchWhenFalse(statement.test as Node) && exit(statement.consequent as Node);
}

/** Declarations whose comment says they serve planted faults or legal variants only ("(planted faults only)"). */
function isPlantedOnly(node: Node): boolean {
  // An exported one carries its comment on the export statement.
  const declaration =
    node.type === "FunctionDeclaration" ||
    node.type === "ClassMethod" ||
    node.type === "ClassPrivateMethod" ||
    node.type === "VariableDeclaration" ||
    node.type === "ExportNamedDeclaration";
  const comments = (node.leadingComments as Array<{ value: string }> | undefined) ?? [];
  return (
    declaration && comments.some((comment) => /\b(?:planted|legal variants?)\b[^.\n]*\bonly\b/i.test(comment.value))
  );
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
  if (branches && needsSwitch(node.test as Node) && node.consequent) faultOnly.add(node.consequent as object);
  if (branches && needsSwitchWhenFalse(node.test as Node) && node.alternate) faultOnly.add(node.alternate as object);
  if (node.type === "LogicalExpression" && node.operator === "&&" && needsSwitch(node.left as Node)) {
    faultOnly.add(node.right as object);
  }
}

export function shouldIgnore(path: Path): string | undefined {
  const node = path.node;
  if (switchOf(node) === "variants") return SWITCH;
  // Inside a fault's switch: its name and the member read (`""` for the name is the fault off).
  if (switchOf(path.parentPath?.node) === "faults") return FAULT_NAME;
  if (faultOnly.has(node) || isPlantedOnly(node)) return FAULT_ONLY;
  noteFaultOnlyBranches(node);
  return undefined;
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, "planted-faults", { shouldIgnore })];
