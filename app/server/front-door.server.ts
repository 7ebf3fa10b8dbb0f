import type { IncomingMessage, ServerResponse } from "node:http";
import { DomainError } from "~/domain/errors";
import { assertUploadToken } from "~/domain/storage/uploads.server";
import type { ServerBuild } from "react-router";
import { lookUpSession, type CurrentSession } from "~/server/session.server";
import { laneRoutes, matchLane } from "./lane-routes.server";
import { AUTH_FORM_LIMIT, AVATAR_BODY_LIMIT, BODY_LIMIT, bodyTooLargeMessage, MB, WEBHOOK_BODY_LIMIT } from "./body.server";

/**
 * The server's front door (mounted by server/app.ts before anything else that
 * reads the request): every request passes here once, before the API's read
 * lane, static files or React Router see it.
 *
 * 1. The method: GET, HEAD, POST, PUT, PATCH and DELETE are served; anything
 *    else (OPTIONS, TRACE, PROPFIND, …) is 405 'Método não permitido' with
 *    `Allow`, and no route code runs.
 * 2. One URL per request, built here and only here (`requestUrl(req)`), which
 *    the lane and React Router both use: the scheme and host the client used
 *    (Express reads X-Forwarded-Proto/-Host only from trusted proxies), the
 *    path with its dot segments resolved, the query as sent. A request target
 *    that is not a path (a fragment `#`, `*`, a malformed absolute URL) or a
 *    malformed Host is 400 before any route code. An absolute-form target
 *    (`GET http://host/path`) is taken as its path, its authority as the Host
 *    (RFC 9112 §3.2.2). `req.url` is rewritten to the URL's path and query, so
 *    Express's routing reads the same path.
 * 3. `/api/….data` (React Router's data URL of a JSON route) is 404, as an
 *    unknown API path: the JSON path is the one way to a list. A GET or HEAD
 *    of an API route that only takes writes (an action, no loader) is 405
 *    'Método não permitido' with the route's methods in `Allow`.
 * 4. Every write (any method but GET and HEAD) passes one origin check: a
 *    browser's cross-site request (`Sec-Fetch-Site: cross-site`, a foreign or
 *    `null` Origin) is 403, for screens, resource routes and the API alike.
 * 5. Bodies: a declared length over the cap is 413 at once; a screen's write
 *    that is not a form (urlencoded or multipart) is 415; a write from
 *    nobody (no live session, outside the public routes; on the upload URL, a
 *    forged or expired token) is answered before its body is read (401 on the
 *    API, the route's own redirect on screens, which get no body), and the
 *    rest of that body is discarded as it arrives. An accepted body reaches
 *    its reader as a stream (`requestBody`), counted as it flows: past the cap
 *    the answer is 413 and the reader's stream fails.
 */

type DoorRequest = IncomingMessage & {
  url: string;
  protocol: string;
  host?: string;
  ip?: string;
  get(name: string): string | undefined;
};
type DoorResponse = ServerResponse;

/** The methods this server serves. */
export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const ALLOW = METHODS.join(", ");

/** The two places an avatar travels: the signed upload URL (PUT) and the no-JS user edit form (multipart). */
const AVATAR_PATHS = /^\/(?:api\/objects\/upload\/[^/]+|users\/[^/]+\/edit(?:\.data)?)$/;
const AUTH_PATHS = /^\/auth(?:\.data|\/)?$/i;
/**
 * The bank's Pix webhook (`/api/webhooks/pix/{branchId}/{secret}/pix`): no
 * session, the branch's secret in the path is the permission (the route checks
 * it: a wrong one is 404 and stores nothing); a small body.
 */
const PIX_WEBHOOK = /^\/api\/webhooks\/pix\/[^/]+\/[^/]+\/pix\/?$/;

/** The cap of a path's body and the message past it. */
function bodyCap(pathname: string): { limit: number; message: string } {
  if (AVATAR_PATHS.test(pathname)) return { limit: AVATAR_BODY_LIMIT, message: "Arquivo muito grande: o limite é de 5 MB (5242880 bytes)" };
  if (AUTH_PATHS.test(pathname)) return { limit: AUTH_FORM_LIMIT, message: bodyTooLargeMessage(AUTH_FORM_LIMIT) };
  if (PIX_WEBHOOK.test(pathname)) return { limit: WEBHOOK_BODY_LIMIT, message: bodyTooLargeMessage(WEBHOOK_BODY_LIMIT) };
  return { limit: BODY_LIMIT, message: bodyTooLargeMessage(BODY_LIMIT) };
}
/** After an early answer the rest of the body is read and discarded up to this much or LINGER_MS, then the connection is cut. */
const LINGER_BYTES = 64 * MB;
const LINGER_MS = 5000;

/** Writes anyone may send without a session (sign-in, registration, sign-out, the sidebar cookie). */
const PUBLIC_WRITES = /^\/(?:auth|logout|preferences\/sidebar|api\/login|api\/register|api\/logout)(?:\.data|\/)?$/i;
/** The signed upload URL: its token is the permission. */
const UPLOAD_URL = /^\/api\/objects\/upload\/([^/]+)\/?$/i;

const MESSAGES = {
  method: "Método não permitido",
  target: "Endereço da requisição inválido",
  host: "Cabeçalho Host inválido",
  notFound: "Rota não encontrada",
  origin: "Requisição de outra origem recusada",
  unauthenticated: "Não autenticado",
  formBody: "Tipo de conteúdo não suportado: envie um formulário",
};

/** What a screen's write carries: a form, as a browser sends it (with or without JavaScript). */
const FORM_BODY = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

const URL_KEY = Symbol("requestUrl");
const WITHHELD_KEY = Symbol("bodyWithheld");
const SESSION_KEY = Symbol("session");
type Marked = { [URL_KEY]?: URL; [WITHHELD_KEY]?: boolean; [SESSION_KEY]?: CurrentSession | null };

/** The session the front door looked up (a write), null when none; undefined when it did not look. */
export function doorSession(req: IncomingMessage): CurrentSession | null | undefined {
  return (req as Marked)[SESSION_KEY];
}

/** The request's one URL (set by the front door). */
export function requestUrl(req: IncomingMessage): URL {
  const url = (req as Marked)[URL_KEY];
  if (!url) throw new Error("requestUrl: the request did not pass the front door");
  return url;
}

function isApiPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === "/api" || lower.startsWith("/api/") || lower.startsWith("/api.");
}

/** host, or host:port with a port of 1..65535; a name, an IPv4 address or a bracketed IPv6 one. */
const HOST_RE = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

function validHost(host: string): boolean {
  const match = HOST_RE.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535)) return false;
  try {
    new URL(`http://${host}`);
    return true;
  } catch {
    return false;
  }
}

/** The request's URL, or the refusal's message. */
function buildUrl(req: DoorRequest): URL | string {
  let target = req.url;
  if (target.includes("#")) return MESSAGES.target;
  if (/^https?:\/\//i.test(target)) {
    // Absolute form: its authority is the host (RFC 9112 §3.2.2), its path and query the target.
    let absolute: URL;
    try {
      absolute = new URL(target);
    } catch {
      return MESSAGES.target;
    }
    if (absolute.username || absolute.password || !validHost(absolute.host)) return MESSAGES.target;
    req.headers.host = absolute.host;
    target = absolute.pathname + absolute.search;
  } else if (!target.startsWith("/")) {
    return MESSAGES.target;
  }
  // Express reads X-Forwarded-Host only from a trusted proxy (else the Host header).
  const host = req.host ?? (req.httpVersion === "1.0" ? "localhost" : undefined);
  if (host === undefined || !validHost(host)) return MESSAGES.host;
  try {
    const url = new URL(`${req.protocol === "https" ? "https" : "http"}://${host}${target}`);
    // A path whose escapes are not UTF-8 ('%C0%AE') names no route: every door decodes it, so it is refused here once.
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return MESSAGES.target;
  }
}

/** A refusal in the form of its path: JSON `{ message }` on the API, text on a data URL, a small page otherwise. */
export function refuse(req: IncomingMessage, res: DoorResponse, status: number, message: string, headers: Record<string, string> = {}) {
  const pathname = (req as Marked)[URL_KEY]?.pathname ?? (req.url?.split("?")[0] || "/");
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  let body: string;
  if (isApiPath(pathname)) {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    body = JSON.stringify({ message });
  } else if (pathname.endsWith(".data")) {
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    body = message;
  } else {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    const url = (req as Marked)[URL_KEY];
    const back = url ? escapeHtml(url.pathname + url.search) : "/";
    const title = status === 413 ? "Envio muito grande" : message;
    body =
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}.</p><p><a href="${back}">Voltar</a></p></main></body></html>`;
  }
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line in the log for a refused request (never a stack trace: anyone can send these). */
function logRefusal(req: DoorRequest, status: number, message: string) {
  console.warn(
    `${status} ${message}: ${JSON.stringify(req.method)} ${JSON.stringify(req.url)} host ${JSON.stringify(req.headers.host ?? "")} cliente ${req.ip ?? req.socket.remoteAddress}`,
  );
}

/**
 * The client is still sending a body the server will not read: the connection
 * is not reused (`Connection: close`), what arrives is discarded (nothing is
 * kept) and our side closes once the answer is out (FIN, not a reset: a reset
 * could destroy the answer before the client reads it). A client that keeps
 * sending is cut off after LINGER_BYTES or LINGER_MS.
 */
export function discardBody(req: IncomingMessage, res: DoorResponse) {
  if (!res.headersSent) res.setHeader("Connection", "close");
  if (req.complete) return;
  const socket = req.socket;
  let discarded = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) cut();
  });
  socket.once("close", () => clearTimeout(timer));
  // Node would destroy the socket right after a "Connection: close" answer;
  // ending it instead keeps reading (and discarding) until the client closes.
  (socket as { destroySoon?: () => void }).destroySoon = () => socket.end();
  if (res.writableFinished) socket.end();
  req.resume();
}

/** Answers now, while the client may still be sending its body: that body is never read. */
function refuseEarly(req: IncomingMessage, res: DoorResponse, status: number, message: string) {
  if (!res.headersSent) refuse(req, res, status, message, { Connection: "close" });
  discardBody(req, res);
}

function tooLarge(req: IncomingMessage, res: DoorResponse, message: string) {
  refuseEarly(req, res, 413, message);
}

function sameOrigin(req: DoorRequest, url: URL): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === "null") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  // The request's host as this server sees it, or as a proxy forwarded it (as React Router's and the API's checks read it).
  const forwarded = req.headers["x-forwarded-host"];
  return [url.host, typeof forwarded === "string" ? forwarded.split(",")[0].trim() : undefined, req.headers.host].includes(originHost);
}

/** An Express middleware: the checks above, in that order. */
export function createFrontDoor(build: Pick<ServerBuild, "routes">) {
  // The API's routes (as the lane ranks them): a write to a path that is none of them is 404 for anyone.
  const apiRoutes = laneRoutes(build.routes);
  return (req: DoorRequest, res: DoorResponse, next: (error?: unknown) => void) => void frontDoor(apiRoutes, req, res, next);
}

async function frontDoor(apiRoutes: ReturnType<typeof laneRoutes>, req: DoorRequest, res: DoorResponse, next: (error?: unknown) => void) {
  try {
    const method = req.method ?? "";
    if (!METHODS.includes(method)) {
      logRefusal(req, 405, MESSAGES.method);
      return refuse(req, res, 405, MESSAGES.method, { Allow: ALLOW });
    }
    const url = buildUrl(req);
    if (typeof url === "string") {
      logRefusal(req, 400, url);
      return refuse(req, res, 400, url);
    }
    (req as Marked)[URL_KEY] = url;
    req.url = url.pathname + url.search;
    const pathname = url.pathname;
    if (pathname.endsWith(".data") && isApiPath(pathname)) return refuse(req, res, 404, MESSAGES.notFound);
    if (method === "GET" || method === "HEAD") {
      // An API route that only takes writes (an action, no loader): 405 with the methods it takes, before React Router (which would log a stack).
      const matched = isApiPath(pathname) ? matchLane(apiRoutes, pathname) : null;
      if (matched && !matched.route.reads) {
        logRefusal(req, 405, MESSAGES.method);
        return refuse(req, res, 405, MESSAGES.method, { Allow: matched.route.methods.join(", ") });
      }
      return next();
    }

    if (!sameOrigin(req, url)) return refuseEarly(req, res, 403, MESSAGES.origin);
    const cap = bodyCap(pathname);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > cap.limit) return tooLarge(req, res, cap.message);
    // A screen's actions read forms: anything else (JSON, no body at all) is 415 before any route code.
    if (!isApiPath(pathname) && !FORM_BODY.test(headerOf(req, "content-type") ?? "")) return refuseEarly(req, res, 415, MESSAGES.formBody);

    if (PUBLIC_WRITES.test(pathname)) return next();
    if (method === "POST" && PIX_WEBHOOK.test(pathname)) return next();
    const upload = method === "PUT" ? UPLOAD_URL.exec(pathname) : null;
    if (upload) {
      try {
        assertUploadToken(decodeURIComponent(upload[1]));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return refuseEarly(req, res, error.status, error.message);
      }
      return next();
    }
    const session = await lookUpSession({ url: url.href, headers: { get: (name) => headerOf(req, name) } });
    (req as Marked)[SESSION_KEY] = session;
    if (session) return next();
    if (isApiPath(pathname)) {
      const known = matchLane(apiRoutes, pathname) !== null;
      return refuseEarly(req, res, known ? 401 : 404, known ? MESSAGES.unauthenticated : MESSAGES.notFound);
    }
    // A screen: its route answers as it does to a visitor without a session (a redirect to /auth), without the body.
    (req as Marked)[WITHHELD_KEY] = true;
    discardBody(req, res);
    next();
  } catch (error) {
    next(error);
  }
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The body as its reader sees it: a stream fed from Node's request one piece
 * at a time (the next piece is read only when the reader asks), counted as it
 * flows. Past the cap the answer is 413 (the avatar's message on its paths),
 * unless the reader's own, smaller cap refused it first (same message),
 * `onRefused` runs (the adapter aborts the request, so the route's work is
 * dropped) and the stream fails; what the client still sends is discarded.
 * Null for a body the front door withheld.
 */
export function requestBody(req: IncomingMessage, res: DoorResponse, onRefused: () => void): ReadableStream<Uint8Array> | null {
  if ((req as Marked)[WITHHELD_KEY]) return null;
  const { limit, message } = bodyCap(requestUrl(req).pathname);
  let size = 0;
  let settled = false;
  let onData: (chunk: Buffer) => void;
  let onEnd: () => void;
  let onClose: () => void;
  const detach = () => {
    settled = true;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("close", onClose);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        onData = (chunk) => {
          size += chunk.length;
          if (size > limit) {
            detach();
            // The reader sees the refusal as the 413 it is (the API adapter answers it without logging).
            controller.error(new DomainError(413, message));
            tooLarge(req, res, message);
            onRefused();
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        onEnd = () => {
          detach();
          controller.close();
        };
        // The client went away before the end of its body.
        onClose = () => {
          if (settled) return;
          detach();
          controller.error(new DomainError(400, "Conexão encerrada antes do fim do corpo"));
        };
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("close", onClose);
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        // The reader stopped (e.g. a refused file): the rest is discarded, never kept.
        if (settled) return;
        detach();
        discardBody(req, res);
      },
    },
    { highWaterMark: 1 },
  );
}
