import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mergeProfile, ProfileFile } from "../../spec/profile.ts";
import { SECRET_PATTERN_ANY, secretKey, writeSecret } from "../../spec/webhook-secret.ts";

const ENCODINGS = ["base64", "base64url", "hex"] as const;

describe("webhook secrets (2.6: whsec_ followed by 32 random bytes)", () => {
  it("writes 32 bytes as Node writes each encoding, and reads the same bytes back", () => {
    for (let i = 0; i < 200; i++) {
      const bytes = randomBytes(32);
      for (const encoding of ENCODINGS) {
        const secret = writeSecret(bytes, encoding);
        expect(secret).toBe(`whsec_${bytes.toString(encoding)}`);
        expect(Buffer.from(secretKey(secret)!)).toEqual(bytes);
        expect(Buffer.from(secretKey(secret, encoding)!)).toEqual(bytes);
        expect(new RegExp(SECRET_PATTERN_ANY).test(secret)).toBe(true);
      }
    }
  });

  it("reads unpadded base64, and base64 without + or / under either base64 reading", () => {
    const bytes = randomBytes(32);
    expect(Buffer.from(secretKey(`whsec_${bytes.toString("base64").replace(/=$/, "")}`)!)).toEqual(bytes);
    const plain = Buffer.alloc(32, 7);
    expect(Buffer.from(secretKey(writeSecret(plain, "base64"), "base64url")!)).toEqual(plain);
  });

  it("refuses what is not whsec_ and 32 bytes: 16 or 48 bytes, no prefix, the wrong encoding, mixed alphabets", () => {
    const hex = writeSecret(randomBytes(32), "hex");
    for (const secret of [
      `whsec_${randomBytes(16).toString("base64")}`,
      `whsec_${randomBytes(16).toString("hex")}`,
      `whsec_${randomBytes(48).toString("base64")}`,
      `capct_${randomBytes(32).toString("base64")}`,
      randomBytes(32).toString("hex"),
      `whsec_${"+".repeat(21)}${"-".repeat(22)}`,
      "whsec_",
    ]) {
      expect(secretKey(secret), secret).toBeUndefined();
    }
    // A 64-character hex text read as base64 is 48 bytes, never 32: the profile's hex is the only reading of it.
    expect(secretKey(hex, "base64")).toBeUndefined();
    expect(secretKey(writeSecret(randomBytes(32), "base64"), "hex")).toBeUndefined();
  });
});

describe("the profile's webhook_signature", () => {
  it("takes the secret's encoding, any by default, and refuses a key it does not know", () => {
    expect(mergeProfile({}, "x").webhook_signature.secret_encoding).toBe("any");
    const hex = ProfileFile.parse({ webhook_signature: { secret_encoding: "hex" } });
    expect(mergeProfile(hex, "x").webhook_signature).toMatchObject({ secret_encoding: "hex", id_header: "webhook-id" });
    for (const file of [{ webhook_signature: { secret: "hex" } }, { webhook_signature: { secret_encoding: "b64" } }]) {
      expect(ProfileFile.safeParse(file).error?.issues[0]?.path, JSON.stringify(file)).toEqual(
        expect.arrayContaining(["webhook_signature"]),
      );
    }
  });
});
