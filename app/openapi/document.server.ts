import type { ServerBuild } from "react-router";
import { buildOpenApiDocument, type ApiRoute, type OpenApiDocument } from "./document";
import type { Operations } from "./operation";

/**
 * The route table as the running server has it: the server build's route
 * manifest (app/routes.ts, compiled), each entry with its module. This reads
 * the same table in development and in the production build, and needs
 * nothing of the build tooling at run time.
 */
export function apiRoutesOf(manifest: ServerBuild["routes"]): ApiRoute[] {
  const fullPath = (id: string | undefined): string => {
    const route = id === undefined ? undefined : manifest[id];
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  return Object.values(manifest)
    .filter((route) => route !== undefined)
    .map((route) => ({ path: fullPath(route.id), module: route.module as { openapi?: Operations } }))
    .filter(({ path }) => path.startsWith("/api/") && !path.endsWith("*"))
    .map(({ path, module }) => ({ path, operations: module.openapi }));
}

let cached: Promise<OpenApiDocument> | undefined;

/** Built once per process from the route table and the route modules' `openapi` declarations (on every call in development, where they change). */
export function openApiDocument(): Promise<OpenApiDocument> {
  if (import.meta.env.DEV) cached = undefined;
  // Imported when first asked for: the server build is the module that imports this one.
  return (cached ??= import("virtual:react-router/server-build").then((build) => buildOpenApiDocument(apiRoutesOf(build.routes))));
}
