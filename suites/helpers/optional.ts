// check() for an optional behaviour: held to what the profile declares of it (must-work,
// must-be-absent), skipped with that reason when the profile declares it not tested.

import { type CheckOptions, check } from "../../runner/framework/check.ts";
import { type OptionalBehaviourId, optionalCheckId } from "../../spec/optional-behaviours.ts";
import { profile } from "./profile.ts";

export interface OptionalBodies {
  works: () => Promise<void>;
  absent: () => Promise<void>;
}

export function optionalCheck(id: OptionalBehaviourId, name: string, bodies: OptionalBodies, options?: CheckOptions) {
  check(
    `optional ${id}: ${name}, as the profile declares`,
    [optionalCheckId(id)],
    async (ctx) => {
      const declared = profile().optional[id];
      if (declared === "not-tested") ctx.skip(`the profile declares ${id} not tested`);
      await (declared === "must-work" ? bodies.works() : bodies.absent());
    },
    options,
  );
}

/** What the profile declares of an optional behaviour. */
export function declared(id: OptionalBehaviourId) {
  return profile().optional[id];
}
