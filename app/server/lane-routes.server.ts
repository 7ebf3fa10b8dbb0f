import type { ServerBuild } from "react-router";
import type { ApiListLoader } from "./api.server";

/** The API routes the read lane owns (ADR 011), ranked as React Router ranks them. */
export interface LaneRoute {
  /** The route's id in the build. */
  id: string;
  /** The path's segments, e.g. ["api", "classes", ":id", "schedules"]. */
  segments: string[];
  /** React Router's ranking for these paths: a static segment outweighs a parameter. */
  score: number;
  /** The module's loader, when it is an `apiList` (a read this lane answers). */
  list: ApiListLoader | null;
  /** Whether the module has a loader: without one, a GET or HEAD is 405 (the front door answers it). */
  reads: boolean;
  /** The methods the route accepts (its `Allow`): GET and HEAD with a loader, and the writes its `openapi` declares. */
  methods: string[];
}

const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/** What a route module answers: GET and HEAD with a loader; with an action, the writes it declares (any write when it declares none). */
function methodsOf(module: { loader?: unknown; action?: unknown; openapi?: Record<string, unknown> }): string[] {
  const declared = Object.keys(module.openapi ?? {}).filter((m) => WRITE_METHODS.includes(m));
  const writes = module.action === undefined ? [] : declared.length ? WRITE_METHODS.filter((m) => declared.includes(m)) : WRITE_METHODS;
  return [...(module.loader === undefined ? [] : ["GET", "HEAD"]), ...writes];
}

/** The API routes of the build (children of the root whose path starts with `api/`, except the catch-all). */
export function laneRoutes(routes: ServerBuild["routes"]): LaneRoute[] {
  const found: LaneRoute[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.parentId !== "root" || !route.path?.startsWith("api/") || route.path.includes("*")) continue;
    const segments = route.path.split("/").filter(Boolean);
    const score = segments.reduce((sum, s) => sum + (s.startsWith(":") ? 3 : 10), segments.length);
    const module = route.module as {
      loader?: Partial<ApiListLoader>;
      action?: unknown;
      openapi?: Record<string, unknown>;
      middleware?: unknown;
      headers?: unknown;
    };
    const list = typeof module.loader?.answer === "function" ? (module.loader as ApiListLoader) : null;
    if (list) {
      // React Router would run a route's own middleware and this lane would not: refused at start, never served apart.
      const own = (["middleware", "headers"] as const).filter((name) => module[name] !== undefined);
      if (own.length) {
        throw new Error(
          `A rota ${route.id} (/${route.path}) é uma lista da API (apiList) e exporta ${own.join(" e ")}: ` +
            "a via de leitura da API não os aplicaria. Mova-os para a raiz (app/root.tsx) ou troque o apiList por um loader comum.",
        );
      }
    }
    found.push({ id: route.id, segments, score, list, reads: module.loader !== undefined, methods: methodsOf(module) });
  }
  // Best first; equal scores keep the route table's order (as React Router's stable ranking does).
  return found
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.score - a.r.score || a.i - b.i)
    .map(({ r }) => r);
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
