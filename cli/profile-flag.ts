// A profile that cannot be read is the user's mistake (exit 2), said before anything runs.
import { loadProfile, ProfileError } from "../spec/profile.ts";
import { UsageError } from "./usage-error.ts";

export function checkProfile(nameOrPath: string): void {
  try {
    loadProfile(nameOrPath);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(error.message);
    throw error;
  }
}
