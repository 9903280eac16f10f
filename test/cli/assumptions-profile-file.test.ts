// `assumptions --profile-file` prints the whole profile as a file a vendor copies and edits: every field with its
// value (a vendor could otherwise learn a field's shape only from the errors of a wrong guess), which loads back
// as the same profile.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { assumptionsCommand } from "../../cli/list-commands.ts";
import { DEFAULT_PROFILE, loadProfile, Profile } from "../../spec/profile.ts";
import { ROOT } from "../helpers/cli.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

function printed(argv: string[]): unknown {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  expect(assumptionsCommand(argv)).toBe(0);
  return JSON.parse(lines.join("\n"));
}

test("the default profile is printed whole, every field of the profile with its value", () => {
  const file = printed(["--profile-file"]);
  expect(Object.keys(file as object).sort()).toEqual(Object.keys(Profile.shape).sort());
  expect(file).toEqual(JSON.parse(JSON.stringify(DEFAULT_PROFILE)));
});

test("a vendor's profile is printed merged with the default, and loads back as the same profile", () => {
  const stranger = join(ROOT, "examples/profiles/stranger.json");
  const file = printed(["--profile", stranger, "--profile-file"]);
  const path = join(mkdtempSync(join(tmpdir(), "cap-profile-file-")), "profile.json");
  writeFileSync(path, JSON.stringify(file));
  const { name: _a, ...again } = loadProfile(path);
  const { name: _b, ...merged } = loadProfile(stranger);
  expect(again).toEqual(merged);
});
