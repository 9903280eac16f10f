// The paths a knowledge-base build takes (3.1: "Build states are transcribing, generating, ready, error";
// "Transitions among transcribing, generating, ready and error: not shown").
import type { VariantSpec } from "./variant.ts";

export const knowledgeVariants = {
  "kb-build-straight-to-ready": {
    description:
      "build_kb builds before it answers: the answer and get_kb show ready (or error) at once, never transcribing or generating (3.1: build_kb moves review to `a build state`, and ready is one)",
    section: "3.1",
    layer: "kb-build-path",
    reach: ["knowledge", "streams"],
  },
  "kb-build-generating-only": {
    description:
      "a build shows generating from build_kb's answer to its end, never transcribing (3.1: transitions among the build states are not shown)",
    section: "3.1",
    layer: "kb-build-path",
    reach: ["knowledge", "streams"],
  },
  "kb-build-transcribing-only": {
    description:
      "a build shows transcribing from build_kb's answer to its end, never generating (3.1: transitions among the build states are not shown)",
    section: "3.1",
    layer: "kb-build-path",
    reach: ["knowledge", "streams"],
  },
} as const satisfies Record<string, VariantSpec>;
