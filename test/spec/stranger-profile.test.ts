// The stranger (examples/profiles/stranger.json): a server that fills every open point the checks lean on its
// own way at once. Its profile is the merge of the stranger's variants' profiles (the variant matrix serves and
// runs exactly that), and it moves every assumption: a row of `cap-conformance assumptions` whose value it
// leaves as the default's is an open point no vendor was shown to be able to move.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { strangerProfile } from "../../simulators/platform/variants/index.ts";
import { assumptionRows } from "../../spec/assumptions.ts";
import { DEFAULT_PROFILE, loadProfile } from "../../spec/profile.ts";
import { READING_NAMES } from "../../spec/readings.ts";
import { fieldPath, wordsOf } from "../../spec/reshape.ts";
import { movableFields, SHAPE_NAMES, SHAPES } from "../../spec/shapes.ts";
import { ownWords, WORD_LIST_NAMES } from "../../spec/words.ts";
import { ROOT } from "../helpers/cli.ts";

const FILE = join(ROOT, "examples/profiles/stranger.json");

test("examples/profiles/stranger.json is the merge of the stranger's variants' profiles", () => {
  const written = JSON.parse(readFileSync(FILE, "utf8")) as unknown;
  expect(
    written,
    "regenerate it: JSON.stringify(strangerProfile(), null, 2) of simulators/platform/variants/index.ts",
  ).toEqual(strangerProfile());
});

test("the stranger moves every assumption the harness makes", () => {
  const stranger = loadProfile(FILE);
  const defaults = assumptionRows(DEFAULT_PROFILE);
  const its = assumptionRows(stranger);
  expect(its.map((row) => row.assumption)).toEqual(defaults.map((row) => row.assumption));
  const unmoved = defaults.filter((row, i) => row.value === its[i]!.value).map((row) => row.assumption);
  expect(unmoved, "assumptions the stranger answers as the reference does").toEqual([]);
});

test("the stranger moves a field of every record and body, rewords every status and reads every reading its way", () => {
  const stranger = loadProfile(FILE);
  const mapped = SHAPE_NAMES.filter((shape) => !("derived" in SHAPES[shape]) && movableFields(shape).length > 0);
  const still = mapped.filter((shape) =>
    movableFields(shape).every((field) => fieldPath(stranger, shape, field) === field),
  );
  expect(still, "records and bodies the stranger leaves where the reference has them").toEqual([]);
  const same = WORD_LIST_NAMES.filter(
    (list) => JSON.stringify(wordsOf(stranger, list)) === JSON.stringify(ownWords(list)),
  );
  expect(same, "word lists the stranger says as the reference does").toEqual([]);
  const read = READING_NAMES.filter((name) => stranger.readings[name] === DEFAULT_PROFILE.readings[name]);
  expect(read, "readings the stranger shares with the reference").toEqual([]);
});
