import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../app/routes";

/**
 * The application's route table as plain (path, module) pairs, and which HTTP
 * methods each module answers: the ground truth the authorization matrix is
 * checked against, so a route added without a matrix row fails a test.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface FlatRoute {
  /** "/api/courses/:id", "/branches/:id/classrooms/:classroomId/edit", "/" ... */
  path: string;
  /** Module file relative to app/. */
  file: string;
  /** Layout-only entries have no path of their own and are left out. */
  methods: HttpMethod[];
}

const appDir = path.resolve(import.meta.dirname, "../../app");

function join(prefix: string, segment: string | undefined): string {
  if (!segment) return prefix || "/";
  return `${prefix.replace(/\/$/, "")}/${segment}`;
}

/** Exported `loader`/`action` and, for JSON routes, the keys of their `apiWrites({...})` or `byMethod(request, {...})` dispatch (PATCH and DELETE for `apiRecordWrites`). */
export function moduleMethods(file: string): HttpMethod[] {
  const source = fs.readFileSync(path.join(appDir, file), "utf8");
  const exports = (name: string) => new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b`).test(source);
  const methods: HttpMethod[] = [];
  if (exports("loader")) methods.push("GET");
  if (!exports("action")) return methods;
  // The method keys of the dispatch object: everything after `apiWrites({` or `byMethod(request, {`
  // (its handlers may span several lines and close their own braces; a short one stays on one line).
  const dispatch = /(?:apiWrites\(|byMethod\(\s*request\s*,)\s*\{([\s\S]*)$/.exec(source);
  if (/\bapiRecordWrites\(/.test(source)) {
    // A record's own route: `apiRecordWrites({ update, remove })` answers PATCH and DELETE.
    methods.push("PATCH", "DELETE");
  } else if (dispatch) {
    for (const m of dispatch[1].matchAll(/(?:^|[{,])\s*(POST|PUT|PATCH|DELETE)\s*:/gm)) methods.push(m[1] as HttpMethod);
  } else {
    // A plain action (screens, login, logout...) is what forms POST to.
    methods.push("POST");
  }
  return methods;
}

/** Every routable path (layout segments add nothing; index routes take their parent's path). */
export function flattenRoutes(entries: RouteConfigEntry[] = routeConfig, prefix = ""): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const entry of entries) {
    const here = entry.path === undefined ? prefix || "/" : join(prefix, entry.path);
    const isLayout = entry.path === undefined && !entry.index;
    if (!isLayout) out.push({ path: here, file: entry.file, methods: moduleMethods(entry.file) });
    if (entry.children) out.push(...flattenRoutes(entry.children, entry.path === undefined ? prefix : here));
  }
  return out;
}

/** "/api/courses/:id" with params → "/api/courses/123"; a missing param is a programming error. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)|\*$/g, (whole, name?: string) => {
    if (!name) return params["*"] ?? "nao-existe";
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}
