// POST /_admin/offline on every simulator that can go dark (control plane, carrier, provider).
import { z } from "zod";

export const OfflineBody = z.object({ offline: z.boolean() });
export type OfflineBody = z.infer<typeof OfflineBody>;
