// The values a property's runs take, known before the first run (valuesOfRuns, what `ahead` is given): the
// same as fc.check's runs with that seed, examples first.
import fc from "fast-check";
import { expect, it } from "vitest";
import { valuesOfRuns } from "../../../runner/framework/property.ts";

const ARBITRARIES: [fc.Arbitrary<number>, fc.Arbitrary<string>] = [fc.integer(), fc.string()];

async function checkedValues(seed: number, numRuns: number, examples: Array<[number, string]>) {
  const seen: Array<[number, string]> = [];
  const property = fc.asyncProperty(...ARBITRARIES, async (n, s) => {
    seen.push([n, s]);
  });
  await fc.check(property, { seed, numRuns, examples });
  return seen;
}

it("answers the values fc.check's runs take with the same seed", async () => {
  expect(await valuesOfRuns(ARBITRARIES, 7, 20)).toEqual(await checkedValues(7, 20, []));
});

it("puts the examples first, counted in the runs", async () => {
  const examples: Array<[number, string]> = [
    [3, "three"],
    [-1, ""],
  ];
  const runs = await valuesOfRuns(ARBITRARIES, 7, 5, examples);
  expect(runs.slice(0, 2)).toEqual(examples);
  expect(runs).toHaveLength(5);
  expect(runs).toEqual(await checkedValues(7, 5, examples));
});
