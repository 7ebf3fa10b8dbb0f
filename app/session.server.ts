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
 */
const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [env().SESSION_SECRET],
});

export function isSecureRequest(request: Request): boolean {
  if (process.env.COOKIE_SECURE === "1") return true;
  if (process.env.COOKIE_SECURE === "0") return false;
  return new URL(request.url).protocol === "https:";
}

/**
 * Checking the cookie's signature (WebCrypto HMAC) is a noticeable part of every
 * signed-in request, and a browser sends the same value for weeks: the verified
 * result is remembered per raw cookie value (a pure function of it and the secret).
 */
const verified = new Map<string, string | null>();
const VERIFIED_LIMIT = 10_000;

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  const raw = header ? /(?:^|;\s*)__session=([^;]*)/.exec(header)?.[1] : undefined;
  if (!raw) return null;
  let id = verified.get(raw);
  if (id === undefined) {
    const value = await sessionCookie.parse(`__session=${raw}`);
    id = typeof value === "string" && value ? value : null;
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
    verified.set(raw, id);
  }
  return id;
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
  return sessionCookie.serialize(session.id, {
    secure: isSecureRequest(request),
    // "Lembrar-me": a persistent cookie; otherwise it ends with the browser.
    maxAge: remember ? Math.floor(REMEMBER_MS / 1000) : undefined,
  });
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request);
  if (sessionId) await deleteSession(sessionId);
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0), secure: isSecureRequest(request) });
}

/** Screens that change data: a signed-in user holding the permission, or a 403 page. */
export async function requirePermission(request: Request, allowed: (actor: Actor) => boolean): Promise<UserDTO> {
  const user = await requireUser(request);
  if (!allowed(actorOf(user))) {
    throw new Response("Você não tem permissão para realizar esta ação", { status: 403 });
  }
  return user;
}
