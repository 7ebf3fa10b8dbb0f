import { createCookie, redirect } from "react-router";
import type { UserDTO } from "~/domain/users/service.server";
import {
  createSession,
  deleteSession,
  REMEMBER_MS,
  renewSession,
  sessionRenewalDue,
} from "~/domain/auth/service.server";
import { findSessionUser } from "~/domain/auth/queries.server";
import { UnauthorizedError } from "~/domain/errors";
import type { Actor } from "~/domain/actor";
import { env } from "./env.server";

/**
 * The session cookie holds only the session id, signed; the session itself is a
 * database row, so logging out ends it for every copy of the cookie.
 * Over HTTPS it is `__Host-session` (Secure, Path=/, no Domain: no subdomain or
 * plain-HTTP page can set or shadow it); over plain HTTP `__session`. Both are
 * read, the `__Host-` one first. SESSION_SECRET may list several secrets: the
 * first signs, all verify (key rotation).
 */
export const SESSION_COOKIE = "__session";
export const SECURE_SESSION_COOKIE = "__Host-session";

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
export function isSecureRequest(request: Request): boolean {
  const forced = env().COOKIE_SECURE;
  if (forced === "1") return true;
  if (forced === "0") return false;
  return new URL(request.url).protocol === "https:";
}

function cookieFor(request: Request) {
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
const verified = new Map<string, string | null>();
const VERIFIED_MAX_BYTES = 2_000_000;
const VERIFIED_ENTRY_OVERHEAD = 96;
const MAX_SESSION_COOKIE_CHARS = 1024;
let verifiedBytes = 0;

function rememberVerified(key: string, id: string | null) {
  const size = key.length + (id?.length ?? 0) + VERIFIED_ENTRY_OVERHEAD;
  while (verified.size && verifiedBytes + size > VERIFIED_MAX_BYTES) {
    const [oldKey, oldId] = verified.entries().next().value!;
    verified.delete(oldKey);
    verifiedBytes -= oldKey.length + (oldId?.length ?? 0) + VERIFIED_ENTRY_OVERHEAD;
  }
  verified.set(key, id);
  verifiedBytes += size;
}

/** For tests: the cache's accounted size. */
export function verifiedCacheBytes(): number {
  return verifiedBytes;
}

const COOKIE_RE = /(?:^|;\s*)(__Host-session|__session)=([^;]*)/g;

/** The request's session cookies, `__Host-session` first: [name=value, …]. */
function sessionCookies(request: Request): string[] {
  const header = request.headers.get("Cookie");
  if (!header) return [];
  const values: Record<string, string> = {};
  for (const [, name, value] of header.matchAll(COOKIE_RE)) values[name] ??= value;
  return [SECURE_SESSION_COOKIE, SESSION_COOKIE].filter((name) => values[name]).map((name) => `${name}=${values[name]}`);
}

/** The cookie that identifies this request's session (the key of its pending renewal). */
function rawSessionCookie(request: Request): string | undefined {
  return sessionCookies(request)[0];
}

async function readSessionId(request: Request): Promise<string | null> {
  for (const key of sessionCookies(request)) {
    if (key.length > MAX_SESSION_COOKIE_CHARS) continue;
    let id = verified.get(key);
    if (id === undefined) {
      const secure = key.startsWith(`${SECURE_SESSION_COOKIE}=`);
      const value = await (secure ? secureSessionCookie : sessionCookie).parse(key);
      id = typeof value === "string" && value ? value : null;
      rememberVerified(key, id);
    }
    if (id) return id;
  }
  return null;
}

/**
 * Sessions whose expiry is due to move forward (sliding renewal), by raw cookie
 * value, from the lookup until a response that can carry the renewed cookie
 * (documents, data requests, /api): the row and the cookie are renewed together.
 * Bounded; an entry nobody collects is simply renewed on a later request.
 */
const renewals = new Map<string, { sessionId: string; remember: boolean }>();
const RENEWALS_LIMIT = 10_000;

/**
 * Renews the request's session if its lookup found it due: moves the row's
 * expiry forward and, for a remembered session, returns the Set-Cookie header
 * with a fresh Max-Age (a browser-session cookie needs no new header).
 */
export async function sessionRenewalCookie(request: Request): Promise<string | null> {
  const raw = rawSessionCookie(request);
  const due = raw ? renewals.get(raw) : undefined;
  if (!raw || !due) return null;
  renewals.delete(raw);
  const expiresAt = await renewSession(due.sessionId, due.remember);
  if (!expiresAt || !due.remember) return null;
  const cookie = cookieFor(request);
  return cookie.serialize(due.sessionId, { secure: cookie === secureSessionCookie, maxAge: Math.floor(REMEMBER_MS / 1000) });
}

/** The response with the renewed session cookie added when one is due. */
export async function withSessionRenewal(request: Request, response: Response): Promise<Response> {
  const cookie = await sessionRenewalCookie(request);
  if (!cookie) return response;
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

export interface CurrentSession {
  sessionId: string;
  user: UserDTO;
  remember: boolean;
}

const cache = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The signed-in user of this request, or null (memoised per request). */
export function getSession(request: Request): Promise<CurrentSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = (async () => {
      const sessionId = await readSessionId(request);
      if (!sessionId) return null;
      const found = await findSessionUser(sessionId);
      if (!found) return null;
      if (sessionRenewalDue(found.remember, found.expiresAt)) {
        if (renewals.size >= RENEWALS_LIMIT) renewals.delete(renewals.keys().next().value!);
        renewals.set(rawSessionCookie(request)!, { sessionId, remember: found.remember });
      }
      return { sessionId, user: found.user, remember: found.remember };
    })();
    cache.set(request, pending);
  }
  return pending;
}

export async function getUser(request: Request): Promise<UserDTO | null> {
  return (await getSession(request))?.user ?? null;
}

export { safeRedirect } from "./lib/safe-redirect";

/** Signed-out visitors of a screen go to /auth and come back after signing in. */
export async function requireUser(request: Request): Promise<UserDTO> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    const params = back && back !== "/" ? `?${new URLSearchParams({ redirectTo: back })}` : "";
    throw redirect(`/auth${params}`);
  }
  return user;
}

/** For JSON routes: a 401 domain error instead of a redirect. */
export async function requireApiUser(request: Request): Promise<UserDTO> {
  const user = await getUser(request);
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
  const raw = rawSessionCookie(request);
  if (raw) renewals.delete(raw);
  if (sessionId) await deleteSession(sessionId);
  const cookie = cookieFor(request);
  return cookie.serialize("", { maxAge: 0, expires: new Date(0), secure: cookie === secureSessionCookie });
}

/** Screens that change data: a signed-in user holding the permission, or a 403 page. */
export async function requirePermission(request: Request, allowed: (actor: Actor) => boolean): Promise<UserDTO> {
  const user = await requireUser(request);
  if (!allowed(actorOf(user))) {
    throw new Response("Você não tem permissão para realizar esta ação", { status: 403 });
  }
  return user;
}
