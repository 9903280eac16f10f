// The tests of the reference platform's code whose value only a planted fault or a legal variant can turn
// (`ctx.faults.has(...)`, `ctx.variants.has(...)`, both off in a mutation run), read on babel's nodes: as
// Stryker hands them to the ignorer, and as a run's scoring parses them from a mutant's own text.

/** The part of a babel node these tests read. */
export interface Node {
  type: string;
  [field: string]: unknown;
}

/** `<anything>.faults.has(...)` or `.take(...)`, or the same of `variants`: which set it reads, if any. */
export function switchOf(node: Node | undefined): "faults" | "variants" | undefined {
  if (node?.type !== "CallExpression") return undefined;
  const callee = node.callee as Node;
  if (callee.type !== "MemberExpression") return undefined;
  const name = (callee.property as Node).name;
  if (name !== "has" && name !== "take") return undefined;
  const object = callee.object as Node;
  const set =
    object.type === "MemberExpression"
      ? (object.property as Node).name
      : object.type === "Identifier"
        ? object.name
        : undefined;
  return set === "faults" || set === "variants" ? set : undefined;
}

/** Babel keeps `(...)` as a node when asked to (a parsed text): read through it, and through TS's `!` and `as`. */
function bare(node: Node | undefined): Node | undefined {
  if (node === undefined) return undefined;
  if (
    node.type === "ParenthesizedExpression" ||
    node.type === "TSNonNullExpression" ||
    node.type === "TSAsExpression"
  ) {
    return bare(node.expression as Node);
  }
  return node;
}

/**
 * True when `test` can be true only while a switch is on: a switch, `&&`-joined to anything, `||` of such,
 * or `!` of a test that can be false only then.
 */
export function needsSwitch(test: Node | undefined): boolean {
  const node = bare(test);
  if (node === undefined) return false;
  if (switchOf(node) !== undefined) return true;
  if (node.type === "UnaryExpression" && node.operator === "!") return needsSwitchWhenFalse(node.argument as Node);
  if (node.type === "LogicalExpression" && node.operator === "&&") {
    return needsSwitch(node.left as Node) || needsSwitch(node.right as Node);
  }
  if (node.type === "LogicalExpression" && node.operator === "||") {
    return needsSwitch(node.left as Node) && needsSwitch(node.right as Node);
  }
  return false;
}

/**
 * True when `test` can be false only while a switch is on: `!` of a test that can be true only then,
 * `||`-joined to anything, or `&&` of such.
 */
export function needsSwitchWhenFalse(test: Node | undefined): boolean {
  const node = bare(test);
  if (node === undefined) return false;
  if (node.type === "UnaryExpression" && node.operator === "!") return needsSwitch(node.argument as Node);
  if (node.type === "LogicalExpression" && node.operator === "||") {
    return needsSwitchWhenFalse(node.left as Node) || needsSwitchWhenFalse(node.right as Node);
  }
  if (node.type === "LogicalExpression" && node.operator === "&&") {
    return needsSwitchWhenFalse(node.left as Node) && needsSwitchWhenFalse(node.right as Node);
  }
  return false;
}
