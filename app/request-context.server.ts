import { createContext, type RouterContextProvider } from "react-router";

/**
 * What every request carries in React Router's context (`context.get(…)` in a
 * middleware, loader or action). server.mjs creates the context of each
 * request and sets what only the HTTP server knows:
 * - `clientIpContext`: the client's address (per TRUST_PROXY), for sign-in throttling and /healthz;
 * - `cspNonceContext`: this response's Content-Security-Policy nonce, for the document's scripts.
 * Middleware adds the rest, once per request: the session (`app/session.server.ts`,
 * root), the signed-in user and actor (the signed-in layout), the selected
 * branch (`app/branch-selection.server.ts`, the signed-in layout).
 */
export const clientIpContext = createContext<string>("unknown");
export const cspNonceContext = createContext<string>("");

export type RequestContext = Readonly<RouterContextProvider>;
