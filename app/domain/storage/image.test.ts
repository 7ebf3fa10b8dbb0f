import { describe, expect, it } from "vitest";
import { detectImageType, isAcceptableImageFile, MAX_AVATAR_BYTES } from "./image";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("detectImageType", () => {
  it("recognises PNG, JPEG, GIF and WebP by their magic numbers", () => {
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe("image/png");
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toBe("image/jpeg");
    expect(detectImageType(bytes("GIF89a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(detectImageType(bytes("GIF87a"))).toBe("image/gif");
    expect(detectImageType(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses SVG, HTML, text, other RIFF files and truncated signatures", () => {
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(bytes("<!doctype html><script>alert(1)</script>"))).toBeNull();
    expect(detectImageType(bytes("apenas texto renomeado para .png"))).toBeNull();
    expect(detectImageType(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe("isAcceptableImageFile", () => {
  it("accepts the four image types up to 5242880 bytes", () => {
    expect(isAcceptableImageFile({ type: "image/png", size: MAX_AVATAR_BYTES })).toBe(true);
    expect(isAcceptableImageFile({ type: "image/png", size: MAX_AVATAR_BYTES + 1 })).toBe(false);
    expect(isAcceptableImageFile({ type: "image/svg+xml", size: 100 })).toBe(false);
    expect(isAcceptableImageFile({ type: "image/jpeg", size: 0 })).toBe(false);
  });
});
