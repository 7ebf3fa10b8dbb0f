import { createContext, type RouterContextProvider } from "react-router";

/**
 * What every request carries in React Router's context (`context.get(…)` in a
 * middleware, loader or action). `requestContext(req, res)`
 * (app/server/node-adapter.server.ts) creates the context of each request, for
 * React Router and the API's read lane alike, and sets what only the HTTP
 * server knows:
 * - `clientIpContext`: the client's address (per TRUST_PROXY), for sign-in throttling and /healthz;
 * - `cspNonceContext`: this response's Content-Security-Policy nonce, for the document's scripts;
 * - `doorSessionContext`: the session the front door already looked up for a
 *   write (app/server/front-door.server.ts), so it is not looked up twice; undefined
 *   when the front door did not look (a GET);
 * - `readerContext`: whether its reports, CSV exports and audit list may read
 *   from the read replica (app/server/reader.server.ts).
 * Middleware adds the rest, once per request: the session (`app/server/session.server.ts`,
 * root), the signed-in user and actor (the signed-in layout), the selected
 * branch (`app/server/branch-selection.server.ts`, the signed-in layout).
 */
export const clientIpContext = createContext<string>("unknown");
export const cspNonceContext = createContext<string>("");
/** Typed loosely here (the session module imports this one): a `CurrentSession | null`, or undefined. */
export const doorSessionContext = createContext<unknown>(undefined);

export type RequestContext = Readonly<RouterContextProvider>;
/**
 * Where this request's replica-eligible reads go (ADR 019): "replica" when a read
 * replica is configured and the request carries no recent-write cookie,
 * "primary" otherwise. Set by `requestContext`; used by `app/server/reader.server.ts`.
 */
export const readerContext = createContext<"primary" | "replica">("primary");
