import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import type { ApiListLoader } from "./api.server";
import { errorAnswer } from "./api.server";
import type { Answer } from "./answer.server";
import { lookUpSession, renewalCookie, type CurrentSession, type RequestHead } from "~/server/session.server";
import { requestUrl } from "./front-door.server";

/**
 * The API's read lane (ADR 011): a `GET` of a JSON API route whose loader is
 * an `apiList(…)` (app/server/api.server.ts) is answered here, in front of React
 * Router, straight on Node's request and response: the same route table
 * (`build.routes`, from app/routes.ts), the same session lookup and renewal,
 * the same read and the same bytes as the route's loader, without the Fetch
 * `Request`/`Response` objects, React Router's matching and data strategy, or
 * a stream between them (about two thirds of a light list's CPU). Every
 * other request, and a path this lane does not own, goes on to React Router.
 *
 * A root middleware added to app/root.tsx runs for React Router's requests
 * only: one that must also run for these GETs is added here as well.
 */

type LaneRequest = IncomingMessage;
type LaneResponse = ServerResponse;

interface LaneRoute {
  /** The path's segments, e.g. ["api", "classes", ":id", "schedules"]. */
  segments: string[];
  /** React Router's ranking for these paths: a static segment outweighs a parameter. */
  score: number;
  /** The module's loader, when it is an `apiList` (a read this lane answers). */
  list: ApiListLoader | null;
}

/** The API routes of the build (children of the root whose path starts with `api/`, except the catch-all). */
export function laneRoutes(routes: ServerBuild["routes"]): LaneRoute[] {
  const found: LaneRoute[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.parentId !== "root" || !route.path?.startsWith("api/") || route.path.includes("*")) continue;
    const segments = route.path.split("/").filter(Boolean);
    const score = segments.reduce((sum, s) => sum + (s.startsWith(":") ? 3 : 10), segments.length);
    const loader = (route.module as { loader?: Partial<ApiListLoader> }).loader;
    found.push({ segments, score, list: typeof loader?.answer === "function" ? (loader as ApiListLoader) : null });
  }
  // Best first; equal scores keep the route table's order (as React Router's stable ranking does).
  return found.map((r, i) => ({ r, i })).sort((a, b) => b.r.score - a.r.score || a.i - b.i).map(({ r }) => r);
}

/**
 * The route React Router would match for this path (case-insensitive static
 * segments, one optional trailing slash), with its decoded parameters; null
 * when none, or when a parameter is not valid percent-encoding (React Router
 * then answers).
 */
export function matchLane(routes: LaneRoute[], pathname: string): { route: LaneRoute; params: Record<string, string> } | null {
  const parts = (pathname.endsWith("/") ? pathname.slice(0, -1) : pathname).split("/").slice(1);
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; ok && i < parts.length; i++) {
      const segment = route.segments[i];
      if (segment.startsWith(":")) {
        if (!parts[i]) ok = false;
        else {
          try {
            params[segment.slice(1)] = decodeURIComponent(parts[i]);
          } catch {
            return null;
          }
        }
      } else {
        ok = segment.toLowerCase() === parts[i].toLowerCase();
      }
    }
    if (ok) return { route, params };
  }
  return null;
}

/** An Express middleware: answers the lane's GETs, passes everything else on. */
export function createApiLane(build: Pick<ServerBuild, "routes">) {
  const routes = laneRoutes(build.routes);
  return function apiLane(req: LaneRequest, res: LaneResponse, next: (error?: unknown) => void) {
    if (req.method !== "GET") return next();
    // The request's one URL, built by the front door (app/server/front-door.server.ts), as React Router gets it.
    const url = requestUrl(req);
    if (!url.pathname.startsWith("/api/")) return next();
    const found = matchLane(routes, url.pathname);
    if (!found?.route.list) return next();
    serve(found.route.list, found.params, url, req, res).catch(next);
  };
}

async function serve(list: ApiListLoader, params: Record<string, string>, url: URL, req: LaneRequest, res: LaneResponse) {
  const search = url.searchParams;
  const head: RequestHead = { url: url.href, headers: { get: (name) => headerOf(req, name) } };
  let session: CurrentSession | null = null;
  let answer: Answer;
  try {
    session = await lookUpSession(head);
    answer = await list.answer({ pathname: url.pathname, search, params, user: session?.user ?? null });
  } catch (error) {
    answer = errorAnswer(error);
  }
  // As the root middleware does on React Router's side: a renewal due is added on the way out.
  const cookie = await renewalCookie(head, session).catch((error) => {
    console.error(error);
    return null;
  });
  await send(res, answer, cookie);
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

async function send(res: LaneResponse, answer: Answer, cookie: string | null) {
  if (res.destroyed || res.writableEnded) return;
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (cookie) res.appendHeader("Set-Cookie", cookie);
  if (!answer.pull) {
    if (answer.body === null) return void res.end();
    res.setHeader("Content-Length", typeof answer.body === "string" ? Buffer.byteLength(answer.body) : answer.body.byteLength);
    res.end(answer.body);
    return;
  }
  // A long list: the next batch is read only when the client has taken the previous one.
  let closed = false;
  res.once("close", () => (closed = true));
  try {
    for (;;) {
      if (closed) return;
      const chunk = await answer.pull();
      if (closed) return;
      if (!chunk) {
        res.end();
        return;
      }
      const more = res.write(chunk);
      (res as { flush?: () => void }).flush?.();
      if (!more) await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    }
  } catch (error) {
    // Headers are gone: the client sees a cut answer (invalid JSON), never a wrong one.
    console.error(error);
    res.destroy(error instanceof Error ? error : undefined);
  }
}
