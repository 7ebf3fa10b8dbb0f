import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** The Content Security Policy the app runs under: its own scripts, plus inline ones carrying this response's nonce. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Tailwind is a stylesheet; 'unsafe-inline' only allows style attributes and <style>, never script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * 16 random bytes per response, taken from a pool refilled 256 answers at a
 * time: one call into the system's generator per 4 kB instead of one per
 * request (it was ~2 % of a light JSON answer's CPU). Every nonce is still
 * fresh, unpredictable and used once.
 */
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = pool.length;
export function newNonce(): string {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** Headers on every answer (HTML, JSON, files, errors). The nonce travels to the renderer in res.locals. */
export function securityHeaders(req: IncomingMessage, res: ServerResponse & { locals?: Record<string, unknown> }, next: () => void) {
  const nonce = newNonce();
  if (res.locals) res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  const proto = req.headers["x-forwarded-proto"];
  if ((req.socket as { encrypted?: boolean }).encrypted || proto === "https") {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  next();
}
