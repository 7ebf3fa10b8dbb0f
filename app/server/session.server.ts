import { createContext, createCookie, redirect, type MiddlewareFunction } from "react-router";
import type { UserDTO } from "~/domain/users/schema";
import { createSession, deleteSession, REMEMBER_MS, renewSession, sessionRenewalDue } from "~/domain/auth/service.server";
import { cachedSessionUser } from "./session-cache.server";
import { UnauthorizedError } from "~/domain/errors";
import type { Actor } from "~/domain/access/roles";
import { env } from "../platform/env.server";
import { doorSessionContext, type RequestContext } from "./request-context.server";
import { createLru } from "../platform/cache.server";
import { setAuditUser, withReader } from "../platform/db.server";
import { recentWriteCookie } from "./reader.server";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../lib/session-cookie";

/**
 * The session cookie holds only the session id, signed; the session itself is a
 * database row, so logging out ends it for every copy of the cookie.
 * Over HTTPS it is `__Host-session` (Secure, Path=/, no Domain: no subdomain or
 * plain-HTTP page can set or shadow it); over plain HTTP `__session`. Both are
 * read, the `__Host-` one first. SESSION_SECRET may list several secrets: the
 * first signs, all verify (key rotation).
 */
const cookieOptions = {
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secrets: env().SESSION_SECRETS,
};
const sessionCookie = createCookie(SESSION_COOKIE, cookieOptions);
const secureSessionCookie = createCookie(SECURE_SESSION_COOKIE, { ...cookieOptions, secure: true });

/**
 * Whether the browser reached us over HTTPS: the request URL carries the scheme
 * the proxy forwarded (X-Forwarded-Proto, trusted per TRUST_PROXY).
 * COOKIE_SECURE=1/0 overrides it.
 */
export function isSecureRequest(request: RequestHead): boolean {
  const forced = env().COOKIE_SECURE;
  if (forced === "1") return true;
  if (forced === "0") return false;
  return request.url.startsWith("https:");
}

/**
 * What the session needs of a request: its absolute URL and its headers. A
 * Fetch `Request` is one; the API's read lane gives one built from Node's
 * request without making a `Request`.
 */
export interface RequestHead {
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}

function cookieFor(request: RequestHead) {
  return isSecureRequest(request) ? secureSessionCookie : sessionCookie;
}

/**
 * Checking the cookie's signature (WebCrypto HMAC) costs about 0.4 ms per
 * request (measured: `sessionCookie.parse` ≈ 390 µs, a Map lookup ≈ 0.02 µs),
 * and a browser sends the same value for weeks: the verified result is
 * remembered per cookie (name and raw value; a pure function of them and the
 * secrets). The cache is bounded in bytes, oldest first out; a value longer
 * than any cookie this server signs is refused without checking.
 */
const VERIFIED_ENTRY_OVERHEAD = 96;
const MAX_SESSION_COOKIE_CHARS = 1024;
const verified = createLru<string | null>({
  maxEntries: Infinity,
  maxBytes: 2_000_000,
  sizeOf: (key, id) => key.length + (id?.length ?? 0) + VERIFIED_ENTRY_OVERHEAD,
});

/** For tests: the cache's accounted size. */
export function verifiedCacheBytes(): number {
  return verified.bytes;
}

const COOKIE_RE = /(?:^|;\s*)(__Host-session|__session)=([^;]*)/g;

/** The request's session cookies, `__Host-session` first: [name=value, …]. */
function sessionCookies(request: RequestHead): string[] {
  const header = request.headers.get("Cookie");
  if (!header) return [];
  const values: Record<string, string> = {};
  for (const [, name, value] of header.matchAll(COOKIE_RE)) values[name] ??= value;
  return [SECURE_SESSION_COOKIE, SESSION_COOKIE].filter((name) => values[name]).map((name) => `${name}=${values[name]}`);
}

async function readSessionId(request: RequestHead): Promise<string | null> {
  for (const key of sessionCookies(request)) {
    if (key.length > MAX_SESSION_COOKIE_CHARS) continue;
    let id = verified.get(key);
    if (id === undefined) {
      const secure = key.startsWith(`${SECURE_SESSION_COOKIE}=`);
      const value = await (secure ? secureSessionCookie : sessionCookie).parse(key);
      id = typeof value === "string" && value ? value : null;
      verified.set(key, id);
    }
    if (id) return id;
  }
  return null;
}

export interface CurrentSession {
  sessionId: string;
  user: UserDTO;
  remember: boolean;
  /** The lookup found the expiry due to move forward (sliding renewal). */
  renewalDue: boolean;
}

export async function lookUpSession(request: RequestHead): Promise<CurrentSession | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  // Always the primary: a session started a moment ago may not be on the read replica yet.
  const found = await withReader("primary", () => cachedSessionUser(sessionId));
  if (!found) return null;
  return { sessionId, user: found.user, remember: found.remember, renewalDue: sessionRenewalDue(found.remember, found.expiresAt) };
}

/** This request's session, looked up on first use (see sessionMiddleware). */
const sessionContext = createContext<() => Promise<CurrentSession | null>>();
/** The signed-in user and the actor services receive, set by signedInMiddleware. */
export const userContext = createContext<UserDTO>();
export const actorContext = createContext<Actor>();

/**
 * Root middleware: the session is looked up at most once per request, when a
 * middleware, loader or action first asks for it (`getSession(context)`).
 * A session found due for renewal is renewed on the way out, on whatever
 * answer the request gets (document, data request, JSON): the row's expiry
 * moves forward and a remembered session's cookie gets a fresh Max-Age.
 * A signed-in user's write answers with the read-your-writes cookie when a read
 * replica is configured (app/server/reader.server.ts).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // A write's session was looked up by the front door, before its body was read.
  const known = context.get(doorSessionContext) as CurrentSession | null | undefined;
  let pending: Promise<CurrentSession | null> | undefined = known === undefined ? undefined : Promise.resolve(known);
  if (known) setAuditUser(known.user);
  // The user a write's audit entries name (db/audit.ts), once the session is known.
  const lookUp = async () => {
    const found = await lookUpSession(request);
    setAuditUser(found?.user);
    return found;
  };
  context.set(sessionContext, () => (pending ??= lookUp()));
  const response = await next();
  const session = pending && (await pending.catch(() => null));
  const cookie = await renewalCookie(request, session);
  const written = known ? recentWriteCookie(isSecureRequest(request)) : null;
  const renewed = cookie ? appendSetCookie(response, cookie) : response;
  return written ? appendSetCookie(renewed, written) : renewed;
};

/**
 * The renewal due on the way out of a request that looked up this session:
 * the expiry moves forward and, for a remembered session, the Set-Cookie
 * header with a fresh Max-Age (a browser-session cookie needs none); null when
 * nothing is due.
 */
export async function renewalCookie(request: RequestHead, session: CurrentSession | null | undefined): Promise<string | null> {
  if (!session?.renewalDue) return null;
  const expiresAt = await renewSession(session.sessionId, session.remember);
  if (!expiresAt || !session.remember) return null;
  const cookie = cookieFor(request);
  return cookie.serialize(session.sessionId, { secure: cookie === secureSessionCookie, maxAge: Math.floor(REMEMBER_MS / 1000) });
}

function appendSetCookie(response: Response, cookie: string): Response {
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Immutable headers (a fetched response): copy it.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

/** The signed-in session of this request, or null (looked up once per request). */
export function getSession(context: RequestContext): Promise<CurrentSession | null> {
  return context.get(sessionContext)();
}

export async function getUser(context: RequestContext): Promise<UserDTO | null> {
  return (await getSession(context))?.user ?? null;
}

/** Where a signed-out visitor of this URL signs in, coming back afterwards. */
function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return `/auth${back && back !== "/" ? `?${new URLSearchParams({ redirectTo: back })}` : ""}`;
}

/**
 * Middleware of the signed-in screens (the app layout) and of any route that
 * needs a user: a signed-out visitor goes to /auth and comes back after
 * signing in; otherwise the user and the actor are set in the context.
 */
export const signedInMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await getSession(context);
  if (!session) throw redirect(signInUrl(request));
  context.set(userContext, session.user);
  context.set(actorContext, actorOf(session.user));
};

export { safeRedirect } from "../lib/safe-redirect";

/** The signed-in user of a route under signedInMiddleware (the app layout). */
export function requireUser(context: RequestContext): UserDTO {
  return context.get(userContext);
}

/** For JSON routes: a 401 domain error instead of a redirect. */
export async function requireApiUser(context: RequestContext): Promise<UserDTO> {
  const user = await getUser(context);
  if (!user) throw new UnauthorizedError();
  return user;
}

export function actorOf(user: UserDTO): Actor {
  return { id: user.id, userType: user.userType };
}

/** Starts a session row and returns the Set-Cookie header for it. */
export async function startSession(request: Request, userId: string, remember: boolean): Promise<string> {
  const session = await createSession(userId, remember);
  const cookie = cookieFor(request);
  return cookie.serialize(session.id, {
    secure: cookie === secureSessionCookie,
    // "Lembrar-me": a persistent cookie; otherwise it ends with the browser.
    maxAge: remember ? Math.floor(REMEMBER_MS / 1000) : undefined,
  });
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request);
  if (sessionId) await deleteSession(sessionId);
  const cookie = cookieFor(request);
  return cookie.serialize("", { maxAge: 0, expires: new Date(0), secure: cookie === secureSessionCookie });
}

/** Screens that change data: a signed-in user holding the permission, or a 403 page. */
export function requirePermission(context: RequestContext, allowed: (actor: Actor) => boolean): UserDTO {
  const user = requireUser(context);
  if (!allowed(context.get(actorContext))) {
    throw new Response("Você não tem permissão para realizar esta ação", { status: 403 });
  }
  return user;
}
