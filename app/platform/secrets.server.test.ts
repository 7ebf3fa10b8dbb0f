import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SEALED_FORMAT_UNKNOWN, SEALED_UNREADABLE, secretBox } from "./secrets.server";

const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe("stored secrets (AES-256-GCM)", () => {
  it("round trip, in the versioned text format, with a fresh IV each time", () => {
    const box = secretBox([keyA]);
    const plain = "segredo do cliente: ção ✓ -----BEGIN PRIVATE KEY-----";
    const one = box.seal(plain);
    const two = box.seal(plain);
    expect(one).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain("segredo");
    expect(box.open(one)).toBe(plain);
    expect(box.open(two)).toBe(plain);
    expect(box.open(box.seal(""))).toBe("");
  });

  it("a changed ciphertext, IV or tag is refused, never opened into garbage", () => {
    const box = secretBox([keyA]);
    const sealed = box.seal("abc123");
    const [version, iv, tag, data] = sealed.split(":");
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0] ^= 1;
      return bytes.toString("base64url");
    };
    for (const changed of [
      [version, iv, tag, flip(data)],
      [version, flip(iv), tag, data],
      [version, iv, flip(tag), data],
    ]) {
      expect(() => box.open(changed.join(":"))).toThrow(SEALED_UNREADABLE);
    }
  });

  it("another key cannot open it; a rotation list opens both and seals with the first", () => {
    const sealedA = secretBox([keyA]).seal("antigo");
    expect(() => secretBox([keyB]).open(sealedA)).toThrow(SEALED_UNREADABLE);
    const rotated = secretBox([keyB, keyA]);
    expect(rotated.open(sealedA)).toBe("antigo");
    const sealedB = rotated.seal("novo");
    expect(secretBox([keyB]).open(sealedB)).toBe("novo");
    expect(() => secretBox([keyA]).open(sealedB)).toThrow(SEALED_UNREADABLE);
  });

  it("an unknown format or version is its own error", () => {
    const box = secretBox([keyA]);
    for (const bad of ["", "texto puro", "v2:a:b:c", "v1:a:b", box.seal("x").replace(/^v1:[^:]+/, "v1:AAAA")]) {
      expect(() => box.open(bad), bad).toThrow(SEALED_FORMAT_UNKNOWN);
    }
  });

  it("keys must be 32 bytes", () => {
    expect(() => secretBox([])).toThrow();
    expect(() => secretBox([randomBytes(16)])).toThrow();
  });

  it("encryptSecret / decryptSecret use the configured key", () => {
    const sealed = encryptSecret("client-secret-123");
    expect(sealed.startsWith("v1:")).toBe(true);
    expect(decryptSecret(sealed)).toBe("client-secret-123");
    expect(() => decryptSecret(secretBox([keyB]).seal("x"))).toThrow(SEALED_UNREADABLE);
  });
});
