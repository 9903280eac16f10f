// The target file (ARCHITECTURE.md, "The target file"): everything `run` needs to reach a server.
import { z } from "zod";

export const Role = z.enum(["ADMIN", "EDITOR", "VIEWER"]);
export type Role = z.infer<typeof Role>;

export const Target = z.object({
  regions: z.array(z.object({ name: z.string().min(1), base_url: z.url() })).min(1),
  credentials: z.object({
    admin: z.string().min(1),
    editor: z.string().min(1),
    viewer: z.string().min(1),
    session_cookie: z.string().min(1).optional(),
  }),
  /** The server resolves credentials, dials, calls models and delivers webhooks through the simulators. */
  wired: z.boolean().default(false),
  simulators: z
    .object({
      admin_url: z.url(),
      control_plane: z.url(),
      carrier: z.url(),
      provider: z.url(),
      website: z.url(),
      webhook_sink: z.url(),
    })
    .partial()
    .default({}),
  /** Test-only hooks on the server (credit balance, clock). */
  test_control: z.url().optional(),
  profile: z.string().default("default"),
  /** Real milliseconds per simulated minute, when the server and simulators share a scaled clock. */
  minute_ms: z.number().positive().optional(),
  /**
   * A key the provider simulator accepts for its whole life (`serve` and `simulate` write it). The harness stores
   * the keys its checks use itself (PUT /v1/byok/{provider}); a wired server may use this one before any is stored.
   */
  provider_key: z.string().min(1).optional(),
  /**
   * The real epoch milliseconds at which the simulators' simulated time equalled real time: a server scaling its
   * clock by minute_ms from this origin agrees with them (`serve --simulators` does).
   */
  clock_origin_ms: z.number().int().nonnegative().optional(),
  /** The carrier simulator's account a wired server dials through (`serve` and `simulate` write it). */
  carrier_account: z.object({ url: z.url().optional(), accountSid: z.string(), authToken: z.string() }).optional(),
});
export type Target = z.infer<typeof Target>;

/** Every secret a target names: the three tokens, the session cookie, the carrier's auth token, the provider key. */
export function targetSecrets(target: Target): string[] {
  const values = [...Object.values(target.credentials), target.carrier_account?.authToken, target.provider_key];
  return values.filter((v): v is string => v !== undefined && v !== "");
}
export type TargetInput = z.input<typeof Target>;
