import { createCookie, redirect } from "react-router";
import type { UserDTO } from "~/domain/users/service.server";
import {
  createSession,
  deleteSession,
  findSessionUser,
  REMEMBER_MS,
} from "~/domain/auth/service.server";
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
 * Checking the cookie's signature (WebCrypto HMAC) is a noticeable part of every
 * signed-in request, and a browser sends the same value for weeks: the verified
 * result is remembered per raw cookie value (a pure function of it and the secrets).
 */
const verified = new Map<string, string | null>();
const VERIFIED_LIMIT = 10_000;

const COOKIE_RE = /(?:^|;\s*)(__Host-session|__session)=([^;]*)/g;

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const values: Record<string, string> = {};
  for (const [, name, value] of header.matchAll(COOKIE_RE)) values[name] ??= value;
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const raw = values[name];
    if (!raw) continue;
    const key = `${name}=${raw}`;
    let id = verified.get(key);
    if (id === undefined) {
      const value = await (name === SECURE_SESSION_COOKIE ? secureSessionCookie : sessionCookie).parse(key);
      id = typeof value === "string" && value ? value : null;
      if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
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
      return found ? { sessionId, ...found } : null;
    })();
    cache.set(request, pending);
  }
  return pending;
}

export async function getUser(request: Request): Promise<UserDTO | null> {
  return (await getSession(request))?.user ?? null;
}

/** Only paths on this site are followed after sign-in. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

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
