// Provider-key helpers: write (the key under the reference's `api_key`, which callOp writes where the profile's
// byok_body_field says), delete, list, and a stored key restored at the end of the suite file.

import type { ApiResponse, Who } from "../../runner/client/http-client.ts";
import { registerSecret } from "../../runner/client/redact.ts";
import { firstPair, keyProviders } from "./catalog.ts";
import { maskedRows } from "./masked-lists.ts";
import { callOp } from "./profile.ts";
import { newProviderKey } from "./provider.ts";

/** Every key sent is registered first (the field is the profile's, so secret-fields.ts cannot know it). */
export function putKey(provider: string, key: string, as: Who = "admin"): Promise<ApiResponse> {
  registerSecret(key);
  return callOp("byok.put", { provider }, { body: { api_key: key }, as });
}

export const deleteKey = (provider: string, as: Who = "admin"): Promise<ApiResponse> =>
  callOp("byok.delete", { provider }, { as });

export interface KeyRow {
  name: string;
  masked: string;
}

/** The provider-key list rows, read as the secret list is (masked-lists.ts). */
export async function keyRows(as: Who = "admin"): Promise<{ response: ApiResponse; rows: KeyRow[] }> {
  const { responses, rows } = await maskedRows("byok.list", as);
  return { response: responses[0]!, rows: rows as unknown as KeyRow[] };
}

let stored: Promise<void> | undefined;

/**
 * Stores a fresh valid key for every provider the checks run agents on (keyProviders: on a wired target each id
 * the catalog lists the provider simulator's models under), once per suite file. The service is strictly
 * bring-your-own-key (1): a server holds no key the harness did not store. A server without the PUT yet (404,
 * 405) is left to its own key source.
 */
export function ensureProviderKeys(): Promise<void> {
  stored ??= (async () => {
    for (const provider of await keyProviders()) {
      const response = await putKey(provider, await newProviderKey());
      if (response.status === 404 || response.status === 405) continue;
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`storing the ${provider} provider key: PUT /v1/byok/${provider} answered ${response.status}`);
      }
    }
  })();
  return stored;
}

/**
 * Stores a fresh valid key for the provider of the llm the checks build agents on (after a key for every other
 * provider they use), so agents built on it can publish, and answers it. Left stored on purpose: other suites'
 * agents run on that provider too, and removing the workspace's key for it would break them.
 */
export async function ensureLlmKey(): Promise<string> {
  await ensureProviderKeys();
  const { provider } = await firstPair("llm");
  const key = await newProviderKey();
  const response = await putKey(provider, key);
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`PUT /v1/byok/${provider} answered ${response.status}`);
  }
  return key;
}
