import { describe, expect, it } from "vitest";
import { anonymous, signIn } from "../support/http";

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("X-Frame-Options")).toBe("DENY");
  const csp = headers.get("Content-Security-Policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(csp).toContain("object-src 'none'");
}

describe("security headers on every answer", () => {
  it("HTML pages carry a CSP whose nonce is on every inline script", async () => {
    const res = await anonymous().raw("GET", "/auth");
    expectSecurityHeaders(res.headers);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy")!)![1];
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    // A fresh nonce per response.
    const again = await anonymous().raw("GET", "/auth");
    expect(again.headers.get("Content-Security-Policy")).not.toContain(nonce);
  });

  it("JSON, errors, 404 pages and static files carry them too", async () => {
    const client = await signIn("Team");
    expectSecurityHeaders((await client.raw("GET", "/api/user")).headers);
    expectSecurityHeaders((await anonymous().raw("GET", "/api/user")).headers);
    expectSecurityHeaders((await anonymous().raw("GET", "/nao-existe")).headers);
    expectSecurityHeaders((await anonymous().raw("GET", "/logo.svg")).headers);
  });

  it("sends HSTS only when served over HTTPS (behind a proxy)", async () => {
    expect((await anonymous().raw("GET", "/auth")).headers.get("Strict-Transport-Security")).toBeNull();
    const https = await anonymous().raw("GET", "/auth", { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });
});
