import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildOpenApiDocument, type ApiRoute, type OpenApiDocument } from "~/openapi/document";
import type { Operations } from "~/openapi/operation";
import { flattenRoutes } from "../support/route-table";

/**
 * The `/api` routes of app/routes.ts with their modules' `openapi` declarations,
 * read from the sources (the running server reads the same from its build's
 * route manifest: app/openapi/document.server.ts).
 */
export async function apiRoutesFromSources(): Promise<ApiRoute[]> {
  const appDir = path.resolve(import.meta.dirname, "../../app");
  const routes = flattenRoutes().filter((r) => r.path.startsWith("/api/") && !r.path.endsWith("*"));
  return Promise.all(
    routes.map(async (r) => {
      const module = (await import(pathToFileURL(path.join(appDir, r.file)).href)) as { openapi?: Operations };
      return { path: r.path, operations: module.openapi };
    }),
  );
}

/** The OpenAPI document built in this process from the sources. */
export async function documentFromSources(): Promise<OpenApiDocument> {
  return buildOpenApiDocument(await apiRoutesFromSources());
}
