import { randomBytes } from "node:crypto";
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

/** Headers on every answer (HTML, JSON, files, errors). The nonce travels to the renderer in res.locals. */
export function securityHeaders(req: IncomingMessage, res: ServerResponse & { locals?: Record<string, unknown> }, next: () => void) {
  const nonce = randomBytes(16).toString("base64");
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
