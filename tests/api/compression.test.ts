import http from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";

/** One GET with exactly these headers (fetch would add Accept-Encoding of its own); the body as raw bytes. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(path, inject("baseUrl"));
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

describe("compression", () => {
  it("a page is sent gzip-compressed to a client that accepts it, with Vary: Accept-Encoding", async () => {
    const res = await get("/auth", { "Accept-Encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const html = gunzipSync(res.body).toString("utf8");
    expect(html).toContain("<!DOCTYPE html>");
    expect(res.body.length).toBeLessThan(html.length / 2);
  });

  it("a client that names no encoding gets the identity, the same page, and the same security headers", async () => {
    const plain = await get("/auth", {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("<!DOCTYPE html>");
    expect(plain.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    const identity = await get("/auth", { "Accept-Encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString("utf8")).toContain("<!DOCTYPE html>");
  });
});
