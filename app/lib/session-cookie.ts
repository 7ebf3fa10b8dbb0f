/**
 * The session cookie's names, read by the server (app/server/session.server.ts) and named by
 * the API's document (app/openapi/document.ts): `__Host-session` over HTTPS, `__session` over
 * plain HTTP.
 */
export const SESSION_COOKIE = "__session";
export const SECURE_SESSION_COOKIE = "__Host-session";
