import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const ORIGIN = "https://escola.example";

describe("safeRedirect", () => {
  it("keeps paths of this site, with their search and hash", () => {
    expect(safeRedirect("/trials?month=2026-11", "/", ORIGIN)).toBe("/trials?month=2026-11");
    expect(safeRedirect("/users#top", "/", ORIGIN)).toBe("/users#top");
    expect(safeRedirect("/", "/", ORIGIN)).toBe("/");
    expect(safeRedirect("/a/../b", "/", ORIGIN)).toBe("/b");
  });

  it("refuses everything that a browser would follow to another origin", () => {
    const hostile = [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "\t//evil.example",
      "/.//evil.example",
      "/./\\evil.example",
      "/%2e//evil.example/..//x",
      "https://evil.example",
      "http:evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      " /x",
    ];
    for (const to of hostile) {
      const result = safeRedirect(to, "/", ORIGIN);
      expect(new URL(result, ORIGIN).origin, JSON.stringify(to)).toBe(ORIGIN);
      expect(result.startsWith("//"), JSON.stringify(to)).toBe(false);
    }
    expect(safeRedirect("/\t/evil.example", "/", ORIGIN)).toBe("/");
    expect(safeRedirect("//evil.example", "/", ORIGIN)).toBe("/");
  });

  it("never returns a value that breaks a Location header, and never throws", () => {
    for (const to of ["/a\r\nSet-Cookie: x=1", "/a\u0000b", "/\ud800", "/" + "a".repeat(5000), null, undefined, 42, {}, ["/x"]]) {
      const result = safeRedirect(to, "/", ORIGIN);
      expect(() => new Headers({ Location: result }), JSON.stringify(to)).not.toThrow();
      expect(result).toMatch(/^\/(?!\/)/);
    }
    expect(safeRedirect("/a\r\nb", "/", ORIGIN)).toBe("/ab");
  });

  it("works without an origin (the same rules)", () => {
    expect(safeRedirect("/users")).toBe("/users");
    expect(safeRedirect("/\t/evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example", "/fallback")).toBe("/fallback");
  });
});
