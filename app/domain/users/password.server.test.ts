import { describe, expect, it } from "vitest";
import { DUMMY_HASH, HASH_OPTIONS, hashPassword, isUsableHash, UNUSABLE_PASSWORD, verifyPassword } from "./password.server";

describe("the dummy hash spent for unknown e-mails", () => {
  it("has the parameters real hashes are made with, so it costs the same to verify", async () => {
    const real = await hashPassword("segredo123");
    const params = (hash: string) => hash.split("$").slice(1, 4).join("$");
    expect(params(DUMMY_HASH)).toBe(params(real));
    expect(params(DUMMY_HASH)).toBe(`argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}`);
    expect(await verifyPassword(DUMMY_HASH, "segredo123")).toBe(false);
  });

  it("tells usable hashes from the placeholder of accounts without a password", async () => {
    expect(isUsableHash(await hashPassword("x"))).toBe(true);
    expect(isUsableHash(UNUSABLE_PASSWORD)).toBe(false);
    expect(isUsableHash("")).toBe(false);
  });
});
