import type { IncomingMessage, ServerResponse } from "node:http";

/** Headers on every answer (HTML, JSON, files, errors). */
export function securityHeaders(req: IncomingMessage, res: ServerResponse, next: () => void) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Content-Security-Policy", "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'");
  const proto = req.headers["x-forwarded-proto"];
  if ((req.socket as { encrypted?: boolean }).encrypted || proto === "https") {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  next();
}
