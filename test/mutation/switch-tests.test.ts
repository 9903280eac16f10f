// Which tests only a planted fault or a legal variant can turn, read on the expression itself: the scoring
// of a run counts a test forced the clean platform's way as equivalent, and never one forced the fault's way.
import { parseExpression } from "@babel/parser";
import { describe, expect, it } from "vitest";
import { type Node, needsSwitch, needsSwitchWhenFalse, switchOf } from "./switch-tests.ts";

const parse = (text: string) =>
  parseExpression(text, { plugins: ["typescript"], createParenthesizedExpressions: true }) as unknown as Node;

describe("switch tests", () => {
  it("finds a fault's or a variant's switch, by name or member, and nothing else", () => {
    expect(switchOf(parse('ctx.faults.has("a")'))).toBe("faults");
    expect(switchOf(parse('this.ctx.faults.take("a")'))).toBe("faults");
    expect(switchOf(parse('variants.has("a")'))).toBe("variants");
    expect(switchOf(parse('ctx.faults.size("a")'))).toBeUndefined();
    expect(switchOf(parse('ctx.rows.has("a")'))).toBeUndefined();
  });

  it("a test true only under a switch: the switch &&-joined, || of two, ! of one false only then", () => {
    expect(needsSwitch(parse('ctx.faults.has("a") && batch.active === 0'))).toBe(true);
    expect(needsSwitch(parse('(x && ctx.faults.has("a")!) && y'))).toBe(true);
    expect(needsSwitch(parse('ctx.faults.has("a") || ctx.variants.has("b")'))).toBe(true);
    expect(needsSwitch(parse('!(!ctx.faults.has("a") || x)'))).toBe(true);
    expect(needsSwitch(parse('ctx.faults.has("a") || batch.active === 0'))).toBe(false);
    expect(needsSwitch(parse('ctx.faults.has("a") === false'))).toBe(false);
    expect(needsSwitch(parse('!ctx.faults.has("a")'))).toBe(false);
  });

  it("a test false only under a switch: ! of a switch, ||-joined to anything, && of two", () => {
    expect(needsSwitchWhenFalse(parse('!ctx.faults.has("a")'))).toBe(true);
    expect(needsSwitchWhenFalse(parse('!this.ctx.faults.has("a") || code < 300 || code > 399'))).toBe(true);
    expect(needsSwitchWhenFalse(parse('!ctx.faults.has("a") && !ctx.faults.has("b")'))).toBe(true);
    expect(needsSwitchWhenFalse(parse('!ctx.faults.has("a") && code < 300'))).toBe(false);
    expect(needsSwitchWhenFalse(parse('ctx.faults.has("a")'))).toBe(false);
  });
});
