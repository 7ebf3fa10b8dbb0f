import { describe, expect, it } from "vitest";
import { newNonce } from "./security.server";

describe("CSP nonces", () => {
  it("are 16 random bytes each, never repeated, across the pool's refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const nonce = newNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2000);
  });
});
